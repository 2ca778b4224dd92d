/**
 * The action runtime: runs an action list top to bottom against an Effects
 * implementation. Pure: no React, no DOM. `stop` (or any action that stops,
 * e.g. a failed call with no handler, a failed `validate`, a cancelled `sheet`)
 * ends this list and every list that ran it: the result is 'stopped'.
 *
 * A failed call (success:false or a rejected request) always ends the list:
 * the actions after it assume success. `onFail`/`onError` replace the default
 * alert (returnMsg / the error's message); they run with `result` set.
 */
import { callDefOf } from '../../contract/calls';
import { compileExpr } from '../expr/compile';
import { evalCondition, evalValue } from '../expr/value';
import type {
  Action, CallAction, ConfirmAction, GoAction, InvokeAction, SheetAction, SwitchAction, ValueMap,
} from '../types';
import { formatMessage } from './messages';
import { resolveNext } from './next';
import { setIn, splitTarget } from './path';
import { SET_TARGETS, type ActionContext, type RunResult, type SetTarget } from './types';

const defaultJsonText = (name: string) => !!callDefOf(name)?.jsonText;

export async function runActions(actions: readonly Action[] | undefined, ctx: ActionContext): Promise<RunResult> {
  for (const action of actions ?? []) {
    if ((await runOne(action, ctx)) === 'stopped') return 'stopped';
  }
  return 'done';
}

/** Writes `value` to a target such as `session.user` / `data.list` / `form.name`, in the scope too. */
export function assign(ctx: ActionContext, target: string, value: unknown): void {
  const { root, path } = splitTarget(target);
  if (!SET_TARGETS.includes(root as SetTarget) || (!path && root === 'session')) {
    throw new Error(`cannot set "${target}": a target is session.<key>, data.<key>, form.<key>, form or data`);
  }
  // An empty path (`form`, `data`) replaces the whole object.
  ctx.effects.set(root as SetTarget, path, value);
  ctx.scope[root] = path ? setIn(ctx.scope[root], path, value) : value;
}

/** Evaluates a ValueMap; an `=expr` that gives no object counts as {}. */
function evalRecord(v: ValueMap | undefined, ctx: ActionContext): Record<string, unknown> {
  const out = evalValue(v ?? {}, ctx.scope, ctx.fns);
  return out && typeof out === 'object' && !Array.isArray(out) ? (out as Record<string, unknown>) : {};
}

const msg = (ref: string, ctx: ActionContext, params?: ValueMap) =>
  formatMessage(ref, ctx.messages, ctx.scope, ctx.fns, params);

async function runOne(a: Action, ctx: ActionContext): Promise<RunResult> {
  if ('call' in a) return runCall(a, ctx);
  if ('set' in a) {
    for (const [target, v] of Object.entries(a.set)) assign(ctx, target, evalValue(v, ctx.scope, ctx.fns));
    return 'done';
  }
  if ('go' in a) return runGo(a, ctx);
  if ('back' in a) {
    ctx.effects.back(a.back);
    return 'done';
  }
  if ('if' in a) {
    return runActions(evalCondition(a.if, ctx.scope, ctx.fns) ? a.then : a.else, ctx);
  }
  if ('switch' in a) return runSwitch(a, ctx);
  if ('confirm' in a) return runConfirm(a, ctx);
  if ('alert' in a) {
    await ctx.effects.alert(msg(a.alert, ctx, a.params));
    return runActions(a.then, ctx);
  }
  if ('toast' in a) {
    ctx.effects.toast(msg(a.toast, ctx, a.params), { icon: a.icon, duration: a.duration });
    return 'done';
  }
  if ('delay' in a) {
    await ctx.effects.delay(a.delay);
    return 'done';
  }
  if ('validate' in a) {
    const problem = await ctx.effects.validateForm();
    if (problem === null) return 'done';
    if (a.show === 'toast') ctx.effects.toast(problem, { icon: 'fail' });
    else await ctx.effects.alert(problem);
    return 'stopped';
  }
  if ('sheet' in a) return runSheet(a, ctx);
  if ('invoke' in a) return runInvoke(a, ctx);
  if ('next' in a) {
    if (!ctx.step) throw new Error('"next" needs a step');
    const rule = resolveNext(ctx.step, ctx.scope, ctx.fns);
    if (!rule) throw new Error(`step "${ctx.step.id ?? ctx.step.route}": no "next" rule matched`);
    return runGo(rule, ctx);
  }
  if ('stop' in a) return 'stopped';
  throw new Error(`unknown action: ${JSON.stringify(a)}`);
}

async function runCall(a: CallAction, ctx: ActionContext): Promise<RunResult> {
  const body = evalRecord(a.body, ctx);
  let res;
  try {
    res = await ctx.effects.call(a.call, body, { noLoading: a.noLoading });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    ctx.scope.result = { success: false, returnMsg: message, returnData: null };
    if (a.onError) await runActions(a.onError, ctx);
    else await ctx.effects.alert(message);
    return 'stopped';
  }
  let returnData = res.returnData;
  if (res.success && typeof returnData === 'string' && (ctx.isJsonText ?? defaultJsonText)(a.call)) {
    returnData = returnData === '' ? null : (JSON.parse(returnData) as unknown);
  }
  ctx.scope.result = { ...res, returnData };
  if (!res.success) {
    if (a.onFail) await runActions(a.onFail, ctx);
    else await ctx.effects.alert(res.returnMsg);
    return 'stopped';
  }
  if (a.keep) {
    const kept = a.pick ? compileExpr(a.pick.startsWith('=') ? a.pick.slice(1) : a.pick).evaluate(ctx.scope, ctx.fns) : returnData;
    assign(ctx, a.keep, kept);
  }
  return runActions(a.then, ctx);
}

function runGo(a: Pick<GoAction, 'go' | 'query' | 'replace'>, ctx: ActionContext): RunResult {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(evalRecord(a.query, ctx))) {
    if (v === null || v === undefined) continue;
    query[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  ctx.effects.navigate(a.go, query, a.replace ?? false);
  return 'done';
}

function runSwitch(a: SwitchAction, ctx: ActionContext): Promise<RunResult> | RunResult {
  for (const c of a.switch) {
    if (c.when === undefined || evalCondition(c.when, ctx.scope, ctx.fns)) return runActions(c.do, ctx);
  }
  return 'done';
}

async function runConfirm(a: ConfirmAction, ctx: ActionContext): Promise<RunResult> {
  const ok = await ctx.effects.confirm(
    msg(a.confirm, ctx, a.params),
    a.okText === undefined ? undefined : msg(a.okText, ctx),
    a.cancelText === undefined ? undefined : msg(a.cancelText, ctx),
  );
  return runActions(ok ? a.then : a.else, ctx);
}

async function runSheet(a: SheetAction, ctx: ActionContext): Promise<RunResult> {
  const values = await ctx.effects.sheet(a.sheet, {
    title: a.title,
    submitText: a.submitText,
    submitOnChange: a.submitOnChange,
    initial: a.initial ? evalRecord(a.initial, ctx) : undefined,
  });
  if (values === null) return 'stopped';
  // `form` means the sheet's values while its `then` runs, then the step's form again.
  const saved = ctx.scope.form;
  ctx.scope.form = values;
  try {
    return await runActions(a.then, ctx);
  } finally {
    ctx.scope.form = saved;
  }
}

async function runInvoke(a: InvokeAction, ctx: ActionContext): Promise<RunResult> {
  const outcome = await ctx.effects.invoke(a.invoke, evalRecord(a.params, ctx));
  const handler = a.on?.[outcome];
  return handler ? runActions(handler, ctx) : 'done';
}
