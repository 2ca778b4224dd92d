import type { ServerConfig } from '../../services/platform/config';
import type { Providers } from './types';
import { sandboxProvider } from './sandbox';
import { wechatProvider } from './wechat';
import { makeMpProvider } from '../wechat-mp/index';

export type { Providers, PayProvider, JsapiParams } from './types';

export function makeProviders(config: ServerConfig, now?: () => number): Providers {
  return {
    pay: config.payProvider === 'wechat' ? wechatProvider({ appid: config.wechat.appid, mchId: config.wechatPay.mchId, apiKey: '', certPath: '' }) : sandboxProvider({ now }),
    mp: makeMpProvider(config),
  };
}
