/**
 * The WeChat JS-SDK, inside WeChat only. `weixin-js-sdk` (the official jweixin as an
 * npm package, bundled: the page's CSP allows no outside script) is imported lazily
 * when an effect needs it in WeChat, so the first load outside WeChat — and inside it,
 * until a page asks — carries none of it.
 *
 * wx.config is signed by the server (JsSdkConfig) for this page's address without `#`;
 * with hash routing that address stays the same while the person moves between steps,
 * so one config serves the whole visit (a failed one is asked again next time).
 * Nothing here ever throws or hangs a flow: outside WeChat, in the sandbox (the server
 * refuses to sign), or when WeChat does not answer, the effects simply do nothing.
 */
import type { Api } from '../api/client';
import type { JsSdkConfigAnswer } from '../../contract/api/wechat';

import type { Wx } from './jweixin.mjs';

/** The JS APIs the app's effects use (wx.config must name each). */
export const JS_API_LIST = ['closeWindow', 'hideMenuItems'] as const;

/** What hideShare hides: sending, sharing, copying or opening the page elsewhere. Refresh and font size stay. */
export const SHARE_MENU_ITEMS = [
  'menuItem:share:appMessage',
  'menuItem:share:timeline',
  'menuItem:share:qq',
  'menuItem:share:weiboApp',
  'menuItem:share:QZone',
  'menuItem:favorite',
  'menuItem:copyUrl',
  'menuItem:openWithQQBrowser',
  'menuItem:openWithSafari',
  'menuItem:share:email',
];

/** Longest wait for WeChat's bridge or the server before an effect gives up (and does nothing). */
const GIVE_UP_MS = 8000;

export const isWeChat = (win: Window) => /MicroMessenger/i.test(win.navigator.userAgent);

const configs = new Map<string, Promise<Wx | null>>();

function within<T>(win: Window, p: Promise<T>, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const t = win.setTimeout(() => resolve(fallback), GIVE_UP_MS);
    p.then(
      (v) => {
        win.clearTimeout(t);
        resolve(v);
      },
      () => {
        win.clearTimeout(t);
        resolve(fallback);
      },
    );
  });
}

async function configure(win: Window, api: Api, url: string): Promise<Wx | null> {
  const env = await api.call<JsSdkConfigAnswer>('JsSdkConfig', { url }, { noLoading: true });
  if (!env.success || !env.returnData) return null;
  const wx = (await import('./jweixin.mjs')).default;
  const c = env.returnData;
  return new Promise<Wx | null>((resolve) => {
    let settled = false;
    // jweixin runs ready() after a failed config too, and error() first: the first word wins.
    wx.error(() => {
      if (!settled) (settled = true), resolve(null);
    });
    wx.ready(() => {
      if (!settled) (settled = true), resolve(wx);
    });
    wx.config({ debug: false, appId: c.appId, timestamp: c.timestamp, nonceStr: c.nonceStr, signature: c.signature, jsApiList: [...JS_API_LIST] });
  });
}

/** The configured `wx` for this page, or null (not in WeChat, not signed, refused, no answer). */
export function wxFor(win: Window, api: Api): Promise<Wx | null> {
  if (!isWeChat(win)) return Promise.resolve(null);
  const url = win.location.href.split('#')[0];
  let p = configs.get(url);
  if (!p) {
    p = within(win, configure(win, api, url), null);
    configs.set(url, p);
    void p.then((wx) => {
      if (!wx) configs.delete(url);
    });
  }
  return p;
}

/** Hides the share and copy items of WeChat's menu on this page. Resolves when done or given up. */
export async function hideShare(win: Window, api: Api): Promise<boolean> {
  const wx = await wxFor(win, api);
  if (!wx) return false;
  return within(
    win,
    new Promise<boolean>((resolve) => wx.hideMenuItems({ menuList: [...SHARE_MENU_ITEMS], success: () => resolve(true), fail: () => resolve(false) })),
    false,
  );
}

/** Closes WeChat's page (the visit ends). false when it could not (outside WeChat, refused): the flow goes on. */
export async function closeWeChatWindow(win: Window, api: Api): Promise<boolean> {
  if (!isWeChat(win)) return false;
  const wx = await wxFor(win, api);
  if (!wx) return false;
  return within(
    win,
    new Promise<boolean>((resolve) => wx.closeWindow({ success: () => resolve(true), fail: () => resolve(false) })),
    false,
  );
}
