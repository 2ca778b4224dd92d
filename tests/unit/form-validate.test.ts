import { describe, expect, it } from 'vitest';
import { buildFormModel, conditionDeps, orderNames } from '../../src/engine/form/schema-model';
import { cleanValues, initialValues } from '../../src/engine/form/values';
import { validateValues } from '../../src/engine/form/validate';
import { compileSchema } from '../../src/engine/schema/ajv';
import { makeIdCard } from '../../src/contract/rules/idcard';
import { fakeEval, orderFormSchema, workListSchema } from './form-fixtures';

const root = buildFormModel(orderFormSchema);
const firstMessage = (raw: Record<string, unknown>) => {
  const { values, hidden } = cleanValues(root, raw, fakeEval);
  return validateValues(root, values, hidden, compileSchema(root.schema)).first;
};

describe('order form: first message in the spec order', () => {
  it('walks required name → ID → phone → certificate type → job → phone format → ID checks', () => {
    const good = makeIdCard('110101', '19900101', '123');
    const steps: Array<[Record<string, unknown>, string | null]> = [
      [{ kind: 'hc', name: '', idcard: '', phone: '' }, '请输入姓名'],
      [{ kind: 'hc', name: '张三', idcard: '', phone: '123' }, '请输入身份证件号码'],
      [{ kind: 'hc', name: '张三', idcard: '123', phone: '' }, '请输入手机号码'],
      [{ kind: 'hc', name: '张三', idcard: '123', phone: '123' }, '请输入健康证类型'],
      [{ kind: 'hc', name: '张三', idcard: '123', phone: '123', certType: 'T' }, '请输入职业'],
      [{ kind: 'hc', name: '张三', idcard: '123', phone: '123', certType: 'T', job: '01' }, '手机号码格式错误'],
      [{ kind: 'hc', name: '张三', idcard: '123', phone: '13812345678', certType: 'T', job: '01' }, '你输入的身份证长度或格式错误'],
      [{ kind: 'hc', name: '张三', idcard: '991' + good.slice(3), phone: '13812345678', certType: 'T', job: '01' }, '你的身份证地区非法'],
      [{ kind: 'hc', name: '张三', idcard: '11010119901301123X', phone: '13812345678', certType: 'T', job: '01' }, '身份证上的出生日期非法'],
      [{ kind: 'hc', name: '张三', idcard: good.slice(0, 17) + (good[17] === '0' ? '1' : '0'), phone: '13812345678', certType: 'T', job: '01' }, '你输入的身份证号非法'],
      [{ kind: 'hc', name: '张三', idcard: good, phone: '13812345678', certType: 'T', job: '01' }, null],
    ];
    expect(steps.map(([raw]) => firstMessage(raw))).toEqual(steps.map(([, msg]) => msg));
  });

  it('does not ask for hidden fields (certificate fields off for a plain order)', () => {
    const good = makeIdCard('110101', '19900101', '123');
    expect(firstMessage({ kind: 'person', name: '张三', idcard: good, phone: '13812345678' })).toBeNull();
  });

  it('reports every failing field inline, first message per field', () => {
    const { values, hidden } = cleanValues(root, { kind: 'hc', name: '张三', phone: '12' }, fakeEval);
    const { byPath } = validateValues(root, values, hidden, compileSchema(root.schema));
    expect(byPath).toEqual({
      idcard: '请输入身份证件号码',
      phone: '手机号码格式错误',
      certType: '请输入健康证类型',
      job: '请输入职业',
    });
  });

  it('falls back to ajv-i18n zh with the field label when the schema has no text', () => {
    const s = buildFormModel({
      type: 'object',
      properties: { age: { type: 'number', 'x-label': '年龄', maximum: 150 }, tel: { type: 'string', 'x-label': '电话' } },
      required: ['tel'],
    });
    const { byPath, first } = validateValues(s, { age: 200 }, [], compileSchema(s.schema));
    expect(first).toBe('请填写电话');
    expect(byPath.age).toBe('年龄应当为 <= 150');
  });
});

describe('cleaned values', () => {
  it('removes hidden fields (clear), keeps x-hidden: keep, drops empty strings', () => {
    const raw = { kind: 'person', name: '', idcard: 'x', certType: 'T', job: '01', extra: 'app-id' };
    const { values, hidden } = cleanValues(root, raw, fakeEval);
    expect(values).toEqual({ kind: 'person', idcard: 'x', extra: 'app-id' });
    expect(hidden).toEqual(['certType', 'job']);
    const keep = buildFormModel({
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'string', 'x-visibleIf': "form.a == 'y'", 'x-hidden': 'keep' },
      },
    });
    expect(cleanValues(keep, { a: 'n', b: 'kept' }, fakeEval).values).toEqual({ a: 'n', b: 'kept' });
  });

  it('drops a hidden section with everything in it', () => {
    const m = buildFormModel(workListSchema);
    const raw = { gender: '男', experiences: [{ company: 'A', workshop: '' }], menstrual: { firstAge: 13 } };
    expect(cleanValues(m, raw, fakeEval).values).toEqual({ gender: '男', experiences: [{ company: 'A' }] });
    expect(cleanValues(m, { ...raw, gender: '女' }, fakeEval).values.menstrual).toEqual({ firstAge: 13 });
  });

  it('starts lists with minItems entries and sections as objects', () => {
    const m = buildFormModel(workListSchema);
    expect(initialValues(m, undefined)).toEqual({ gender: '男', experiences: [{}], menstrual: {} });
  });
});

describe('schema model', () => {
  it('orders by x-order with * for the rest and infers widgets', () => {
    expect(orderNames(['a', 'b', 'c', 'd'], ['c', '*', 'a'])).toEqual(['c', 'b', 'd', 'a']);
    const m = buildFormModel(workListSchema);
    expect(m.children!.map((c) => `${c.name}:${c.widget}`)).toEqual(['gender:radio', 'experiences:list', 'menstrual:section']);
    expect(root.children!.find((c) => c.name === 'certType')!.choices![1]).toEqual({ value: 'P', label: '非食品类' });
  });

  it('finds what a condition reads', () => {
    expect(conditionDeps("form.basicInfo.gender == '女' && form.list[0].x")).toEqual(['basicInfo.gender', 'list.0.x']);
    expect(conditionDeps('len(form) > 2')).toBeNull();
  });
});
