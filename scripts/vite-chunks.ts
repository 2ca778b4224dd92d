/**
 * How the examinee app's JS is cut into chunks (issue 27: every route's first
 * load ≤ 100 kB brotli, scripts/bench-bundle.ts).
 *
 * Rolldown's own cut gives every set of importers a chunk of its own, counting
 * the lazy ones (toasts, popups, sheets): a list page loaded 31 files, most
 * under 1 kB, each compressed alone. Brotli starts every file with an empty
 * window, so the same antd/React idioms were paid for again and again:
 * measured on the baseline, the 28 small chunks of /MyOrderList were 22.4 kB
 * sent one by one and 15.7 kB as one file (docs/benchmarks.md). So:
 *
 * - `deepImports()`: `import { Button } from 'antd-mobile'` (and from
 *   antd-mobile-icons and ahooks, which antd-mobile's own files import) becomes
 *   an import of the component's own module. Tree-shaking already dropped the
 *   unused exports; this makes the module graph say which module uses which,
 *   so the rule below can read it (through a barrel every antd component
 *   looks imported by every file that imports any of them). Same modules, same
 *   code; antd's global styles and touch fix (the barrel's one side effect) are
 *   imported with them.
 * - `firstLoadChunks()`: the entry chunk also takes what it statically imports
 *   (React, dayjs, antd's base pieces were chunks of their own on every route)
 *   and what most screen kinds use (buttons, lists, the config provider…).
 *   The rest keeps Rolldown's cut: screen kinds, the form code, axios,
 *   the HTML block and everything lazy stay where they were.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

type Target = { path: string; imported: string };
const BARRELS = ['antd-mobile', 'antd-mobile-icons', 'ahooks'] as const;
type Barrel = (typeof BARRELS)[number];

const splitSpecs = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [orig, local] = s.split(/\s+as\s+/);
      return { orig: orig.trim(), local: (local ?? orig).trim() };
    });

/** Export name → the module (under the package) and the name it has there, read from the barrel file. */
export function readBarrel(pkgDir: string): Map<string, Target> {
  const file = path.join(pkgDir, 'es/index.js');
  const code = fs.readFileSync(file, 'utf8');
  const at = (rel: string) => path.posix.join('es', rel);
  const out = new Map<string, Target>();
  // export { default as Button } from './components/button';
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const s of splitSpecs(m[1])) out.set(s.local, { path: at(m[2]), imported: s.orig });
  }
  // import useX, { a } from './useX'; … export { useX, a };  (ahooks)
  const locals = new Map<string, Target>();
  for (const m of code.matchAll(/import\s+(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s*'([^']+)'/g)) {
    if (m[1]) locals.set(m[1], { path: at(m[3]), imported: 'default' });
    for (const s of m[2] ? splitSpecs(m[2]) : []) locals.set(s.local, { path: at(m[3]), imported: s.orig });
  }
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const s of splitSpecs(m[1])) {
      const t = locals.get(s.orig);
      if (t) out.set(s.local, t);
    }
  }
  return out;
}

