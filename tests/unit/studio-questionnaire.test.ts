/**
 * The questionnaire builder's model: a hand-written form schema opens and is
 * written back unchanged; a questionnaire built from scratch (types, options
 * with points, required with its message, a condition, sections, bands) is the
 * same file a person would write, and the config checker accepts it with its
 * registry entry in flows/app.yaml.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFiles } from '../../src/engine/config/read-files';
import { checkConfigFiles } from '../../src/engine/config/check-files';
import { readMetaSchema } from '../../src/engine/config/check';
import { registriesFor } from '../../src/server/config-registries';
import {
  problemsOf,
  readQuestionnaire,
  toFileText,
  writeQuestionnaire,
  type Questionnaire,
} from '../../src/studio/questionnaire/model';
import {
  addQuestion,
  addSection,
  deleteQuestion,
  moveSection,
  updateQuestion,
  updateSection,
} from '../../src/studio/questionnaire/edit';
import { readRegistry, scoreRange, writeRegistry } from '../../src/studio/questionnaire/registry';
import { moveQuestionBy } from '../../src/studio/questionnaire/reorder';

const ROOT = path.resolve(__dirname, '../..');

const SCORE4 = { 从不: 0, 偶尔: 1, 经常: 2, 总是: 3 };
/** The sleep questionnaire of docs/flow-format.md's guide (tests/browser/admin-questionnaire.test.ts), as a person writes it. */
const SLEEP = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: '睡眠质量自评',
  type: 'object',
  properties: {
    fallAsleep: { type: 'string', 'x-label': '1. 入睡困难', 'x-widget': 'radio', enum: ['从不', '偶尔', '经常', '总是'], 'x-score': SCORE4 },
    pills: { type: 'string', 'x-label': '6. 服用助眠药物', 'x-widget': 'radio', enum: ['否', '是'], 'x-score': { 否: 0, 是: 2 } },
    pillName: { type: 'string', 'x-label': '7. 药物名称', 'x-placeholder': '请填写药物名称', maxLength: 30, 'x-visibleIf': "form.pills == '是'" },
    daytime: { type: 'array', 'x-label': '8. 白天的情况', 'x-widget': 'checkboxes', items: { type: 'string', enum: ['困倦', '乏力', '注意力不集中', '无'] }, 'x-score': { 困倦: 1, 乏力: 1, 注意力不集中: 1, 无: 0 } },
    note: { type: 'string', 'x-label': '11. 补充说明', 'x-widget': 'textarea', maxLength: 100 },
  },
  required: ['fallAsleep', 'pills'],
  errorMessage: { required: { fallAsleep: '请选择入睡困难的情况', pills: '请选择是否服用助眠药物' } },
};

