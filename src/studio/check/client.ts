/**
 * Runs draft checks in the check worker, the newest draft winning: while a
 * check runs, edits only remember the latest files, checked when it ends. If a
 * worker cannot start (or cannot compile schemas there), the check runs on the
 * page instead (loaded on demand).
 */
import type { StudioFiles } from '../../contract/api/studio';
import type { CheckInput, CheckOutcome } from './run';

type Listener = (outcome: CheckOutcome, revision: number) => void;
type FailListener = (message: string) => void;

export class DraftChecker {
  private worker: Worker | null = null;
  private busy = false;
  private queued: { files: StudioFiles; revision: number } | null = null;
  private seq = 0;
  private pending = new Map<number, number>();
  private inline = false;

  constructor(
    private readonly ctx: CheckInput,
    private readonly onResult: Listener,
    private readonly onFail: FailListener,
  ) {
    try {
      this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (e) => this.handle(e.data);
      this.worker.onerror = () => this.toInline('worker failed to start');
      this.worker.postMessage({ type: 'init', ctx });
    } catch {
      this.inline = true;
    }
  }

  /** Checks `files` (revision: the draft's edit count, echoed with the result). */
  check(files: StudioFiles, revision: number): void {
    if (this.busy) {
      this.queued = { files, revision };
      return;
    }
    this.busy = true;
    if (this.inline || !this.worker) return void this.runInline(files, revision);
    const id = ++this.seq;
    this.pending.set(id, revision);
    this.worker.postMessage({ type: 'check', id, files });
    this.lastFiles = { files, revision };
  }

  private lastFiles: { files: StudioFiles; revision: number } | null = null;

  private handle(m: { type: 'result'; id: number; outcome: CheckOutcome } | { type: 'failed'; id: number; message: string }): void {
    const revision = this.pending.get(m.id) ?? 0;
    this.pending.delete(m.id);
    if (m.type === 'failed') {
      // Ajv compiles with new Function: a worker whose policy forbids it can still check on the page.
      if (/EvalError|unsafe-eval|Content Security Policy/i.test(m.message) && this.lastFiles) return this.toInline(m.message);
      this.onFail(m.message);
    } else this.onResult(m.outcome, revision);
    this.next();
  }

  private toInline(reason: string): void {
    if (this.inline) return;
    console.warn(`studio: checking on the page (${reason})`);
    this.inline = true;
    this.worker?.terminate();
    this.worker = null;
    const last = this.lastFiles;
    this.busy = false;
    if (last && !this.queued) this.queued = last;
    this.next();
  }

  private async runInline(files: StudioFiles, revision: number): Promise<void> {
    try {
      const { runCheck } = await import('./run');
      this.onResult(runCheck(files, this.ctx), revision);
    } catch (err) {
      this.onFail(err instanceof Error ? err.message : String(err));
    }
    this.next();
  }

  private next(): void {
    this.busy = false;
    const q = this.queued;
    this.queued = null;
    if (q) this.check(q.files, q.revision);
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
