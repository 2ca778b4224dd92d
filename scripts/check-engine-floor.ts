/**
 * Checks every JS file of a built app against the older-phone floor
 * (docs/decisions-app.md "Older phones": Chrome 66 / WeChat X5, iOS 12.2 / Safari 12.1).
 *
 * Syntax: each chunk is parsed with acorn at ES2020 — the floor has dynamic
 * import() and import.meta (Chrome 64, Safari 11.1), which acorn files under
 * ES2020 — so ES2021+ syntax fails the parse, and the ES2020 bits the floor
 * lacks are looked for in the tree: `?.`, `??`, BigInt literals, `export * as`,
 * and regex lookbehind (Safari 16.4).
 *
 * APIs: calls and references of built-ins above the floor. A use counts as
 * guarded when the same chunk tests for it (`typeof X`, `X ? … :`, `if (X)`,
 * `X && …`), the way libraries feature-detect; anything else must be filled in
 * by scripts/engine-floor.js (POLYFILLED). The check is by name, so it may
 * flag a library method that happens to share a name: say so in ALLOWED with why.
 *
 *   node --import tsx scripts/check-engine-floor.ts <outDir>
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse, type Node } from 'acorn';
import { ancestor } from 'acorn-walk';
import { POLYFILLED } from './vite-engine-floor.ts';

/** Built-ins above the floor: name → first Chrome / Safari with it. `.x` = a method looked up on any object. */
export const ABOVE_FLOOR: Record<string, string> = {
  'Object.fromEntries': 'Chrome 73, Safari 12.1',
  'Object.hasOwn': 'Chrome 93, Safari 15.4',
  'Object.groupBy': 'Chrome 117, Safari 17.4',
  'Promise.allSettled': 'Chrome 76, Safari 13',
  'Promise.any': 'Chrome 85, Safari 14',
  'Promise.withResolvers': 'Chrome 119, Safari 17.4',
  'Array.fromAsync': 'Chrome 121, Safari 16.4',
  'Array.prototype.flat': 'Chrome 69, Safari 12',
  'Array.prototype.flatMap': 'Chrome 69, Safari 12',
  '.replaceAll': 'Chrome 85, Safari 13.1',
  '.matchAll': 'Chrome 73, Safari 13',
  '.at': 'Chrome 92, Safari 15.4',
  '.findLast': 'Chrome 97, Safari 15.4',
  '.findLastIndex': 'Chrome 97, Safari 15.4',
  '.toSorted': 'Chrome 110, Safari 16',
  '.toReversed': 'Chrome 110, Safari 16',
  '.toSpliced': 'Chrome 110, Safari 16',
  '.replaceChildren': 'Chrome 86, Safari 14',
  'crypto.randomUUID': 'Chrome 92, Safari 15.4',
  structuredClone: 'Chrome 98, Safari 15.4',
  globalThis: 'Chrome 71, Safari 12.1',
  queueMicrotask: 'Chrome 71, Safari 12.1',
  ResizeObserver: 'Chrome 64, Safari 13.1',
  BigInt: 'Chrome 67, Safari 14',
  WeakRef: 'Chrome 84, Safari 14.1',
  FinalizationRegistry: 'Chrome 84, Safari 14.1',
  AggregateError: 'Chrome 85, Safari 14',
  requestIdleCallback: 'Chrome 47, never in Safari',
  'Intl.RelativeTimeFormat': 'Chrome 71, Safari 14',
  'Intl.ListFormat': 'Chrome 72, Safari 14.1',
  'Intl.Segmenter': 'Chrome 87, Safari 14.1',
  'Intl.DisplayNames': 'Chrome 81, Safari 14.1',
};

/** Names flagged by the name-only match that are not the built-in (none today). */
const ALLOWED: Record<string, string> = {};

export interface Finding {
  chunk: string;
  line: number;
  column: number;
  feature: string;
}

type AnyNode = Node & Record<string, any>;

function memberName(n: AnyNode): string | undefined {
  if (n.type !== 'MemberExpression' || n.computed || n.property.type !== 'Identifier') return undefined;
  const prop = n.property.name as string;
  const obj = n.object as AnyNode;
  if (obj.type === 'Identifier' && `${obj.name}.${prop}` in ABOVE_FLOOR) return `${obj.name}.${prop}`;
  if (obj.type === 'MemberExpression' && memberName(obj) === undefined && !obj.computed && obj.property.name === 'prototype' && obj.object.type === 'Identifier') {
    const full = `${obj.object.name}.prototype.${prop}`;
    if (full in ABOVE_FLOOR) return full;
  }
  if (`Array.prototype.${prop}` in ABOVE_FLOOR) return `Array.prototype.${prop}`;
  if (`.${prop}` in ABOVE_FLOOR) return `.${prop}`;
  return undefined;
}

