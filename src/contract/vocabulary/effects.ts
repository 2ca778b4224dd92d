/**
 * The app's `invoke` effects: names, outcomes and params, shared so the
 * server's config check knows them. The implementations are in
 * src/app/effects/registry.ts (same names; a unit test keeps the two in step).
 *
 * An effect with outcomes resolves to one of them and the step's
 * `invoke: { on: { <outcome>: [...] } }` list runs; an effect with no outcomes
 * just runs (a `then` of the list continues after it).
 */
export interface EffectManifestEntry {
  outcomes: string[];
  /** Parameter names the effect reads from `params` (documentation + checker hints). */
  params?: string[];
  description: string;
}

export const EFFECT_MANIFEST = {
  oauthRedirect: {
    outcomes: [],
    params: ['targetPath'],
    description:
      'Sets session.isOauth = 1 and sends the browser to /api/OAuthApi/toWeChatOauth?targetUrl=<this page, route targetPath or the login route>. The list stops (the page unloads).',
  },
  restoreRedirect: {
    outcomes: ['ok', 'none'],
    description:
      'After the OAuth return: resets session.isOauth to 0 and replaces the page with session.redirectPath (then clears it). "none" when there is no stored path (then the start route is NOT entered — the flow decides).',
  },
  clearDraft: {
    outcomes: [],
    params: ['key'],
    description: "Clears the saved draft of the step's form (step.form.draft) or of params.key.",
  },
  wechatPay: {
    outcomes: ['ok', 'cancel', 'fail'],
    params: ['appid', 'timeStamp', 'nonceStr', 'package', 'paySign', 'signType', 'orderId'],
    description:
      "In WeChat with payProvider 'wechat': WeixinJSBridge getBrandWCPayRequest. Otherwise the sandbox sheet 模拟支付 (确认支付 / 取消支付 / 支付失败), which reports SandboxPayResult {id, outcome} first.",
  },
  openUrl: {
    outcomes: [],
    params: ['url', 'replace'],
    description:
      'Opens a link (the report PDF): a relative url is taken against config.apiHost; the page navigates to it (location.assign, or replace when params.replace).',
  },
  reload: {
    outcomes: [],
    description: 'Reloads the page (keeps the address).',
  },
  hideShare: {
    outcomes: [],
    description:
      'In WeChat: wx.config (signed by JsSdkConfig) then wx.hideMenuItems: share, favourite, copy-link and open-in-browser leave the menu. Elsewhere, or unsigned (sandbox): nothing. Never waits.',
  },
  closeWindow: {
    outcomes: [],
    description: 'In WeChat: wx.config then wx.closeWindow; the page closes and the list stops. Elsewhere, or refused: nothing, the list goes on.',
  },
  logout: {
    outcomes: [],
    params: ['keys'],
    description: 'Clears user, openid, redirectPath, isOauth (plus params.keys) from the session.',
  },
} as const satisfies Record<string, EffectManifestEntry>;

export type EffectName = keyof typeof EFFECT_MANIFEST;
// Pure: the app's entry reaches this module (through the vocabulary's index) without using these;
// unmarked, the calls would keep the whole manifest, descriptions and all, on every first load.
export const EFFECT_NAMES = /* @__PURE__ */ Object.keys(EFFECT_MANIFEST) as EffectName[];

/** The checker's view: name → { outcomes }. */
export const effectOutcomes: Record<string, { outcomes: string[] }> = /* @__PURE__ */ (() =>
  Object.fromEntries(Object.entries(EFFECT_MANIFEST).map(([k, v]) => [k, { outcomes: [...v.outcomes] }])))();
