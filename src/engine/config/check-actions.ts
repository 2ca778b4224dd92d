/**
 * Action lists: exactly one action key per object, only that key's modifiers,
 * and every name an action uses (step, call, message, schema, effect, outcome,
 * session key, expression) must exist. Also records go-edges for reachability.
 */
import { ACTION_KEYS, type ActionKey } from '../types';
import { placeholdersOf } from '../runtime/messages';
import type { CheckContext } from './context';
import { where } from './context';
import { suggest } from './suggest';
import type { PathSeg } from './source';

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
  /** Step-relative path prefix for messages (`on.select`). */
  label: PathSeg[];
  /** File path of the list. */
  path: PathSeg[];
}

function at(site: ActionSite, rest: PathSeg[]): string {
  return site.stepId ? where(site.stepId, [...site.label, ...rest]) : `"${[...site.label, ...rest].join('.')}"`;
}

export function checkActionList(ctx: CheckContext, list: unknown, site: ActionSite): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return ctx.error(site.file, site.path, `${at(site, [])}: must be a list of actions`);
  list.forEach((a, i) => checkAction(ctx, a, { ...site, label: [...site.label, i], path: [...site.path, i] }));
}

function checkAction(ctx: CheckContext, a: unknown, site: ActionSite): void {
  const here = at(site, []);
  if (!isObj(a)) return ctx.error(site.file, site.path, `${here}: an action must be an object with one action key (${ACTION_KEYS.join(', ')})`);
  const keys = Object.keys(a).filter((k) => (ACTION_KEYS as readonly string[]).includes(k)) as ActionKey[];
  if (keys.length === 0) {
    const k0 = Object.keys(a)[0] ?? '';
    return ctx.error(site.file, [...site.path, k0], `${here}: no action key (one of ${ACTION_KEYS.join(', ')})${suggest(k0, ACTION_KEYS)}`, { key: true });
  }
  if (keys.length > 1) {
    ctx.error(site.file, [...site.path, keys[1]], `${here}: one action per list item, found ${keys.map((k) => `"${k}"`).join(' and ')} (split them into two items)`, { key: true });
  }
  // With two action keys the first is still checked (its references and edges count).
  const key = keys[0];
  const spec = ACTION_SPEC[key];
  for (const m of Object.keys(a)) {
    if (m === key || (keys.includes(m as ActionKey) && !(m in spec.mods))) continue;
    if (!(m in spec.mods)) {
      const allowed = Object.keys(spec.mods);
      ctx.error(site.file, [...site.path, m], `${here}: "${m}" is not a modifier of "${key}"${suggest(m, allowed)}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`, { key: true });
      continue;
    }
    checkKind(ctx, spec.mods[m], a[m], site, m, a);
  }
  checkKind(ctx, spec.main, a[key], site, key, a);
}

