/** The back office's reads: the calendars, a month of one calendar, one day. Straight from the rows the examinee's calls read. */
import type { Queryable } from '../../../db/types';
import type { CapacityDayRes, CapacityMonthRes, CapacityScopesRes } from '../../../../contract/api/backoffice/capacity';
import { isDay, isMonth } from '../../../../contract/rules/capacity-rules';
import { centreDay } from '../../../../contract/rules/centre-day';
import { StudioFailure } from '../../studio/live-sync';
import { readDay, readDays } from './read';
import { listScopes, scopeInfo } from './scopes';

export async function scopesView(db: Queryable, now: number): Promise<CapacityScopesRes> {
  return { scopes: await listScopes(db), today: centreDay(now) };
}

export async function monthView(db: Queryable, now: number, q: { scope?: unknown; month?: unknown }): Promise<CapacityMonthRes> {
  const info = await scopeInfo(db, q.scope);
  if (!isMonth(q.month)) throw new StudioFailure(400, '月份格式错误（YYYY-MM）');
  const month = q.month;
  const days = await readDays(db, info.scope, `${month}-01`, `${month}-31`);
  return { scope: info.scope, label: info.label, month, today: centreDay(now), days };
}

export async function dayView(db: Queryable, now: number, q: { scope?: unknown; day?: unknown }): Promise<CapacityDayRes> {
  const info = await scopeInfo(db, q.scope);
  if (!isDay(q.day)) throw new StudioFailure(400, '日期格式错误（YYYY-MM-DD）');
  return { scope: info.scope, label: info.label, today: centreDay(now), day: await readDay(db, info.scope, q.day) };
}
