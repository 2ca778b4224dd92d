/**
 * Moving a question in the builder (src/studio/questionnaire/reorder.ts): a
 * card dropped on another takes its place, in its section or another one; a
 * question changing section takes its conditions, its required entry and its
 * message along; a move that would put two fields of one name in one object
 * is refused, and so is taking a question that conditions name into a
 * repeatable group; ↑ ↓ step over a section's edge as before.
 */
import { describe, expect, it } from 'vitest';
import { readQuestionnaire, writeQuestionnaire, type Questionnaire } from '../../src/studio/questionnaire/model';
import { moveProblem, moveQuestionBy, moveQuestionTo, stepPlace } from '../../src/studio/questionnaire/reorder';

const yesNo = (label: string) => ({ 'x-label': label, type: 'string', 'x-widget': 'radio', enum: ['是', '否'] });

/** 0: loose (name), 1: 基本信息 (smoke, years, drink), 2: 职业史 (job, name). */
const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: '职业健康问卷',
  type: 'object',
  properties: {
    name: { 'x-label': '姓名', type: 'string' },
    basic: {
      type: 'object',
      'x-label': '基本信息',
      properties: {
        smoke: yesNo('吸烟吗'),
        years: { 'x-label': '烟龄', type: 'string', 'x-visibleIf': "form.basic.smoke == '是'" },
        drink: yesNo('饮酒吗'),
      },
      required: ['smoke'],
      errorMessage: { required: { smoke: '请选择是否吸烟' } },
    },
    work: {
      type: 'object',
      'x-label': '职业史',
      properties: { job: { 'x-label': '工种', type: 'string' }, name: { 'x-label': '单位名称', type: 'string' } },
    },
  },
  required: ['name'],
};

const qn = (): Questionnaire => readQuestionnaire(structuredClone(SCHEMA));
const keys = (q: Questionnaire) => q.sections.map((s) => s.questions.map((x) => x.key));
const written = (q: Questionnaire) => writeQuestionnaire(q) as { properties: Record<string, Record<string, unknown>>; required?: string[] };

describe('moveQuestionTo', () => {
  it('within a section: dropped on a card above, it takes that place; on a card below, it lands below it', () => {
    expect(keys(moveQuestionTo(qn(), { section: 1, index: 2 }, { section: 1, index: 0 }))).toEqual([['name'], ['drink', 'smoke', 'years'], ['job', 'name']]);
    expect(keys(moveQuestionTo(qn(), { section: 1, index: 0 }, { section: 1, index: 2 }))).toEqual([['name'], ['years', 'drink', 'smoke'], ['job', 'name']]);
    expect(keys(moveQuestionTo(qn(), { section: 1, index: 0 }, { section: 1, index: 1 }))).toEqual([['name'], ['years', 'smoke', 'drink'], ['job', 'name']]);
    // the written file keeps the new order
    expect(Object.keys(written(moveQuestionTo(qn(), { section: 1, index: 2 }, { section: 1, index: 0 })).properties.basic.properties as object)).toEqual(['drink', 'smoke', 'years']);
  });

  it('dropped on itself, or its own place: the same questionnaire (nothing to write)', () => {
    const q = qn();
    expect(moveQuestionTo(q, { section: 1, index: 1 }, { section: 1, index: 1 })).toBe(q);
    expect(moveQuestionTo(q, { section: 1, index: 2 }, { section: 1, index: 3 })).toBe(q);
  });

  it('into another section, at the card it was dropped on or at the end; its condition, required entry and message go with it', () => {
    const moved = moveQuestionTo(qn(), { section: 1, index: 0 }, { section: 2, index: 0 });
    expect(keys(moved)).toEqual([['name'], ['years', 'drink'], ['smoke', 'job', 'name']]);
    const file = written(moved);
    // the condition that named basic.smoke names work.smoke
    expect((file.properties.basic.properties as Record<string, Record<string, unknown>>).years['x-visibleIf']).toBe("form.work.smoke == '是'");
    // basic no longer requires a field it does not have; work requires it, with its message
    expect(file.properties.basic.required).toBeUndefined();
    expect(file.properties.basic.errorMessage).toBeUndefined();
    expect(file.properties.work.required).toEqual(['smoke']);
    expect(file.properties.work.errorMessage).toEqual({ required: { smoke: '请选择是否吸烟' } });
    // at the end: a drop on the section's free space
    expect(keys(moveQuestionTo(qn(), { section: 1, index: 2 }, { section: 2, index: 2 }))).toEqual([['name'], ['smoke', 'years'], ['job', 'name', 'drink']]);
  });

  it('a question outside any section moved into one: the form itself stops requiring it', () => {
    const moved = moveQuestionTo(qn(), { section: 0, index: 0 }, { section: 1, index: 1 });
    expect(keys(moved)).toEqual([[], ['smoke', 'name', 'years', 'drink'], ['job', 'name']]);
    const file = written(moved);
    expect(Object.keys(file.properties)).toEqual(['basic', 'work']);
    expect(file.required).toBeUndefined();
  });

  it('refused when the target already has a field of that name (one would be lost), saying why', () => {
    const q = qn();
    expect(moveProblem(q, { section: 2, index: 1 }, { section: 0, index: 0 })).toBe('不分组的题目里已经有字段名 name，不能把“单位名称”移过去（先改一个字段名）');
    expect(moveQuestionTo(q, { section: 2, index: 1 }, { section: 0, index: 0 })).toBe(q);
    expect(moveProblem(q, { section: 0, index: 0 }, { section: 2, index: 0 })).toContain('分组“职业史”里已经有字段名 name');
    // outside any section, a question may not take a section's name either
    const withBasic = readQuestionnaire({ ...structuredClone(SCHEMA), properties: { ...structuredClone(SCHEMA).properties, work: { type: 'object', 'x-label': '职业史', properties: { basic: { type: 'string', 'x-label': '同名' } } } } });
    expect(moveProblem(withBasic, { section: 2, index: 0 }, { section: 0, index: 0 })).toContain('已经有字段名 basic');
    expect(moveProblem(q, { section: 1, index: 0 }, { section: 2, index: 0 })).toBe('');
  });
});

