import type { Action } from '../types';

/** Actions after which a load surely goes on to its next action. */
const GOES_ON = ['set', 'toast', 'delay'];

/** Ways through a load looked at before giving up (each `if` doubles them): uncertain past it. */
const MAX_WAYS = 256;

/** Whether every way through `actions` reaches a call (a branch that may stop, navigate or ask first does not count). */
function mustCall(actions: Action[], ways = { left: MAX_WAYS }): boolean {
  if (--ways.left < 0) return false;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i] as unknown;
    if (typeof a !== 'object' || a === null) return false;
    if ('call' in a) return true;
    if ('if' in a) {
      // Each branch, then what follows it: both ways must call.
      const { then, else: otherwise } = a as { then?: Action[] | null; else?: Action[] | null };
      const rest = actions.slice(i + 1);
      return mustCall([...(then ?? []), ...rest], ways) && mustCall([...(otherwise ?? []), ...rest], ways);
    }
    if (!GOES_ON.some((k) => k in a)) return false;
  }
  return false;
}

/**
 * Whether entering a step surely calls: every way through its `load` reaches a `call` (an `if` counts
 * both ways; a stop, a navigation, a question or anything unknown before the call makes it uncertain).
 * Its screen then shows its loading state, not its empty one, until the load has run
 * (app/runner/StepPage.tsx), and its route preloads the request layer with the screen (app/ssr/ssr-entry.tsx,
 * app/main.tsx): bytes that the step would load anyway.
 */
export function callsOnEntry(step: { load?: Action[] }): boolean {
  return mustCall(step.load ?? []);
}
