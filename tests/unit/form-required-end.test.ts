/**
 * `x-requiredIf` (required while a condition holds) and `x-endIf` (skip to the
 * end): the phone's cleaning and the server's check (checkSubmission) agree,
 * and the config checker refuses what would do nothing.
 */
import { describe, expect, it } from 'vitest';
import { check } from './schema-vocabulary';
import { buildFormModel } from '../../src/engine/form/schema-model';
import { checkSubmission, formOnlyCondition } from '../../src/engine/form/check-submission';
import { cleanValues } from '../../src/engine/form/values';
import { compileSchema } from '../../src/engine/schema/ajv';

const schema = {
  type: 'object',
  required: ['smoker'],
  properties: {
    smoker: { type: 'string', 'x-label': '是否吸烟', enum: ['是', '否'], 'x-endIf': "form.smoker == '否'" },
    packs: { type: 'number', 'x-label': '每天几包', 'x-requiredIf': "form.smoker == '是'" },
    years: { type: 'number', 'x-label': '烟龄（年）', 'x-requiredIf': 'form.packs > 1' },
    history: {
      type: 'object',
      'x-label': '戒烟',
      required: ['tried'],
      properties: {
        tried: { type: 'string', 'x-label': '试过戒烟吗', enum: ['试过', '没试过'], 'x-endIf': "form.history.tried == '没试过'" },
        how: { type: 'string', 'x-label': '怎么戒的' },
      },
    },
    note: { type: 'string', 'x-label': '其他说明' },
  },
  errorMessage: { required: { smoker: '请选择是否吸烟', years: '每天超过一包，请填写烟龄' } },
};

describe('required when, and skip to the end', () => {
  const root = buildFormModel(schema);
  const validate = compileSchema(schema);
  const first = (v: Record<string, unknown>) => checkSubmission(root, v, validate);

  it('a field is required only while its condition holds, with its own message or 请填写', () => {
    expect(first({}).first).toBe('请选择是否吸烟');
    expect(first({ smoker: '是', history: { tried: '试过' } }).first).toBe('请填写每天几包');
    expect(first({ smoker: '是', packs: 2, history: { tried: '试过' } }).byPath).toEqual({ years: '每天超过一包，请填写烟龄' });
    expect(first({ smoker: '是', packs: 1, history: { tried: '试过' } }).first).toBeNull();
    expect(first({ smoker: '是', packs: 2, years: 10, history: { tried: '试过' } }).first).toBeNull();
  });

  it('an answer that ends the questionnaire hides, drops and never demands what follows', () => {
    const cleaned = cleanValues(root, { smoker: '否', packs: 3, history: { tried: '试过', how: '药物' }, note: 'x' }, formOnlyCondition);
    expect(cleaned.values).toEqual({ smoker: '否' });
    expect(cleaned.hidden).toEqual(['packs', 'years', 'history', 'note']);
    expect(first({ smoker: '否' }).first).toBeNull(); // history.tried is required, but not asked
  });

  it('an end inside a group ends the group and everything after it', () => {
    const cleaned = cleanValues(root, { smoker: '是', packs: 1, history: { tried: '没试过', how: 'x' }, note: 'y' }, formOnlyCondition);
    expect(cleaned.values).toEqual({ smoker: '是', packs: 1, history: { tried: '没试过' } });
    expect(cleaned.hidden).toEqual(['history.how', 'note']);
    // the field that ends stays; before its answer nothing ends
    expect(cleanValues(root, { smoker: '是', history: {}, note: 'y' }, formOnlyCondition).values).toMatchObject({ note: 'y' });
  });

  it('the checker accepts it, and refuses a required-if that does nothing or an end inside a list', () => {
    expect(check(JSON.stringify(schema, null, 2))).toEqual([]);
    const always = { type: 'object', required: ['a'], properties: { a: { type: 'string', 'x-requiredIf': 'form.b > 1' }, b: { type: 'number' } } };
    expect(check(JSON.stringify(always, null, 2)).join('\n')).toMatch(/已经在 "required" 里.*"x-requiredIf" 不起作用/);
    const group = { type: 'object', properties: { g: { type: 'object', 'x-requiredIf': 'form.b > 1', properties: { a: { type: 'string' } } }, b: { type: 'number' } } };
    expect(check(JSON.stringify(group, null, 2)).join('\n')).toMatch(/只能写在题目上/);
    const list = { type: 'object', properties: { l: { type: 'array', items: { type: 'object', properties: { a: { type: 'string', 'x-endIf': "form.b == 'x'" } } } }, b: { type: 'string' } } };
    expect(check(JSON.stringify(list, null, 2)).join('\n')).toMatch(/列表每一项里的 "x-endIf"/);
    const typo = { type: 'object', properties: { a: { type: 'string', 'x-endIf': 'form.nope == 1' } } };
    expect(check(JSON.stringify(typo, null, 2)).join('\n')).toMatch(/nope/);
  });
});
