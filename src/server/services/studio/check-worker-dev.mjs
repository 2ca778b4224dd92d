// The check worker's entry when the server runs from its TypeScript sources
// (`npm run dev:server`, the tests): Node 20 does not apply `--import tsx` to
// worker threads, so tsx loads check-worker.ts here. The compiled server
// (build/server/check-worker.js) does not use this file.
import { tsImport } from 'tsx/esm/api';

await tsImport('./check-worker.ts', import.meta.url);
