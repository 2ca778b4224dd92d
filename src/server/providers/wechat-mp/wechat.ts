/**
 * The real official account: OAuth snsapi_base. Secrets come from env only
 * (WECHAT_APPID, WECHAT_SECRET); the app secret never reaches the client.
 */
import type { ServerConfig } from '../../services/platform/config';
import type { MpProvider } from './types';

export function wechatMpProvider(c: ServerConfig['wechat']): MpProvider {
  return {
    name: 'wechat',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({ appid: c.appid, redirect_uri: redirectUri, response_type: 'code', scope: c.oauthScope, state });
      return `${c.oauthBaseUrl}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
    },
    async codeToOpenid(code) {
      const q = new URLSearchParams({ appid: c.appid, secret: c.secret, code, grant_type: 'authorization_code' });
      const res = await fetch(`${c.apiBaseUrl}/sns/oauth2/access_token?${q.toString()}`);
      const j = (await res.json()) as { openid?: string; errmsg?: string };
      if (!j.openid) throw new Error(`oauth failed: ${j.errmsg ?? ''}`);
      return j.openid;
    },
  };
}