const STATEMENT = /\b(import|export)\s*\{([^}]*)\}\s*from\s*(['"])(antd-mobile|antd-mobile-icons|ahooks)\3;?/g;

/**
 * Rewrites one module's named imports/re-exports of the barrels. A statement
 * naming anything the barrel map does not know is left as it is (still right,
 * just through the barrel).
 */
export function rewriteBarrelImports(code: string, maps: Record<Barrel, Map<string, Target>>): string {
  return code.replace(STATEMENT, (whole, kind: string, list: string, _q: string, pkg: Barrel) => {
    const specs = splitSpecs(list).filter((s) => !s.orig.startsWith('type '));
    const targets = specs.map((s) => maps[pkg].get(s.orig));
    if (targets.some((t) => !t)) return whole;
    const lines = specs.map((s, i) => `${kind} { ${targets[i]!.imported} as ${s.local} } from '${pkg}/${targets[i]!.path}';`);
    // The barrel's own side effect (antd's CSS variables and the iOS :active fix).
    if (pkg === 'antd-mobile') lines.unshift(`import 'antd-mobile/es/global';`);
    // One line, as the statement was: line numbers stay, and a match inside a `//` comment stays a comment.
    return lines.join(' ');
  });
}

export function deepImports(): Plugin {
  let root = process.cwd();
  let maps: Record<Barrel, Map<string, Target>> | undefined;
  return {
    name: 'checkup-deep-imports',
    // The phone's bundle only: not the dev server (which pre-bundles deps its own way) nor a server-side build.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(c) {
      root = c.root;
    },
    buildStart() {
      maps = Object.fromEntries(BARRELS.map((p) => [p, readBarrel(path.join(root, 'node_modules', p))])) as Record<Barrel, Map<string, Target>>;
    },
    transform(code, id) {
      if (!maps || id.startsWith('\0') || !/\.[cm]?[jt]sx?$/.test(id.split('?')[0])) return null;
      if (!/from\s*['"](antd-mobile|antd-mobile-icons|ahooks)['"]/.test(code)) return null;
      const out = rewriteBarrelImports(code, maps);
      return out === code ? null : { code: out, map: null };
    },
  };
}

type Info = { isEntry: boolean; importers: readonly string[] } | null;
type Ctx = { getModuleInfo(id: string): Info };

/**
 * What a route loads first besides the entry: its screen kind (one lazy chunk
 * per kind, src/widgets/screens/registry.ts) and, with a form, the form code
 * (src/app/runner/LazyFormSlot.tsx). Everything else lazy loads on a tap.
 */
const FORM_ROOT = /[\\/]src[\\/]app[\\/]runner[\\/]FormSlot\.tsx$/;
const FIRST_LOAD_ROOT = /[\\/]src[\\/](widgets[\\/]screens[\\/][\w-]+[\\/]\w+Screen|app[\\/]runner[\\/]FormSlot)\.tsx$/;

/**
 * The `output.codeSplitting.groups` entry: a module goes into the entry chunk
 * ('index') when the entry imports it statically, or when at least
 * `minRoots` first-load roots do (4 of today's 11: measured against 2–6 with
 * bench-bundle's method, 4 brought the list, detail and item-tree routes
 * under 100 kB without putting the notice and report-text routes over; a
 * module under fewer roots keeps Rolldown's cut, as do lazy-only ones).
 */
export function firstLoadChunks(opts: { firstLoadRoot?: RegExp; minRoots?: number } = {}) {
  const isRoot = opts.firstLoadRoot ?? FIRST_LOAD_ROOT;
  const minRoots = opts.minRoots ?? 4;
  // Per chunking pass (a watch rebuild gets a new context) and module: does the entry reach it, and which
  // first-load roots do (static imports only).
  const memos = new WeakMap<Ctx, Map<string, { entry: boolean; roots: Set<string> }>>();
  function reach(id: string, ctx: Ctx) {
    let memo = memos.get(ctx);
    if (!memo) memos.set(ctx, (memo = new Map()));
    let r = memo.get(id);
    if (r) return r;
    r = { entry: false, roots: new Set() };
    const seen = new Set([id]);
    const todo = [id];
    while (todo.length) {
      const m = todo.pop()!;
      const info = ctx.getModuleInfo(m);
      if (!info) continue;
      if (info.isEntry) r.entry = true;
      if (isRoot.test(m)) r.roots.add(m);
      for (const i of info.importers) if (!seen.has(i)) (seen.add(i), todo.push(i));
    }
    memo.set(id, r);
    return r;
  }
  const firstLoad = (id: string, ctx: Ctx) => {
    const r = reach(id, ctx);
    return r.entry || r.roots.size >= minRoots ? 'index' : null;
  };
  return [
    { debugName: 'first-load', priority: 2, name: firstLoad },
    // The form code's own modules (the field model, the form context) stay in its chunk although the
    // widget chunks (src/widgets/form/widget-files.ts) import them too: the widgets
    // load after it, and split off they were 4 kB more files on every form route. Only those modules,
    // not what they import (that is the entry's, or shared with a screen kind).
    {
      debugName: 'form-code',
      priority: 1,
      includeDependenciesRecursively: false,
      name: (id: string, ctx: Ctx) => {
        const r = reach(id, ctx);
        return !r.entry && r.roots.size === 1 && FORM_ROOT.test([...r.roots][0]) ? 'FormSlot' : null;
      },
    },
  ];
}
