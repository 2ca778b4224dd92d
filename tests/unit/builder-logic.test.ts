/**
 * The builder's visual logic and validators (issue 25, parts 2 and 3): rules
 * of clauses on any kind of question joined by 且/或, read from and written as
 * the `x-visibleIf` a person writes, said in words; number ranges, lengths and
 * patterns with their own messages. What the builder writes is accepted by the
 * typed config checker, and the engine the phone and the server share shows,
 * hides and refuses exactly as the words say.
 */
import { describe, expect, it } from 'vitest';
import { check } from './schema-vocabulary';
import { readCondition, ruleExpression, ruleWords, type Rule, type TargetKind } from '../../src/studio/questionnaire/logic';
import { PATTERN_PRESETS } from '../../src/studio/questionnaire/validators';
import { bmiFormula, formulaWords, readBmi } from '../../src/studio/questionnaire/formula';
import { compileExpr, createFunctionRegistry } from '../../src/engine/expr';
import { conditionTargets, problemsOf, readQuestionnaire, writeQuestionnaire, type Questionnaire } from '../../src/studio/questionnaire/model';
import { addQuestion, deleteQuestion, updateQuestion } from '../../src/studio/questionnaire/edit';
import { buildFormModel } from '../../src/engine/form/schema-model';
import { checkSubmission } from '../../src/engine/form/check-submission';
import { compileSchema } from '../../src/engine/schema/ajv';

const KINDS: Record<string, TargetKind> = { gender: 'single', signs: 'multiple', weight: 'number', height: 'numberText', note: 'text', birth: 'date' };
const kindOf = (p: string) => KINDS[p];

describe('a rule and its expression', () => {
  it.each([
    ["form.gender == '女'", { question: 'gender', op: 'eq', value: '女' }],
    ["form.gender != '男'", { question: 'gender', op: 'ne', value: '男' }],
    ["includes(form.signs, '失眠')", { question: 'signs', op: 'has', value: '失眠' }],
    ["!includes(form.signs, '无')", { question: 'signs', op: 'lacks', value: '无' }],
    ['form.weight > 100', { question: 'weight', op: 'gt', value: '100' }],
    ['form.weight <= 45.5', { question: 'weight', op: 'le', value: '45.5' }],
    ['num(form.height) >= 180', { question: 'height', op: 'ge', value: '180' }],
    ['!isEmpty(form.note)', { question: 'note', op: 'filled' }],
    ['isEmpty(form.note)', { question: 'note', op: 'empty' }],
    ["form.birth < '1970-01-01'", { question: 'birth', op: 'lt', value: '1970-01-01' }],
    ["form.basic.gender == '女'", { question: 'basic.gender', op: 'eq', value: '女' }],
  ])('%s reads as one clause and is written back the same', (expr, clause) => {
    const rule = readCondition(expr) as Rule;
    expect(rule).toEqual({ join: 'and', clauses: [clause] });
    expect(ruleExpression(rule, (p) => kindOf(p) ?? 'single')).toBe(expr);
  });

  it('joins clauses with 且 / 或 and says them in words', () => {
    const and = readCondition("form.weight > 100 && form.gender == '女'") as Rule;
    expect(and.join).toBe('and');
    const label = (p: string) => ({ weight: '体重', gender: '性别', note: '备注' })[p] ?? p;
    expect(ruleWords(and, label, kindOf)).toBe('当 体重 > 100 且 性别 为 女 时显示');
    const or = readCondition("includes(form.signs, 'it''s') || !isEmpty(form.note)");
    expect(or).toEqual({ raw: "includes(form.signs, 'it''s') || !isEmpty(form.note)" }); // not an expression the builder writes: kept
    const or2 = readCondition("form.birth > '2000-01-01' || !isEmpty(form.note)") as Rule;
    expect(ruleWords(or2, label, kindOf)).toBe('当 birth 晚于 2000-01-01 或 备注 已填写 时显示');
    expect(ruleExpression(or2, kindOf)).toBe("form.birth > '2000-01-01' || !isEmpty(form.note)");
  });

  it('keeps what it cannot show as clauses, and leaves out a clause not yet complete', () => {
    for (const raw of ["form.a == 'x' && form.b == 'y' || form.c == 'z'", 'len(form.kids) > 2', "session.user.sex == '1'"]) expect(readCondition(raw)).toEqual({ raw });
    // a && inside a quoted option is no join
    expect(readCondition("form.gender == 'a && b'")).toEqual({ join: 'and', clauses: [{ question: 'gender', op: 'eq', value: 'a && b' }] });
    const rule: Rule = { join: 'and', clauses: [{ question: 'weight', op: 'gt', value: '' }, { question: 'gender', op: 'eq', value: "it's" }] };
    expect(ruleExpression(rule, kindOf)).toBe("form.gender == 'it\\'s'");
    expect(readCondition("form.gender == 'it\\'s'")).toEqual({ join: 'and', clauses: [{ question: 'gender', op: 'eq', value: "it's" }] });
  });
});

