import type { ServerConfig } from '../../services/platform/config';
import type { Providers } from './types';
import { sandboxProvider } from './sandbox';
import { wechatPayProvider } from './wechat';
import { makeMpProvider } from '../wechat-mp/index';

export type { Providers, PayProvider, JsapiParams } from './types';

export function makeProviders(config: ServerConfig, now?: () => number, log?: (msg: string, extra?: Record<string, unknown>) => void): Providers {
  return {
    pay: config.payProvider === 'wechat' ? wechatPayProvider(config, { now, log }) : sandboxProvider({ now }),
    mp: makeMpProvider(config),
  };
}
