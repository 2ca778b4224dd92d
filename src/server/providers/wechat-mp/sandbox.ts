/** Sandbox official account (default, no secrets): OAuth answers at once with a demo openid; no JS-SDK. */
import type { MpProvider } from './types';

export const SANDBOX_OPENID = 'demo-openid-0001';

export function sandboxMpProvider(): MpProvider {
  return {
    name: 'sandbox',
    authorizeUrl() {
      return null;
    },
    async codeToOpenid(code) {
      return code && code !== 'sandbox' ? `sandbox-${code}` : SANDBOX_OPENID;
    },
    fetchAccessToken: null,
    fetchJsapiTicket: null,
  };
}
