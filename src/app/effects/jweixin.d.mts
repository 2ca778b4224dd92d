/** The parts of `weixin-js-sdk` (jweixin 1.6) the app uses; see jweixin.mjs for why not the package's types. */
export interface WxCallbacks {
  success?(res: unknown): void;
  fail?(res: unknown): void;
  complete?(res: unknown): void;
}
export interface WxConfig {
  debug?: boolean;
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}
export interface Wx {
  config(c: WxConfig): void;
  ready(fn: () => void): void;
  error(fn: (e: { errMsg: string }) => void): void;
  hideMenuItems(p: { menuList: string[] } & WxCallbacks): void;
  closeWindow(p?: WxCallbacks): void;
}
declare const wx: Wx;
export default wx;
