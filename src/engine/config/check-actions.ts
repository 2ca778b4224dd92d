/**
 * Action lists: exactly one action key per object, only that key's modifiers,
 * and every name an action uses (step, call, message, schema, effect, outcome,
 * session key, expression) must exist. Also records go-edges for reachability.
 */
import { ACTION_KEYS, type ActionKey } from '../types';
import { placeholdersOf } from '../runtime/messages';
import type { CheckContext, RootTypes } from './context';
import { checkBodyRefs, checkParamRefs, checkQuestionnaireForm, checkWrite } from './check-action-types';
import { schemaFileType } from './step-types';
import { envelope, answerType } from './type-env';
import { ANY, fromValue, widen, type Type } from '../expr/types';
import { suggest } from './suggest';
import type { PathSeg } from './source';
import { allowed, missingSchemaText, notDeclaredText, oneOfValues, unknownMessageText } from './words';
import { of, pathWords } from './place-words';

type Kind =
  | 'string' | 'number' | 'int' | 'boolean' | 'true' | 'expr' | 'message' | 'step' | 'call' | 'schema'
  | 'effect' | 'values' | 'actions' | 'outcomes' | 'target' | 'setMap' | 'cases' | readonly string[];

/** Each action key's own value and allowed modifiers (mirrors types.ts). */
export const ACTION_SPEC: Record<ActionKey, { main: Kind; mods: Record<string, Kind> }> = {
  call: { main: 'call', mods: { body: 'values', keep: 'target', pick: 'expr', noLoading: 'boolean', onFail: 'actions', onError: 'actions', then: 'actions' } },
  set: { main: 'setMap', mods: {} },
  go: { main: 'step', mods: { query: 'values', replace: 'boolean' } },
  back: { main: 'int', mods: {} },
  if: { main: 'expr', mods: { then: 'actions', else: 'actions' } },
  switch: { main: 'cases', mods: {} },
  confirm: { main: 'message', mods: { okText: 'message', cancelText: 'message', then: 'actions', else: 'actions', params: 'values' } },
  alert: { main: 'message', mods: { then: 'actions', params: 'values' } },
  toast: { main: 'message', mods: { icon: ['success', 'fail', 'loading'], duration: 'number', params: 'values' } },
  delay: { main: 'number', mods: {} },
  validate: { main: 'true', mods: { show: ['alert', 'toast'] } },
  sheet: { main: 'schema', mods: { title: 'string', submitText: 'string', then: 'actions', initial: 'values', submitOnChange: 'string' } },
  invoke: { main: 'effect', mods: { params: 'values', on: 'outcomes' } },
  next: { main: 'true', mods: {} },
  stop: { main: 'true', mods: {} },
};

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export interface ActionSite {
  file: string;
  stepId: string | null;
  /** Step-relative path of the list (`on.select`), said in words in messages. */
  label: PathSeg[];
  /** File path of the list. */
  path: PathSeg[];
  /** The types of the place's own roots (form, data, event, result…); none = all unknown. */
  env?: RootTypes;
}

/** The place in words (`步骤 "X" 的事件 "select" 的第 1 个动作`); the error's `raw` keeps the path. */
function at(ctx: CheckContext, site: ActionSite, rest: PathSeg[]): string {
  return site.stepId ? ctx.at(site.stepId, [...site.label, ...rest]) : pathWords([...site.label, ...rest]);
}

export function checkActionList(ctx: CheckContext, list: unknown, site: ActionSite): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return ctx.error(site.file, site.path, `${at(ctx, site, [])}：应该是动作列表`);
  // `result` is the last call's envelope: a call's answer types the actions after it.
  let env = site.env ?? {};
  list.forEach((a, i) => {
    checkAction(ctx, a, { ...site, env, label: [...site.label, i], path: [...site.path, i] });
    if (isObj(a) && typeof a.call === 'string') env = { ...env, result: envelope(ctx.types, a.call) };
    else if (hasCall(a)) env = { ...env, result: ANY };
  });
}

