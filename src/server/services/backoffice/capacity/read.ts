/** Reading a calendar as the back office shows it: days with their slots, places and what is booked (total − surplus). */
import type { Queryable } from '../../../db/types';
import type { CapacityDay, CapacitySlot } from '../../../../contract/api/backoffice/capacity';

interface SlotDbRow {
  day: string;
  code: string;
  name: string;
  total: number | string;
  surplus: number | string;
}

export function toSlot(r: Omit<SlotDbRow, 'day'>): CapacitySlot {
  const total = Number(r.total);
  return { code: r.code, name: r.name, places: total, booked: total - Number(r.surplus) };
}

/** The slots of one day, in their order. */
export async function daySlots(db: Queryable, scope: string, day: string): Promise<CapacitySlot[]> {
  const rows = await db.all<SlotDbRow>('SELECT day, code, name, total, surplus FROM calendar_slots WHERE scope = $1 AND day = $2 ORDER BY sort, code', [scope, day]);
  return rows.map(toSlot);
}

/** Every day from..to the calendar has a row for, with its slots and its closed-day name. */
export async function readDays(db: Queryable, scope: string, from: string, to: string): Promise<CapacityDay[]> {
  const days = await db.all<{ day: string; flag: string; note: string | null }>(
    `SELECT d.day AS day, d.flag AS flag, n.note AS note FROM calendar_days d
       LEFT JOIN calendar_day_notes n ON n.scope = d.scope AND n.day = d.day
      WHERE d.scope = $1 AND d.day >= $2 AND d.day <= $3 ORDER BY d.day`,
    [scope, from, to],
  );
  const slots = await db.all<SlotDbRow>(
    'SELECT day, code, name, total, surplus FROM calendar_slots WHERE scope = $1 AND day >= $2 AND day <= $3 ORDER BY day, sort, code',
    [scope, from, to],
  );
  const byDay = new Map<string, CapacitySlot[]>();
  for (const s of slots) {
    const list = byDay.get(s.day) ?? [];
    list.push(toSlot(s));
    byDay.set(s.day, list);
  }
  return days.map((d) => dayOf(d.day, d.flag, d.note ?? '', byDay.get(d.day) ?? []));
}

export function dayOf(day: string, flag: string, note: string, slots: CapacitySlot[]): CapacityDay {
  return {
    day,
    flag: flag === 'T' ? 'T' : 'F',
    note,
    places: slots.reduce((n, s) => n + s.places, 0),
    booked: slots.reduce((n, s) => n + s.booked, 0),
    slots,
  };
}

export async function readDay(db: Queryable, scope: string, day: string): Promise<CapacityDay | null> {
  return (await readDays(db, scope, day, day))[0] ?? null;
}
