/**
 * Money as integer cents (booking spec §9: totals computed in cents to avoid rounding).
 * Accepts '12.3', '12.30', 12.3, '12', ' 12.30 '; refuses more than 2 decimals or junk.
 */
export function toCents(v: string | number): number {
  const s = typeof v === 'number' ? toPlain(v) : String(v).trim();
  const m = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) throw new Error(`invalid amount: ${String(v)}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

/** Like toCents, null instead of throwing. */
export function tryCents(v: unknown): number | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  try {
    return toCents(v);
  } catch {
    return null;
  }
}

/** 1230 → '12.30'; -5 → '-0.05'. */
export function formatCents(cents: number): string {
  const neg = cents < 0;
  const a = Math.abs(Math.round(cents));
  return `${neg ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** Sum of amounts (cents or parseable amounts), in cents. */
export function sumCents(values: Array<string | number>, alreadyCents = false): number {
  return values.reduce<number>((acc, v) => acc + (alreadyCents ? Number(v) : toCents(v)), 0);
}

function toPlain(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  // 12.3 → '12.30'; rounding to 2 decimals is the intent for numeric input (0.1+0.2 → '0.30').
  return n.toFixed(2);
}
