/**
 * The keyword table of docs/form-format.md ("The JSON Schema a form may use"),
 * held to the fixtures row by row. Each row names its examples
 * (tests/fixtures/schema-vocabulary); a row that says **refused** names a file
 * the checker refuses at its line in Chinese, a row that says what the phone
 * does names a file that checks clean, and each named file holds the row's
 * keyword. Every file that checks clean is then built into the form model and
 * submitted as it starts: no message may name a field the form does not show
 * (the rendering of each one: form-vocabulary-render.test.tsx).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, fixture, fixtureNames } from './schema-vocabulary';
import { buildFormModel } from '../../src/engine/form/schema-model';
import { checkSubmission } from '../../src/engine/form/check-submission';
import { cleanValues, initialValues, isUnderHidden } from '../../src/engine/form/values';
import { validateValues } from '../../src/engine/form/validate';
import { compileSchema } from '../../src/engine/schema/ajv';
import { compileExpr, createFunctionRegistry } from '../../src/engine/expr';

interface Row {
  keyword: string;
  keywords: string[];
  phone: string;
  examples: string[];
}

function tableRows(): Row[] {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/form-format.md'), 'utf8');
  const from = doc.indexOf('| keyword | where | on the phone | examples (tested) |');
  expect(from, 'the keyword table with its examples column').toBeGreaterThan(0);
  const lines = doc.slice(from).split('\n');
  const rows: Row[] = [];
  for (const line of lines.slice(2)) {
    if (!line.startsWith('|')) break;
    // Cells split on `|` outside backticks (a cell may show `a|b`).
    const cells = line.slice(1, -1).split(/\|(?=(?:[^`]*`[^`]*`)*[^`]*$)/).map((c) => c.trim());
    expect(cells, line).toHaveLength(4);
    const ticks = (c: string) => [...c.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    rows.push({
      keyword: cells[0],
      keywords: ticks(cells[0]).filter((k) => /^[$A-Za-z-]+$/.test(k)),
      phone: cells[2],
      examples: ticks(cells[3]),
    });
  }
  return rows;
}

const rows = tableRows();
const outcome = new Map<string, string[]>();
const linesOf = (name: string) => {
  if (!outcome.has(name)) outcome.set(name, check(fixture(name)));
  return outcome.get(name)!;
};
const cleanFixtures = () => fixtureNames().filter((n) => linesOf(n).length === 0);

describe('the keyword table, row by row', () => {
  it('has a row per keyword an admin may write, each naming examples that exist', () => {
    expect(rows.length).toBeGreaterThanOrEqual(29);
    const names = new Set(fixtureNames());
    for (const r of rows) {
      expect(r.examples.length, r.keyword).toBeGreaterThan(0);
      for (const e of r.examples) expect(names.has(e), `${r.keyword}: ${e}.json`).toBe(true);
    }
    // …and every example is some row's: no file the table does not explain.
    const named = new Set(rows.flatMap((r) => r.examples));
    expect(fixtureNames().filter((n) => !named.has(n))).toEqual([]);
  });

  it.each(rows.map((r) => [r.keyword, r] as const))('%s', (_k, r) => {
    // The example holds the row's keyword (as a key of the JSON).
    if (r.keywords.length) {
      for (const e of r.examples) {
        const text = fixture(e);
        expect(r.keywords.some((k) => text.includes(`"${k}":`)), `${e}.json should use ${r.keywords.join(' / ')}`).toBe(true);
      }
    }
    const refused = r.examples.filter((e) => linesOf(e).length > 0);
    const clean = r.examples.filter((e) => linesOf(e).length === 0);
    if (r.phone.includes('**refused**')) {
      expect(refused.length, `${r.keyword}: a refused example`).toBeGreaterThan(0);
      for (const e of refused) {
        for (const l of linesOf(e)) expect(l, e).toMatch(/^\d+:\d+ {2}.*[\u4e00-\u9fff]/);
      }
    }
    if (!r.phone.startsWith('**refused**')) expect(clean.length, `${r.keyword}: an example the phone shows`).toBeGreaterThan(0);
  });
});

const fns = createFunctionRegistry({});
const evalCondition = (expr: string, form: Record<string, unknown>) => !!compileExpr(expr).evaluate({ form }, fns);

describe('every schema the checker accepts', () => {
  it.each(cleanFixtures())('%s: built, and as it starts asks only for fields on screen — the server agreeing', (name) => {
    const schema = JSON.parse(fixture(name)) as Record<string, unknown>;
    const root = buildFormModel(schema);
    const validate = compileSchema(schema);
    const { values, hidden } = cleanValues(root, initialValues(root, {}), evalCondition);
    const client = validateValues(root, values, hidden, validate);
    for (const p of Object.keys(client.byPath)) expect(isUnderHidden(p, hidden), `${name}: ${p} is hidden but asked for`).toBe(false);
    // The server (no visibility but the form's own conditions) says the same first thing.
    expect(checkSubmission(root, values, validate).first).toBe(client.first);
  });
});
