/**
 * The real official account. Secrets come from env only (WECHAT_APPID, WECHAT_SECRET);
 * the app secret never reaches the client.
 *
 * OAuth: snsapi_base or snsapi_userinfo (WECHAT_OAUTH_SCOPE). Either way only the openid
 * of sns/oauth2/access_token is used: /sns/userinfo (nickname, avatar) is never fetched,
 * because nothing of it is stored (docs/decisions-server.md "WeChat login").
 *
 * The global access token comes from cgi-bin/stable_token, not cgi-bin/token: a centre's
 * official account usually has other back ends (its menu, its customer service) holding a
 * token for the same appid, and cgi-bin/token would invalidate theirs on every refresh.
 */
import type { ServerConfig } from '../../services/platform/config';
import { WeChatApiError, type Expiring, type MpProvider } from './types';

/** Reads a WeChat JSON answer; a non-zero errcode (WeChat answers errors with HTTP 200) throws. */
async function answer<T>(api: string, res: Response): Promise<T & { errcode?: number; errmsg?: string }> {
  if (!res.ok) throw new WeChatApiError(api, -res.status, `HTTP ${res.status}`);
  const j = (await res.json()) as T & { errcode?: number; errmsg?: string };
  if (j.errcode) throw new WeChatApiError(api, Number(j.errcode), String(j.errmsg ?? ''));
  return j;
}

export function wechatMpProvider(c: ServerConfig['wechat']): MpProvider {
  return {
    name: 'wechat',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({ appid: c.appid, redirect_uri: redirectUri, response_type: 'code', scope: c.oauthScope, state });
      return `${c.oauthBaseUrl}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
    },
    async codeToOpenid(code) {
      const q = new URLSearchParams({ appid: c.appid, secret: c.secret, code, grant_type: 'authorization_code' });
      const j = await answer<{ openid?: string }>('sns/oauth2/access_token', await fetch(`${c.apiBaseUrl}/sns/oauth2/access_token?${q.toString()}`));
      if (!j.openid) throw new WeChatApiError('sns/oauth2/access_token', -1, 'no openid in the answer');
      return j.openid;
    },
    async fetchAccessToken(force): Promise<Expiring> {
      const res = await fetch(`${c.apiBaseUrl}/cgi-bin/stable_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credential', appid: c.appid, secret: c.secret, force_refresh: force }),
      });
      const j = await answer<{ access_token?: string; expires_in?: number }>('cgi-bin/stable_token', res);
      if (!j.access_token) throw new WeChatApiError('cgi-bin/stable_token', -1, 'no access_token in the answer');
      return { value: j.access_token, expiresInSec: Number(j.expires_in) || 7200 };
    },
    async fetchJsapiTicket(accessToken): Promise<Expiring> {
      const q = new URLSearchParams({ access_token: accessToken, type: 'jsapi' });
      const j = await answer<{ ticket?: string; expires_in?: number }>('cgi-bin/ticket/getticket', await fetch(`${c.apiBaseUrl}/cgi-bin/ticket/getticket?${q.toString()}`));
      if (!j.ticket) throw new WeChatApiError('cgi-bin/ticket/getticket', -1, 'no ticket in the answer');
      return { value: j.ticket, expiresInSec: Number(j.expires_in) || 7200 };
    },
  };
}
