/**
 * The question types health questionnaires use (issue 25, part 1): 评分
 * (rating), 是/否 (yes/no) and the searchable dropdown. Each is read from and
 * written back as the plain JSON Schema a person writes by hand (a file read
 * and written again is the same file), can drive the builder's visual logic
 * (为 是 → `form.x == true`, a rating as a number), and is checked by the
 * config checker, which refuses a rating the phone cannot draw at its line.
 */
import { describe, expect, it } from 'vitest';
import { check } from './schema-vocabulary';
import { readCondition, ruleExpression, ruleWords, type Rule } from '../../src/studio/questionnaire/logic';
import { conditionTargets, problemsOf, readQuestionnaire, writeQuestionnaire, type Questionnaire } from '../../src/studio/questionnaire/model';
import { addQuestion, updateQuestion } from '../../src/studio/questionnaire/edit';
import { choiceShowPatch } from '../../src/studio/questionnaire/types-more';
import { compileExpr, createFunctionRegistry } from '../../src/engine/expr';
import { buildFormModel } from '../../src/engine/form/schema-model';
import { checkSubmission } from '../../src/engine/form/check-submission';
import { compileSchema } from '../../src/engine/schema/ajv';

const RATING = { type: 'integer', 'x-label': '您对本次体检服务满意吗？', minimum: 1, maximum: 5, 'x-widget': 'rating', 'x-options': { minLabel: '很不满意', maxLabel: '非常满意' } };
const NPS = { 'x-label': '您有多大可能向亲友推荐本中心？', type: 'integer', 'x-widget': 'rating', minimum: 0, maximum: 10, 'x-options': { minLabel: '不可能', maxLabel: '非常可能' } };
const YES_NO = { 'x-label': '您吸烟吗？', type: 'boolean' };
const PROVINCES = ['北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '上海', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南', '湖北', '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州', '云南', '西藏', '陕西', '甘肃', '青海', '宁夏', '新疆'];
const SEARCH = { 'x-label': '籍贯（省份）', type: 'string', 'x-widget': 'picker', 'x-options': { search: true }, enum: PROVINCES };

const form = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ $schema: 'http://json-schema.org/draft-07/schema#', title: '满意度调查', type: 'object', properties, ...extra });

