/**
 * The studio's config check in a worker thread (started by check-pool.ts): the
 * engine's whole check of a draft, about a second of CPU, off the server's
 * event loop. The main thread sends the files and the server's registries with
 * each check and the flow format once (workerData), so the result is exactly
 * what `checkServerFiles` gives on the main thread. The checked config goes
 * back without `sources` (their position finders are functions, which
 * structured clone refuses); the pool puts them back, lazily, on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkConfigFiles } from '../../../engine/config/check-files';
import type { CheckAnswer, CheckRequest } from './check-protocol';

const port = parentPort;
if (!port) throw new Error('check-worker.ts runs as a worker thread (services/studio/check-pool.ts)');
const meta = (workerData as { meta: object }).meta;

port.on('message', (req: CheckRequest) => {
  let answer: CheckAnswer;
  try {
    const { config, errors } = checkConfigFiles(req.files, req.registries, meta);
    const { sources: _sources, ...plain } = config;
    answer = { id: req.id, config: plain, errors };
  } catch (e) {
    answer = { id: req.id, failed: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(answer);
});