describe('a hand-written questionnaire', () => {
  it('opens as questions, options, points, conditions and required messages', () => {
    const q = readQuestionnaire(SLEEP);
    expect(q.title).toBe('睡眠质量自评');
    expect(q.sections).toHaveLength(1);
    const [fall, pills, pillName, daytime, note] = q.sections[0].questions;
    expect(fall).toMatchObject({ key: 'fallAsleep', type: 'single', required: true, requiredMessage: '请选择入睡困难的情况', options: [{ value: '从不', score: 0 }, { value: '偶尔', score: 1 }, { value: '经常', score: 2 }, { value: '总是', score: 3 }] });
    expect(pills.type).toBe('single');
    expect(pillName).toMatchObject({ type: 'text', visibleIf: { join: 'and', clauses: [{ question: 'pills', op: 'eq', value: '是' }] }, placeholder: '请填写药物名称', required: false });
    expect(daytime).toMatchObject({ type: 'multiple', options: [{ value: '困倦', score: 1 }, { value: '乏力', score: 1 }, { value: '注意力不集中', score: 1 }, { value: '无', score: 0 }] });
    expect(note).toMatchObject({ type: 'text', multiline: true });
    expect(scoreRange(q)).toEqual({ min: 0, max: 8 });
  });

  it.each(fs.readdirSync(path.join(ROOT, 'schemas/forms')).filter((f) => f.endsWith('.json')))('schemas/forms/%s is written back unchanged', (name) => {
    const text = fs.readFileSync(path.join(ROOT, `schemas/forms/${name}`), 'utf8');
    const schema = JSON.parse(text);
    expect(toFileText(writeQuestionnaire(readQuestionnaire(schema)), text)).toBe(text);
  });

  it('the sleep schema too, and sections come from object properties', () => {
    expect(writeQuestionnaire(readQuestionnaire(SLEEP))).toEqual(SLEEP);
    const occ = readQuestionnaire(JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas/forms/occupational-questionnaire.json'), 'utf8')));
    expect(occ.sections.map((s) => s.title).slice(0, 3)).toEqual(['基本信息', '一、职业史', '二、既往病史']);
    expect(occ.sections.find((s) => s.key === 'menstrualHistory')!.visibleIf).toEqual({ join: 'and', clauses: [{ question: 'basicInfo.gender', op: 'eq', value: '女' }] });
  });
});

describe('building one', () => {
  function build(): Questionnaire {
    let q: Questionnaire = { title: '压力自评', sections: [], raw: {} };
    q = addQuestion(q, 0, 'single');
    q = updateQuestion(q, 0, 0, { key: 'tired', label: '1. 常感到疲惫', options: [{ value: '从不', score: 0 }, { value: '有时', score: 1 }, { value: '经常', score: 2 }], required: true, requiredMessage: '请选择是否常感到疲惫' });
    q = addQuestion(q, 0, 'multiple');
    q = updateQuestion(q, 0, 1, { key: 'signs', label: '2. 近来的情况', options: [{ value: '失眠', score: 2 }, { value: '头痛', score: 1 }, { value: '无' }] });
    q = addQuestion(q, 0, 'text');
    q = updateQuestion(q, 0, 2, { key: 'sleepNote', label: '3. 失眠多久了', visibleIf: { join: 'and', clauses: [{ question: 'signs', op: 'has', value: '失眠' }] }, placeholder: '例如：两周' });
    q = addSection(q, '基本信息');
    q = updateSection(q, 1, { key: 'basic' });
    q = addQuestion(q, 1, 'date');
    q = updateQuestion(q, 1, 0, { key: 'birth', label: '出生日期', required: true, requiredMessage: '请选择出生日期' });
    q = addQuestion(q, 1, 'number');
    q = updateQuestion(q, 1, 1, { key: 'hours', label: '每天工作小时数' });
    q = moveSection(q, 1, -1);
    return q;
  }

  it('writes the schema a person would write', () => {
    const q = build();
    expect(problemsOf(q)).toEqual([]);
    expect(writeQuestionnaire(q)).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: '压力自评',
      type: 'object',
      properties: {
        basic: {
          type: 'object',
          'x-label': '基本信息',
          properties: {
            birth: { 'x-label': '出生日期', type: 'string', 'x-widget': 'date', format: 'date' },
            hours: { 'x-label': '每天工作小时数', type: 'number', 'x-widget': 'number' },
          },
          required: ['birth'],
          errorMessage: { required: { birth: '请选择出生日期' } },
        },
        tired: { 'x-label': '1. 常感到疲惫', type: 'string', 'x-widget': 'radio', enum: ['从不', '有时', '经常'], 'x-score': { 从不: 0, 有时: 1, 经常: 2 } },
        signs: { 'x-label': '2. 近来的情况', type: 'array', 'x-widget': 'checkboxes', items: { type: 'string', enum: ['失眠', '头痛', '无'] }, uniqueItems: true, 'x-score': { 失眠: 2, 头痛: 1 } },
        sleepNote: { 'x-label': '3. 失眠多久了', 'x-placeholder': '例如：两周', 'x-visibleIf': "includes(form.signs, '失眠')", type: 'string' },
      },
      required: ['tired'],
      errorMessage: { required: { tired: '请选择是否常感到疲惫' } },
    });
  });

  it('reorders, renames (conditions follow) and deletes (conditions on it go)', () => {
    let q = build();
    q = moveQuestionBy(q, { section: 1, index: 0 }, -1); // tired: to the end of the section before
    expect(q.sections[0].questions.map((x) => x.key)).toEqual(['birth', 'hours', 'tired']);
    q = updateQuestion(q, 1, 0, { key: 'symptoms' });
    expect(q.sections[1].questions[1].visibleIf).toEqual({ join: 'and', clauses: [{ question: 'symptoms', op: 'has', value: '失眠' }] });
    q = deleteQuestion(q, 1, 0);
    expect(q.sections[1].questions[0].visibleIf).toBeUndefined();
    q = updateQuestion(q, 1, 0, { key: '1bad', label: '' });
    expect(problemsOf(q)).toEqual(['题目“1bad”的字段名 1bad 只能用字母、数字和下划线，且不以数字开头', '字段 1bad 没有题目文字']);
  });

  it('with its registry entry in flows/app.yaml, the config checker accepts it and its scoring', () => {
    const files = readConfigFiles(ROOT);
    const app = files['flows/app.yaml'];
    files['schemas/forms/stress.json'] = toFileText(writeQuestionnaire(build()));
    files['flows/app.yaml'] = writeRegistry(app, { id: 'stress', title: '压力自评', schema: 'forms/stress.json', owner: 'openid', listed: true, bands: [{ max: 2, label: '轻' }, { max: 5, label: '重' }] });
    // the rest of app.yaml (its comments too) is untouched
    expect(files['flows/app.yaml'].startsWith(app.trimEnd())).toBe(true);
    expect(files['flows/app.yaml'].slice(app.trimEnd().length)).toBe(
      ['', '  stress:', '    title: 压力自评', '    schema: forms/stress.json', '    owner: openid', '    listed: true', '    scoring:', '      bands:', '        - { max: 2, label: 轻 }', '        - { max: 5, label: 重 }', ''].join('\n'),
    );
    expect(readRegistry(files['flows/app.yaml']).find((r) => r.id === 'stress')).toEqual({ id: 'stress', title: '压力自评', schema: 'forms/stress.json', owner: 'openid', listed: true, bands: [{ max: 2, label: '轻' }, { max: 5, label: '重' }] });
    const { errors } = checkConfigFiles(files, registriesFor(ROOT), readMetaSchema());
    expect(errors).toEqual([]);
    // bands out of order: the checker says so
    const bad = { ...files, 'flows/app.yaml': writeRegistry(app, { id: 'stress', title: '压力自评', schema: 'forms/stress.json', owner: 'openid', listed: true, bands: [{ max: 5, label: '重' }, { max: 2, label: '轻' }] }) };
    expect(checkConfigFiles(bad, registriesFor(ROOT), readMetaSchema()).errors.map((e) => e.message).join('\n')).toMatch(/的最高分要大于前一段的/);
  });
});
