/**
 * The `invoke` effects' implementations (names and outcomes: ./manifest.ts).
 * Each gets the evaluated params and the app's services; resolves with an
 * outcome name ('' for effects without outcomes).
 */
import type { StartupConfig } from '../../contract/calls';
import type { SessionStore } from '../../engine/session/store';
import type { Api } from '../api/client';
import type { StepWithId } from '../boot';
import { EFFECT_MANIFEST, type EffectName } from '../../contract/vocabulary';
import { SHELL_SESSION_KEYS } from '../session';
import { showAlert } from './ui';
import { closeWeChatWindow, hideShare } from './wechat-jssdk';

export interface EffectServices {
  startup: StartupConfig;
  session: SessionStore;
  api: Api;
  steps: Record<string, StepWithId>;
  loginStepId: string;
  startStepId: string;
  /** The step whose actions run. */
  step: StepWithId | undefined;
  /** Told after clearDraft removed a draft (the step page stops re-saving the same values). */
  onDraftCleared?(key: string): void;
  /** Router navigation to a path (`/x?y=1`). */
  navigatePath(path: string, replace: boolean): void;
  win: Window;
}

export interface EffectImpl {
  outcomes: readonly string[];
  run(params: Record<string, unknown>, svc: EffectServices): Promise<string>;
}

/** A promise that never settles: the page is leaving, nothing after this should run. */
const leaving = () => new Promise<string>(() => {});

export function oauthTarget(win: Window, loginRoute: string): string {
  const { origin, pathname, search } = win.location;
  // The server appends `?`/`&` params to the target: keep a query in the hash so they land there.
  return `${origin}${pathname}${search}#${loginRoute}?oauth=1`;
}

declare global {
  interface Window {
    WeixinJSBridge?: { invoke(name: string, params: Record<string, unknown>, cb: (res: { err_msg?: string }) => void): void };
  }
}

const isWeChat = (win: Window) => /MicroMessenger/i.test(win.navigator.userAgent);

function wechatBridgePay(win: Window, p: Record<string, unknown>): Promise<string> {
  const params = {
    appId: p.appid ?? p.appId,
    timeStamp: String(p.timeStamp ?? ''),
    nonceStr: p.nonceStr,
    package: p.package,
    signType: p.signType ?? 'RSA',
    paySign: p.paySign,
  };
  const go = (resolve: (o: string) => void) =>
    win.WeixinJSBridge!.invoke('getBrandWCPayRequest', params, (res) => {
      const m = /get_brand_wcpay_request:(\w+)/.exec(res?.err_msg ?? '');
      resolve(m?.[1] === 'ok' ? 'ok' : m?.[1] === 'cancel' ? 'cancel' : 'fail');
    });
  return new Promise((resolve) => {
    if (win.WeixinJSBridge) go(resolve);
    else win.document.addEventListener('WeixinJSBridgeReady', () => go(resolve), { once: true } as AddEventListenerOptions);
  });
}

/** The sandbox sheet 模拟支付: the user picks an outcome; SandboxPayResult is told first. */
export function sandboxPay(svc: EffectServices, orderId: unknown): Promise<string> {
  return new Promise((resolve) => {
    let chosen = false;
    let handler: { close(): void } | undefined;
    const pick = async (outcome: 'ok' | 'cancel' | 'fail') => {
      chosen = true;
      handler?.close();
      if (orderId !== undefined && orderId !== null && orderId !== '') {
        try {
          const env = await svc.api.call('SandboxPayResult', { id: String(orderId), outcome });
          if (!env.success && outcome === 'ok') {
            await showAlert(env.returnMsg || '支付失败');
            return resolve('fail');
          }
        } catch (e) {
          await showAlert((e as Error).message);
          return resolve('fail');
        }
      }
      resolve(outcome);
    };
    // The sandbox sheet (a popup: react-spring, gestures) loads when a payment asks for it.
    void import('./action-sheet').then(({ ActionSheet }) => {
    handler = ActionSheet.show({
      extra: '模拟支付',
      cancelText: undefined,
      closeOnMaskClick: true,
      actions: [
        { key: 'ok', text: '确认支付', onClick: () => void pick('ok') },
        { key: 'cancel', text: '取消支付', onClick: () => void pick('cancel') },
        { key: 'fail', text: '支付失败', danger: true, onClick: () => void pick('fail') },
      ],
      onClose: () => {
        if (!chosen) void pick('cancel');
      },
    });
    actionSheetButtons(svc.win);
    }, (e: Error) => {
      void showAlert(e.message).then(() => resolve('fail'));
    });
  });
}

