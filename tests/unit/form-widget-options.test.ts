/**
 * docs/form-format.md "Widgets and their options" tells today's truth: a row
 * per widget the engine has, naming every option that widget reads (and "—"
 * for one that reads none), as src/engine/form/widget-names.ts declares them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { WIDGET_NAMES, WIDGET_OPTIONS } from '../../src/engine/form/widget-names';

it('the guide’s widget table matches the widgets and their options', () => {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/form-format.md'), 'utf8');
  const from = doc.indexOf('| widget | shows | options |');
  expect(from).toBeGreaterThan(0);
  const rows = doc.slice(from).split('\n').slice(2).filter((l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('|')));
  const table = new Map(rows.map((r) => {
    const cells = r.slice(1, -1).split('|').map((c) => c.trim());
    return [cells[0].replace(/`/g, ''), cells[2]] as const;
  }));
  expect([...table.keys()].sort()).toEqual([...WIDGET_NAMES].sort());
  for (const w of WIDGET_NAMES) {
    const opts = Object.keys(WIDGET_OPTIONS[w] ?? {});
    const cell = table.get(w)!;
    if (!opts.length) expect(cell, w).toBe('—');
    for (const o of opts) expect(cell, `${w}: ${o}`).toContain(`\`${o}\``);
  }
});
