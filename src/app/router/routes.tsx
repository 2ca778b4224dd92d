/**
 * Hash routes built from the loaded flows: every step's `route` and `aliases`;
 * `/` → the start step's route (unless the start step is `/` itself); anything
 * else → the notFound step. Component router (`<Routes>` over a hash history
 * with blocking, ./history.ts) — not the data router: the guard runs before the
 * step page renders, in StepRoute.
 */
import { checkConfigOnStep } from '../config-version';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, unstable_HistoryRouter as HistoryRouter, useLocation } from 'react-router-dom';
import type { AppRuntime, StepWithId } from '../boot';
import { StepPage } from '../runner/StepPage';
import { useRuntime } from '../runtime-context';
import { BlockingHistoryContext } from './blocker';
import { guard, type GuardDecision } from './guard';
import { createBlockingHashHistory, type BlockingHistory } from './history';

/** The guard's decision for a step at a path (+ query); applies the session writes it asks for. */
export function decide(rt: AppRuntime, step: StepWithId, wanted: string): GuardDecision {
  return guard({ step, wanted, loginStep: rt.steps[rt.app.login], values: rt.session.getState().values });
}

/**
 * Each visit is a fresh StepPage (step data resets, `load` runs). The location
 * key alone does not tell visits apart: every entry the app did not push itself
 * (the page's first URL, a link typed or opened in the same webview) has the key
 * "default", and React keeps the StepRoute across routes, so two such entries in
 * a row would reuse the previous step's page without loading the new one.
 */
export function visitKey(loc: { key: string; pathname: string; search: string }): string {
  return `${loc.key}|${loc.pathname}${loc.search}`;
}

/**
 * Guard, then the step page. A redirect renders nothing but the redirect (no
 * flash of the protected screen).
 */
function StepRoute({ step }: { step: StepWithId }) {
  const rt = useRuntime();
  const loc = useLocation();
  const visit = visitKey(loc);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const d = useMemo(() => decide(rt, step, loc.pathname + loc.search), [rt, step, visit]);
  useLayoutEffect(() => {
    const s = rt.session.getState();
    for (const [k, v] of Object.entries(d.set ?? {})) s.set(k, v);
  }, [rt, d]);
  if (d.kind === 'redirect') return <Navigate to={d.to} replace />;
  return <StepPage key={visit} step={step} />;
}

function NotFoundFallback() {
  return <div style={{ padding: 48, textAlign: 'center', color: 'var(--adm-color-weak)' }}>页面不存在</div>;
}

export interface RouteDef {
  path: string;
  /** The step rendered there (none: a redirect or the plain not-found text). */
  step?: StepWithId;
  redirect?: string;
}

/** Every path → what it shows (pure; unit-tested). */
export function routeDefs(rt: Pick<AppRuntime, 'steps' | 'app'>): RouteDef[] {
  const defs: RouteDef[] = [];
  const seen = new Set<string>();
  for (const step of Object.values(rt.steps)) {
    for (const path of [step.route, ...(step.aliases ?? [])]) {
      if (!path || seen.has(path)) continue;
      seen.add(path);
      defs.push({ path, step });
    }
  }
  const start = rt.steps[rt.app.start];
  if (start && start.route !== '/' && !seen.has('/')) defs.push({ path: '/', redirect: start.route });
  const nf = rt.app.notFound ? rt.steps[rt.app.notFound] : undefined;
  defs.push(nf ? { path: '*', step: nf } : { path: '*' });
  return defs;
}

export function AppRoutes({ runtime }: { runtime: AppRuntime }) {
  const defs = useMemo(() => routeDefs(runtime), [runtime]);
  const loc = useLocation();
  // The centre changed the config since this page loaded: the step being entered starts on it (a reload
  // at the new address; drafts and session values are in local storage). Asked on every step change but
  // the first (boot has just read the config).
  const entered = useRef(false);
  useEffect(() => {
    if (!entered.current) {
      entered.current = true;
      return;
    }
    void checkConfigOnStep();
  }, [loc.key, loc.pathname, loc.search]);
  return (
    <Routes>
      {defs.map((r) => (
        <Route
          key={r.path}
          path={r.path}
          element={r.step ? <StepRoute step={r.step} /> : r.redirect ? <Navigate to={r.redirect} replace /> : <NotFoundFallback />}
        />
      ))}
    </Routes>
  );
}

/** The hash router (one history per app; the server's drawing passes a fixed one). */
export function AppRouter({ children, history: given }: { children: ReactNode; history?: BlockingHistory }) {
  const [history] = useState(() => given ?? createBlockingHashHistory(window));
  return (
    <BlockingHistoryContext.Provider value={history}>
      <HistoryRouter history={history as never}>{children}</HistoryRouter>
    </BlockingHistoryContext.Provider>
  );
}