describe('each type reads from and writes back as the file a person writes', () => {
  it.each([
    ['评分 1–5 with end labels', RATING, 'rating'],
    ['评分 0–10', NPS, 'rating'],
    ['是/否', YES_NO, 'yesno'],
    ['是/否 shown as radio buttons', { ...YES_NO, 'x-widget': 'radio' }, 'yesno'],
    ['可搜索的下拉', SEARCH, 'single'],
  ])('%s', (_, prop, type) => {
    const schema = form({ q: prop }, { required: ['q'] });
    const qn = readQuestionnaire(schema);
    expect(qn.sections[0].questions[0].type).toBe(type);
    expect(writeQuestionnaire(qn)).toEqual(schema);
    expect(JSON.stringify(writeQuestionnaire(qn))).toBe(JSON.stringify(schema)); // key order too: a diff shows only what changed
  });

  it('reads the rating’s range and labels, and the dropdown’s search', () => {
    const [rating, nps, , search] = readQuestionnaire(form({ rating: RATING, nps: NPS, smoke: YES_NO, home: SEARCH })).sections[0].questions;
    expect(rating.rating).toEqual({ min: 1, max: 5, minLabel: '很不满意', maxLabel: '非常满意' });
    expect(nps.rating).toEqual({ min: 0, max: 10, minLabel: '不可能', maxLabel: '非常可能' });
    expect(search).toMatchObject({ picker: true, search: true });
  });

  it('a rating the phone cannot draw (no maximum) is kept as written, not read as one', () => {
    const broken = { type: 'integer', minimum: 1, 'x-widget': 'rating' };
    const qn = readQuestionnaire(form({ q: broken }));
    expect(qn.sections[0].questions[0].type).toBe('other');
    expect(writeQuestionnaire(qn)).toEqual(form({ q: broken }));
  });

  it('built in the builder: the JSON a person would write, which the checker accepts', () => {
    let qn: Questionnaire = { title: '满意度调查', sections: [], raw: {} };
    qn = addQuestion(qn, 0, 'rating');
    qn = updateQuestion(qn, 0, 0, { key: 'nps', label: '您有多大可能向亲友推荐本中心？', rating: { min: 0, max: 10, minLabel: '不可能', maxLabel: '非常可能' } });
    qn = addQuestion(qn, 0, 'yesno');
    qn = updateQuestion(qn, 0, 1, { key: 'smoke', label: '您吸烟吗？', required: true });
    qn = addQuestion(qn, 0, 'single');
    qn = updateQuestion(qn, 0, 2, { key: 'home', label: '籍贯（省份）', options: PROVINCES.map((value) => ({ value })), ...choiceShowPatch('search') });
    const schema = writeQuestionnaire(qn);
    expect(schema.properties).toEqual({
      nps: { 'x-label': '您有多大可能向亲友推荐本中心？', 'x-options': { minLabel: '不可能', maxLabel: '非常可能' }, minimum: 0, maximum: 10, type: 'integer', 'x-widget': 'rating' },
      smoke: { 'x-label': '您吸烟吗？', type: 'boolean' },
      home: { 'x-label': '籍贯（省份）', 'x-options': { search: true }, type: 'string', 'x-widget': 'picker', enum: PROVINCES },
    });
    expect(schema.required).toEqual(['smoke']);
    expect(check(JSON.stringify(schema, null, 2))).toEqual([]);
    // opened again: the same questions, written the same
    const again = readQuestionnaire(schema);
    expect(again.sections[0].questions.map((x) => x.type)).toEqual(['rating', 'yesno', 'single']);
    expect(writeQuestionnaire(again)).toEqual(schema);
  });

  it('a new rating is 1–5; the dropdown shown as radio buttons or a wheel again drops its search; a type change drops the old keys', () => {
    let qn = readQuestionnaire(writeQuestionnaire(addQuestion({ title: 't', sections: [], raw: {} }, 0, 'rating')));
    expect(writeQuestionnaire(qn).properties).toEqual({ q1: { 'x-label': '新题目', minimum: 1, maximum: 5, type: 'integer', 'x-widget': 'rating' } });
    const home = readQuestionnaire(form({ home: { ...SEARCH, 'x-options': { search: true } } }));
    expect(writeQuestionnaire(updateQuestion(home, 0, 0, choiceShowPatch('radio'))).properties).toEqual({ home: { ...SEARCH, 'x-widget': 'radio', 'x-options': undefined } });
    expect((writeQuestionnaire(updateQuestion(home, 0, 0, choiceShowPatch('picker'))).properties as Record<string, Record<string, unknown>>).home).not.toHaveProperty('x-options');
    // a number question with a 1–5 range turned into a rating keeps that range as the rating's
    qn = readQuestionnaire(form({ q: { 'x-label': '疼痛程度', type: 'number', 'x-widget': 'number', minimum: 0, maximum: 10 } }));
    qn = updateQuestion(qn, 0, 0, { type: 'rating', rating: { min: 0, max: 10, minLabel: '不痛', maxLabel: '最痛' } });
    expect(writeQuestionnaire(qn).properties).toEqual({ q: { 'x-label': '疼痛程度', type: 'integer', 'x-widget': 'rating', minimum: 0, maximum: 10, 'x-options': { minLabel: '不痛', maxLabel: '最痛' } } });
    // and a rating turned into 是/否 loses its range and labels
    qn = updateQuestion(readQuestionnaire(writeQuestionnaire(qn)), 0, 0, { type: 'yesno' });
    expect(writeQuestionnaire(qn).properties).toEqual({ q: { 'x-label': '疼痛程度', type: 'boolean' } });
  });

  it('the builder says what is wrong with a rating before writing it', () => {
    let qn = addQuestion({ title: 't', sections: [], raw: {} }, 0, 'rating');
    qn = updateQuestion(qn, 0, 0, { label: '满意度', rating: { min: 0, max: 20, minLabel: '', maxLabel: '' } });
    expect(problemsOf(qn)).toEqual(['题目“满意度”的评分从 0 到 20 有 21 个按钮，太多了，手机上放不下；最多 11 个（例如 0–10 分）']);
    qn = updateQuestion(qn, 0, 0, { rating: { min: 5, max: 1, minLabel: '', maxLabel: '' } });
    expect(problemsOf(qn)).toEqual(['题目“满意度”的评分最低分 5 要小于最高分 1']);
  });
});

