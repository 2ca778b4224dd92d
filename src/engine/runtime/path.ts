/** Immutable set of a dotted path (`a.b.c`) inside a plain object; arrays by numeric segment. */
export function setIn(obj: unknown, path: string, value: unknown): Record<string, unknown> {
  const keys = path.split('.');
  const rec = (cur: unknown, i: number): unknown => {
    if (i === keys.length) return value;
    const k = keys[i];
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') throw new Error(`cannot set "${path}"`);
    if (Array.isArray(cur) && /^\d+$/.test(k)) {
      const copy = cur.slice();
      copy[Number(k)] = rec(cur[Number(k)], i + 1);
      return copy;
    }
    const base = cur && typeof cur === 'object' && !Array.isArray(cur) ? (cur as Record<string, unknown>) : {};
    return { ...base, [k]: rec(base[k], i + 1) };
  };
  return rec(obj, 0) as Record<string, unknown>;
}

/** Splits a target like `session.user.tag` into root and the rest. */
export function splitTarget(target: string): { root: string; path: string } {
  const i = target.indexOf('.');
  return i < 0 ? { root: target, path: '' } : { root: target.slice(0, i), path: target.slice(i + 1) };
}
