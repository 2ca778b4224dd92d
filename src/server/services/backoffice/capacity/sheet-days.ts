/**
 * The 号源容量 import sheet's days (imports/capacity-sheet.ts): rows grouped by
 * calendar and date, checked together and against the calendar as it is, and
 * applied through the same write as every capacity change (write-day.ts).
 * A day whose rows give slots gets exactly those slots (like a bulk rule); a
 * row's 休息日 closes (是) or opens (否) the day, empty leaves it as it is.
 */
import type { Queryable } from '../../../db/types';
import type { CapacityProblem, CapacityScopeInfo, CapacitySlotDraft } from '../../../../contract/api/backoffice/capacity';
import { belowBookedReason, renameBookedReason, slotListProblems } from '../../../../contract/rules/capacity-rules';
import { readDay } from './read';
import { scopeFromText } from './scopes';
import { planDay, writeDay } from './write-day';

export interface CapacitySheetRow {
  /** The calendar as typed (个人体检, 团体：<单位>, P:person, L0001). */
  calendar: string;
  day: string;
  slot?: { name: string; code?: string; places: number };
  /** true 是, false 否, undefined: left as it is. */
  closed?: boolean;
  note: string;
}

export interface SheetProblem {
  row: number;
  column: 'calendar' | 'day' | 'slot' | 'code' | 'places' | 'closed' | 'note';
  reason: string;
}

interface Rowed {
  row: number;
  value: CapacitySheetRow;
}

export interface SheetDay {
  info: CapacityScopeInfo;
  day: string;
  rows: Rowed[];
}

export const SCOPE_HINT = '可填 个人体检、入职体检、驾驶证体检、健康证体检、团体（共用）或 团体：单位名称';

/** Rows by calendar and day (in the sheet's order); rows naming no known calendar come back as problems. */
export async function groupDays(db: Queryable, rows: Rowed[]): Promise<{ days: SheetDay[]; problems: SheetProblem[] }> {
  const scopes = new Map<string, CapacityScopeInfo | undefined>();
  for (const r of rows) if (!scopes.has(r.value.calendar)) scopes.set(r.value.calendar, await scopeFromText(db, r.value.calendar));
  const problems: SheetProblem[] = [];
  const days = new Map<string, SheetDay>();
  for (const r of rows) {
    const info = scopes.get(r.value.calendar);
    if (!info) {
      problems.push({ row: r.row, column: 'calendar', reason: `没有这个日历：${r.value.calendar}（${SCOPE_HINT}）` });
      continue;
    }
    const key = `${info.scope}|${r.value.day}`;
    const d = days.get(key) ?? { info, day: r.value.day, rows: [] };
    d.rows.push(r);
    days.set(key, d);
  }
  return { days: [...days.values()], problems };
}

export const draftsOf = (d: SheetDay): CapacitySlotDraft[] => d.rows.filter((r) => r.value.slot).map((r) => ({ ...r.value.slot! }));
const closedOf = (d: SheetDay) => d.rows.find((r) => r.value.closed !== undefined)?.value.closed;
const noteOf = (d: SheetDay) => d.rows.find((r) => r.value.note)?.value.note ?? '';

/** Within one day: a time or a code twice, 休息日 or 说明 disagreeing, slots that overlap. */
function dayProblems(d: SheetDay): SheetProblem[] {
  const out: SheetProblem[] = [];
  const names = new Map<string, number>();
  const codes = new Map<string, number>();
  let closed: Rowed | undefined;
  let noted: Rowed | undefined;
  for (const r of d.rows) {
    const s = r.value.slot;
    if (s) {
      if (names.has(s.name)) out.push({ row: r.row, column: 'slot', reason: `与第 ${names.get(s.name)} 行重复：同一天的时段只能出现一次` });
      else names.set(s.name, r.row);
      if (s.code && codes.has(s.code)) out.push({ row: r.row, column: 'code', reason: `与第 ${codes.get(s.code)} 行的时段编码重复` });
      else if (s.code) codes.set(s.code, r.row);
    }
    if (r.value.closed !== undefined) {
      if (closed && closed.value.closed !== r.value.closed) out.push({ row: r.row, column: 'closed', reason: `与第 ${closed.row} 行的休息日不一致` });
      closed ??= r;
    }
    if (r.value.note) {
      if (noted && noted.value.note !== r.value.note) out.push({ row: r.row, column: 'note', reason: `与第 ${noted.row} 行的说明不一致` });
      noted ??= r;
    }
  }
  if (out.length === 0) {
    const first = d.rows.find((r) => r.value.slot);
    for (const reason of slotListProblems(draftsOf(d)).filter((p) => !p.startsWith('第 '))) out.push({ row: first?.row ?? d.rows[0].row, column: 'slot', reason });
  }
  return out;
}

