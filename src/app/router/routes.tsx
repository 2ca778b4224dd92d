/**
 * Hash routes built from the loaded flows: every step's `route` and `aliases`;
 * `/` → the start step's route (unless the start step is `/` itself); anything
 * else → the notFound step. The auth guard runs in each route's loader.
 */
import { createHashRouter, redirect, useLocation, type RouteObject } from 'react-router-dom';
import type { AppRuntime, StepWithId } from '../boot';
import { StepPage } from '../runner/StepPage';
import { guard } from './guard';

/** The location key makes each visit a fresh StepPage (step data resets on entering). */
function StepRoute({ step }: { step: StepWithId }) {
  const loc = useLocation();
  return <StepPage key={loc.key} step={step} />;
}

/** Shown while the first route's loader (the guard) runs. */
function BootFallback() {
  return <div className="cf-boot" />;
}

function NotFoundFallback() {
  return <div style={{ padding: 48, textAlign: 'center', color: '#999' }}>页面不存在</div>;
}

export function stepLoader(rt: AppRuntime, step: StepWithId) {
  return ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const s = rt.session.getState();
    const d = guard({ step, wanted: url.pathname + url.search, loginStep: rt.steps[rt.app.login], values: s.values });
    for (const [k, v] of Object.entries(d.set ?? {})) s.set(k, v);
    return d.kind === 'redirect' ? redirect(d.to) : null;
  };
}

export function buildRoutes(rt: AppRuntime): RouteObject[] {
  const routes: RouteObject[] = [];
  const seen = new Set<string>();
  for (const step of Object.values(rt.steps)) {
    for (const path of [step.route, ...(step.aliases ?? [])]) {
      if (!path || seen.has(path)) continue;
      seen.add(path);
      routes.push({ path, element: <StepRoute step={step} />, loader: stepLoader(rt, step), HydrateFallback: BootFallback });
    }
  }
  const start = rt.steps[rt.app.start];
  if (start && start.route !== '/' && !seen.has('/')) {
    routes.push({ path: '/', loader: () => redirect(start.route), HydrateFallback: BootFallback });
  }
  const nf = rt.app.notFound ? rt.steps[rt.app.notFound] : undefined;
  routes.push(
    nf
      ? { path: '*', element: <StepRoute step={nf} />, loader: stepLoader(rt, nf), HydrateFallback: BootFallback }
      : { path: '*', element: <NotFoundFallback /> },
  );
  return routes;
}

export function createAppRouter(rt: AppRuntime) {
  return createHashRouter(buildRoutes(rt));
}
