import type { ServerConfig } from '../../services/platform/config';
import type { MpProvider } from './types';
import { sandboxMpProvider } from './sandbox';
import { wechatMpProvider } from './wechat';

export type { MpProvider } from './types';
export { SANDBOX_OPENID } from './sandbox';

export function makeMpProvider(config: ServerConfig): MpProvider {
  return config.payProvider === 'wechat' ? wechatMpProvider(config.wechat) : sandboxMpProvider();
}
