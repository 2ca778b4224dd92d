import { describe, expect, it } from 'vitest';
import { collectSteps, normaliseMessages, rootFontSize, versionRedirect, type StepWithId } from '../../src/app/boot';
import { guard } from '../../src/app/router/guard';
import { pathOf, stepQuery } from '../../src/app/router/paths';
import { evalProps, makeEvalItem } from '../../src/app/runner/props';
import { bearerValue, isLoggedIn, stampExpiry } from '../../src/app/session';
import { registriesFor } from '../../src/server/config-registries';
import { EFFECT_MANIFEST } from '../../src/contract/vocabulary';
import { loadScreenSchemas } from '../../src/engine/config/screens';
import { createFunctionRegistry } from '../../src/engine/expr';
import { appFunctions } from '../../src/app/functions';

const step = (id: string, over: Partial<StepWithId> = {}): StepWithId => ({ id, route: `/${id}`, auth: false, screen: 'status', ...over });

describe('start-up helpers', () => {
  it('root font size: width/375*16, width capped at 750', () => {
    expect(rootFontSize(375)).toBe(16);
    expect(rootFontSize(320)).toBeCloseTo(13.65, 2);
    expect(rootFontSize(750)).toBe(32);
    expect(rootFontSize(1280)).toBe(32);
  });

  it('version guard adds v=<version>, keeps the hash, and is a no-op when present or unset', () => {
    expect(versionRedirect('1.2.3', 'http://h/#/Index?x=1')).toBe('http://h/?v=1.2.3#/Index?x=1');
    expect(versionRedirect('1.2.3', 'http://h/?a=b#/Index')).toBe('http://h/?a=b&v=1.2.3#/Index');
    expect(versionRedirect('1.2.3', 'http://h/?v=1.2.2#/Index')).toBe('http://h/?v=1.2.3#/Index');
    expect(versionRedirect('1.2.3', 'http://h/?v=1.2.3#/Index')).toBeNull();
    expect(versionRedirect('', 'http://h/#/Index')).toBeNull();
  });

  it('messages and steps from either served shape', () => {
    expect(normaliseMessages({ messages: { a: '甲' } })).toEqual({ a: '甲' });
    expect(normaliseMessages({ a: '甲' })).toEqual({ a: '甲' });
    const app = { start: 'Home', login: 'OAuth', session: {} };
    expect(Object.keys(collectSteps({ app, messages: {}, steps: { Home: { route: '/', auth: false, screen: 'menu' } } }))).toEqual(['Home']);
    const fromFlows = collectSteps({ app, messages: {}, flows: [{ flow: 'f', steps: { A: { route: '/a', auth: true, screen: 'menu' } } }] });
    expect(fromFlows.A).toMatchObject({ id: 'A', flow: 'f', route: '/a' });
  });
});

describe('auth guard', () => {
  const login = step('OAuth', { route: '/oauth', noBack: true });
  const secret = step('PersonIndex', { auth: true });
  const open = step('Index');

  it('auth step without a user: stores the wanted path (with query) and goes to login ?type=jump', () => {
    const d = guard({ step: secret, wanted: '/PersonIndex?tab=2', loginStep: login, values: {} });
    expect(d).toEqual({ kind: 'redirect', to: '/oauth?type=jump', set: { redirectPath: '/PersonIndex?tab=2' } });
  });

  it('an openid alone, or an empty user, is not logged in', () => {
    expect(guard({ step: secret, wanted: '/PersonIndex', loginStep: login, values: { openid: 'x', user: {} } }).kind).toBe('redirect');
    expect(isLoggedIn(null)).toBe(false);
    expect(isLoggedIn([])).toBe(false);
    expect(isLoggedIn({ name: '张三' })).toBe(true);
  });

  it('with a user, or on a non-auth step, enters', () => {
    expect(guard({ step: secret, wanted: '/PersonIndex', loginStep: login, values: { user: { name: '张三' } } })).toEqual({ kind: 'enter' });
    expect(guard({ step: open, wanted: '/Index', loginStep: login, values: {} })).toEqual({ kind: 'enter' });
    expect(guard({ step: login, wanted: '/oauth?type=jump', loginStep: login, values: {} })).toEqual({ kind: 'enter' });
  });

  it('after an OAuth return (isOauth 1) with a user: resets the flag and goes to the stored path', () => {
    const values = { isOauth: '1', user: { name: '张三' }, redirectPath: '/PersonIndex?tab=2' };
    expect(guard({ step: open, wanted: '/Index', loginStep: login, values })).toEqual({
      kind: 'redirect', to: '/PersonIndex?tab=2', set: { isOauth: '0', redirectPath: '' },
    });
    // the OAuth step itself is left alone (its YAML finishes the round trip)
    expect(guard({ step: login, wanted: '/oauth', loginStep: login, values }).kind).toBe('enter');
    // no stored path: enter, flag reset
    expect(guard({ step: open, wanted: '/Index', loginStep: login, values: { isOauth: 1, user: { a: 1 } } })).toEqual({
      kind: 'enter', set: { isOauth: '0', redirectPath: '' },
    });
  });
});

