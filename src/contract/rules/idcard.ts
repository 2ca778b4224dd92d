/**
 * Mainland resident ID number (GB 11643-1999) check, shared by client and server.
 * Returns the FIRST failing message in the order of booking spec §5, or null.
 */
export const ID_MSG = {
  format: '你输入的身份证长度或格式错误',
  region: '你的身份证地区非法',
  birth: '身份证上的出生日期非法',
  checksum: '你输入的身份证号非法',
} as const;

/** Valid first two digits (province-level codes). */
export const PROVINCE_CODES: ReadonlySet<string> = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65',
  '71', '81', '82', '91',
]);

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The check character (0-9 or X) for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/** Birth date as YYYY-MM-DD, or null when not a real calendar date. */
export function idCardBirth(id: string): string | null {
  if (!/^\d{17}[\dXx]$/.test(id)) return null;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

/**
 * null when valid, else the first failing message.
 * `today` (YYYY-MM-DD) is injectable for tests; births after it are refused, as are years before 1900.
 */
export function checkIdCard(id: unknown, today?: string): string | null {
  if (typeof id !== 'string' || !/^\d{17}[\dXx]$/.test(id)) return ID_MSG.format;
  if (!PROVINCE_CODES.has(id.slice(0, 2))) return ID_MSG.region;
  const birth = idCardBirth(id);
  const now = today ?? localToday();
  if (!birth || birth > now || birth < '1900-01-01') return ID_MSG.birth;
  if (idCardCheckChar(id.slice(0, 17)) !== id[17].toUpperCase()) return ID_MSG.checksum;
  return null;
}

export function isIdCard(id: unknown, today?: string): boolean {
  return checkIdCard(id, today) === null;
}

/** Sex from the 17th digit: odd = 1 (male), even = 2 (female). */
export function idCardSex(id: string): 1 | 2 {
  return Number(id[16]) % 2 === 1 ? 1 : 2;
}

/** Builds a valid ID from a 6-digit region, birth YYYYMMDD and 3-digit sequence (tests, seed). */
export function makeIdCard(region: string, birth: string, seq: string): string {
  const first17 = `${region}${birth}${seq}`;
  return first17 + idCardCheckChar(first17);
}

/** Masks an ID for logs and displays: 110101********123X. */
export function maskIdCard(id: string): string {
  return typeof id === 'string' && id.length > 10 ? id.slice(0, 6) + '*'.repeat(id.length - 10) + id.slice(-4) : '***';
}

function localToday(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
