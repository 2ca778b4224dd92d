/** Service tokens, the user behind an openid and the OAuth redirect. */

export interface GetTokenPasswordBody {
  grant_type: 'password';
  client_id: string;
  client_secret: string;
  name: string;
  password: string;
  scope: 'api1';
}
export interface GetTokenOpenidBody {
  openid: string;
}
export interface TokenInfo {
  token_type: 'Bearer';
  access_token: string;
  /** Seconds. */
  expires_in: number;
}
/** User cookie object (booking spec §3) plus the openid. tag "1" = approver tiles. */
export interface UserInfo {
  openid: string;
  name: string;
  idCard: string;
  tel: string;
  tag: string;
}
export interface UserOpenidBody {
  openid: string;
}
export interface UserOpenidAnswer {
  tokenInfo: TokenInfo;
  /** Empty name/idCard/tel until the first order is created. */
  user: UserInfo;
  registered: boolean;
}
/**
 * GET /api/OAuthApi/toWeChatOauth?targetUrl=<url>  → 302 to targetUrl with
 * `success=true&type=oauth&returnMsg=&returnData=<openid>&openid=<openid>` appended
 * (or success=false&returnMsg=微信授权失败). targetUrl must be relative or on an allowed origin.
 */
export interface OAuthRedirectParams {
  success: 'true' | 'false';
  type: string;
  returnMsg: string;
  returnData: string;
  openid: string;
}