describe('paths and query', () => {
  const steps = { A: step('A', { route: '/A' }) };
  it('pathOf', () => {
    expect(pathOf(steps, 'A')).toBe('/A');
    expect(pathOf(steps, 'A', { regNo: '1 2', mode: 'view' })).toBe('/A?regNo=1+2&mode=view');
    expect(() => pathOf(steps, 'B')).toThrow(/unknown step/);
  });
  it('step query: hash query wins over the outer query, v dropped', () => {
    expect(stepQuery('?a=1', '?v=9&a=0&success=true')).toEqual({ a: '1', success: 'true' });
  });
});

describe('props evaluation', () => {
  const fns = createFunctionRegistry(appFunctions);
  const scope = { session: { user: { tag: '1', name: '张三' } }, data: { list: [1, 2] }, form: {}, query: {}, const: {} };
  it('evaluates =expr, leaves item expressions raw, evaluates step-level conditions', () => {
    const out = evalProps(
      {
        title: '=session.user.name',
        n: '=len(data.list)',
        plain: '文本',
        card: { title: '=item.clus_Name', price: '=fmtMoney(item.price)' },
        tiles: [
          { text: '审核', visibleIf: "session.user.tag == '1'" },
          { text: '其他', visibleIf: "=session.user.tag == '2'" },
          { text: '逐条', visibleIf: 'item.ok' },
        ],
        broken: '=nope(',
      },
      scope,
      fns,
      () => {},
    ) as any;
    expect(out.title).toBe('张三');
    expect(out.n).toBe(2);
    expect(out.plain).toBe('文本');
    expect(out.card).toEqual({ title: '=item.clus_Name', price: '=fmtMoney(item.price)' });
    expect(out.tiles[0].visibleIf).toBe(true);
    expect(out.tiles[1].visibleIf).toBe(false);
    expect(out.tiles[2].visibleIf).toBe('item.ok');
    expect(out.broken).toBeUndefined();
  });
  it('evalItem evaluates against the item and the live scope', () => {
    const evalItem = makeEvalItem(() => scope, fns);
    expect(evalItem('=item.clus_Name + session.user.name', { clus_Name: 'A套餐' })).toBe('A套餐张三');
    expect(evalItem({ t: '=weekday(item.d)' }, { d: '2024-06-03' })).toEqual({ t: '星期一' });
    expect(evalItem('literal', {})).toBe('literal');
  });
});

describe('session helpers', () => {
  it('bearerValue: strings, {token}, expiry honoured', () => {
    expect(bearerValue('abc', 0)).toBe('abc');
    expect(bearerValue({ token: 't1', expiry: 2000 }, 1000)).toBe('t1');
    expect(bearerValue({ token: 't1', expiry: 2000 }, 2000)).toBeNull();
    expect(bearerValue(null, 0)).toBeNull();
  });
  it('stampExpiry: report token lifetime minus 10 s; service token full; other keys untouched', () => {
    expect(stampExpiry('reportToken', { token: 'r', expires_in: 300 }, 1000)).toEqual({ token: 'r', expires_in: 300, expiry: 1000 + 290_000 });
    expect(stampExpiry('token', { access_token: 'a', expires_in: 60 }, 0)).toMatchObject({ expiry: 60_000 });
    expect(stampExpiry('user', { expires_in: 5 }, 0)).toEqual({ expires_in: 5 });
  });
});

describe('registries for the checker', () => {
  it('names every call, widget, effect (with outcomes) and app function', () => {
    const r = registriesFor(process.cwd());
    expect(r.calls).toContain('GetToken');
    expect(r.widgets).toContain('signature');
    expect(r.effects.wechatPay.outcomes).toEqual(['ok', 'cancel', 'fail']);
    expect(r.effects.restoreRedirect.outcomes).toEqual(['ok', 'none']);
    expect(Object.keys(r.effects).sort()).toEqual(Object.keys(EFFECT_MANIFEST).sort());
    expect(r.functions).toEqual(expect.arrayContaining(['canCancel', 'idCardError', 'fmtMoney', 'len']));
  });
  it('reads screen props schemas from schemas/meta/screens, the engine\'s when a config directory has none', () => {
    const screens = loadScreenSchemas(process.cwd());
    expect(Object.keys(screens)).toEqual(expect.arrayContaining(['menu', 'status', 'form', 'html']));
    expect(screens.menu).toMatchObject({ type: 'object' });
    expect(Object.keys(loadScreenSchemas('/nonexistent'))).toEqual(Object.keys(screens));
  });
});

describe('session keys a step reads', () => {
  it('collects session.<key> members from expressions and conditions', async () => {
    const { sessionKeysOf } = await import('../../src/app/runner/props');
    expect(sessionKeysOf([{ a: '=session.user.name', b: { visibleIf: "session.hospInfo.hospTel != ''" }, c: 'session.literal', d: '=item.x' }])).toEqual(['hospInfo', 'user']);
    expect(sessionKeysOf([{ a: '=len(data.x)' }])).toEqual([]);
  });
  it('falls back to everything when session is used whole or computed', async () => {
    const { sessionKeysOf } = await import('../../src/app/runner/props');
    expect(sessionKeysOf([{ a: '=keys(session)' }])).toBeNull();
    expect(sessionKeysOf([{ a: "=session['user']" }])).toBeNull();
  });
});