function checkKind(ctx: CheckContext, kind: Kind, v: unknown, site: ActionSite, name: string, action: Record<string, unknown>): void {
  const file = site.file;
  const path = [...site.path, name];
  const here = at(site, [name]);
  const { config, reg } = ctx;
  const bad = (what: string) => ctx.error(file, path, `${here}: must be ${what}`);
  if (Array.isArray(kind)) {
    if (!kind.includes(v as string)) bad(`one of ${kind.map((k) => JSON.stringify(k)).join(', ')}`);
    return;
  }
  switch (kind) {
    case 'string':
      if (typeof v !== 'string') bad('a string');
      return;
    case 'number':
      if (typeof v !== 'number' || v < 0) bad('a number ≥ 0');
      return;
    case 'int':
      if (!Number.isInteger(v) || (v as number) < 1) bad('a whole number ≥ 1');
      return;
    case 'boolean':
      if (typeof v !== 'boolean') bad('true or false');
      return;
    case 'true':
      if (v !== true) bad('true');
      return;
    case 'expr':
      if (typeof v !== 'string' || !v.trim()) return bad('an expression');
      return ctx.expr(file, path, v, here);
    case 'values':
      if (typeof v === 'string' && v.startsWith('=')) return ctx.expr(file, path, v, here);
      if (!isObj(v)) return bad('a map of values, or an =expression giving one');
      return ctx.values(file, path, v, here);
    case 'actions':
      return checkActionList(ctx, v, { ...site, label: [...site.label, name], path });
    case 'step':
      if (typeof v !== 'string') return bad('a step id');
      if (!config.steps[v]) return ctx.error(file, path, `${at(site, [])}: "${name}" names unknown step "${v}"${suggest(v, Object.keys(config.steps))}`);
      if (site.stepId) ctx.edge(site.stepId, v);
      return;
    case 'call':
      if (typeof v !== 'string') return bad('a call name');
      if (!reg.calls.includes(v)) ctx.error(file, path, `${at(site, [])}: unknown call "${v}"${suggest(v, reg.calls)} (calls are listed in src/contract/calls.ts)`);
      return;
    case 'message':
      return checkMessageRef(ctx, file, path, v, at(site, []), name, name === 'okText' || name === 'cancelText' ? undefined : action.params);
    case 'schema':
      return checkSchemaRef(ctx, file, path, v, at(site, []), name);
    case 'effect': {
      if (typeof v !== 'string') return bad('an effect name');
      if (ctx.unchecked('effects')) return;
      if (!reg.effects[v]) return ctx.error(file, path, `${at(site, [])}: unknown effect "${v}"${suggest(v, Object.keys(reg.effects))}`);
      return;
    }
    case 'outcomes': {
      if (!isObj(v)) return bad('a map of outcome → actions');
      const effect = reg.effects[action.invoke as string];
      for (const [outcome, list] of Object.entries(v)) {
        if (effect && !effect.outcomes.includes(outcome)) {
          ctx.error(file, [...path, outcome], `${at(site, [])}: effect "${action.invoke as string}" has no outcome "${outcome}"${suggest(outcome, effect.outcomes)} (outcomes: ${effect.outcomes.join(', ')})`, { key: true });
        }
        checkActionList(ctx, list, { ...site, label: [...site.label, name, outcome], path: [...path, outcome] });
      }
      return;
    }
    case 'target':
      if (typeof v !== 'string') return bad('a target');
      return checkTarget(ctx, file, path, v, here, ['data', 'session']);
    case 'setMap':
      if (!isObj(v)) return bad('a map of target → value');
      for (const [t, x] of Object.entries(v)) {
        checkTarget(ctx, file, [...path, t], t, here, ['session', 'data', 'form'], true);
        ctx.values(file, [...path, t], x, `${here}.${t}`);
      }
      return;
    case 'cases':
      if (!Array.isArray(v)) return bad('a list of { when, do }');
      v.forEach((c, i) => {
        const cp = [...path, i];
        const ch = at(site, [name, i]);
        if (!isObj(c)) return ctx.error(file, cp, `${ch}: must be { when, do }`);
        for (const k of Object.keys(c)) if (k !== 'when' && k !== 'do') ctx.error(file, [...cp, k], `${ch}: unknown key "${k}" (allowed: when, do)`, { key: true });
        if (c.when !== undefined) {
          if (typeof c.when !== 'string') ctx.error(file, [...cp, 'when'], `${ch}.when: must be an expression`);
          else ctx.expr(file, [...cp, 'when'], c.when, `${ch}.when`);
        }
        if (c.do === undefined) ctx.error(file, cp, `${ch}: missing "do"`);
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
    const whole = isKey ? ', form or data' : '';
    return ctx.error(file, path, `${here}: target "${t}" must be ${roots.map((r) => `${r}.<key>`).join(', ')}${whole}`, { key: isKey });
  }
  if (m[1] === 'session' && !ctx.sessionKeys.includes(m[2])) {
    ctx.error(file, path, `${here}: session key "${m[2]}" is not declared in flows/app.yaml "session"${suggest(m[2], ctx.sessionKeys)}`, { key: isKey });
  }
}

export function checkMessageRef(
  ctx: CheckContext, file: string, path: PathSeg[], v: unknown, here: string, name: string, params?: unknown,
): void {
  if (typeof v !== 'string') return ctx.error(file, path, `${here}: "${name}" must be a message key or =expression`);
  if (v.startsWith('=')) return ctx.expr(file, path, v, `${here}: "${name}"`);
  const messages = ctx.config.messages;
  ctx.usedMessages.add(v);
  if (!Object.prototype.hasOwnProperty.call(messages, v)) {
    return ctx.error(file, path, `${here}: "${name}" names unknown message "${v}"${suggest(v, Object.keys(messages))} (add it to flows/messages.yaml)`);
  }
  if (typeof params === 'string') return; // computed params: placeholders cannot be checked statically
  const given = isObj(params) ? Object.keys(params) : [];
  for (const p of placeholdersOf(messages[v])) {
    if (!given.includes(p)) ctx.error(file, path, `${here}: message "${v}" uses {${p}} but the action has no "params.${p}"`);
  }
}

export function checkSchemaRef(ctx: CheckContext, file: string, path: PathSeg[], v: unknown, here: string, name: string): void {
  if (typeof v !== 'string') return ctx.error(file, path, `${here}: "${name}" must be a schema path below schemas/`);
  if (!ctx.config.schemas[v]) {
    ctx.error(file, path, `${here}: "${name}" names missing schema file "schemas/${v}"${suggest(v, Object.keys(ctx.config.schemas))}`);
  }
}
