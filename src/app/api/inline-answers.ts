/**
 * The answers the page carries for its first screen's public calls (app/ssr/entry-seed.ts):
 * the first call of the same name and body after the page loaded gets its answer without
 * the network (nor the request layer's chunk), once. The step's load then runs as always
 * and finds what the drawing showed. An answer not asked for within ANSWER_LIFE_MS is
 * dropped: the catalogue may have changed since, and the network answers as usual.
 */
import type { Envelope } from '../../contract/calls';
import type { Api } from './client';

export const ANSWER_LIFE_MS = 60_000;

/** One public call the server made for a drawing (app/ssr/entry-seed.ts), and its answer as this layer gives it. */
export interface InlineAnswer {
  name: string;
  body: Record<string, unknown>;
  answer: Envelope;
}

export function withInlineAnswers(api: Api, carried: InlineAnswer[], now: () => number = Date.now): Api {
  const until = now() + ANSWER_LIFE_MS;
  const left = new Map<string, Envelope>();
  for (const c of carried) left.set(JSON.stringify([c.name, c.body]), c.answer);
  return {
    ...api,
    call<T>(name: string, body: Record<string, unknown> = {}, opts?: Parameters<Api['call']>[2]) {
      const key = JSON.stringify([name, body]);
      const hit = left.get(key);
      if (hit) {
        left.delete(key);
        if (now() <= until) return Promise.resolve(JSON.parse(JSON.stringify(hit)) as Envelope<T>);
      }
      return api.call<T>(name, body, opts);
    },
  };
}
