/**
 * A scale group (量表) built as an admin would build PHQ-9: a group set as a
 * scale, nine rows, the scale edited once for every row. The file is nine
 * ordinary single choices with the same options and points (what a person
 * writes by hand), it opens again as a scale group, the checker accepts it,
 * and the engine's score adds the nine rows.
 */
import { describe, expect, it } from 'vitest';
import { check } from './schema-vocabulary';
import { readQuestionnaire, writeQuestionnaire, type Questionnaire } from '../../src/studio/questionnaire/model';
import { addSection, updateQuestion } from '../../src/studio/questionnaire/edit';
import { DEFAULT_SCALE, addRow, canBeScale, makeScale, setScale, sharedScale, unmakeScale } from '../../src/studio/questionnaire/scale';
import { scoreAnswers } from '../../src/engine/form/score';

const ROWS = ['做事时提不起劲或没有兴趣', '感到心情低落、沮丧或绝望', '入睡困难、睡不安稳或睡眠过多', '感觉疲倦或没有活力', '食欲不振或吃太多', '觉得自己很糟', '对事物专注有困难', '动作或说话速度缓慢或烦躁', '有不如死掉或伤害自己的念头'];

function phq9(): Questionnaire {
  let q: Questionnaire = { title: 'PHQ-9', sections: [], raw: {} };
  q = addSection(q, '过去两周，您有多少时候受到以下问题困扰？');
  expect(canBeScale(q.sections[0])).toBe(true);
  q = makeScale(q, 0);
  while (q.sections[0].questions.length < ROWS.length) q = addRow(q, 0);
  ROWS.forEach((label, i) => (q = updateQuestion(q, 0, i, { key: `phq${i + 1}`, label: `${i + 1}. ${label}`, required: true })));
  return q;
}

describe('a scale group', () => {
  it('is nine single choices sharing one scale, and opens again as one', () => {
    const q = phq9();
    expect(sharedScale(q.sections[0])).toEqual(DEFAULT_SCALE);
    const schema = writeQuestionnaire(q) as { properties: Record<string, { properties: Record<string, unknown>; required: string[] }> };
    const group = Object.values(schema.properties)[0];
    expect(Object.keys(group.properties)).toEqual(ROWS.map((_, i) => `phq${i + 1}`));
    for (const row of Object.values(group.properties)) expect(row).toMatchObject({ type: 'string', 'x-widget': 'radio', enum: ['完全不会', '好几天', '一半以上的天数', '几乎每天'], 'x-score': { 完全不会: 0, 好几天: 1, 一半以上的天数: 2, 几乎每天: 3 } });
    expect(group.required).toHaveLength(9);
    expect(sharedScale(readQuestionnaire(schema).sections[0])).toEqual(DEFAULT_SCALE);
    expect(check(JSON.stringify(schema, null, 2))).toEqual([]);
  });

  it('the scale edited once changes every row; the score adds the rows', () => {
    let q = phq9();
    q = setScale(q, 0, [...DEFAULT_SCALE.slice(0, 3), { value: '几乎每天都有', score: 3 }]);
    const schema = writeQuestionnaire(q);
    const group = Object.values((schema as { properties: Record<string, { properties: Record<string, { enum: string[] }> }> }).properties)[0];
    for (const row of Object.values(group.properties)) expect(row.enum[3]).toBe('几乎每天都有');
    const key = Object.keys((schema as { properties: object }).properties)[0];
    const answers = { [key]: Object.fromEntries(ROWS.map((_, i) => [`phq${i + 1}`, i < 4 ? '几乎每天都有' : i < 6 ? '好几天' : '完全不会'])) };
    const bands = [{ max: 4, label: '无' }, { max: 9, label: '轻度' }, { max: 14, label: '中度' }, { max: 19, label: '中重度' }, { max: 27, label: '重度' }];
    expect(scoreAnswers(schema, answers, bands)).toEqual({ total: 14, label: '中度' });
  });

  it('a group whose rows differ is no scale; one with another kind of question cannot become one', () => {
    let q = phq9();
    q = updateQuestion(q, 0, 2, { options: [{ value: '是' }, { value: '否' }] });
    expect(sharedScale(q.sections[0])).toBeNull();
    expect(canBeScale(q.sections[0])).toBe(true);
    q = updateQuestion(q, 0, 2, { type: 'text' });
    expect(canBeScale(q.sections[0])).toBe(false);
  });

  it('is written as a matrix (drawn as a grid on the phone), read back as a scale, and un-set back to ordinary questions', () => {
    const schema = writeQuestionnaire(phq9()) as { properties: Record<string, Record<string, unknown>> };
    const group = Object.values(schema.properties)[0];
    expect(group['x-options']).toEqual({ matrix: true });
    // the group's own keys first, as in any group
    expect(Object.keys(group).slice(0, 3)).toEqual(['type', 'x-label', 'x-options']);
    const read = readQuestionnaire(schema);
    expect(sharedScale(read.sections[0])).toEqual(DEFAULT_SCALE);
    expect(writeQuestionnaire(read)).toEqual(schema);

    const plain = unmakeScale(read, 0);
    expect(sharedScale(plain.sections[0])).toBeNull();
    expect(canBeScale(plain.sections[0])).toBe(true);
    const written = writeQuestionnaire(plain) as { properties: Record<string, Record<string, unknown>> };
    const after = Object.values(written.properties)[0];
    expect(after).not.toHaveProperty('x-options');
    expect(after.properties).toEqual(group.properties);
    expect(check(JSON.stringify(written, null, 2))).toEqual([]);
  });

  it('keeps a section’s other x-options, and a file without matrix reads and writes unchanged', () => {
    const base = writeQuestionnaire(phq9()) as { properties: Record<string, Record<string, unknown>> };
    const key = Object.keys(base.properties)[0];
    const withOther = { ...base, properties: { [key]: { ...base.properties[key], 'x-options': { matrix: true, other: 1 } } } };
    const unset = writeQuestionnaire(unmakeScale(readQuestionnaire(withOther), 0)) as typeof base;
    expect(unset.properties[key]['x-options']).toEqual({ other: 1 });

    const { 'x-options': _, ...noMatrix } = base.properties[key];
    const handWritten = { ...base, properties: { [key]: noMatrix } };
    const read = readQuestionnaire(handWritten);
    expect(sharedScale(read.sections[0]), 'without the flag the rows are ordinary questions').toBeNull();
    expect(writeQuestionnaire(read)).toEqual(handWritten);
    // setting the scale again (设为量表, or an edit of the scale) writes the flag
    const again = writeQuestionnaire(makeScale(read, 0)) as typeof base;
    expect(again.properties[key]['x-options']).toEqual({ matrix: true });
    expect(writeQuestionnaire(setScale(read, 0, DEFAULT_SCALE)) as typeof base).toEqual(again);
  });
});
