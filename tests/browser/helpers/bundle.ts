/** First-load JS of the built app: the entry script and its modulepreloads, gzip sizes. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DIST } from './app';

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export function firstLoadChunks(dist = DIST): ChunkSize[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
  return [...files].map((f) => {
    const buf = fs.readFileSync(path.join(dist, f.replace(/^\.\//, '')));
    return { file: f, bytes: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
  });
}

export const kB = (n: number) => Math.round((n / 1024) * 10) / 10;
