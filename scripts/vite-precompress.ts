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
/**
 * A compressed copy is written when it is at least this many bytes smaller than
 * the file: less would not pay for the `content-encoding` header it adds. (It
 * was "files of 1 kB or more": the app's sub-kilobyte chunks — a dozen on a list
 * page — went out uncompressed at about twice their brotli size.)
 */
const MIN_SAVING = 64;

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
    if (raw.length <= MIN_SAVING) continue;
    const { br, gzip } = compressText(raw);
    const pays = (c: Buffer) => c.length + MIN_SAVING <= raw.length;
    if (pays(br)) fs.writeFileSync(`${file}.br`, br);
    if (pays(gzip)) fs.writeFileSync(`${file}.gz`, gzip);
    if (pays(br) || pays(gzip)) n++;
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