/**
 * Is `node` (last of `ancestors`) a feature test: the operand of `typeof` or `in`,
 * or — through `!`, comparisons and `&&`/`||` — the test of `?:`/`if`, or the
 * left side of `&&`/`||` (`X && X()`, `typeof c < "u" && c.randomUUID ? … : …`).
 */
function isTest(ancestors: AnyNode[]): boolean {
  let child = ancestors[ancestors.length - 1];
  for (let i = ancestors.length - 2; i >= 0; i--) {
    const parent = ancestors[i];
    if (parent.type === 'UnaryExpression' && parent.operator === 'typeof') return true;
    if (parent.type === 'BinaryExpression' && parent.operator === 'in') return true;
    if ((parent.type === 'ConditionalExpression' || parent.type === 'IfStatement') && parent.test === child) return true;
    if (parent.type === 'LogicalExpression' && parent.left === child) return true;
    const passThrough =
      (parent.type === 'UnaryExpression' && parent.operator === '!') ||
      (parent.type === 'BinaryExpression' && /^[!=]==?$/.test(parent.operator)) ||
      (parent.type === 'LogicalExpression' && parent.right === child);
    if (!passThrough) return false;
    child = parent;
  }
  return false;
}

function lineCol(code: string, pos: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = code.indexOf('\n'); i !== -1 && i < pos; i = code.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return { line, column: pos - last };
}

/** Findings of one chunk's source (`chunk` names it in messages). */
export function checkChunk(code: string, chunk: string, polyfills: readonly string[] = POLYFILLED): Finding[] {
  const found: Finding[] = [];
  const at = (pos: number, feature: string) => found.push({ chunk, ...lineCol(code, pos), feature });
  let ast: Node;
  try {
    ast = parse(code, { ecmaVersion: 2020, sourceType: 'module' });
  } catch (e) {
    const pos = (e as { pos?: number }).pos ?? 0;
    at(pos, `syntax above the floor (${(e as Error).message})`);
    return found;
  }
  const uses: Array<{ name: string; pos: number }> = [];
  const guarded = new Set<string>();
  const polyfilled = new Set(polyfills);
  ancestor(ast, {
    ChainExpression: (n) => at(n.start, 'optional chaining ?. (ES2020: Chrome 80, Safari 13.1)'),
    LogicalExpression: (n: AnyNode) => {
      if (n.operator === '??') at(n.start, 'nullish coalescing ?? (ES2020: Chrome 80, Safari 13.1)');
    },
    Literal: (n: AnyNode) => {
      if (n.bigint !== undefined) at(n.start, 'BigInt literal (Chrome 67, Safari 14)');
      if (n.regex && /\(\?<[=!]/.test(n.regex.pattern)) at(n.start, 'regex lookbehind (Safari 16.4)');
    },
    ExportAllDeclaration: (n: AnyNode) => {
      if (n.exported) at(n.start, 'export * as ns (Chrome 72, Safari 14.1)');
    },
    MemberExpression: (n: AnyNode, _s: unknown, anc: AnyNode[]) => {
      const name = memberName(n);
      if (!name) return;
      if (isTest(anc)) guarded.add(name);
      else uses.push({ name, pos: n.start });
    },
    Identifier: (n: AnyNode, _s: unknown, anc: AnyNode[]) => {
      if (!(n.name in ABOVE_FLOOR)) return;
      const parent = anc[anc.length - 2];
      // A property key or a member's property named like a global is not the global.
      if (parent?.type === 'MemberExpression' && parent.property === n && !parent.computed) return;
      if (parent?.type === 'Property' && parent.key === n && !parent.computed) return;
      if (isTest(anc)) guarded.add(n.name);
      else uses.push({ name: n.name, pos: n.start });
    },
  });
  for (const u of uses) {
    if (polyfilled.has(u.name) || guarded.has(u.name) || u.name in ALLOWED) continue;
    at(u.pos, `${u.name} (${ABOVE_FLOOR[u.name]}), neither polyfilled by scripts/engine-floor.js nor feature-tested here`);
  }
  return found;
}

/** Every .js file under `outDir` (the examinee app's build; the studio is desktop-only and skipped). */
export function checkBuild(outDir: string): Finding[] {
  const out: Finding[] = [];
  // The polyfills count only when index.html loads the floor script.
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const polyfills = /<script defer src="\.\/assets\/engine-floor-[\w-]+\.js"><\/script>/.test(html) ? POLYFILLED : [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'studio') walk(p);
      } else if (e.name.endsWith('.js')) out.push(...checkChunk(fs.readFileSync(p, 'utf8'), path.relative(outDir, p), polyfills));
    }
  };
  walk(outDir);
  return out;
}

export function formatFindings(findings: Finding[]): string {
  return findings.map((f) => `${f.chunk}:${f.line}:${f.column} ${f.feature}`).join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const dir = process.argv[2] ?? 'dist';
  const findings = checkBuild(dir);
  console.log(findings.length ? formatFindings(findings) : `${dir}: every chunk within the older-phone floor`);
  if (findings.length) process.exitCode = 1;
}
