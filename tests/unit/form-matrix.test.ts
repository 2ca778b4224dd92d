/**
 * A section drawn as a grid (`"x-options": { "matrix": true }`, the PHQ-9
 * shape): the checker accepts rows that are single choices with the same
 * options in the same order, and refuses — at the differing row's line, in
 * words naming that row — a row of another kind or with other options. The
 * grid's columns (engine/form/matrix.ts) are the shared options, up to five;
 * more, or rows that differ, draw row by row.
 */
import { describe, expect, it } from 'vitest';
import { check } from './schema-vocabulary';
import { buildFormModel } from '../../src/engine/form/schema-model';
import { MATRIX_MAX_COLUMNS, matrixColumns } from '../../src/engine/form/matrix';

const SCALE = ['完全不会', '好几天', '一半以上的天数', '几乎每天'];
const row = (label: string, options = SCALE) => ({ type: 'string', 'x-label': label, 'x-widget': 'radio', enum: options });

function form(rows: Record<string, unknown>, options: unknown = { matrix: true }) {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { phq: { type: 'object', 'x-label': '过去两周', 'x-options': options, properties: rows } },
  };
}
const text = (schema: object) => JSON.stringify(schema, null, 2);
/** The 1-based line of the first line containing `needle`. */
const lineOf = (schema: object, needle: string) => text(schema).split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('a matrix section', () => {
  it('is accepted when every row is a single choice with the same options; its columns are those options', () => {
    const schema = form({ q1: row('1. 做事时提不起劲或没有兴趣'), q2: row('2. 感到心情低落、沮丧或绝望'), q3: { ...row('3. 入睡困难'), 'x-visibleIf': "form.phq.q1 == '几乎每天'" } });
    expect(check(text(schema))).toEqual([]);
    const section = buildFormModel(schema).children![0];
    expect(matrixColumns(section)?.map((c) => c.label)).toEqual(SCALE);
  });

  it('refuses a row with other options, at that row, saying which row and what differs', () => {
    const schema = form({ q1: row('1. 做事时提不起劲'), q2: row('2. 感到心情低落'), q3: row('3. 入睡困难', ['是', '否']) });
    expect(check(text(schema))).toEqual([
      `${lineOf(schema, '"q3"')}:9  字段 "phq"：设为量表（"x-options": { "matrix": true }）的分组在手机上画成一张表，每一行都要是单选题，选项和第一行一样、顺序也一样；第 3 行 "q3"（3. 入睡困难）的选项是 是 / 否，第一行 "1. 做事时提不起劲" 的是 完全不会 / 好几天 / 一半以上的天数 / 几乎每天，对不上表头：请改成一样的，或把这一题移出这个分组，或删掉 "matrix"`,
    ]);
  });

  it('refuses the same options in another order, and a row that is no single choice', () => {
    const reordered = form({ q1: row('1. 甲'), q2: row('2. 乙', [...SCALE].reverse()) });
    expect(check(text(reordered))).toEqual([expect.stringMatching(new RegExp(`^${lineOf(reordered, '"q2"')}:\\d+  字段 "phq"：.*第 2 行 "q2"（2\\. 乙）的选项是 几乎每天 / 一半以上的天数 / 好几天 / 完全不会，`))]);
    const mixed = form({ q1: row('1. 甲'), note: { type: 'string', 'x-label': '补充说明' } });
    expect(check(text(mixed))).toEqual([expect.stringMatching(new RegExp(`^${lineOf(mixed, '"note"')}:\\d+  字段 "phq"：.*；第 2 行 "note"（补充说明）不是单选题，放不进这张表：`))]);
  });

  it('"matrix" must be true or false, and only a section takes it', () => {
    expect(check(text(form({ q1: row('1. 甲') }, { matrix: 'yes' })))).toEqual([expect.stringContaining('控件 "section" 的选项 "matrix" 应该是 true 或 false')]);
    const onRadio = { type: 'object', properties: { q1: { ...row('甲'), 'x-options': { matrix: true } } } };
    expect(check(text(onRadio))).toEqual([expect.stringContaining('控件 "radio" 没有选项 "matrix"')]);
  });

  it('is refused on a repeatable group\'s entries (drawn one by one there)', () => {
    const list = { type: 'object', properties: { past: { type: 'array', 'x-widget': 'list', items: { type: 'object', 'x-options': { matrix: true }, properties: { q1: row('甲'), q2: row('乙') } } } } };
    expect(check(text(list)).join('\n')).toMatch(/"matrix"（画成一张表）不能写在列表的每一项上/);
  });

  it('draws row by row with more than five options, or without the flag', () => {
    const seven = ['1', '2', '3', '4', '5', '6', '7'];
    const wide = form({ q1: row('甲', seven), q2: row('乙', seven) });
    expect(check(text(wide))).toEqual([]);
    expect(seven.length).toBeGreaterThan(MATRIX_MAX_COLUMNS);
    expect(matrixColumns(buildFormModel(wide).children![0])).toBeNull();
    expect(matrixColumns(buildFormModel(form({ q1: row('甲') }, {})).children![0])).toBeNull();
  });
});
