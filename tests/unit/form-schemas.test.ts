/**
 * The project's real form schemas (schemas/forms) through the renderer's model,
 * cleaning and validation: widget names known, spec messages in spec order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFormModel, walkFields } from '../../src/engine/form/schema-model';
import { cleanValues, initialValues, type Values } from '../../src/engine/form/values';
import { validateValues } from '../../src/engine/form/validate';
import { compileSchema } from '../../src/engine/schema/ajv';
import { isWidgetName } from '../../src/engine/form/widget-names';
import { makeIdCard } from '../../src/contract/rules/idcard';
import { fakeEval } from './form-fixtures';

const dir = join(import.meta.dirname, '../../schemas/forms');
const load = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as object;
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

function first(schema: object, raw: Values): string | null {
  const root = buildFormModel(schema);
  const { values, hidden } = cleanValues(root, initialValues(root, raw), fakeEval);
  return validateValues(root, values, hidden, compileSchema(root.schema)).first;
}

describe('schemas/forms', () => {
  it.each(files)('%s: every widget is registered and an empty form validates without crashing', (file) => {
    const schema = load(file);
    const root = buildFormModel(schema);
    walkFields(root, (n) => expect(isWidgetName(n.widget), `${n.path}: ${n.widget}`).toBe(true));
    const msg = first(schema, {});
    expect(msg === null || typeof msg === 'string').toBe(true);
  });

  it('person-order-hc: required name → ID → phone → certificate type → job → phone format → ID checks', () => {
    const s = load('person-order-hc.json');
    const good = makeIdCard('110101', '19900101', '123');
    const seq: Array<[Values, string | null]> = [
      [{}, '请输入姓名'],
      [{ name: '张三' }, '请输入身份证件号码'],
      [{ name: '张三', idCard: '1' }, '请输入手机号码'],
      [{ name: '张三', idCard: '1', tel: '1' }, '请输入健康证类型'],
      [{ name: '张三', idCard: '1', tel: '1', hflag: 'T' }, '请输入职业'],
      [{ name: '张三', idCard: '1', tel: '1', hflag: 'T', job: '01' }, '手机号码格式错误'],
      [{ name: '张三', idCard: '1', tel: '13812345678', hflag: 'T', job: '01' }, '你输入的身份证长度或格式错误'],
      [{ name: '张三', idCard: good, tel: '13812345678', hflag: 'T', job: '01' }, null],
    ];
    expect(seq.map(([v]) => first(s, v))).toEqual(seq.map(([, m]) => m));
  });

  it('health questionnaire: the one message for missing answers, then the conditional ones', () => {
    const s = load('health-questionnaire.json');
    expect(first(s, {})).toBe('请完整填写问卷信息');
    const complete: Values = {
      company: '某公司', name: '张三', contact: '13700001111', healthStatus: '好', surgeryHistory: '无',
      allergyHistory: '无', diseaseHistory: '无', smoking: '不吸烟', drinking: '偶尔', dietHabit: '荤素均衡',
      sleepHours: '6-8小时', sleepQuality: '一般', workSchedule: '规律', exerciseFrequency: '偶尔', anxious: '否', recentAnxiety: '否',
    };
    const details = { surgeryHistory: '有', allergyHistory: '有', smoking: '吸烟' };
    // A detail never hides a missing answer, wherever the missing one sits on the page.
    expect(first(s, { ...complete, ...details, recentAnxiety: undefined })).toBe('请完整填写问卷信息');
    // Then the details, in x-checkOrder: surgery → allergy → smoking.
    expect(first(s, { ...complete, ...details })).toBe('请填写手术名称');
    expect(first(s, { ...complete, ...details, surgeryName: '阑尾切除' })).toBe('请填写药物名称');
    expect(first(s, { ...complete, ...details, surgeryName: '阑尾切除', allergyName: '青霉素' })).toBe('请填写吸烟数量和年限');
    expect(first(s, { ...complete, ...details, surgeryName: '阑尾切除', allergyName: '青霉素', smokingAmount: '5', smokingYears: '3' })).toBeNull();
    expect(first(s, complete)).toBeNull();
  });

  it('questionnaire basic info: one message for any missing field', () => {
    expect(first(load('questionnaire-basic.json'), { sex: '男' })).toBe('请完成基本信息！');
  });

  it('occupational questionnaire: no required checks; female-only sections leave the values for a man', () => {
    const s = load('occupational-questionnaire.json');
    const root = buildFormModel(s);
    expect(first(s, {})).toBeNull();
    const raw = initialValues(root, { basicInfo: { gender: '男' }, menstrualHistory: { firstAge: 13 } });
    expect(cleanValues(root, raw, fakeEval).values.menstrualHistory).toBeUndefined();
    const list = root.children!.find((c) => c.name === 'workHistory')!.children!.find((c) => c.widget === 'list')!;
    expect(list.minItems ?? 1).toBe(1);
  });
});
