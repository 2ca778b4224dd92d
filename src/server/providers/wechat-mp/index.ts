import type { ServerConfig } from '../../services/platform/config';
import type { MpProvider } from './types';
import { sandboxMpProvider } from './sandbox';
import { wechatMpProvider } from './wechat';

export type { MpProvider, Expiring } from './types';
export { WeChatApiError, RETRYABLE_CODE_ERRORS, TOKEN_REFUSED } from './types';
export { SANDBOX_OPENID } from './sandbox';
export { jsSdkSignature, jsSdkSignString } from './jssdk-sign';

export function makeMpProvider(config: ServerConfig): MpProvider {
  return config.payProvider === 'wechat' ? wechatMpProvider(config.wechat) : sandboxMpProvider();
}