describe('a yes/no or a rating drives a rule', () => {
  const qn = readQuestionnaire(form({ smoke: YES_NO, nps: NPS, why: { 'x-label': '原因', type: 'string' } }));
  const kinds = new Map(conditionTargets(qn).map((t) => [t.path, t.kind]));
  const kindOf = (p: string) => kinds.get(p);

  it('a yes/no offers 为 / 不为 是 or 否; a rating compares as a number', () => {
    expect(conditionTargets(qn).map((t) => `${t.path}:${t.kind}:${t.options.join('/')}`)).toEqual(['smoke:boolean:是/否', 'nps:number:', 'why:text:']);
  });

  it.each([
    [{ question: 'smoke', op: 'eq', value: '是' }, 'form.smoke == true'],
    [{ question: 'smoke', op: 'eq', value: '否' }, 'form.smoke == false'],
    [{ question: 'smoke', op: 'ne', value: '是' }, 'form.smoke != true'],
    [{ question: 'nps', op: 'ge', value: '9' }, 'form.nps >= 9'],
    [{ question: 'nps', op: 'lt', value: '7' }, 'form.nps < 7'],
  ] as const)('%o is written %s and reads back the same', (clause, expr) => {
    const rule: Rule = { join: 'and', clauses: [{ ...clause }] };
    expect(ruleExpression(rule, kindOf)).toBe(expr);
    expect(readCondition(expr)).toEqual(rule);
  });

  it('says the rule in words, and the engine the phone and the server share shows and asks as it says', () => {
    const rule: Rule = { join: 'or', clauses: [{ question: 'smoke', op: 'eq', value: '是' }, { question: 'nps', op: 'le', value: '6' }] };
    const label = (p: string) => `“${conditionTargets(qn).find((t) => t.path === p)?.label}”`;
    expect(ruleWords(rule, label, kindOf)).toBe('当 “您吸烟吗？” 为 是 或 “您有多大可能向亲友推荐本中心？” ≤ 6 时显示');
    const expr = ruleExpression(rule, kindOf)!;
    expect(expr).toBe('form.smoke == true || form.nps <= 6');
    const fns = createFunctionRegistry({});
    const holds = (values: Record<string, unknown>) => compileExpr(expr).evaluate({ form: values }, fns);
    expect([holds({ smoke: true, nps: 10 }), holds({ smoke: false, nps: 10 }), holds({ smoke: false, nps: 6 }), holds({})]).toEqual([true, false, true, false]);

    // written into the questionnaire: the checker types it, the form asks 原因 only when it holds
    const written = writeQuestionnaire(updateQuestion(qn, 0, 2, { visibleIf: rule, required: true, requiredMessage: '请填写原因' }));
    expect(check(JSON.stringify(written, null, 2))).toEqual([]);
    const root = buildFormModel(written);
    const validate = compileSchema(written);
    const first = (values: Record<string, unknown>) => checkSubmission(root, values, validate).first;
    expect(first({ smoke: false, nps: 9 })).toBeNull();
    expect(first({ smoke: true, nps: 9 })).toBe('请填写原因');
    expect(first({ smoke: false, nps: 3 })).toBe('请填写原因');
    expect(first({ smoke: false, nps: 11 })).not.toBeNull(); // the server's Ajv: above the rating's maximum
  });
});

describe('the config checker on a rating', () => {
  const lines = (prop: Record<string, unknown>) => check(JSON.stringify(form({ score: prop }), null, 2));

  it('accepts 1–5 and 0–10 with their labels, and the searchable dropdown', () => {
    expect(check(JSON.stringify(form({ a: RATING, b: NPS, c: YES_NO, d: SEARCH }), null, 2))).toEqual([]);
  });

  it('refuses a rating on a text field, at its x-widget, saying what to write', () => {
    expect(lines({ 'x-label': '满意度', type: 'string', 'x-widget': 'rating' })).toEqual([
      '9:19  字段 "score"：控件 "rating"（评分）点的是一个分数：字段要写 "type": "integer"，并写 "minimum" 和 "maximum"（例如 1 和 5）',
    ]);
  });

  it('refuses a rating with no minimum or maximum', () => {
    expect(lines({ 'x-label': '满意度', type: 'integer', 'x-widget': 'rating' })).toEqual([
      '9:19  字段 "score"：控件 "rating"（评分）每个整数一个按钮，要写从几分到几分：请写整数的 "minimum" 和 "maximum"，"minimum" 不大于 "maximum"（例如 1 和 5，或 0 和 10），现在两个都没写',
    ]);
    expect(lines({ 'x-label': '满意度', type: 'integer', 'x-widget': 'rating', minimum: 1 }).join('\n')).toMatch(/^9:19 .*现在没写 "maximum"$/);
  });

  it('refuses a range of more than 11 points, at its maximum', () => {
    expect(lines({ 'x-label': '满意度', type: 'integer', 'x-widget': 'rating', minimum: 1, maximum: 100 })).toEqual([
      '11:18  字段 "score"：控件 "rating"（评分）从 1 分到 100 分有 100 个按钮，太多了，手机上放不下、也难选；最多 11 个（例如 0 到 10），请缩小 "minimum" 到 "maximum" 的范围',
    ]);
  });

  it('refuses an option the rating does not read', () => {
    expect(lines({ ...RATING, 'x-options': { minLabel: '差', low: '差' } }).join('\n')).toMatch(/控件 "rating" 没有选项 "low"/);
  });
});
