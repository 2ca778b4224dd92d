/**
 * Route-level code splitting and the first-load budget (booking app: the home
 * route's first-load JS ≤ 100 kB gzip). Reads dist/ (built once by the harness).
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST, ensureBuilt } from './helpers/app';
import { firstLoadChunks, kB } from './helpers/bundle';

const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 100);

describe('shell: bundle', () => {
  beforeAll(() => ensureBuilt());

  it('forms, question flow, item tree, calendar and encryStr load lazily', () => {
    const first = firstLoadChunks().map((c) => fs.readFileSync(path.join(DIST, c.file.replace(/^\.\//, '')), 'utf8')).join('\n');
    // Markers that only exist in those modules' code.
    expect(first).not.toMatch(/react-hook-form|useFormContext must be used/); // forms
    expect(fs.readdirSync(path.join(DIST, 'assets')).some((f) => /^FormSlot-.*\.js$/.test(f))).toBe(true);
    for (const lazy of ['QuestionFlowScreen', 'TreeSelectScreen', 'CalendarScreen', 'encry']) {
      expect(fs.readdirSync(path.join(DIST, 'assets')).some((f) => f.startsWith(`${lazy}-`) && f.endsWith('.js'))).toBe(true);
    }
  });

  it(`first-load JS of the home route ≤ ${BUDGET_KB} kB gzip`, () => {
    const chunks = firstLoadChunks();
    const total = chunks.reduce((a, c) => a + c.gzip, 0);
    console.log(`first-load JS: ${kB(total)} kB gzip\n${chunks.map((c) => `  ${c.file} ${kB(c.bytes)} kB → ${kB(c.gzip)} kB gzip`).join('\n')}`);
    expect(kB(total)).toBeLessThanOrEqual(BUDGET_KB);
  });
});
