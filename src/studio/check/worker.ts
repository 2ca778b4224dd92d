/**
 * The check worker: runs the checker off the page's thread (a check of the
 * whole config takes about a second; typing must not wait for it).
 *   in:  { type: 'init', ctx } once, then { type: 'check', id, files }
 *   out: { type: 'result', id, outcome } | { type: 'failed', id, message }
 */
import type { StudioFiles } from '../../contract/api/studio';
import { runCheck, type CheckInput } from './run';

interface Scope {
  onmessage: ((e: MessageEvent) => void) | null;
  postMessage(m: unknown): void;
}
const scope = self as unknown as Scope;
let ctx: CheckInput | null = null;

scope.onmessage = (e: MessageEvent) => {
  const m = e.data as { type: 'init'; ctx: CheckInput } | { type: 'check'; id: number; files: StudioFiles };
  if (m.type === 'init') {
    ctx = m.ctx;
    return;
  }
  if (!ctx) return scope.postMessage({ type: 'failed', id: m.id, message: 'no check context' });
  try {
    scope.postMessage({ type: 'result', id: m.id, outcome: runCheck(m.files, ctx) });
  } catch (err) {
    scope.postMessage({ type: 'failed', id: m.id, message: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
  }
};