/**
 * antd's ActionSheet marks its actions role="option" with no listbox around them (screen
 * readers announce a broken list). They are buttons: once the sheet is in the page, say so.
 */
function actionSheetButtons(win: Window, tries = 20): void {
  const items = win.document.querySelectorAll<HTMLElement>('.adm-action-sheet [role="option"]');
  if (items.length === 0) {
    if (tries > 0) win.requestAnimationFrame(() => actionSheetButtons(win, tries - 1));
    return;
  }
  items.forEach((el) => {
    el.setAttribute('role', 'button');
    if (el.tagName === 'A') el.tabIndex = 0;
  });
}

/** http(s) URLs as they are; relative ones against apiHost (or this page); anything else (javascript:) refused. */
export function resolveUrl(url: string, apiHost: string | undefined, pageHref: string): string | null {
  try {
    const base = apiHost ? apiHost.replace(/\/+$/, '') + '/' : pageHref;
    const u = new URL(url, base);
    return /^https?:$/.test(u.protocol) ? u.toString() : null;
  } catch {
    return null;
  }
}

const impls: Record<EffectName, EffectImpl['run']> = {
  async oauthRedirect(params, svc) {
    const login = svc.steps[svc.loginStepId];
    svc.session.getState().set('isOauth', '1');
    const target = oauthTarget(svc.win, login?.route ?? '/oauth');
    const base = `${(svc.startup.apiHost || '').replace(/\/+$/, '')}/api/OAuthApi/toWeChatOauth`;
    const q = new URLSearchParams({ targetUrl: target });
    if (typeof params.openid === 'string' && params.openid) q.set('openid', params.openid); // sandbox demo users
    svc.win.location.assign(`${base}?${q.toString()}`);
    return leaving();
  },

  async restoreRedirect(_params, svc) {
    const s = svc.session.getState();
    const path = typeof s.values.redirectPath === 'string' ? s.values.redirectPath : '';
    s.set('isOauth', '0');
    s.set('redirectPath', '');
    // Drop the provider's parameters from the real address (keep `v`).
    try {
      const u = new URL(svc.win.location.href);
      const v = u.searchParams.get('v');
      u.search = v ? `?v=${encodeURIComponent(v)}` : '';
      if (u.toString() !== svc.win.location.href) svc.win.history.replaceState(svc.win.history.state, '', u.toString());
    } catch {
      /* not fatal */
    }
    if (!path) return 'none';
    svc.navigatePath(path, true);
    return 'ok';
  },

  async clearDraft(params, svc) {
    const key = typeof params.key === 'string' && params.key ? params.key : svc.step?.form?.draft;
    if (key) {
      svc.session.getState().clearDraft(key);
      svc.onDraftCleared?.(key);
    }
    return '';
  },

  async wechatPay(params, svc) {
    if (svc.startup.payProvider !== 'sandbox' && isWeChat(svc.win)) return wechatBridgePay(svc.win, params);
    return sandboxPay(svc, params.orderId ?? params.id);
  },

  async openUrl(params, svc) {
    const url = typeof params.url === 'string' ? params.url.trim() : '';
    if (!url) return '';
    const target = resolveUrl(url, svc.startup.apiHost, svc.win.location.href);
    if (!target) return '';
    if (params.replace === true) svc.win.location.replace(target);
    else svc.win.location.assign(target);
    return leaving();
  },

  async reload(_params, svc) {
    svc.win.location.reload();
    return leaving();
  },

  async hideShare(_params, svc) {
    // Not awaited: the page shows at once; the menu items go when WeChat has answered.
    void hideShare(svc.win, svc.api);
    return '';
  },

  async closeWindow(_params, svc) {
    return (await closeWeChatWindow(svc.win, svc.api)) ? leaving() : '';
  },

  async logout(params, svc) {
    const extra = Array.isArray(params.keys) ? params.keys.filter((k): k is string => typeof k === 'string') : [];
    const keys = ['user', 'openid', 'redirectPath', 'isOauth', ...extra].filter((k) => k in SHELL_SESSION_KEYS || extra.includes(k));
    svc.session.getState().clear(keys);
    return '';
  },
};

export const EFFECTS: Record<string, EffectImpl> = Object.fromEntries(
  (Object.keys(EFFECT_MANIFEST) as EffectName[]).map((n) => [n, { outcomes: EFFECT_MANIFEST[n].outcomes, run: impls[n] }]),
);
