/** The WeChat JS-SDK: the server signs wx.config for a page of this app. */

/** POST OAuthApi/JsSdkConfig: the page's address without `#…` (on this server's origin, PUBLIC_URL or OAUTH_ALLOWED_ORIGINS). */
export interface JsSdkConfigBody {
  url: string;
}
/** What wx.config takes (besides debug and jsApiList): signature = SHA-1 of jsapi_ticket, noncestr, timestamp and url. */
export interface JsSdkConfigAnswer {
  appId: string;
  /** Seconds since the epoch. */
  timestamp: number;
  nonceStr: string;
  signature: string;
}
