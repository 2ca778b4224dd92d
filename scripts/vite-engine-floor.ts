/**
 * Vite build plugin: the oldest engines the examinee app supports (see
 * docs/decisions-app.md "Older phones") and what carries them. The modules stay
 * today's es2019 build; a small classic script (scripts/engine-floor.js,
 * minified to assets/engine-floor-<hash>.js) goes first in <head> with `defer`,
 * so it runs after parsing and before any module script: it shows the "too old"
 * notice on engines below the floor and fills in the few APIs above it that the
 * bundle calls. An external file, because the CSP allows no inline script.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';

/** The floor: WeChat's X5 (TBS 045, Chromium 66) on Android, WKWebView of iOS 12.2 (Safari 12.1). */
export const ENGINE_FLOOR = { chrome: 66, safari: 12.1 } as const;
/** APIs above the floor that scripts/engine-floor.js fills in (kept in step with it; the check trusts this list). */
export const POLYFILLED = ['Object.fromEntries', 'Object.hasOwn', 'Array.prototype.flat', 'Array.prototype.flatMap', 'structuredClone'];

export const FLOOR_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'engine-floor.js');

export function engineFloor(): Plugin {
  return {
    name: 'checkup-engine-floor',
    apply: 'build',
    buildStart() {
      // es2015 output: it has to parse in the engines it turns away.
      const code = transformSync(fs.readFileSync(FLOOR_SCRIPT, 'utf8'), { minify: true, target: 'es2015', charset: 'utf8' }).code;
      this.emitFile({ type: 'asset', name: 'engine-floor.js', source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const file = ctx.bundle ? Object.values(ctx.bundle).find((f) => f.type === 'asset' && f.names?.includes('engine-floor.js'))?.fileName : undefined;
        if (!file) throw new Error('engine-floor: engine-floor.js not in the bundle');
        return [{ tag: 'script', attrs: { defer: true, src: `./${file}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}
