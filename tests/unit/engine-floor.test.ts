/**
 * Older phones (docs/decisions-app.md "Older phones"): the examinee app, built
 * as `npm run build` builds it (vite.config.ts, into a temp dir), has no chunk
 * with syntax or built-in APIs beyond the floor (Chrome 66 / WeChat X5,
 * iOS 12.2) unless scripts/engine-floor.js fills them in; and that script, run
 * in an engine without those APIs, fills them in, or shows the "too old" notice.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBuild, checkChunk, formatFindings } from '../../scripts/check-engine-floor';
import { FLOOR_SCRIPT } from '../../scripts/vite-engine-floor';

const REPO = path.resolve(__dirname, '../..');

describe('the built app against the older-phone floor', () => {
  let out = '';
  beforeAll(() => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-floor-'));
    execFileSync(process.execPath, [path.join(REPO, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', out, '--emptyOutDir'], {
      cwd: REPO,
      // vitest sets NODE_ENV=test, which would bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 240_000,
    });
  }, 300_000);
  afterAll(() => {
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it('has no chunk (home, order form, questionnaire, every lazy one) beyond the floor', () => {
    const chunks = fs.readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js'));
    // The journey's lazy screens are among them, so "all chunks" covers them.
    for (const lazy of ['FormSlot-', 'QuestionFlowScreen-', 'CalendarScreen-', 'TreeSelectScreen-', 'MenuScreen-']) expect(chunks.some((f) => f.startsWith(lazy)), lazy).toBe(true);
    const findings = checkBuild(out);
    expect(formatFindings(findings)).toBe('');
  });

  it('loads the floor script first in <head>, deferred and external (the CSP allows no inline script)', () => {
    const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts[0]).toMatch(/^<script defer src="\.\/assets\/engine-floor-[\w-]+\.js">$/);
    expect(scripts.slice(1).every((s) => /type="module"/.test(s) && /src=/.test(s))).toBe(true);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('checkChunk', () => {
  const features = (code: string, polyfills?: string[]) => checkChunk(code, 'x.js', polyfills).map((f) => f.feature.split(' (')[0]);

  it('names syntax beyond the floor', () => {
    expect(features('a?.b')).toEqual(['optional chaining ?.']);
    expect(features('a ?? b')).toEqual(['nullish coalescing ??']);
    expect(features('let n = 10n')).toEqual(['BigInt literal']);
    expect(features('let r = /(?<=a)b/')).toEqual(['regex lookbehind']);
    expect(features('export * as ns from "./y.js"')).toEqual(['export * as ns']);
    expect(features('a ||= b')).toEqual(['syntax above the floor']);
    expect(features('class A { x = 1 }')).toEqual(['syntax above the floor']);
    expect(checkChunk('let a = 1;\nlet b = c?.d', 'x.js')[0]).toMatchObject({ chunk: 'x.js', line: 2, column: 9 });
  });

  it('accepts what the floor has: dynamic import, import.meta, object spread, optional catch', () => {
    expect(features('import("./a.js"); new URL("x", import.meta.url); let o = {...p}; try {} catch {}')).toEqual([]);
  });

  it('names built-ins above the floor unless polyfilled or feature-tested in the chunk', () => {
    expect(features('Object.hasOwn(a, "b"); s.replaceAll("a", "b"); [1].at(-1)', [])).toEqual(['Object.hasOwn', '.replaceAll', '.at']);
    expect(features('Object.hasOwn(a, "b"); x.flat(); structuredClone(v)')).toEqual([]);
    expect(features('let c = typeof crypto < "u" && crypto.randomUUID ? crypto.randomUUID() : "id"')).toEqual([]);
    expect(features('if (typeof ResizeObserver > "u") f(); else new ResizeObserver(f)')).toEqual([]);
    expect(features('new ResizeObserver(f)')).toEqual(['ResizeObserver']);
    expect(features('let o = { globalThis: 1, structuredClone: 2 }; o.queueMicrotask')).toEqual([]);
  });
});

/** A window of an engine at the floor (Chrome 66-72): no Object.fromEntries and later. */
function oldEngine(opts: { abortController: boolean }) {
  const root = { innerHTML: '' };
  const ctx = vm.createContext({
    document: { createElement: () => ({ noModule: false }), getElementById: (id: string) => (id === 'root' ? root : null) },
    AbortController: opts.abortController ? function AbortController() {} : undefined,
    IntersectionObserver: function IntersectionObserver() {},
  });
  vm.runInContext('window = this; delete Object.fromEntries; delete Object.hasOwn; delete Array.prototype.flat; delete Array.prototype.flatMap;', ctx);
  vm.runInContext(fs.readFileSync(FLOOR_SCRIPT, 'utf8'), ctx);
  return { ctx, root, run: (code: string) => vm.runInContext(code, ctx) };
}

describe('scripts/engine-floor.js', () => {
  it('fills in the APIs above the floor the bundle calls', () => {
    const { run, root } = oldEngine({ abortController: true });
    expect(root.innerHTML).toBe('');
    expect(run('JSON.stringify(Object.fromEntries([["a", 1], ["b", 2]]))')).toBe('{"a":1,"b":2}');
    expect(run('JSON.stringify(Object.fromEntries(new Map([["m", 3]])))')).toBe('{"m":3}');
    expect(run('[Object.hasOwn({a: 1}, "a"), Object.hasOwn({}, "toString")].join()')).toBe('true,false');
    expect(run('JSON.stringify([1, [2, [3, [4]]]].flat())')).toBe('[1,2,[3,[4]]]');
    expect(run('JSON.stringify([1, [2, [3, [4]]]].flat(Infinity))')).toBe('[1,2,3,4]');
    expect(run('JSON.stringify([1, 2].flatMap((x) => [x, [x * 10]]))')).toBe('[1,[10],2,[20]]');
    expect(run('Object.keys(Array.prototype).includes("flat")')).toBe(false);
    const cloned = run(`(() => {
      const src = { a: [1, { b: 2 }], d: new Date(5), m: new Map([["k", { v: 1 }]]), s: new Set([1]) };
      src.self = src;
      const c = structuredClone(src);
      return [c !== src, c.a[1] !== src.a[1], c.a[1].b, c.d.getTime(), c.d !== src.d, c.m.get("k").v, c.s.has(1), c.self === c].join();
    })()`);
    expect(cloned).toBe('true,true,2,5,true,1,true,true');
    expect(() => run('structuredClone({ f() {} })')).toThrow(/could not be cloned/);
  });

  it('leaves an engine that has them alone', () => {
    const ctx = vm.createContext({ document: { createElement: () => ({ noModule: false }), getElementById: () => null }, AbortController() {}, IntersectionObserver() {} });
    vm.runInContext('window = this; window.structuredClone = function mine() {};', ctx);
    vm.runInContext(fs.readFileSync(FLOOR_SCRIPT, 'utf8'), ctx);
    expect(vm.runInContext('structuredClone.name + Object.hasOwn.toString().includes("native code")', ctx)).toBe('minetrue');
  });

  it('shows the plain Chinese notice on an engine below the floor', () => {
    const { root, run } = oldEngine({ abortController: false });
    expect(root.innerHTML).toContain('当前微信版本或手机系统过旧');
    expect(run('window.__checkupTooOld')).toBe(true);
    expect(run('typeof Object.hasOwn')).toBe('undefined');
  });
});
