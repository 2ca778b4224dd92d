/**
 * A repeatable group (既往病史: one entry per illness) built in the builder:
 * the file is a list whose entries are objects of questions (what a person
 * writes, as the occupational questionnaire's 工作经历), it opens again as a
 * repeatable group, the checker accepts it, and the engine asks each entry's
 * required questions — the server agreeing.
 */
import { describe, expect, it } from 'vitest';
import { check } from './schema-vocabulary';
import { conditionTargets, readQuestionnaire, writeQuestionnaire, type Questionnaire } from '../../src/studio/questionnaire/model';
import { addQuestion, addSection, updateQuestion } from '../../src/studio/questionnaire/edit';
import { buildFormModel } from '../../src/engine/form/schema-model';
import { checkSubmission } from '../../src/engine/form/check-submission';
import { compileSchema } from '../../src/engine/schema/ajv';

function history(): Questionnaire {
  let q: Questionnaire = { title: '既往史', sections: [], raw: {} };
  q = addQuestion(q, 0, 'single');
  q = updateQuestion(q, 0, 0, { key: 'any', label: '是否患过慢性病' });
  q = addSection(q, '既往病史', true);
  q = addQuestion(q, 1, 'text');
  q = updateQuestion(q, 1, 0, { key: 'disease', label: '疾病名称', required: true, requiredMessage: '请填写疾病名称' });
  q = addQuestion(q, 1, 'number');
  q = updateQuestion(q, 1, 1, { key: 'year', label: '确诊年份', validation: { minimum: 1900, maximum: 2100, messages: { minimum: '请填写四位年份' } } });
  return q;
}

describe('a repeatable group', () => {
  it('is a list of entries, opens again as one, and the checker accepts it', () => {
    const schema = writeQuestionnaire(history());
    expect((schema.properties as Record<string, unknown>).section1).toEqual({
      type: 'array',
      'x-label': '既往病史',
      'x-widget': 'list',
      items: {
        type: 'object',
        properties: {
          disease: { 'x-label': '疾病名称', type: 'string' },
          year: { 'x-label': '确诊年份', type: 'number', 'x-widget': 'number', minimum: 1900, maximum: 2100, errorMessage: { minimum: '请填写四位年份' } },
        },
        required: ['disease'],
        errorMessage: { required: { disease: '请填写疾病名称' } },
      },
    });
    const again = readQuestionnaire(schema);
    expect(again.sections[1]).toMatchObject({ key: 'section1', title: '既往病史', repeat: true });
    expect(writeQuestionnaire(again)).toEqual(schema);
    // one answer per entry: no condition can name a question inside it
    expect(conditionTargets(again).map((t) => t.path)).toEqual(['any']);
    expect(check(JSON.stringify(schema, null, 2))).toEqual([]);
  });

  it('each entry is asked its required questions and checked by its rules, the server agreeing', () => {
    const schema = writeQuestionnaire(history());
    const root = buildFormModel(schema);
    const validate = compileSchema(schema);
    const first = (values: Record<string, unknown>) => checkSubmission(root, values, validate).first;
    expect(first({ section1: [{ disease: '高血压', year: 2015 }, { year: 2020 }] })).toBe('请填写疾病名称');
    expect(first({ section1: [{ disease: '高血压', year: 2015 }, { disease: '糖尿病', year: 20 }] })).toBe('请填写四位年份');
    expect(first({ section1: [{ disease: '高血压', year: 2015 }, { disease: '糖尿病' }] })).toBeNull();
  });
});
