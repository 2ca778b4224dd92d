/**
 * The config files of a directory as the map checkConfigFiles reads (Node
 * only; the rest of config/ is pure). The files the loader has always read:
 * flows/<name>.yaml (directly in flows/) and schemas/**\/*.json, except
 * schemas/meta/ (the engine's format) and schemas/api/ (the server's own
 * request schemas); hidden entries (a leading dot: editors' lock and swap
 * files) are skipped. A file whose name is not usable is still read, so the
 * check reports it (check-files.ts `configPathProblem`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_CONFIG_SCHEMA_DIRS } from './check-files';

/** Relative paths (forward slashes) of the files below `rel` ending in `ext`, in sorted walk order. */
function walk(root: string, rel: string, ext: string, deep: boolean, skipDirs: Set<string>): string[] {
  if (!existsSync(join(root, rel))) return [];
  return readdirSync(join(root, rel))
    .sort()
    .flatMap((f) => {
      const r = `${rel}/${f}`;
      if (f.startsWith('.') || skipDirs.has(r)) return [];
      if (statSync(join(root, r)).isDirectory()) return deep ? walk(root, r, ext, deep, skipDirs) : [];
      return f.endsWith(ext) ? [r] : [];
    });
}

/** Path of each config file of `rootDir` → its text. */
export function readConfigFiles(rootDir: string): Record<string, string> {
  const paths = [
    ...walk(rootDir, 'flows', '.yaml', false, new Set()),
    ...walk(rootDir, 'schemas', '.json', true, new Set(NOT_CONFIG_SCHEMA_DIRS.map((d) => `schemas/${d}`))),
  ];
  return Object.fromEntries(paths.map((p) => [p, readFileSync(join(rootDir, p), 'utf8')]));
}
