import { describe, expect, it } from 'vitest';
import { BASE64_ALPHABET, decryptBody, encryptBody, isValidSubstitution } from '../../src/contract/rules/encry';

const sub = BASE64_ALPHABET.slice(10) + BASE64_ALPHABET.slice(0, 10);

describe('encryStr', () => {
  it('round-trips with the same key material and window', () => {
    const k = { keySeed: 'unit-seed', substitution: sub };
    const now = 1_800_000_000_000;
    const s = encryptBody({ idCard: '11010519491231002X', n: 1, zh: '体检' }, k, now);
    expect(s).not.toContain('11010519491231002X');
    expect(decryptBody(s, k, now)).toEqual({ idCard: '11010519491231002X', n: 1, zh: '体检' });
    // neighbouring window tolerated, far window refused
    expect(decryptBody(s, k, now + 5 * 60 * 1000)).toEqual({ idCard: '11010519491231002X', n: 1, zh: '体检' });
    expect(decryptBody(s, k, now + 60 * 60 * 1000)).toBeUndefined();
  });
  it('wrong seed or substitution does not decrypt', () => {
    const now = 1_800_000_000_000;
    const s = encryptBody({ a: 1 }, { keySeed: 'a', substitution: sub }, now);
    expect(decryptBody(s, { keySeed: 'b', substitution: sub }, now)).toBeUndefined();
    expect(decryptBody(s, { keySeed: 'a' }, now)).toBeUndefined();
  });
  it('validates substitutions', () => {
    expect(isValidSubstitution(sub)).toBe(true);
    expect(isValidSubstitution('abc')).toBe(false);
    expect(isValidSubstitution(undefined)).toBe(true);
  });
});
