/**
 * POST /api/studio/export: the live version's files written into CONFIG_DIR
 * (each atomically: a temporary file renamed over the old one), and the config
 * files the version no longer has removed. Only config paths are ever written
 * or removed (readConfigFiles lists no schemas/meta/ or schemas/api/ file, and
 * every path is checked again here), so the engine's format and the server's
 * request schemas are never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isConfigPath } from '../../../engine/config/check-files';
import { readConfigFiles } from '../../../engine/config/read-files';

export function exportToDir(configDir: string, files: Record<string, string>): { written: string[]; removed: string[] } {
  const root = path.resolve(configDir);
  const inside = (rel: string) => {
    const abs = path.resolve(root, rel);
    if (!isConfigPath(rel) || !abs.startsWith(root + path.sep)) throw new Error(`not a config path: ${rel}`);
    return abs;
  };
  const onDisk = readConfigFiles(root);
  const written: string[] = [];
  for (const [rel, text] of Object.entries(files)) {
    const abs = inside(rel);
    if (onDisk[rel] === text) continue;
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, abs);
    written.push(rel);
  }
  const removed: string[] = [];
  for (const rel of Object.keys(onDisk)) {
    if (rel in files || !isConfigPath(rel)) continue;
    fs.rmSync(inside(rel), { force: true });
    removed.push(rel);
  }
  return { written, removed };
}
