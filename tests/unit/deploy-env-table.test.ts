/**
 * docs/deploy.md's table of environment variables stays true: every variable the server code reads
 * (`env.NAME`, `process.env.NAME`, `env['NAME']`, or a helper called as `(env, 'NAME')`) has a row, and every
 * row is a variable some code reads. A new setting without a row, or a row left after its code went, fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src/server', 'src/contract'];
const READS = [/\b(?:process\.)?env\??\.([A-Z][A-Z0-9_]+)\b/g, /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g, /\(\s*env\s*,\s*['"]([A-Z][A-Z0-9_]+)['"]/g];

function sourceFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(dir, f));
}

/** Each variable read, with the first file reading it. */
function readsInCode(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of ROOTS.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const re of READS) for (const m of text.matchAll(re)) if (!out.has(m[1])) out.set(m[1], file);
  }
  return out;
}

function tableRows(): string[] {
  const doc = fs.readFileSync('docs/deploy.md', 'utf8');
  const start = doc.indexOf('## 环境变量一览');
  expect(start, 'docs/deploy.md has a section "## 环境变量一览"').toBeGreaterThan(-1);
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1) === -1 ? undefined : doc.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]);
}

describe('docs/deploy.md environment table', () => {
  it('has a row for every variable the server reads, and no row nothing reads', () => {
    const code = readsInCode();
    const rows = tableRows();
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((r, i) => rows.indexOf(r) !== i), 'rows listed twice').toEqual([]);
    const missing = [...code.keys()].filter((n) => !rows.includes(n)).map((n) => `${n} (read in ${code.get(n)})`);
    expect(missing, 'read by the code but not in docs/deploy.md').toEqual([]);
    expect(rows.filter((r) => !code.has(r)), 'in docs/deploy.md but read by no code').toEqual([]);
  });
});