/** A questionnaire as an admin builds it: a number with a range, a choice, an AND/OR rule, a text with a pattern, a note, a signature. */
function build(): Questionnaire {
  let q: Questionnaire = { title: '体重管理', sections: [], raw: {} };
  q = addQuestion(q, 0, 'description');
  q = updateQuestion(q, 0, 0, { key: 'intro', label: '请如实填写，约需 2 分钟。' });
  q = addQuestion(q, 0, 'number');
  q = updateQuestion(q, 0, 1, { key: 'weight', label: '体重（kg）', required: true, requiredMessage: '请填写体重', validation: { minimum: 20, maximum: 300, messages: { maximum: '体重不超过 300 kg' } } });
  q = addQuestion(q, 0, 'single');
  q = updateQuestion(q, 0, 2, { key: 'gender', label: '性别', options: [{ value: '男' }, { value: '女' }] });
  q = addQuestion(q, 0, 'text');
  q = updateQuestion(q, 0, 3, {
    key: 'plan',
    label: '减重计划',
    required: true,
    visibleIf: { join: 'and', clauses: [{ question: 'weight', op: 'gt', value: '100' }, { question: 'gender', op: 'eq', value: '女' }] },
  });
  q = addQuestion(q, 0, 'text');
  q = updateQuestion(q, 0, 4, { key: 'phone', label: '联系电话', validation: { pattern: PATTERN_PRESETS[0].pattern, maxLength: 11, messages: { pattern: PATTERN_PRESETS[0].message } }, visibleIf: { join: 'or', clauses: [{ question: 'weight', op: 'ge', value: '150' }, { question: 'plan', op: 'filled' }] } });
  q = addQuestion(q, 0, 'signature');
  q = updateQuestion(q, 0, 5, { key: 'sign', label: '本人签名' });
  return q;
}

