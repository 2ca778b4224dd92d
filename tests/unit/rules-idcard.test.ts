import { describe, expect, it } from 'vitest';
import { checkIdCard, idCardBirth, idCardCheckChar, idCardSex, isIdCard, makeIdCard, maskIdCard, ID_MSG } from '../../src/contract/rules/idcard';

describe('ID card (GB 11643)', () => {
  it('accepts the published example and generated IDs with correct checksums', () => {
    expect(checkIdCard('11010519491231002X', '2026-01-01')).toBeNull();
    expect(checkIdCard('11010519491231002x', '2026-01-01')).toBeNull();
    for (const [r, b, s] of [['330102', '19880512', '131'], ['440301', '20000229', '248'], ['910000', '19700101', '001']]) {
      const id = makeIdCard(r, b, s);
      expect(id).toHaveLength(18);
      expect(isIdCard(id, '2026-01-01')).toBe(true);
    }
  });
  it('check character follows ISO 7064 MOD 11-2', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
  });
  it('returns the first failing message in spec order', () => {
    expect(checkIdCard('12345', '2026-01-01')).toBe(ID_MSG.format);
    expect(checkIdCard('1101051949123100XX', '2026-01-01')).toBe(ID_MSG.format);
    expect(checkIdCard(undefined, '2026-01-01')).toBe(ID_MSG.format);
    // bad region AND bad date AND bad checksum → region first
    expect(checkIdCard('991305194913310021', '2026-01-01')).toBe(ID_MSG.region);
    expect(checkIdCard('101305194912310021', '2026-01-01')).toBe(ID_MSG.region);
    // valid region, impossible date, bad checksum → birth
    expect(checkIdCard('110105194902300021', '2026-01-01')).toBe(ID_MSG.birth);
    expect(checkIdCard('110105199001320021', '2026-01-01')).toBe(ID_MSG.birth);
    // future birth date
    expect(checkIdCard(makeIdCard('110105', '20270101', '001'), '2026-01-01')).toBe(ID_MSG.birth);
    // non-leap 29 Feb
    expect(checkIdCard(makeIdCard('110105', '19990229', '001'), '2026-01-01')).toBe(ID_MSG.birth);
    // checksum
    expect(checkIdCard('110105194912310021', '2026-01-01')).toBe(ID_MSG.checksum);
  });
  it('sex from the 17th digit and birth date', () => {
    expect(idCardSex(makeIdCard('330102', '19880512', '131'))).toBe(1);
    expect(idCardSex(makeIdCard('330102', '19880512', '132'))).toBe(2);
    expect(idCardBirth('11010519491231002X')).toBe('1949-12-31');
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
  });
});
