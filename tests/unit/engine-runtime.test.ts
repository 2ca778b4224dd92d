import { describe, expect, it } from 'vitest';
import { createFunctionRegistry } from '../../src/engine/expr';
import { formatMessage, resolveNext, runActions, type ActionContext, type CallResult, type Effects } from '../../src/engine/runtime';
import type { Action, Step } from '../../src/engine/types';

type Log = Array<[string, ...unknown[]]>;

/** A scriptable fake: answers are queued per effect; every effect is logged. */
function fake(opts: {
  calls?: Record<string, CallResult | Error>;
  confirm?: boolean[];
  sheet?: Array<Record<string, unknown> | null>;
  invoke?: string[];
  validate?: Array<string | null>;
} = {}) {
  const log: Log = [];
  const effects: Effects = {
    async call(name, body, o) {
      log.push(['call', name, body, o]);
      const r = opts.calls?.[name];
      if (r instanceof Error) throw r;
      return r ?? { success: true, returnMsg: '', returnData: null };
    },
    navigate: (id, q, r) => void log.push(['navigate', id, q, r]),
    back: (n) => void log.push(['back', n]),
    alert: async (t) => void log.push(['alert', t]),
    confirm: async (t, ok, cancel) => (log.push(['confirm', t, ok, cancel]), opts.confirm?.shift() ?? true),
    toast: (t, o) => void log.push(['toast', t, o]),
    delay: async (ms) => void log.push(['delay', ms]),
    sheet: async (p, o) => (log.push(['sheet', p, o]), opts.sheet?.shift() ?? null),
    invoke: async (n, p) => (log.push(['invoke', n, p]), opts.invoke?.shift() ?? 'ok'),
    validateForm: async () => (log.push(['validate']), opts.validate?.shift() ?? null),
    set: (t, p, v) => void log.push(['set', t, p, v]),
  };
  return { effects, log };
}

const fns = createFunctionRegistry({}, { now: () => new Date(2024, 0, 1).getTime() });
const messages = { hello: '你好', withName: '欢迎{name}，余{n}人', busy: '系统繁忙' };

function ctx(effects: Effects, extra: Partial<ActionContext> = {}): ActionContext {
  return {
    scope: { session: { marital: '1' }, data: {}, form: { name: '张三' }, query: { page: 'person' }, const: { max: 3 } },
    effects, messages, fns, ...extra,
  };
}
const kinds = (log: Log) => log.map((l) => l[0]);

