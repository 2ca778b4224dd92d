/**
 * One cell's value as the text a person typed: a date cell → 'YYYY-MM-DD'
 * (with ' HH:mm' when it has a time), a time-only cell → 'HH:mm', a number
 * without float noise (0.1 + 0.2 → '0.3', 12.300000000000001 → '12.3') and
 * never in exponent form, rich text joined, a formula's result, trimmed.
 * Excel keeps dates as UTC instants of the typed wall time: read in UTC.
 */
import type { CellValue } from 'exceljs';

const pad = (n: number) => String(n).padStart(2, '0');

export function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const hm = d.getUTCHours() * 60 + d.getUTCMinutes() + (d.getUTCSeconds() >= 30 ? 1 : 0);
  const time = `${pad(Math.floor(hm / 60) % 24)}:${pad(hm % 60)}`;
  // Excel's day 0 (1899-12-30/31): a time of day typed alone.
  if (d.getUTCFullYear() < 1900) return time;
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return hm === 0 ? day : `${day} ${time}`;
}

export function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? n.toFixed(0) : BigInt(n).toString();
  // 15 significant digits: what Excel itself shows and stores as typed.
  const clean = Number(n.toPrecision(15));
  const s = String(clean);
  if (!/e/i.test(s)) return s;
  return clean.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

export function cellText(v: CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return dateText(v);
  if (typeof v === 'object') {
    const o = v as unknown as Record<string, unknown>;
    if (Array.isArray(o.richText)) return (o.richText as Array<{ text?: string }>).map((t) => t.text ?? '').join('').trim();
    if ('result' in o || 'formula' in o || 'sharedFormula' in o) return cellText(o.result as CellValue | undefined);
    if ('hyperlink' in o || 'text' in o) return cellText(o.text as CellValue | undefined);
    if (typeof o.error === 'string') return o.error;
  }
  return String(v).trim();
}