function hasCall(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasCall);
  return isObj(v) && (typeof v.call === 'string' || Object.values(v).some(hasCall));
}

/** The roots a modifier of this action sees: a call's `then`/`onFail`/`pick` its answer, a sheet's `then` the sheet's form. */
function modEnv(ctx: CheckContext, key: string, action: Record<string, unknown>, mod: string, env: RootTypes): RootTypes {
  if (key === 'call' && typeof action.call === 'string') {
    if (mod === 'then' || mod === 'onFail' || mod === 'pick') return { ...env, result: envelope(ctx.types, action.call) };
    if (mod === 'onError') return { ...env, result: ANY };
  }
  if (key === 'sheet' && mod === 'then') return { ...env, form: schemaFileType(ctx, action.sheet), event: ANY };
  return env;
}

function checkAction(ctx: CheckContext, a: unknown, site: ActionSite): void {
  const here = at(ctx, site, []);
  if (!isObj(a)) return ctx.error(site.file, site.path, `${here}：每项动作要写成 "动作键: 值"${allowed(ACTION_KEYS, '动作键')}`);
  const keys = Object.keys(a).filter((k) => (ACTION_KEYS as readonly string[]).includes(k)) as ActionKey[];
  if (keys.length === 0) {
    const k0 = Object.keys(a)[0] ?? '';
    return ctx.error(site.file, [...site.path, k0], `${here}：没有动作键${suggest(k0, ACTION_KEYS)}${allowed(ACTION_KEYS, '动作键')}`, { key: true });
  }
  if (keys.length > 1) {
    ctx.error(site.file, [...site.path, keys[1]], `${here}：一项只能写一个动作，这里有 ${keys.map((k) => `"${k}"`).join(' 和 ')}，请拆成${keys.length === 2 ? '两' : keys.length}项`, { key: true });
  }
  // With two action keys the first is still checked (its references and edges count).
  const key = keys[0];
  const spec = ACTION_SPEC[key];
  for (const m of Object.keys(a)) {
    if (m === key || (keys.includes(m as ActionKey) && !(m in spec.mods))) continue;
    if (!(m in spec.mods)) {
      const mods = Object.keys(spec.mods);
      ctx.error(site.file, [...site.path, m], `${here}："${m}" 不是 "${key}" 的选项${suggest(m, mods)}${mods.length ? allowed(mods) : `（"${key}" 没有选项）`}`, { key: true });
      continue;
    }
    checkKind(ctx, spec.mods[m], a[m], { ...site, env: modEnv(ctx, key, a, m, site.env ?? {}) }, m, a);
  }
  checkKind(ctx, spec.main, a[key], site, key, a);
  checkTyped(ctx, key, a, site);
}

/** What an action writes and names, against types (check-action-types.ts). */
function checkTyped(ctx: CheckContext, key: ActionKey, a: Record<string, unknown>, site: ActionSite): void {
  const env = site.env ?? {};
  if (key === 'call' && typeof a.call === 'string') {
    checkBodyRefs(ctx, site.file, [...site.path, 'body'], at(ctx, site, []), a.call, a.body, env);
    checkQuestionnaireForm(ctx, site.file, [...site.path, 'body'], at(ctx, site, []), site.stepId, a.call, a.body);
    if (typeof a.keep === 'string') {
      const kept = typeof a.pick === 'string' ? widen(ctx.typeOf(a.pick, modEnv(ctx, key, a, 'pick', env))) : answerType(ctx.types, a.call);
      checkWrite(ctx, site.file, [...site.path, 'keep'], at(ctx, site, ['keep']), a.keep, kept, env, false);
    }
  }
  if (key === 'invoke' && typeof a.invoke === 'string') checkParamRefs(ctx, site.file, [...site.path, 'params'], at(ctx, site, []), a.invoke, a.params, env);
  if (key === 'set' && isObj(a.set)) {
    for (const [t, x] of Object.entries(a.set)) {
      const value: Type = fromValue(x, (src) => widen(ctx.typeOf(src, env)));
      checkWrite(ctx, site.file, [...site.path, 'set', t], at(ctx, site, ['set']), t, value, env, true);
    }
  }
}

