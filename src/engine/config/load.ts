/**
 * Reads a config tree from disk (Node only). Everything else in config/ is
 * pure so the browser can use it: the directory is read into a path → text
 * map (read-files.ts) and loaded by the same code the studio runs
 * (check-files.ts).
 *   flows/app.yaml, flows/messages.yaml, flows/<flow>.yaml
 *   schemas/**\/*.json except schemas/meta/** and schemas/api/**
 */
import type { LoadResult } from './assemble';
import { loadConfigFiles } from './check-files';
import { readConfigFiles } from './read-files';

export { readConfigFiles } from './read-files';

export function loadConfig(rootDir: string): LoadResult {
  return loadConfigFiles(readConfigFiles(rootDir));
}
