import { describe, expect, it } from 'vitest';
import { compileSchema, createAjv, firstMessageZh } from '../../src/engine/schema/ajv';

describe('shared Ajv', () => {
  it('has idcard/phone formats, errorMessage and zh localisation', () => {
    const v = compileSchema({
      $id: 'unit/ajv-1',
      type: 'object',
      required: ['tel'],
      properties: { tel: { type: 'string', format: 'phone', errorMessage: '手机号码格式错误' }, id: { type: 'string', format: 'idcard' }, n: { type: 'integer' } },
    });
    expect(v({ tel: '13800138000', id: '11010519491231002X' })).toBe(true);
    expect(v({ tel: '123' })).toBe(false);
    expect(firstMessageZh(v.errors)).toBe('手机号码格式错误');
    expect(v({ tel: '13800138000', n: 'x' })).toBe(false);
    expect(firstMessageZh(v.errors)).toMatch(/应当是 integer 类型|integer/);
    expect(compileSchema({ $id: 'unit/ajv-1' })).toBe(v);
  });
  it('idcardMsg keyword gives the specific ID message', () => {
    const ajv = createAjv();
    const v = ajv.compile({ type: 'string', idcardMsg: true });
    expect(v('110105194912310021')).toBe(false);
    expect(v.errors?.[0].message).toBe('你输入的身份证号非法');
  });
});