function checkKind(ctx: CheckContext, kind: Kind, v: unknown, site: ActionSite, name: string, action: Record<string, unknown>): void {
  const file = site.file;
  const path = [...site.path, name];
  const here = at(ctx, site, [name]);
  const { config, reg } = ctx;
  const bad = (what: string) => ctx.error(file, path, `${here}：应该是${what}`);
  if (Array.isArray(kind)) {
    if (!kind.includes(v as string)) bad(` ${oneOfValues(kind)}`);
    return;
  }
  switch (kind) {
    case 'string':
      if (typeof v !== 'string') bad('文字');
      return;
    case 'number':
      if (typeof v !== 'number' || v < 0) bad('不小于 0 的数字');
      return;
    case 'int':
      if (!Number.isInteger(v) || (v as number) < 1) bad('不小于 1 的整数');
      return;
    case 'boolean':
      if (typeof v !== 'boolean') bad(' true 或 false');
      return;
    case 'true':
      if (v !== true) bad(' true');
      return;
    case 'expr':
      if (typeof v !== 'string' || !v.trim()) return bad('表达式');
      ctx.expr(file, path, v, here, site.env);
      return;
    case 'values':
      if (typeof v === 'string' && v.startsWith('=')) {
        ctx.expr(file, path, v, here, site.env);
        return;
      }
      if (!isObj(v)) return bad('一组键和值，或得出它的 =表达式');
      return ctx.values(file, path, v, here, site.env);
    case 'actions':
      return checkActionList(ctx, v, { ...site, label: [...site.label, name], path });
    case 'step':
      if (typeof v !== 'string') return bad('步骤名');
      return ctx.stepRef(file, path, at(ctx, site, []), name, v, site.stepId);
    case 'call':
      if (typeof v !== 'string') return bad('接口名');
      if (!reg.calls.includes(v)) ctx.error(file, path, `${at(ctx, site, [])}：接口 "${v}" 不存在${suggest(v, reg.calls)}（接口都列在 src/contract/calls.ts）`);
      return;
    case 'message':
      return checkMessageRef(ctx, file, path, v, at(ctx, site, []), name, name === 'okText' || name === 'cancelText' ? undefined : action.params, site.env);
    case 'schema':
      return checkSchemaRef(ctx, file, path, v, at(ctx, site, []), name);
    case 'effect': {
      if (typeof v !== 'string') return bad('功能名');
      if (ctx.unchecked('effects')) return;
      if (!reg.effects[v]) return ctx.error(file, path, `${at(ctx, site, [])}：功能 "${v}" 不存在${suggest(v, Object.keys(reg.effects))}`);
      return;
    }
    case 'outcomes': {
      if (!isObj(v)) return bad('一组 "结果: 动作列表"');
      const effect = reg.effects[action.invoke as string];
      for (const [outcome, list] of Object.entries(v)) {
        if (effect && !effect.outcomes.includes(outcome)) {
          ctx.error(file, [...path, outcome], `${at(ctx, site, [])}：功能 "${action.invoke as string}" 没有结果 "${outcome}"${suggest(outcome, effect.outcomes)}${allowed(effect.outcomes)}`, { key: true });
        }
        checkActionList(ctx, list, { ...site, label: [...site.label, name, outcome], path: [...path, outcome] });
      }
      return;
    }
    case 'target':
      if (typeof v !== 'string') return bad('目标（例如 data.x）');
      return checkTarget(ctx, file, path, v, here, ['data', 'session']);
    case 'setMap':
      if (!isObj(v)) return bad('一组 "目标: 值"');
      for (const [t, x] of Object.entries(v)) {
        checkTarget(ctx, file, [...path, t], t, here, ['session', 'data', 'form'], true);
        ctx.values(file, [...path, t], x, at(ctx, site, [name, t]), site.env);
      }
      return;
    case 'cases':
      if (!Array.isArray(v)) return bad(' { when, do } 组成的列表');
      v.forEach((c, i) => {
        const cp = [...path, i];
        const ch = at(ctx, site, [name, i]);
        if (!isObj(c)) return ctx.error(file, cp, `${ch}：应该写成 { when, do }`);
        for (const k of Object.keys(c)) if (k !== 'when' && k !== 'do') ctx.error(file, [...cp, k], `${ch}：不认识的键 "${k}"${allowed(['when', 'do'])}`, { key: true });
        if (c.when !== undefined) {
          const when = at(ctx, site, [name, i, 'when']);
          if (typeof c.when !== 'string') ctx.error(file, [...cp, 'when'], `${when}：应该是表达式`);
          else ctx.expr(file, [...cp, 'when'], c.when, when, site.env);
        }
        if (c.do === undefined) ctx.error(file, cp, `${ch}：缺少 "do"`);
        else checkActionList(ctx, c.do, { ...site, label: [...site.label, name, i, 'do'], path: [...cp, 'do'] });
      });
      return;
  }
}

