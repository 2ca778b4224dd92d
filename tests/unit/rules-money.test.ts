import { describe, expect, it } from 'vitest';
import { formatCents, sumCents, toCents, tryCents } from '../../src/contract/rules/money';

describe('money in cents', () => {
  it('parses amounts exactly', () => {
    expect(toCents('12.30')).toBe(1230);
    expect(toCents('12.3')).toBe(1230);
    expect(toCents('12')).toBe(1200);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(199)).toBe(19900);
    expect(() => toCents('1.234')).toThrow();
    expect(() => toCents('abc')).toThrow();
    expect(tryCents('x')).toBeNull();
    expect(tryCents(null)).toBeNull();
  });
  it('formats and sums', () => {
    expect(formatCents(1230)).toBe('12.30');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-5)).toBe('-0.05');
    expect(sumCents(['0.10', '0.20', '199.00'])).toBe(19930);
    expect(sumCents([100, 250], true)).toBe(350);
  });
});
