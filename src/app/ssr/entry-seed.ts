/**
 * What a landing step's `load` gives when the server may run it (issue 27: "the data that
 * needs no login inlined"). Pure, shared by the server render bundle (ssr-entry.tsx) and
 * the tests.
 *
 * The load runs with effects that allow only two things: a read of the public catalogue
 * (calls.ts `catalogue`: packages, day capacities, notices — `publicCall`), which
 * the server answers itself, and writes to the step's own data. Anything else — a per-user
 * call, a navigation, a question, a session write, a stop — means the step is the phone's
 * to draw. The step is then drawn with that data, and the page carries the data and each
 * call's answer: the phone starts the step with the data (hydrating the same markup) and
 * its load, run as usual, gets those answers without the network (api/inline-answers.ts).
 */
import { isCatalogueCall, type Envelope } from '../../contract/calls';
import { runActions, type Effects } from '../../engine/runtime';
import type { AppRuntime, StepWithId } from '../boot';
import { firstScope, type InlineAnswer } from './landing';

export type { InlineAnswer };

/** The step's data after its load, and the answers that load got. */
export interface EntrySeed {
  data: Record<string, unknown>;
  calls: InlineAnswer[];
}

/** Answers a public call as the phone's request layer would (the server's own, without the network). */
export type PublicCall = (name: string, body: Record<string, unknown>) => Promise<Envelope>;

/**
 * The seed of a step the server can draw as the person will see it, or null (the phone draws it):
 * no form (its schema and draft live on the phone), and a `load` that does nothing with this
 * session but public calls (when `publicCall` is given) and writes to `data`.
 */
export async function entrySeed(
  step: StepWithId,
  rt: Pick<AppRuntime, 'session' | 'startup' | 'app' | 'fns' | 'messages'>,
  pageSearch: string,
  publicCall?: PublicCall,
): Promise<EntrySeed | null> {
  if (step.form) return null;
  const scope = firstScope(rt, '', pageSearch);
  if (!step.load?.length) return { data: {}, calls: [] };
  let acted = false;
  const stop = (): never => {
    acted = true;
    throw new Error('the entry acts');
  };
  const calls: InlineAnswer[] = [];
  const effects: Effects = {
    call: async (name, body) => {
      if (!publicCall || !isCatalogueCall(name)) return stop();
      const answer = await publicCall(name, body);
      calls.push({ name, body, answer });
      return answer;
    },
    // `keep` and `set` write the scope themselves; only the step's own data may change.
    set: (target) => (target === 'data' ? undefined : stop()),
    navigate: stop, back: stop, alert: stop, confirm: stop, toast: stop, delay: stop, sheet: stop,
    invoke: stop, validateForm: stop,
  };
  try {
    const r = await runActions(step.load, { scope, effects, messages: rt.messages, fns: rt.fns, step, isJsonText: () => false });
    if (r !== 'done' || acted) return null;
  } catch {
    return null;
  }
  return { data: scope.data, calls };
}
