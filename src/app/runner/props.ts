/**
 * Step props evaluation (pure). Every `=expr` is evaluated against the step's
 * scope, EXCEPT values that reference `item` (per-card / per-row values): those
 * stay raw for the screen kind to evaluate with `evalItem(value, item)`.
 * Condition props (keys ending in `If`: visibleIf, enabledIf, emptyIf, openIf)
 * need no `=`; step-level ones arrive as booleans, per-item ones stay raw.
 * An expression that fails to evaluate becomes undefined (logged), never a crash.
 */
import { compileExpr, type FunctionRegistry } from '../../engine/expr';
import type { Value } from '../../engine/types';

const isCondKey = (k: string | null) => !!k && /If$/.test(k);

function usesItem(src: string): boolean {
  try {
    return compileExpr(src).roots.includes('item');
  } catch {
    return false;
  }
}

function evalSrc(src: string, scope: Record<string, unknown>, fns: FunctionRegistry, log: (m: string) => void): unknown {
  try {
    return compileExpr(src).evaluate(scope, fns);
  } catch (e) {
    log(`expression "${src}": ${(e as Error).message}`);
    return undefined;
  }
}

export function evalProps(
  value: Value | undefined,
  scope: Record<string, unknown>,
  fns: FunctionRegistry,
  log: (m: string) => void = (m) => console.warn(m),
  key: string | null = null,
): unknown {
  if (typeof value === 'string') {
    if (value.startsWith('=')) {
      const src = value.slice(1);
      if (usesItem(src)) return value;
      const v = evalSrc(src, scope, fns, log);
      return isCondKey(key) ? !!v : v;
    }
    if (isCondKey(key)) return usesItem(value) ? value : !!evalSrc(value, scope, fns, log);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => evalProps(v, scope, fns, log, null));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = evalProps(v, scope, fns, log, k);
    return out;
  }
  return value;
}

/** evalItem for screen kinds: `=expr` (and nested values) with `item` in scope. */
export function makeEvalItem(scope: () => Record<string, unknown>, fns: FunctionRegistry) {
  return (value: unknown, item: unknown): unknown => {
    const s = { ...scope(), item };
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return v.startsWith('=') ? compileExpr(v.slice(1)).evaluate(s, fns) : v;
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      return v;
    };
    return walk(value);
  };
}

/**
 * The session keys a step's render-time expressions read (props, form initial /
 * readOnlyIf / schema), so the page subscribes to just those. null = "all"
 * (an expression uses `session` other than as `session.<key>`).
 */
export function sessionKeysOf(values: unknown[]): string[] | null {
  const keys = new Set<string>();
  let all = false;
  const visit = (v: unknown, key: string | null) => {
    if (typeof v === 'string') {
      const src = v.startsWith('=') ? v.slice(1) : key && /If$/.test(key) ? v : null;
      if (src === null) return;
      try {
        const c = compileExpr(src);
        if (!c.roots.includes('session')) return;
        const ms = c.members.filter((m) => m.root === 'session');
        // `session` used bare or with a computed member: subscribe to everything.
        const bare = new RegExp(String.raw`\bsession\b(?!\s*\.\s*[A-Za-z_$])`).test(src);
        if (bare || ms.length === 0) all = true;
        for (const m of ms) keys.add(m.key);
      } catch {
        /* a broken expression reads nothing */
      }
      return;
    }
    if (Array.isArray(v)) v.forEach((x) => visit(x, null));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  values.forEach((v) => visit(v, null));
  return all ? null : [...keys].sort();
}