describe('a repeatable group (a list of entries)', () => {
  const withList = () =>
    readQuestionnaire({
      ...structuredClone(SCHEMA),
      properties: {
        ...structuredClone(SCHEMA).properties,
        history: { type: 'array', 'x-label': '既往病史', 'x-widget': 'list', items: { type: 'object', properties: { ill: { 'x-label': '疾病', type: 'string' } }, required: ['ill'] } },
      },
    });
  it('a question leaving it takes its required entry out of the entries (items)', () => {
    const q = withList();
    expect(q.sections[3].repeat).toBe(true);
    const file = written(moveQuestionTo(q, { section: 3, index: 0 }, { section: 2, index: 0 }));
    expect((file.properties.history.items as Record<string, unknown>).required).toBeUndefined();
    expect(file.properties.work.required).toEqual(['ill']);
  });
  it('a question that a condition names cannot go in (each entry has its own answer); others can', () => {
    const q = withList();
    expect(moveProblem(q, { section: 1, index: 0 }, { section: 3, index: 1 })).toBe('有条件（显示、必填或结束）用到“吸烟吗”，它不能移进可重复的分组“既往病史”（那里的题目每条各有一个答案，条件无从比较）');
    expect(moveQuestionTo(q, { section: 1, index: 0 }, { section: 3, index: 1 })).toBe(q);
    const file = written(moveQuestionTo(q, { section: 1, index: 2 }, { section: 3, index: 1 }));
    expect(Object.keys((file.properties.history.items as { properties: object }).properties)).toEqual(['ill', 'drink']);
  });
});

describe('↑ ↓ (stepPlace, moveQuestionBy)', () => {
  it('within a section a swap; at an edge into the end of the section before or the start of the one after; none past the ends', () => {
    expect(stepPlace(qn(), { section: 1, index: 1 }, -1)).toEqual({ section: 1, index: 0 });
    expect(stepPlace(qn(), { section: 1, index: 0 }, -1)).toEqual({ section: 0, index: 1 });
    expect(stepPlace(qn(), { section: 1, index: 2 }, 1)).toEqual({ section: 2, index: 0 });
    expect(stepPlace(qn(), { section: 0, index: 0 }, -1)).toBeNull();
    expect(stepPlace(qn(), { section: 2, index: 1 }, 1)).toBeNull();
    expect(keys(moveQuestionBy(qn(), { section: 1, index: 1 }, 1))).toEqual([['name'], ['smoke', 'drink', 'years'], ['job', 'name']]);
    expect(keys(moveQuestionBy(qn(), { section: 1, index: 2 }, 1))).toEqual([['name'], ['smoke', 'years'], ['drink', 'job', 'name']]);
    const q = qn();
    expect(moveQuestionBy(q, { section: 0, index: 0 }, -1)).toBe(q);
  });
});
