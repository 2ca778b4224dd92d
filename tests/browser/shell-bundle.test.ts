/**
 * Route-level code splitting: the heavy screens are separate chunks, not in the
 * first load. The size budget itself is a benchmark (scripts/bench-bundle.ts,
 * `npm run bench`), not a test. Reads dist/ (built once by the harness).
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST, ensureBuilt } from './helpers/app';
import { firstLoadChunks } from './helpers/bundle';

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
});
