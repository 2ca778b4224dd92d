import type { ServerConfig } from '../../services/platform/config';
import type { Providers } from './types';
import { sandboxProvider } from './sandbox';
import { wechatProvider } from './wechat';

export type { Providers, PayProvider, JsapiParams } from './types';

export function makeProviders(config: ServerConfig, now?: () => number): Providers {
  return { pay: config.payProvider === 'wechat' ? wechatProvider(config.wechat) : sandboxProvider({ now }) };
}
