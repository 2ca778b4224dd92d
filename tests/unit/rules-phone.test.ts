import { describe, expect, it } from 'vitest';
import { checkPhone, isPhone, maskPhone, PHONE_MSG } from '../../src/contract/rules/phone';

describe('phone', () => {
  it('accepts 1[3-9] + 9 digits only', () => {
    for (const p of ['13800138000', '19912345678', '15000000000']) expect(isPhone(p)).toBe(true);
    for (const p of ['12800138000', '1380013800', '138001380001', '2380013800a', '', 13800138000]) expect(isPhone(p)).toBe(false);
    expect(checkPhone('123')).toBe(PHONE_MSG);
    expect(PHONE_MSG).toBe('手机号码格式错误');
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});