describe('a questionnaire with rules and validators', () => {
  it('is the schema a person would write, and opens again as the same rules', () => {
    const schema = writeQuestionnaire(build());
    expect(schema.properties).toEqual({
      intro: { type: 'string', 'x-widget': 'display', 'x-options': { text: '请如实填写，约需 2 分钟。' } },
      weight: { 'x-label': '体重（kg）', type: 'number', 'x-widget': 'number', minimum: 20, maximum: 300, errorMessage: { maximum: '体重不超过 300 kg' } },
      gender: { 'x-label': '性别', type: 'string', 'x-widget': 'radio', enum: ['男', '女'] },
      plan: { 'x-label': '减重计划', 'x-visibleIf': "form.weight > 100 && form.gender == '女'", type: 'string' },
      phone: { 'x-label': '联系电话', 'x-visibleIf': 'form.weight >= 150 || !isEmpty(form.plan)', maxLength: 11, pattern: '^1[3-9]\\d{9}$', errorMessage: { pattern: '请输入 11 位手机号' }, type: 'string' },
      sign: { 'x-label': '本人签名', type: 'string', 'x-widget': 'signature', pattern: '^(data:image/png;base64,[A-Za-z0-9+/=]+)?$' },
    });
    const again = readQuestionnaire(schema);
    expect(writeQuestionnaire(again)).toEqual(schema);
    expect(again.sections[0].questions.map((x) => x.type)).toEqual(['description', 'number', 'single', 'text', 'text', 'signature']);
    expect(again.sections[0].questions[3].visibleIf).toEqual(build().sections[0].questions[3].visibleIf);
    expect(conditionTargets(again).map((t) => `${t.path}:${t.kind}`)).toEqual(['weight:number', 'gender:single', 'plan:text', 'phone:text']);
  });

  it('a question turned into 说明文字 keeps its text as the block, not as a label beside it', () => {
    let q = addQuestion({ title: 't', sections: [], raw: {} }, 0, 'single');
    q = readQuestionnaire(writeQuestionnaire(q)); // as the builder holds it: raw is what was written
    q = updateQuestion(q, 0, 0, { type: 'description', label: '以下问题请本人填写' });
    expect(writeQuestionnaire(q).properties).toEqual({ q1: { type: 'string', 'x-widget': 'display', 'x-options': { text: '以下问题请本人填写' } } });
  });

  it('the typed config checker accepts what it wrote', () => {
    expect(check(JSON.stringify(writeQuestionnaire(build()), null, 2))).toEqual([]);
  });

  it('the engine shows, hides and refuses as the words say — the server agreeing', () => {
    const schema = writeQuestionnaire(build());
    const root = buildFormModel(schema);
    const validate = compileSchema(schema);
    const first = (values: Record<string, unknown>) => checkSubmission(root, values, validate).first;
    expect(first({})).toBe('请填写体重');
    expect(first({ weight: 500 })).toBe('体重不超过 300 kg');
    expect(first({ weight: 120, gender: '男' })).toBeNull(); // 且: a man over 100 is not asked for a plan
    expect(first({ weight: 120, gender: '女' })).toMatch(/减重计划/); // both hold: the plan is asked
    expect(first({ weight: 120, gender: '女', plan: '每周跑步', phone: '12345' })).toBe('请输入 11 位手机号'); // 或: the plan is filled
    expect(first({ weight: 120, gender: '女', plan: '每周跑步', phone: '13800138000' })).toBeNull();
    expect(first({ weight: 90, phone: '12345' })).toBeNull(); // neither holds: the phone is hidden, its value dropped
  });

  it('a rule follows a renamed question and loses a deleted one; impossible validators are said in words', () => {
    let q = build();
    q = updateQuestion(q, 0, 1, { key: 'kg' });
    expect(writeQuestionnaire(q).properties).toMatchObject({ plan: { 'x-visibleIf': "form.kg > 100 && form.gender == '女'" }, phone: { 'x-visibleIf': 'form.kg >= 150 || !isEmpty(form.plan)' } });
    q = deleteQuestion(q, 0, 2); // gender
    expect(writeQuestionnaire(q).properties).toMatchObject({ plan: { 'x-visibleIf': 'form.kg > 100' } });
    q = updateQuestion(q, 0, 1, { validation: { minimum: 300, maximum: 20, messages: {} } });
    q = updateQuestion(q, 0, 3, { validation: { pattern: '^(\\d', minLength: 5, maxLength: 2, messages: {} } });
    expect(problemsOf(q)).toEqual(['题目“体重（kg）”的最小值 300 大于最大值 20', '题目“联系电话”的最少字数 5 多于最多字数 2', '题目“联系电话”的格式规则写得不对（^(\\d）']);
  });
});

describe('a calculated value (计算结果)', () => {
  it('BMI from a height and a weight question: written as the display widget\'s =expression, said in words, typed by the checker, computed by the engine', () => {
    let q = build();
    q = addQuestion(q, 0, 'number');
    q = updateQuestion(q, 0, 6, { key: 'height', label: '身高（厘米）' });
    q = addQuestion(q, 0, 'calculated');
    expect(problemsOf(q)).toEqual(['题目“新题目”还没有计算公式']);
    const targets = conditionTargets(q);
    const formula = bmiFormula({ height: 'height', weight: 'weight' }, targets);
    q = updateQuestion(q, 0, 7, { key: 'bmi', label: '体重指数 BMI', formula });
    const schema = writeQuestionnaire(q);
    expect((schema.properties as Record<string, unknown>).bmi).toEqual({ 'x-label': '体重指数 BMI', type: 'string', 'x-widget': 'display', 'x-options': { text: '=round(form.weight / ((form.height / 100) * (form.height / 100)), 1)' } });
    const again = readQuestionnaire(schema).sections[0].questions[7];
    expect(again).toMatchObject({ type: 'calculated', formula });
    expect(readBmi(again.formula)).toEqual({ height: 'height', weight: 'weight' });
    expect(formulaWords(formula, (p) => ({ height: '身高', weight: '体重' })[p] ?? p)).toBe('BMI = 体重 ÷ (身高 ÷ 100)²，保留一位小数');
    expect(check(JSON.stringify(schema, null, 2))).toEqual([]);
    const fns = createFunctionRegistry({});
    expect(compileExpr(formula).evaluate({ form: { height: 170, weight: 120 } }, fns)).toBe(41.5);
    // a misspelt question in a written formula is refused at its line
    const bad = JSON.parse(JSON.stringify(schema));
    bad.properties.bmi['x-options'].text = '=form.weigth / 2';
    expect(check(JSON.stringify(bad, null, 2)).join('\n')).toMatch(/weigth/);
  });
});

