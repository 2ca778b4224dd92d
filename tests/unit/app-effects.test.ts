import { describe, expect, it, vi } from 'vitest';
// antd-mobile's CJS build imports CSS, which Node cannot load: the UI is faked here.
vi.mock('antd-mobile', () => ({
  ActionSheet: { show: vi.fn(() => ({ close: () => {} })) },
  Dialog: { alert: vi.fn(async () => {}), confirm: vi.fn(async () => true) },
  Toast: { show: vi.fn() },
}));
import { EFFECTS, oauthTarget, resolveUrl } from '../../src/app/effects/registry';
import { EFFECT_MANIFEST } from '../../src/contract/vocabulary';
import { createEffects } from '../../src/app/effects';
import { createSessionStore, memoryStorage } from '../../src/engine/session/store';
import { SHELL_SESSION_KEYS } from '../../src/app/session';
import { runActions } from '../../src/engine/runtime';
import { createFunctionRegistry } from '../../src/engine/expr';

function fakeWin(href: string) {
  const u = new URL(href);
  const calls: string[] = [];
  return {
    calls,
    win: {
      location: {
        href, origin: u.origin, pathname: u.pathname, search: u.search,
        assign: (x: string) => calls.push(`assign ${x}`),
        replace: (x: string) => calls.push(`replace ${x}`),
        reload: () => calls.push('reload'),
      },
      history: { state: null, replaceState: (_s: unknown, _t: string, x: string) => calls.push(`replaceState ${x}`) },
      navigator: { userAgent: 'Mozilla/5.0 Chrome' },
      document: { addEventListener: () => {} },
    } as unknown as Window,
  };
}

function services(href = 'http://h.test/?v=7#/PersonIndex') {
  const session = createSessionStore({ keys: { ...SHELL_SESSION_KEYS, reportToken: { type: 'object' }, chooseItem: { type: 'object' } }, storage: memoryStorage() });
  const { win, calls } = fakeWin(href);
  const navs: Array<[string, boolean]> = [];
  const steps = {
    OAuth: { id: 'OAuth', route: '/oauth', auth: false, screen: 'status', noBack: true },
    Index: { id: 'Index', route: '/Index', auth: false, screen: 'menu' },
    Form: { id: 'Form', route: '/Form', auth: true, screen: 'form', form: { schema: 'forms/x.json', draft: 'd1' } },
  };
  const api = { call: vi.fn(async () => ({ success: true, returnMsg: '', returnData: null })) } as any;
  const svc = {
    startup: { apiHost: '', payProvider: 'sandbox' } as any,
    session, api, steps, loginStepId: 'OAuth', startStepId: 'Index', step: steps.Form as any,
    navigatePath: (p: string, r: boolean) => navs.push([p, r]),
    win,
  };
  return { svc, session, calls, navs, api };
}

describe('effect registry', () => {
  it('implements exactly the manifest, with the same outcomes', () => {
    expect(Object.keys(EFFECTS).sort()).toEqual(Object.keys(EFFECT_MANIFEST).sort());
    for (const [n, e] of Object.entries(EFFECTS)) expect(e.outcomes).toEqual((EFFECT_MANIFEST as any)[n].outcomes);
  });

  it('oauthRedirect: flag set, browser sent to toWeChatOauth with a target whose hash has a query', () => {
    const { svc, session, calls } = services();
    void EFFECTS.oauthRedirect.run({}, svc);
    expect(session.getState().values.isOauth).toBe('1');
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0].slice('assign '.length), 'http://h.test');
    expect(url.pathname).toBe('/api/OAuthApi/toWeChatOauth');
    expect(url.searchParams.get('targetUrl')).toBe('http://h.test/?v=7#/oauth?oauth=1');
    expect(oauthTarget(svc.win, '/oauth')).toBe('http://h.test/?v=7#/oauth?oauth=1');
  });

  it('restoreRedirect: resets the flag, replaces with the stored path, clears it; none without one', async () => {
    const { svc, session, navs, calls } = services('http://h.test/?v=7&success=true#/oauth?oauth=1');
    session.getState().set('isOauth', '1');
    session.getState().set('redirectPath', '/PersonIndex?tab=2');
    expect(await EFFECTS.restoreRedirect.run({}, svc)).toBe('ok');
    expect(navs).toEqual([['/PersonIndex?tab=2', true]]);
    expect(session.getState().values.isOauth).toBe('0');
    expect(session.getState().values.redirectPath).toBe('');
    expect(calls).toContain('replaceState http://h.test/?v=7#/oauth?oauth=1');
    expect(await EFFECTS.restoreRedirect.run({}, svc)).toBe('none');
  });

  it('clearDraft: the step draft or params.key', async () => {
    const { svc, session } = services();
    session.getState().saveDraft('d1', { a: 1 });
    session.getState().saveDraft('other', { b: 1 });
    await EFFECTS.clearDraft.run({}, svc);
    expect(session.getState().loadDraft('d1')).toBeNull();
    await EFFECTS.clearDraft.run({ key: 'other' }, svc);
    expect(session.getState().loadDraft('other')).toBeNull();
  });

  it('logout clears user-related keys only', async () => {
    const { svc, session } = services();
    session.getState().set('user', { name: '张' });
    session.getState().set('openid', 'o');
    session.getState().set('chooseItem', { a: 1 });
    await EFFECTS.logout.run({}, svc);
    expect(session.getState().values.user).toBeUndefined();
    expect(session.getState().values.openid).toBeUndefined();
    expect(session.getState().values.chooseItem).toEqual({ a: 1 });
  });

  it('openUrl: relative against apiHost; javascript: refused', () => {
    expect(resolveUrl('/report-files/pdf?code=1', 'https://api.x', 'http://h/')).toBe('https://api.x/report-files/pdf?code=1');
    expect(resolveUrl('/report-files/pdf?code=1', '', 'http://h/#/R')).toBe('http://h/report-files/pdf?code=1');
    expect(resolveUrl('javascript:alert(1)', '', 'http://h/')).toBeNull();
  });
});

describe('Effects wiring with the engine runtime', () => {
  it('set / navigate / invoke outcome through runActions', async () => {
    const { svc, session, navs } = services();
    session.getState().set('redirectPath', '/Form?x=1');
    const data: Record<string, unknown> = {};
    const toasts: string[] = [];
    const effects = createEffects({
      ...svc,
      step: svc.steps.OAuth as any,
      navigateDelta: () => {},
      setData: (p, v) => (data[p] = v),
      setForm: () => {},
      validateForm: async () => null,
      ui: { toast: (t) => void toasts.push(t), alert: async () => {}, confirm: async () => true },
    });
    const r = await runActions(
      [
        { set: { 'session.user': { name: '张三' }, 'data.n': 2, 'session.reportToken': { token: 'r', expires_in: 100 } } },
        { invoke: 'restoreRedirect', on: { ok: [{ toast: 'back' }], none: [{ go: 'Index' }] } },
        { go: 'Index', query: { a: '=data.n' } },
      ],
      { scope: { session: {}, data: {}, form: {}, query: {} }, effects, messages: {}, fns: createFunctionRegistry() },
    );
    expect(r).toBe('done');
    expect(session.getState().values.user).toEqual({ name: '张三' });
    expect((session.getState().values.reportToken as any).expiry).toBeGreaterThan(Date.now());
    expect(data.n).toBe(2);
    expect(toasts).toEqual(['back']);
    // leaving the noBack OAuth step always replaces
    expect(navs).toEqual([['/Form?x=1', true], ['/Index?a=2', true]]);
  });
});
