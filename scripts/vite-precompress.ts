/**
 * Vite build plugin: writes `.br` and `.gz` siblings of the text assets in
 * dist/ so the server (`@fastify/static` `preCompressed`) sends phones the
 * compressed bytes without compressing per request. Brotli at its best
 * quality costs build time once, not CPU per visitor.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compressText } from '../src/server/plugins/compressed.ts';

const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Writes name.br / name.gz next to each text file of `dir`; returns how many files were compressed. */
export function precompressDir(dir: string): number {
  let n = 0;
  for (const file of files(dir)) {
    if (!TEXT.test(file)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const { br, gzip } = compressText(raw);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gzip);
    n++;
  }
  return n;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'checkup-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
