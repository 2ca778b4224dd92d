/**
 * Capacity refusals: a change that would leave a slot below what is booked (or
 * remove a booked slot) changes nothing and answers 409 with every offending
 * day and slot, and their count; closing days that have bookings asks for the
 * admin's confirmation first. Both carry more than `{ error }`, so the routes
 * answer them themselves (routes/studio/backoffice/capacity.ts).
 */
import { CAPACITY_CONFIRM_CLOSE, type CapacityBookedDay, type CapacityProblem } from '../../../../contract/api/backoffice/capacity';
import { WEEKDAY_SHORT, weekdayOf } from '../../../../contract/rules/capacity-rules';
import { StudioFailure } from '../../studio/live-sync';

/** How many lines the message lists (the `problems` array has them all). */
const MAX_LINES = 30;

export const dayLabel = (day: string) => `${day}（${WEEKDAY_SHORT[weekdayOf(day)]}）`;

export function problemLine(p: CapacityProblem): string {
  return `${dayLabel(p.day)} ${p.name}：${p.reason}`;
}

/** The admin's message: a headline, then one offending slot a line. */
export function refusalMessage(problems: CapacityProblem[]): string {
  const head = problems.length === 1 ? '未做任何修改：' : `有 ${problems.length} 处名额少于已预约人数，未做任何修改：`;
  const lines = problems.slice(0, MAX_LINES).map(problemLine);
  if (problems.length > MAX_LINES) lines.push(`…另有 ${problems.length - MAX_LINES} 处`);
  return [head, ...lines].join('\n');
}

export class CapacityRefused extends StudioFailure {
  constructor(readonly problems: CapacityProblem[]) {
    super(409, refusalMessage(problems));
  }
}

/** Closing days that have bookings: asked again with keepBookings once the admin agreed. */
export class CapacityNeedsConfirm extends StudioFailure {
  constructor(readonly booked: CapacityBookedDay[]) {
    const total = booked.reduce((n, b) => n + b.booked, 0);
    super(409, `所选日期中有 ${booked.length} 天已有预约，共 ${total} 人：关闭后这些预约仍然有效，只停止新的预约。${CAPACITY_CONFIRM_CLOSE}`);
  }
}
