import type { Action } from '../types';

/**
 * Whether entering a step always calls: a `call` among its `load`'s top-level actions (a call under a
 * condition may not happen). Its screen then shows its loading state, not its empty one, until the
 * load has run (app/runner/StepPage.tsx), and its route preloads the request layer with the screen
 * (app/ssr/ssr-entry.tsx, app/main.tsx).
 */
export function callsOnEntry(step: { load?: Action[] }): boolean {
  return (step.load ?? []).some((a) => typeof a === 'object' && a !== null && 'call' in a);
}
