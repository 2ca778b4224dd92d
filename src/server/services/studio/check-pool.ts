/**
 * The studio's server-side config check off the event loop. A whole draft takes
 * about a second of CPU (Ajv compiles, the engine's checker); run on the main
 * thread, the instance answered nobody meanwhile. The pool is one worker thread
 * (check-worker.ts), started at the first check (or when the studio page opens:
 * `warm`), kept warm, unref'd (it never
 * holds the process open; ref'd only while a check runs). Checks run one at a
 * time in the order asked. A worker that dies (crash, out of memory) fails the
 * check it was running with a CheckWorkerFailure, never a hang, and the next
 * check starts a new one; a check running longer than `timeoutMs` ends its
 * worker the same way.
 *
 * The worker's file, found from this module's own location:
 *  - from the sources (`npm run dev:server`, the tests: this file is .ts):
 *    check-worker-dev.mjs beside it, which loads check-worker.ts through tsx;
 *  - compiled (`node build/server/main.js`: this code is in main.js or in a
 *    chunk under chunks/): build/server/check-worker.js, its own entry point in
 *    scripts/build-server.mjs.
 */
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { LoadedConfig } from '../../../engine/config/assemble';
import { loadConfigFiles } from '../../../engine/config/check-files';
import type { ConfigError, Registries } from '../../../engine/types';
import { serverMetaSchema } from '../../config-live';
import type { CheckAnswer, CheckRequest } from './check-protocol';

/** A check that could not finish: its worker died, or it ran out of time. */
export class CheckWorkerFailure extends Error {
  constructor(readonly reason: 'crashed' | 'timeout', message: string) {
    super(message);
  }
}

export interface CheckOutcome {
  config: LoadedConfig;
  errors: ConfigError[];
}

interface Job {
  req: CheckRequest;
  resolve: (r: CheckOutcome) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
}

export const CHECK_TIMEOUT_MS = 30_000;

/** The worker's file (see the header): a URL beside this module, or beside the compiled main.js. */
export function checkWorkerFile(from: string = import.meta.url): URL {
  if (/\.[cm]?ts$/.test(new URL(from).pathname)) return new URL('./check-worker-dev.mjs', from);
  for (const rel of ['./check-worker.js', '../check-worker.js']) {
    const u = new URL(rel, from);
    if (fs.existsSync(u)) return u;
  }
  throw new Error(`the studio's check worker (check-worker.js) is not beside ${from}: run \`npm run build\``);
}

/**
 * The checked config with `sources` back (parsed again from the files when someone reads them: the server
 * never does, the checker and the studio page do), so it is the same object the main thread's check gives.
 */
function withSources(config: Omit<LoadedConfig, 'sources'>, files: Record<string, string>): LoadedConfig {
  let sources: LoadedConfig['sources'] | undefined;
  return Object.defineProperty(config, 'sources', {
    enumerable: true,
    configurable: true,
    get: () => (sources ??= loadConfigFiles(files).config.sources),
  }) as LoadedConfig;
}

export class CheckPool {
  private worker: Worker | null = null;
  private running: Job | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private readonly timeoutMs: number;
  private readonly meta: () => object;
  private readonly file: () => URL;

  constructor(opts: { timeoutMs?: number; meta?: () => object; file?: () => URL } = {}) {
    this.timeoutMs = opts.timeoutMs ?? CHECK_TIMEOUT_MS;
    this.meta = opts.meta ?? serverMetaSchema;
    this.file = opts.file ?? (() => checkWorkerFile());
  }

  /** The engine's check of `files` with `registries` (the server's), in the worker: the same answer as `checkConfigFiles`. */
  check(files: Record<string, string>, registries: Registries): Promise<CheckOutcome> {
    return new Promise<CheckOutcome>((resolve, reject) => {
      this.queue.push({ req: { id: this.nextId++, files, registries }, resolve, reject });
      this.next();
    });
  }

  /** Starts the worker now if there is none (the studio page opened: its first check need not wait for the start). */
  warm(): void {
    try {
      this.ensureWorker();
    } catch {
      // the first check reports it
    }
  }

  /** Whether a check is running in the worker now. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Ends the worker now (the check it runs fails as crashed); the next check starts a new one. */
  async stopWorker(): Promise<void> {
    const w = this.worker;
    if (w) await w.terminate();
  }

  /** Ends the worker and fails every check still waiting. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new CheckWorkerFailure('crashed', 'the config check pool was closed'));
    await this.stopWorker();
  }

  private next(): void {
    if (this.running || !this.queue.length) return;
    let w: Worker;
    try {
      w = this.ensureWorker();
    } catch (e) {
      for (const job of this.queue.splice(0)) job.reject(e as Error);
      return;
    }
    const job = this.queue.shift()!;
    this.running = job;
    w.ref(); // a check on its way keeps the process up, an idle worker does not
    job.timer = setTimeout(() => {
      this.lost(w, new CheckWorkerFailure('timeout', `the config check took longer than ${this.timeoutMs} ms: its worker was stopped`));
      void w.terminate();
    }, this.timeoutMs);
    w.postMessage(job.req);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.file(), { workerData: { meta: this.meta() } });
    w.unref();
    w.on('message', (a: CheckAnswer) => {
      const job = this.running;
      if (this.worker !== w || !job || job.req.id !== a.id) return;
      this.done(w);
      if ('failed' in a) job.reject(new Error(a.failed));
      else job.resolve({ config: withSources(a.config, job.req.files), errors: a.errors });
      this.next();
    });
    // 'error' (an uncaught exception, out of memory) is followed by 'exit': the first one tells.
    w.on('error', (e) => this.lost(w, new CheckWorkerFailure('crashed', `the config check worker crashed: ${e.message}`)));
    w.on('exit', (code) => this.lost(w, new CheckWorkerFailure('crashed', `the config check worker exited (code ${code})`)));
    this.worker = w;
    return w;
  }

  private done(w: Worker): void {
    if (this.running?.timer) clearTimeout(this.running.timer);
    this.running = null;
    w.unref();
  }

  /** The worker `w` is gone (or being stopped): its check fails, the checks waiting go to a new one. */
  private lost(w: Worker, failure: CheckWorkerFailure): void {
    if (this.worker !== w) return;
    this.worker = null;
    const job = this.running;
    this.done(w);
    job?.reject(failure);
    this.next();
  }
}

let shared: CheckPool | undefined;
/** The process's pool (every StudioLive of the process shares its one warm worker). */
export function studioCheckPool(): CheckPool {
  return (shared ??= new CheckPool());
}