describe('runActions', () => {
  it('set writes through effects and into scope for later actions', async () => {
    const f = fake();
    const c = ctx(f.effects);
    const r = await runActions([
      { set: { 'session.user.tag': '1', 'data.count': '=len([1,2])' } },
      { set: { 'form.copy': '=session.user.tag + data.count' } },
    ], c);
    expect(r).toBe('done');
    expect(f.log).toEqual([
      ['set', 'session', 'user.tag', '1'], ['set', 'data', 'count', 2], ['set', 'form', 'copy', '12'],
    ]);
    expect(c.scope.session).toEqual({ marital: '1', user: { tag: '1' } });
    expect(c.scope.form).toEqual({ name: '张三', copy: '12' });
  });

  it('set of `form` / `data` alone replaces the whole object; body may be one =expr', async () => {
    const f = fake();
    const c = ctx(f.effects);
    await runActions([{ set: { form: '=pick(session, "marital")' } }, { call: 'GetNoticeInfo', body: '=form' }], c);
    expect(c.scope.form).toEqual({ marital: '1' });
    expect(f.log).toEqual([['set', 'form', '', { marital: '1' }], ['call', 'GetNoticeInfo', { marital: '1' }, { noLoading: undefined }]]);
    await expect(runActions([{ set: { session: 1 } }], c)).rejects.toThrow(/cannot set "session"/);
  });

  it('set refuses a bad target', async () => {
    await expect(runActions([{ set: { 'query.x': 1 } }], ctx(fake().effects))).rejects.toThrow(/cannot set "query.x"/);
  });

  it('call evaluates body, keeps returnData, runs then', async () => {
    const f = fake({ calls: { GetClusItemList: { success: true, returnMsg: '', returnData: { m: [1], w: [] } } } });
    const c = ctx(f.effects);
    const r = await runActions([
      { call: 'GetClusItemList', body: { clus_type: '4', page: '=query.page' }, keep: 'data.packages', noLoading: true, then: [{ toast: '=str(len(data.packages.m))' }] },
      { go: 'Next' },
    ], c);
    expect(r).toBe('done');
    expect(f.log[0]).toEqual(['call', 'GetClusItemList', { clus_type: '4', page: 'person' }, { noLoading: true }]);
    expect(f.log[1]).toEqual(['set', 'data', 'packages', { m: [1], w: [] }]);
    expect(f.log[2]).toEqual(['toast', '1', { icon: undefined, duration: undefined }]);
    expect(kinds(f.log)).toEqual(['call', 'set', 'toast', 'navigate']);
    expect(c.scope.result).toEqual({ success: true, returnMsg: '', returnData: { m: [1], w: [] } });
  });

  it('call pick transforms before keep into session', async () => {
    const f = fake({ calls: { TeamLogin: { success: true, returnMsg: 'ok', returnData: { lnc_code: 'L1', clus_name: 'X' } } } });
    const c = ctx(f.effects);
    await runActions([{ call: 'TeamLogin', keep: 'session.team', pick: 'result.returnData.lnc_code + result.returnMsg' }], c);
    expect(f.log[1]).toEqual(['set', 'session', 'team', 'L1ok']);
    expect(c.scope.session.team).toBe('L1ok');
  });

  it('call parses JSON text for jsonText calls only', async () => {
    const f = fake({
      calls: {
        GetReportDetail: { success: true, returnMsg: '', returnData: '{"a":[1]}' },
        GetNoticeInfo: { success: true, returnMsg: '', returnData: '{"a":[1]}' },
      },
    });
    const c = ctx(f.effects);
    await runActions([{ call: 'GetReportDetail', keep: 'data.detail' }, { call: 'GetNoticeInfo', keep: 'data.notice' }], c);
    expect(c.scope.data).toEqual({ detail: { a: [1] }, notice: '{"a":[1]}' });
  });

  it('success:false without onFail alerts returnMsg and stops', async () => {
    const f = fake({ calls: { PersonOrderAdd: { success: false, returnMsg: '名额已满', returnData: null } } });
    const r = await runActions([{ call: 'PersonOrderAdd', then: [{ go: 'X' }] }, { go: 'Y' }], ctx(f.effects));
    expect(r).toBe('stopped');
    expect(f.log.slice(1)).toEqual([['alert', '名额已满']]);
  });

  it('success:false with onFail runs it (result visible) and stops', async () => {
    const f = fake({ calls: { PersonOrderAdd: { success: false, returnMsg: '名额已满', returnData: null } } });
    const r = await runActions([{ call: 'PersonOrderAdd', onFail: [{ toast: '=result.returnMsg' }] }, { go: 'Y' }], ctx(f.effects));
    expect(r).toBe('stopped');
    expect(kinds(f.log)).toEqual(['call', 'toast']);
    expect(f.log[1][1]).toBe('名额已满');
  });

  it('rejection without onError alerts the message and stops; with onError runs it', async () => {
    const f = fake({ calls: { GetNoticeInfo: new Error('网络错误') } });
    expect(await runActions([{ call: 'GetNoticeInfo' }, { go: 'Y' }], ctx(f.effects))).toBe('stopped');
    expect(f.log.slice(1)).toEqual([['alert', '网络错误']]);
    const g = fake({ calls: { GetNoticeInfo: new Error('网络错误') } });
    expect(await runActions([{ call: 'GetNoticeInfo', onError: [{ alert: 'busy' }] }, { go: 'Y' }], ctx(g.effects))).toBe('stopped');
    expect(g.log.slice(1)).toEqual([['alert', '系统繁忙']]);
  });

  it('if / else and switch', async () => {
    const f = fake();
    await runActions([
      { if: "session.marital == '2'", then: [{ go: 'A' }], else: [{ go: 'B' }] },
      { if: 'true', then: [{ back: 2 }] },
      { switch: [{ when: 'false', do: [{ go: 'C' }] }, { when: 'query.page == "person"', do: [{ go: 'D' }] }, { do: [{ go: 'E' }] }] },
      { switch: [{ when: 'false', do: [{ go: 'F' }] }, { do: [{ go: 'G' }] }] },
      { switch: [{ when: 'false', do: [{ go: 'H' }] }] },
    ], ctx(f.effects));
    expect(f.log).toEqual([
      ['navigate', 'B', {}, false], ['back', 2], ['navigate', 'D', {}, false], ['navigate', 'G', {}, false],
    ]);
  });

  it('confirm runs then on ok and else on cancel, with message texts', async () => {
    const f = fake({ confirm: [true, false] });
    await runActions([
      { confirm: 'hello', okText: 'busy', cancelText: '=\'不\'', then: [{ go: 'Ok' }], else: [{ go: 'No' }] },
      { confirm: 'withName', params: { name: '=form.name', n: 3 }, then: [{ go: 'Ok2' }], else: [{ go: 'No2' }] },
    ], ctx(f.effects));
    expect(f.log).toEqual([
      ['confirm', '你好', '系统繁忙', '不'], ['navigate', 'Ok', {}, false],
      ['confirm', '欢迎张三，余3人', undefined, undefined], ['navigate', 'No2', {}, false],
    ]);
  });

  it('alert waits, then runs then; toast and delay', async () => {
    const f = fake();
    await runActions([
      { alert: 'hello', then: [{ delay: 2000 }] },
      { toast: 'busy', icon: 'success', duration: 1500 },
    ], ctx(f.effects));
    expect(f.log).toEqual([['alert', '你好'], ['delay', 2000], ['toast', '系统繁忙', { icon: 'success', duration: 1500 }]]);
  });

  it('validate: null continues; a message alerts (or toasts) and stops', async () => {
    const f = fake({ validate: [null, '请输入姓名', '请输入手机号码'] });
    const c = ctx(f.effects);
    expect(await runActions([{ validate: true }, { go: 'A' }], c)).toBe('done');
    expect(await runActions([{ validate: true }, { go: 'B' }], c)).toBe('stopped');
    expect(await runActions([{ validate: true, show: 'toast' }, { go: 'C' }], c)).toBe('stopped');
    expect(f.log).toEqual([
      ['validate'], ['navigate', 'A', {}, false], ['validate'], ['alert', '请输入姓名'], ['validate'], ['toast', '请输入手机号码', { icon: 'fail' }],
    ]);
  });

  it('sheet: cancel stops; values run then with form = values, then restore form', async () => {
    const f = fake({ sheet: [null, { code: '123456' }] });
    const c = ctx(f.effects);
    expect(await runActions([{ sheet: 'forms/code.json' }, { go: 'X' }], c)).toBe('stopped');
    const r = await runActions([
      { sheet: 'forms/code.json', title: '验证', submitText: '确定', initial: { tel: '=form.name' }, then: [{ set: { 'data.code': '=form.code' } }] },
      { set: { 'data.after': '=form.name' } },
    ], c);
    expect(r).toBe('done');
    expect(f.log[1]).toEqual(['sheet', 'forms/code.json', { title: '验证', submitText: '确定', initial: { tel: '张三' } }]);
    expect(c.scope.data).toEqual({ code: '123456', after: '张三' });
  });

  it('invoke runs the handler of the outcome, or nothing', async () => {
    const f = fake({ invoke: ['cancel', 'weird'] });
    const c = ctx(f.effects);
    const a: Action = { invoke: 'wechatPay', params: { id: '=form.name' }, on: { ok: [{ go: 'Ok' }], cancel: [{ alert: 'hello' }, { go: 'Home' }] } };
    await runActions([a], c);
    expect(await runActions([a, { go: 'After' }], c)).toBe('done');
    expect(f.log).toEqual([
      ['invoke', 'wechatPay', { id: '张三' }], ['alert', '你好'], ['navigate', 'Home', {}, false],
      ['invoke', 'wechatPay', { id: '张三' }], ['navigate', 'After', {}, false],
    ]);
  });

  it('go evaluates query values to strings and drops null; replace', async () => {
    const f = fake();
    await runActions([{ go: 'Q', query: { page: '=query.page', n: '=const.max', o: '=[1]', gone: '=session.nope' }, replace: true }], ctx(f.effects));
    expect(f.log).toEqual([['navigate', 'Q', { page: 'person', n: '3', o: '[1]' }, true]]);
  });

  it('next follows the first matching rule; no match throws', async () => {
    const step = { route: '/X', auth: false, screen: 'status', next: [
      { if: "query.page == 'vehicle'", go: 'VehicleIndex' },
      { if: "query.page == 'person'", go: 'PersonIndex', query: { from: 'q' } },
      { go: 'Index' },
    ] } as Step;
    const f = fake();
    await runActions([{ next: true }], ctx(f.effects, { step }));
    expect(f.log).toEqual([['navigate', 'PersonIndex', { from: 'q' }, false]]);
    const lone = { ...step, id: 'X', next: [{ if: 'false', go: 'A' }] };
    await expect(runActions([{ next: true }], ctx(f.effects, { step: lone }))).rejects.toThrow(/step "X": no "next" rule matched/);
  });

  it('stop propagates out of nested lists', async () => {
    const f = fake({ confirm: [false] });
    const r = await runActions([
      { if: 'true', then: [{ switch: [{ do: [{ confirm: 'hello', else: [{ stop: true }] }, { go: 'Inner' }] }] }, { go: 'Mid' }] },
      { go: 'Outer' },
    ], ctx(f.effects));
    expect(r).toBe('stopped');
    expect(kinds(f.log)).toEqual(['confirm']);
  });

  it('stop inside a call then and an invoke handler also propagates', async () => {
    const f = fake();
    expect(await runActions([{ call: 'GetNoticeInfo', then: [{ stop: true }] }, { go: 'A' }], ctx(f.effects))).toBe('stopped');
    expect(await runActions([{ invoke: 'x', on: { ok: [{ stop: true }] } }, { go: 'A' }], ctx(f.effects))).toBe('stopped');
    expect(kinds(f.log)).toEqual(['call', 'invoke']);
  });
});

describe('resolveNext / formatMessage', () => {
  it('resolveNext returns null with no rules', () => {
    expect(resolveNext({}, {}, fns)).toBeNull();
    expect(resolveNext({ next: [{ if: '1 > 2', go: 'A' }, { go: 'B' }] }, {}, fns)).toEqual({ go: 'B' });
  });
  it('formatMessage: key, =expr, placeholders, unknown key falls back to the key', () => {
    const scope = { form: { name: '李四' } };
    expect(formatMessage('hello', messages, scope, fns)).toBe('你好');
    expect(formatMessage("='共' + 3 + '项'", messages, scope, fns)).toBe('共3项');
    expect(formatMessage('withName', messages, scope, fns, { name: '=form.name' })).toBe('欢迎李四，余{n}人');
    expect(formatMessage('nope', messages, scope, fns)).toBe('nope');
    expect(formatMessage('constructor', messages, scope, fns)).toBe('constructor');
  });
});
