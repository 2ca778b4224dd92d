/**
 * Closed days and holidays: a date or a range closed (flag 'T', the phone shows
 * 休假 and PersonOrderAdd refuses it) on one calendar or several, with a name
 * the studio shows (国庆节); opened again. Bookings already made on a day being
 * closed are kept — closing stops new bookings only — but the admin must say so
 * (keepBookings) after being told how many there are.
 */
import type { Db } from '../../../db/types';
import type { CapacityBookedDay, CapacityCloseReq, CapacityCloseRes, CapacityOpenReq, CapacityOpenRes, CapacityScopeInfo } from '../../../../contract/api/backoffice/capacity';
import { CAPACITY_NOTE_MAX, datesFrom, rangeProblem } from '../../../../contract/rules/capacity-rules';
import { centreDay } from '../../../../contract/rules/centre-day';
import { StudioFailure } from '../../studio/live-sync';
import { recordAudit } from '../../studio/audit';
import { readDays } from './read';
import { CapacityNeedsConfirm } from './refusal';
import { scopeInfo } from './scopes';

async function scopesOf(db: Db, scopes: unknown): Promise<CapacityScopeInfo[]> {
  if (!Array.isArray(scopes) || scopes.length === 0) throw new StudioFailure(400, '请选择日历');
  const out: CapacityScopeInfo[] = [];
  for (const s of new Set(scopes)) out.push(await scopeInfo(db, s));
  return out;
}

function checkRange(from: unknown, to: unknown, today: string): void {
  const p = rangeProblem(from, to, today);
  if (p) throw new StudioFailure(400, p);
}

const rangeText = (from: string, to: string) => (from === to ? from : `${from} 至 ${to}`);
const labelsOf = (infos: CapacityScopeInfo[]) => infos.map((i) => i.label).join('、');

export async function closeDays(db: Db, actor: string, now: number, body: Partial<CapacityCloseReq>): Promise<CapacityCloseRes> {
  const today = centreDay(now);
  const infos = await scopesOf(db, body.scopes);
  checkRange(body.from, body.to, today);
  const note = typeof body.note === 'string' ? body.note.trim() : '';
  if (note.length > CAPACITY_NOTE_MAX) throw new StudioFailure(400, `名称最多 ${CAPACITY_NOTE_MAX} 个字`);
  const from = body.from!;
  const to = body.to!;
  return db.transaction(async (tx) => {
    const before: Array<{ scope: string; day: string; flag: string; note: string; booked: number }> = [];
    const booked: CapacityBookedDay[] = [];
    for (const i of infos)
      for (const d of await readDays(tx, i.scope, from, to)) {
        before.push({ scope: i.scope, day: d.day, flag: d.flag, note: d.note, booked: d.booked });
        if (d.booked > 0 && d.flag !== 'T') booked.push({ scope: i.scope, day: d.day, booked: d.booked });
      }
    if (booked.length && body.keepBookings !== true) throw new CapacityNeedsConfirm(booked);
    const dates = datesFrom(from, to);
    for (const i of infos)
      for (const day of dates) {
        await tx.run(`INSERT INTO calendar_days (scope, day, flag) VALUES ($1, $2, 'T') ON CONFLICT (scope, day) DO UPDATE SET flag = 'T'`, [i.scope, day]);
        if (note)
          await tx.run('INSERT INTO calendar_day_notes (scope, day, note) VALUES ($1, $2, $3) ON CONFLICT (scope, day) DO UPDATE SET note = excluded.note', [i.scope, day, note]);
        else await tx.run('DELETE FROM calendar_day_notes WHERE scope = $1 AND day = $2', [i.scope, day]);
      }
    const kept = booked.reduce((n, b) => n + b.booked, 0);
    const days = dates.length * infos.length;
    await recordAudit(
      tx,
      {
        actor,
        action: 'close',
        entity: 'capacity',
        key: `${infos.map((i) => i.scope).join(',')} ${from}~${to}`,
        summary: `关闭 ${labelsOf(infos)} ${rangeText(from, to)}${note ? `（${note}）` : ''}：${dates.length} 天${kept ? `，保留已有预约 ${kept} 人` : ''}`,
        before,
        after: { flag: 'T', note, scopes: infos.map((i) => i.scope), from, to, days, kept },
      },
      now,
    );
    return { days, kept };
  });
}

export async function openDays(db: Db, actor: string, now: number, body: Partial<CapacityOpenReq>): Promise<CapacityOpenRes> {
  const today = centreDay(now);
  const infos = await scopesOf(db, body.scopes);
  checkRange(body.from, body.to, today);
  const from = body.from!;
  const to = body.to!;
  return db.transaction(async (tx) => {
    const before: Array<{ scope: string; day: string; note: string }> = [];
    let days = 0;
    for (const i of infos) {
      for (const d of await readDays(tx, i.scope, from, to)) if (d.flag === 'T') before.push({ scope: i.scope, day: d.day, note: d.note });
      days += await tx.run(`UPDATE calendar_days SET flag = 'F' WHERE scope = $1 AND day >= $2 AND day <= $3 AND flag = 'T'`, [i.scope, from, to]);
      await tx.run('DELETE FROM calendar_day_notes WHERE scope = $1 AND day >= $2 AND day <= $3', [i.scope, from, to]);
    }
    if (days > 0)
      await recordAudit(
        tx,
        {
          actor,
          action: 'open',
          entity: 'capacity',
          key: `${infos.map((i) => i.scope).join(',')} ${from}~${to}`,
          summary: `开放 ${labelsOf(infos)} ${rangeText(from, to)}：${days} 天`,
          before,
          after: { flag: 'F', scopes: infos.map((i) => i.scope), from, to, days },
        },
        now,
      );
    return { days };
  });
}
