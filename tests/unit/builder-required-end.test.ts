/**
 * The builder's 必填条件 and 结束条件 (issue 25, logic): written as
 * `x-requiredIf` / `x-endIf`, read back as rules, said in words, following a
 * renamed question and losing a deleted one; the checker accepts what it wrote
 * and the engine asks and skips exactly as the words say.
 */
import { describe, expect, it } from 'vitest';
import { check } from './schema-vocabulary';
import { ruleWords, type Rule } from '../../src/studio/questionnaire/logic';
import { readQuestionnaire, writeQuestionnaire, type Questionnaire } from '../../src/studio/questionnaire/model';
import { addQuestion, deleteQuestion, updateQuestion } from '../../src/studio/questionnaire/edit';
import { buildFormModel } from '../../src/engine/form/schema-model';
import { checkSubmission } from '../../src/engine/form/check-submission';
import { compileSchema } from '../../src/engine/schema/ajv';

function build(): Questionnaire {
  let q: Questionnaire = { title: '吸烟情况', sections: [], raw: {} };
  q = addQuestion(q, 0, 'single');
  q = updateQuestion(q, 0, 0, { key: 'smoker', label: '是否吸烟', required: true, options: [{ value: '是' }, { value: '否' }] });
  q = addQuestion(q, 0, 'number');
  q = updateQuestion(q, 0, 1, { key: 'packs', label: '每天几包', requiredIf: { join: 'and', clauses: [{ question: 'smoker', op: 'eq', value: '是' }] } });
  q = addQuestion(q, 0, 'text');
  q = updateQuestion(q, 0, 2, { key: 'note', label: '其他说明' });
  // skip to the end: a non-smoker is asked nothing more
  return updateQuestion(q, 0, 0, { endIf: { join: 'and', clauses: [{ question: 'smoker', op: 'eq', value: '否' }] } });
}

describe('required when, and skip to the end, in the builder', () => {
  it('writes x-requiredIf and x-endIf, and reads them back as rules', () => {
    const schema = writeQuestionnaire(build());
    expect(schema.properties).toMatchObject({
      smoker: { 'x-endIf': "form.smoker == '否'" },
      packs: { 'x-requiredIf': "form.smoker == '是'" },
    });
    const back = readQuestionnaire(schema);
    expect(back.sections[0].questions[1].requiredIf).toEqual({ join: 'and', clauses: [{ question: 'smoker', op: 'eq', value: '是' }] });
    expect(writeQuestionnaire(back)).toEqual(schema);
  });

  it('says each rule in words', () => {
    const rule: Rule = { join: 'and', clauses: [{ question: 'smoker', op: 'eq', value: '是' }] };
    const label = () => '“是否吸烟”';
    expect(ruleWords(rule, label, () => 'single', 'require')).toBe('当 “是否吸烟” 为 是 时必填');
    expect(ruleWords(rule, label, () => 'single', 'end')).toBe('当 “是否吸烟” 为 是 时结束问卷，后面的题目不再显示');
  });

  it('an always-required question writes no required-if; a rename and a delete reach every rule', () => {
    let q = updateQuestion(build(), 0, 1, { required: true });
    expect((writeQuestionnaire(q).properties as Record<string, Record<string, unknown>>).packs['x-requiredIf']).toBeUndefined();
    q = updateQuestion(build(), 0, 0, { key: 'smokes' });
    expect(writeQuestionnaire(q).properties).toMatchObject({ smokes: { 'x-endIf': "form.smokes == '否'" }, packs: { 'x-requiredIf': "form.smokes == '是'" } });
    q = deleteQuestion(q, 0, 0);
    expect(JSON.stringify(writeQuestionnaire(q))).not.toMatch(/x-requiredIf|x-endIf|smokes/);
  });

  it('a multiple choice option ticked alone (以上都没有) is x-exclusive, and follows its renamed value', () => {
    let q = addQuestion({ title: 't', sections: [], raw: {} }, 0, 'multiple');
    q = updateQuestion(q, 0, 0, { key: 'signs', label: '症状', options: [{ value: '头痛' }, { value: '胸闷' }, { value: '以上都没有', exclusive: true }] });
    let schema = writeQuestionnaire(q);
    expect(schema.properties).toMatchObject({ signs: { type: 'array', items: { enum: ['头痛', '胸闷', '以上都没有'] }, 'x-exclusive': ['以上都没有'] } });
    expect(check(JSON.stringify(schema, null, 2))).toEqual([]);
    q = readQuestionnaire(schema);
    expect(q.sections[0].questions[0].options[2]).toEqual({ value: '以上都没有', score: undefined, exclusive: true });
    q = updateQuestion(q, 0, 0, { options: q.sections[0].questions[0].options.map((o, i) => (i === 2 ? { ...o, value: '都没有' } : o)) });
    schema = writeQuestionnaire(q);
    expect((schema.properties as Record<string, Record<string, unknown>>).signs['x-exclusive']).toEqual(['都没有']);
    q = updateQuestion(q, 0, 0, { options: q.sections[0].questions[0].options.map((o) => ({ ...o, exclusive: undefined })) });
    expect((writeQuestionnaire(q).properties as Record<string, Record<string, unknown>>).signs['x-exclusive']).toBeUndefined();
  });

  it('the checker accepts it; the engine asks and skips as the words say', () => {
    const schema = writeQuestionnaire(build());
    expect(check(JSON.stringify(schema, null, 2))).toEqual([]);
    const first = (v: Record<string, unknown>) => checkSubmission(buildFormModel(schema), v, compileSchema(schema)).first;
    expect(first({ smoker: '是' })).toBe('请填写每天几包');
    expect(first({ smoker: '是', packs: 1 })).toBeNull();
    expect(first({ smoker: '否', packs: 'x', note: 'y' })).toBeNull(); // ended: what follows is dropped, not checked
  });
});