function checkTarget(ctx: CheckContext, file: string, path: PathSeg[], t: string, here: string, roots: string[], isKey = false): void {
  // `form` / `data` alone replace the whole object (session keys are set one by one).
  if (isKey && (t === 'form' || t === 'data')) return;
  const m = /^([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)((\.[\w$]+)*)$/.exec(t);
  if (!m || !roots.includes(m[1])) {
    const forms = [...roots.map((r) => `${r}.<键>`), ...(isKey ? ['form', 'data'] : [])];
    return ctx.error(file, path, `${here}：目标 "${t}" 应该写成 ${forms.slice(0, -1).join('、')} 或 ${forms[forms.length - 1]}`, { key: isKey });
  }
  if (m[1] === 'session' && !ctx.sessionKeys.includes(m[2])) {
    ctx.error(file, path, `${here}：${notDeclaredText('session', m[2], ctx.sessionKeys)}`, { key: isKey });
  }
}

export function checkMessageRef(
  ctx: CheckContext, file: string, path: PathSeg[], v: unknown, here: string, name: string, params?: unknown, env?: RootTypes,
): void {
  if (typeof v !== 'string') return ctx.error(file, path, `${here}："${name}" 应该是提示文字的键或 =表达式`);
  if (v.startsWith('=')) {
    ctx.expr(file, path, v, of(here, `"${name}"`), env);
    return;
  }
  const messages = ctx.config.messages;
  ctx.usedMessages.add(v);
  if (!Object.prototype.hasOwnProperty.call(messages, v)) {
    return ctx.error(file, path, `${here}：${unknownMessageText(name, v, Object.keys(messages))}`);
  }
  if (typeof params === 'string') return; // computed params: placeholders cannot be checked statically
  const given = isObj(params) ? Object.keys(params) : [];
  for (const p of placeholdersOf(messages[v])) {
    if (!given.includes(p)) ctx.error(file, path, `${here}：提示文字 "${v}" 里有 {${p}}，但这个动作的 "params" 里没有写 "${p}"`);
  }
}

export function checkSchemaRef(ctx: CheckContext, file: string, path: PathSeg[], v: unknown, here: string, name: string): void {
  if (typeof v !== 'string') return ctx.error(file, path, `${here}："${name}" 应该是 schemas/ 下的文件路径`);
  if (!ctx.config.schemas[v]) ctx.error(file, path, `${here}：${missingSchemaText(name, v, Object.keys(ctx.config.schemas))}`);
}