/** Against the calendar as it is: no slot below what is booked, no booked slot dropped or moved, no day with bookings closed by a sheet. */
async function bookedProblems(db: Queryable, d: SheetDay): Promise<SheetProblem[]> {
  const cur = await readDay(db, d.info.scope, d.day);
  if (!cur) return [];
  const out: SheetProblem[] = [];
  const slotRows = d.rows.filter((r) => r.value.slot);
  if (slotRows.length) {
    const plan = planDay(cur.slots, draftsOf(d));
    for (const k of plan.keep) {
      const r = slotRows.find((x) => (x.value.slot!.code ? x.value.slot!.code === k.code : x.value.slot!.name === k.name)) ?? slotRows[0];
      const booked = k.was!.booked;
      if (k.places < booked) out.push({ row: r.row, column: 'places', reason: belowBookedReason(booked) });
      else if (booked > 0 && k.name !== k.was!.name) out.push({ row: r.row, column: 'slot', reason: `${k.was!.name}：${renameBookedReason(booked)}` });
    }
    for (const gone of plan.remove)
      if (gone.booked > 0) out.push({ row: slotRows[0].row, column: 'slot', reason: `表中缺少时段 ${gone.name}：该时段已预约 ${gone.booked} 人，不能删除` });
  }
  if (closedOf(d) === true && cur.flag !== 'T' && cur.booked > 0) {
    const r = d.rows.find((x) => x.value.closed === true)!;
    out.push({ row: r.row, column: 'closed', reason: `该日已预约 ${cur.booked} 人，导入不能设为休息日；请在「号源容量」页面关闭（保留已有预约）` });
  }
  return out;
}

export async function checkSheetDays(db: Queryable, rows: Rowed[]): Promise<SheetProblem[]> {
  const { days, problems } = await groupDays(db, rows);
  for (const d of days) {
    const own = dayProblems(d);
    problems.push(...own);
    if (own.length === 0) problems.push(...(await bookedProblems(db, d)));
  }
  return problems;
}

export interface SheetApplied {
  slotted: number;
  closed: number;
  opened: number;
  problems: CapacityProblem[];
  before: Array<{ scope: string; day: string; slots: Array<[string, string, number, number]> }>;
  labels: string[];
}

/** Writes every day in the caller's transaction; problems (bookings that landed since the check) are returned for the caller to refuse. */
export async function applySheetDays(tx: Queryable, rows: Rowed[]): Promise<SheetApplied> {
  const { days } = await groupDays(tx, rows);
  const out: SheetApplied = { slotted: 0, closed: 0, opened: 0, problems: [], before: [], labels: [] };
  for (const d of days) {
    const scope = d.info.scope;
    if (!out.labels.includes(d.info.label)) out.labels.push(d.info.label);
    if (d.rows.some((r) => r.value.slot)) {
      const w = await writeDay(tx, scope, d.day, draftsOf(d));
      out.problems.push(...w.problems);
      out.before.push({ scope, day: d.day, slots: w.before.map((s) => [s.code, s.name, s.places, s.booked]) });
      out.slotted++;
    }
    const closed = closedOf(d);
    if (closed === undefined) continue;
    await tx.run(`INSERT INTO calendar_days (scope, day, flag) VALUES ($1, $2, $3) ON CONFLICT (scope, day) DO UPDATE SET flag = excluded.flag`, [scope, d.day, closed ? 'T' : 'F']);
    const note = closed ? noteOf(d) : '';
    if (note) await tx.run('INSERT INTO calendar_day_notes (scope, day, note) VALUES ($1, $2, $3) ON CONFLICT (scope, day) DO UPDATE SET note = excluded.note', [scope, d.day, note]);
    else await tx.run('DELETE FROM calendar_day_notes WHERE scope = $1 AND day = $2', [scope, d.day]);
    if (closed) out.closed++;
    else out.opened++;
  }
  return out;
}
