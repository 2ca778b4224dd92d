/**
 * Reads a config tree from disk (Node only). Everything else in config/ is
 * pure so the browser can use it.
 *   flows/app.yaml, flows/messages.yaml, flows/<flow>.yaml
 *   schemas/**\/*.json except schemas/meta/**
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { assembleConfig, type LoadResult } from './assemble';
import { parseSource, type Source } from './source';

function listFiles(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? listFiles(p, ext) : f.endsWith(ext) ? [p] : [];
    });
}

export function loadConfig(rootDir: string): LoadResult {
  const rel = (p: string) => relative(rootDir, p).split(sep).join('/');
  const read = (p: string): Source => parseSource(rel(p), readFileSync(p, 'utf8'));
  const flowFiles = listFiles(join(rootDir, 'flows'), '.yaml').filter((p) => !rel(p).slice('flows/'.length).includes('/'));
  const schemaFiles = listFiles(join(rootDir, 'schemas'), '.json').filter((p) => !rel(p).startsWith('schemas/meta/'));
  return assembleConfig([...flowFiles.map(read), ...schemaFiles.map(read)]);
}
