/**
 * Calendars: one scope per personal type ('P:person', 'P:staff', 'P:vehicle',
 * 'P:healthCertificate') and per team pool ('T:total' shared, or 'T:<lnc_code>'
 * for a company with its own calendar). Places live on time slots; a day's sum
 * and surplus are the sums over its slots (always consistent, never stored twice).
 */
import dayjs from 'dayjs';
import type { Queryable } from '../../db/types';
import { centreDay } from '../../../contract/rules/centre-day';

export type PersonType = 'person' | 'question' | 'staff' | 'vehicle' | 'healthCertificate';

/** Order type → package clus_type and calendar scope. 'question' (个性化) uses the personal catalogue. */
export const PERSON_TYPES: Record<PersonType, { clusType: string; scope: string }> = {
  person: { clusType: '4', scope: 'P:person' },
  question: { clusType: '4', scope: 'P:person' },
  staff: { clusType: '1', scope: 'P:staff' },
  vehicle: { clusType: '6', scope: 'P:vehicle' },
  healthCertificate: { clusType: '5', scope: 'P:healthCertificate' },
};

const CLUS_TYPE_TO_TYPE: Record<string, PersonType> = { '4': 'person', '1': 'staff', '6': 'vehicle', '5': 'healthCertificate' };

/** 'person' | 'vehicle' | … or a clus_type code '4' | '1' | '6' | '5' → the personal type. */
export function personTypeOf(type: string): PersonType | undefined {
  if (type in PERSON_TYPES) return type as PersonType;
  return CLUS_TYPE_TO_TYPE[type];
}

export const WEEK_ZH = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

export function weekOf(day: string): string {
  return WEEK_ZH[dayjs(day).day()];
}

/** The centre's day of an instant (one clock: src/contract/rules/centre-day.ts). */
export const todayOf = centreDay;

export interface DayRow {
  day: string;
  flag: string;
  total: number;
  surplus: number;
}

export async function listDays(db: Queryable, scope: string, start: string, end: string): Promise<DayRow[]> {
  return db.all<DayRow>(
    `SELECT d.day AS day, d.flag AS flag, COALESCE(SUM(s.total), 0) AS total, COALESCE(SUM(s.surplus), 0) AS surplus
       FROM calendar_days d LEFT JOIN calendar_slots s ON s.scope = d.scope AND s.day = d.day
      WHERE d.scope = $1 AND d.day >= $2 AND d.day <= $3
      GROUP BY d.day, d.flag ORDER BY d.day`,
    [scope, start, end],
  );
}

export interface SlotRow {
  code: string;
  name: string;
  total: number;
  surplus: number;
}

export async function listSlots(db: Queryable, scope: string, day: string): Promise<SlotRow[]> {
  return db.all<SlotRow>(
    'SELECT code, name, total, surplus FROM calendar_slots WHERE scope = $1 AND day = $2 ORDER BY sort, code',
    [scope, day],
  );
}

/** Team scope for a company code (or 'total'): its own calendar when it has one, else the shared pool. */
export async function teamScope(db: Queryable, lnccode: string): Promise<{ scope: string; spType: string }> {
  if (!lnccode || lnccode === 'total') return { scope: 'T:total', spType: 'total' };
  const c = await db.one<{ own_calendar: number }>('SELECT own_calendar FROM companies WHERE lnc_code = $1', [lnccode]);
  if (c && Number(c.own_calendar) === 1) return { scope: `T:${lnccode}`, spType: lnccode };
  return { scope: 'T:total', spType: 'total' };
}

/** Takes one place; false when none is left. Never drives surplus below 0 (conditional update + CHECK). */
export async function takePlace(tx: Queryable, scope: string, day: string, code: string): Promise<boolean> {
  const n = await tx.run(
    'UPDATE calendar_slots SET surplus = surplus - 1 WHERE scope = $1 AND day = $2 AND code = $3 AND surplus > 0',
    [scope, day, code],
  );
  return n === 1;
}

/** Gives one place back (never above the slot's total). */
export async function releasePlace(tx: Queryable, scope: string, day: string, code: string): Promise<boolean> {
  const n = await tx.run(
    'UPDATE calendar_slots SET surplus = surplus + 1 WHERE scope = $1 AND day = $2 AND code = $3 AND surplus < total',
    [scope, day, code],
  );
  return n === 1;
}
