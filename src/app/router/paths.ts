/** Step id ↔ route path helpers (pure). */
import type { StepWithId } from '../boot';

/** `/a?x=1` from a step id and a query; unknown step → throws (the checker should have refused it). */
export function pathOf(steps: Record<string, StepWithId>, stepId: string, query: Record<string, string> = {}): string {
  const s = steps[stepId];
  if (!s) throw new Error(`unknown step "${stepId}"`);
  const qs = new URLSearchParams(query).toString();
  return qs ? `${s.route}?${qs}` : s.route;
}

/** Query object from `?a=1&b=2` (last value wins). */
export function parseQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

/**
 * The step's `query` root: the hash route's query, plus the real address's query
 * (an OAuth provider may put its parameters there) — the hash wins; `v` (the
 * version guard's) is left out.
 */
export function stepQuery(hashSearch: string, locationSearch: string): Record<string, string> {
  const outer = parseQuery(locationSearch);
  delete outer.v;
  return { ...outer, ...parseQuery(hashSearch) };
}
