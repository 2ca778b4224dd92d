/** Mainland mobile number: 11 digits, 1 then 3-9 (booking spec §5). */
export const PHONE_RE = /^1[3-9]\d{9}$/;
export const PHONE_MSG = '手机号码格式错误';

export function isPhone(v: unknown): boolean {
  return typeof v === 'string' && PHONE_RE.test(v);
}

/** null when valid, else the message. */
export function checkPhone(v: unknown): string | null {
  return isPhone(v) ? null : PHONE_MSG;
}

/** 138****5678 for logs and displays. */
export function maskPhone(v: string): string {
  return typeof v === 'string' && v.length >= 7 ? v.slice(0, 3) + '****' + v.slice(-4) : '***';
}
