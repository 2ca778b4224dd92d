/**
 * The names a draft defines and uses, for completion and hover: steps (with
 * their title, route, screen, handled and emitted events), message keys and
 * texts, the message keys flows name, schema files, and the registries' names.
 * Built from the checker's loaded config (plain data: it crosses from the
 * check worker).
 */
import { ACTION_SPEC } from '../../engine/config/check-actions';
import type { LoadedConfig } from '../../engine/config/assemble';
import type { ActionKey } from '../../engine/types';
import { SchemaWalker, type Json } from './schema-walk';
import type { PathSeg } from './doc-context';

import { getIn, type ExprTypes, type StepInfo, type StudioRegistries, type Vocabulary } from './vocab-types';
import { CheckContext } from '../../engine/config/context';
import { stepRoots } from '../../engine/config/check-steps';
import { schemaFileType } from '../../engine/config/step-types';
import { envelope } from '../../engine/config/type-env';
import { signatureText } from '../../engine/expr/infer-calls';
import { ANY } from '../../engine/expr/types';

export type { StepInfo, StudioRegistries, Vocabulary } from './vocab-types';
export { EMPTY_VOCABULARY, getIn } from './vocab-types';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function vocabularyOf(config: LoadedConfig, registries: StudioRegistries): Vocabulary {
  const used: Record<string, Set<string>> = {};
  const users: Record<string, Set<string>> = {};
  let current = '';
  const use = (key: unknown, params?: unknown) => {
    if (typeof key !== 'string' || !key || key.startsWith('=')) return;
    const set = (used[key] ??= new Set());
    if (current) (users[key] ??= new Set()).add(current);
    if (isObj(params)) for (const p of Object.keys(params)) set.add(p);
  };
  const actions = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const a of list) {
      if (!isObj(a)) continue;
      const key = Object.keys(a).find((k) => k in ACTION_SPEC) as ActionKey | undefined;
      if (!key) continue;
      const spec = ACTION_SPEC[key];
      if (spec.main === 'message') use(a[key], a.params);
      for (const [m, kind] of Object.entries(spec.mods)) {
        if (!(m in a)) continue;
        if (kind === 'message') use(a[m]);
        else if (kind === 'actions') actions(a[m]);
        else if (kind === 'outcomes' && isObj(a[m])) for (const l of Object.values(a[m] as object)) actions(l);
      }
      if (spec.main === 'cases' && Array.isArray(a[key])) for (const c of a[key] as unknown[]) if (isObj(c)) actions(c.do);
      if (spec.main === 'actions') actions(a[key]);
    }
  };
  const walkers = new Map<string, SchemaWalker>();
  const steps: Record<string, StepInfo> = {};
  for (const step of Object.values(config.steps)) {
    current = step.id;
    const emits = new Set<string>();
    const kind = typeof step.screen === 'string' ? step.screen : '';
    const schema = registries.screens[kind] as Json | undefined;
    if (schema && isObj(step.props)) {
      let w = walkers.get(kind);
      if (!w) walkers.set(kind, (w = new SchemaWalker(schema)));
      const props = step.props;
      const dataAt = (p: readonly PathSeg[]) => getIn(props, p);
      const visit = (path: PathSeg[], v: unknown, depth: number) => {
        if (depth > 8) return;
        if (typeof v === 'string') {
          for (const s of w!.raw(path, dataAt)) {
            if (s['x-ref'] === 'message') use(v);
            if (s['x-ref'] === 'event' && !v.startsWith('=')) emits.add(v);
          }
        } else if (Array.isArray(v)) v.forEach((x, i) => visit([...path, i], x, depth + 1));
        else if (isObj(v)) for (const [k, x] of Object.entries(v)) visit([...path, k], x, depth + 1);
      };
      visit([], props, 0);
    }
    actions(step.load);
    if (isObj(step.on)) for (const l of Object.values(step.on)) actions(l);
    steps[step.id] = {
      title: typeof step.title === 'string' ? step.title : undefined,
      route: typeof step.route === 'string' ? step.route : undefined,
      screen: kind || undefined,
      flow: step.flow,
      file: step.file,
      handles: isObj(step.on) ? Object.keys(step.on) : [],
      emits: [...emits],
    };
  }
  current = '';
  for (const k of registries.messages ?? []) use(k);
  return {
    steps,
    messages: Object.fromEntries(Object.entries(config.messages ?? {}).map(([k, v]) => [k, String(v)])),
    usedMessages: Object.fromEntries(Object.entries(used).map(([k, s]) => [k, [...s]])),
    messageUsers: Object.fromEntries(Object.entries(users).map(([k, s]) => [k, [...s]])),
    schemas: Object.keys(config.schemas ?? {}).sort(),
    serverMessages: config.serverMessages ?? {},
    messageFields: [...new Set(Object.entries(ACTION_SPEC).flatMap(([k, spec]) => [...(spec.main === 'message' ? [k] : []), ...Object.entries(spec.mods).filter(([, kind]) => kind === 'message').map(([m]) => m)]))],
    start: config.app?.start,
    login: config.app?.login,
    notFound: config.app?.notFound,
    exprTypes: exprTypesOf(config, registries),
  };
}

/** The checker's types of every place (the same CheckContext the check builds; nothing is reported here). */
export function exprTypesOf(config: LoadedConfig, registries: StudioRegistries): ExprTypes | undefined {
  try {
    const ctx = new CheckContext(config, registries);
    const env = ctx.typeEnv();
    const steps: ExprTypes['steps'] = {};
    for (const step of Object.values(config.steps)) {
      const { roots, event, events, item } = stepRoots(ctx, step);
      steps[step.id] = { form: roots.form ?? ANY, data: roots.data ?? ANY, item, event, events };
    }
    const schemas: ExprTypes['schemas'] = {};
    for (const rel of Object.keys(config.schemas ?? {})) schemas[rel] = schemaFileType(ctx, rel);
    return {
      base: env.roots,
      steps,
      schemas,
      results: Object.fromEntries(registries.calls.map((c) => [c, envelope(ctx.types, c)])),
      functions: Object.fromEntries(Object.entries(env.signatures).map(([name, sig]) => [name, { signature: signatureText(name, sig), doc: sig.doc }])),
    };
  } catch {
    // A draft too broken to type: completion falls back to names only.
    return undefined;
  }
}
