/**
 * The WeChat official account (公众号) side: OAuth login (code → openid) and the
 * JS-SDK's credentials (access_token → jsapi_ticket). Apart from payment
 * (providers/wechat): a centre may log people in with WeChat and still take money
 * another way, and the two have different secrets.
 */
export interface MpProvider {
  readonly name: 'sandbox' | 'wechat';
  /** OAuth: the URL to send the browser to, or null when the provider answers at once (sandbox). */
  authorizeUrl(redirectUri: string, state: string): string | null;
  /** OAuth: code → openid. Throws WeChatApiError (errcode 40029, 40163, …) when WeChat refuses the code. */
  codeToOpenid(code: string): Promise<string>;
  /**
   * JS-SDK: a new access token (cgi-bin/stable_token; `force` asks WeChat for a new one
   * when the current one was refused). Null in the sandbox: there is no official account.
   */
  fetchAccessToken: ((force: boolean) => Promise<Expiring>) | null;
  /** JS-SDK: a new jsapi_ticket for the access token (cgi-bin/ticket/getticket?type=jsapi). */
  fetchJsapiTicket: ((accessToken: string) => Promise<Expiring>) | null;
}

/** A credential and its lifetime as WeChat gave it (seconds). */
export interface Expiring {
  value: string;
  expiresInSec: number;
}

/** An answer of api.weixin.qq.com with a non-zero errcode (HTTP 200 with `{errcode, errmsg}`). */
export class WeChatApiError extends Error {
  constructor(
    readonly api: string,
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`${api}: errcode ${errcode} ${errmsg}`);
    this.name = 'WeChatApiError';
  }
}

/** OAuth code refusals a fresh authorization cures: 40029 invalid code, 40163 code been used. */
export const RETRYABLE_CODE_ERRORS = new Set([40029, 40163]);
/** The access token was refused (invalid 40001, expired 42001, malformed 40014): fetch a new one once. */
export const TOKEN_REFUSED = new Set([40001, 40014, 42001]);
