/**
 * The package's root: the nearest folder above this file holding package.json.
 * The engine's own meta schemas and the default config live under it. Found
 * from the code's location, never the working directory, so it holds for
 * `tsx src/…` in development and for the compiled server alike.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const REPO_ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));
