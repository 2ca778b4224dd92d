import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { makeIdCard } from '../../src/contract/rules/idcard';
import {
  APP_FUNCTION_NAMES, canCancel, idCardError, idCardSex, orderStateLabel, payFlagLabel, phoneOk, weekday,
} from '../../src/app/functions';
import { BUILTIN_FUNCTION_NAMES, createFunctionRegistry } from '../../src/engine/expr/functions';
import { appFunctions } from '../../src/app/functions';
import { centreMs } from '../../src/contract/rules/centre-day';

const male = makeIdCard('110101', '19900307', '123'); // 17th digit 3 → odd
const female = makeIdCard('110101', '19900307', '124');

describe('app functions', () => {
  it('idCardSex: odd 17th digit → 1, even → 2, junk → null', () => {
    expect(idCardSex(male)).toBe(1);
    expect(idCardSex(female)).toBe(2);
    expect(idCardSex('123')).toBeNull();
    expect(idCardSex(undefined)).toBeNull();
  });

  it('idCardError gives the first failing message in spec order', () => {
    expect(idCardError(male)).toBeNull();
    expect(idCardError('12345')).toBe('你输入的身份证长度或格式错误');
    expect(idCardError('991010199003071234')).toBe('你的身份证地区非法');
    expect(idCardError('110101199002301234')).toBe('身份证上的出生日期非法');
    const bad = male.slice(0, 17) + (male[17] === '0' ? '1' : '0');
    expect(idCardError(bad)).toBe('你输入的身份证号非法');
  });

  it('phoneOk', () => {
    expect(phoneOk('13812345678')).toBe(true);
    expect(phoneOk('12812345678')).toBe(false);
    expect(phoneOk('1381234567')).toBe(false);
    expect(phoneOk(13812345678)).toBe(false);
  });

  it('weekday', () => {
    expect(weekday('2024-06-03')).toBe('星期一');
    expect(weekday('2024/06/09')).toBe('星期日');
    expect(weekday('')).toBe('');
    expect(weekday(null)).toBe('');
  });

  it('orderStateLabel follows IsUsePay for S', () => {
    expect(orderStateLabel('F', true)).toBe('预约成功');
    expect(orderStateLabel('S', true)).toBe('已预约（待支付）');
    expect(orderStateLabel('S', false)).toBe('已预约（现场缴费）');
    expect(orderStateLabel('C', true)).toBe('已撤销');
    expect(orderStateLabel('export', true)).toBe('已导入');
    expect(orderStateLabel('E', true)).toBe('异常订单');
    expect(orderStateLabel('Refund', true)).toBe('已退费');
    expect(orderStateLabel('Z', true)).toBe('Z');
  });

  it('payFlagLabel', () => {
    expect(payFlagLabel('F')).toBe('待支付');
    expect(payFlagLabel('EING')).toBe('支付中');
    expect(payFlagLabel('TJServeERR')).toBe('已退款');
    expect(payFlagLabel('RefundERR')).toBe('退款失败');
    expect(payFlagLabel('T')).toBe('已支付');
    expect(payFlagLabel(undefined)).toBe('');
  });

  describe('canCancel cut-off: 00:00 of the day (startDays − 1) days before the checkup', () => {
    // Instants on the centre's clock (UTC+8), whatever the time zone the tests run in.
    const ms = (s: string) => centreMs(s);
    it('startDays 1: allowed until the checkup day starts', () => {
      expect(canCancel('2024-06-10', 1, ms('2024-06-09 23:59:59'))).toBe(true);
      expect(canCancel('2024-06-10', 1, ms('2024-06-10 00:00:00'))).toBe(false);
      expect(canCancel('2024-06-10', 1, ms('2024-06-10 08:00:00'))).toBe(false);
    });
    it('startDays 2: allowed until 00:00 the day before', () => {
      expect(canCancel('2024-06-10', 2, ms('2024-06-08 23:59:59.999'))).toBe(true);
      expect(canCancel('2024-06-10', 2, ms('2024-06-09 00:00:00'))).toBe(false);
    });
    it('startDays 3 with a date-time begin and string inputs', () => {
      expect(canCancel('2024-06-10 09:30:00', '3', '2024-06-07 12:00')).toBe(true);
      expect(canCancel('2024-06-10 09:30:00', '3', '2024-06-08 00:00')).toBe(false);
    });
    it('junk → false', () => {
      expect(canCancel('', 1, 0)).toBe(false);
      expect(canCancel('2024-06-10', 'x', 0)).toBe(false);
    });
  });

  it('registers with the engine without shadowing a built-in', () => {
    for (const n of APP_FUNCTION_NAMES) expect(BUILTIN_FUNCTION_NAMES).not.toContain(n);
    const reg = createFunctionRegistry(appFunctions);
    expect(reg.weekday('2024-06-03')).toBe('星期一');
  });
});
