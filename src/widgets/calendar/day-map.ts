import dayjs from 'dayjs';
import type { DayData } from './day-status';

/** Which fields of a server day hold what (personal: person_Date/person_Flag/person_Sum/person_Surplus; team: team_*). */
export interface DayFields {
  date: string;
  flag?: string;
  sum?: string;
  surplus?: string;
  /** A weekday text the server may send (team days have `week`). */
  week?: string;
}

export const DEFAULT_DAY_FIELDS: DayFields = { date: 'date', flag: 'flag', sum: 'sum', surplus: 'surplus', week: 'week' };

export interface MappedDay extends DayData {
  date: string;
  week?: string;
  raw: unknown;
}

/** '2025-03-05T00:00:00', '2025/3/5' → '2025-03-05'; '' when not a date. */
export function normalizeDate(v: unknown): string {
  if (typeof v !== 'string' && typeof v !== 'number') return '';
  const s = String(v).trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(s)) return s.slice(0, 10);
  const d = dayjs(s.replace(/\//g, '-'));
  return d.isValid() ? d.format('YYYY-MM-DD') : '';
}

/** Server days keyed by YYYY-MM-DD. Later entries for the same date win. */
export function mapDays(days: unknown[], fields: DayFields): Map<string, MappedDay> {
  const out = new Map<string, MappedDay>();
  for (const raw of days) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    const date = normalizeDate(r[fields.date]);
    if (!date) continue;
    out.set(date, {
      date,
      flag: fields.flag ? r[fields.flag] : undefined,
      sum: fields.sum ? r[fields.sum] : undefined,
      surplus: fields.surplus ? r[fields.surplus] : undefined,
      week: fields.week && typeof r[fields.week] === 'string' ? (r[fields.week] as string) : undefined,
      raw,
    });
  }
  return out;
}
