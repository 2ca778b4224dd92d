/**
 * The WeChat official account (公众号) side: OAuth login (code → openid) and, later,
 * the JS-SDK. Apart from payment (providers/wechat): a centre may log people in with
 * WeChat and still take money another way, and the two have different secrets.
 */
export interface MpProvider {
  readonly name: 'sandbox' | 'wechat';
  /** OAuth: the URL to send the browser to, or null when the provider answers at once (sandbox). */
  authorizeUrl(redirectUri: string, state: string): string | null;
  /** OAuth: code → openid. */
  codeToOpenid(code: string): Promise<string>;
}
