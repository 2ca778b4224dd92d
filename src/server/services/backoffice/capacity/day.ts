/** The day editor's save: one calendar day's slots replaced, refused whole when a slot would go below what is booked. */
import type { Db } from '../../../db/types';
import type { CapacityDay, CapacityDayRes, CapacityDaySaveReq } from '../../../../contract/api/backoffice/capacity';
import { isDay, slotListProblems } from '../../../../contract/rules/capacity-rules';
import { centreDay } from '../../../../contract/rules/centre-day';
import { StudioFailure } from '../../studio/live-sync';
import { recordAudit } from '../../studio/audit';
import { dayOf, readDay } from './read';
import { CapacityRefused, dayLabel } from './refusal';
import { scopeInfo } from './scopes';
import { writeDay } from './write-day';

export const MSG_PAST_DAY = '不能修改今天以前的日期';

/** A day an admin may change: a real date, today or later. */
export function checkEditableDay(day: unknown, today: string): asserts day is string {
  if (!isDay(day)) throw new StudioFailure(400, '日期格式错误（YYYY-MM-DD）');
  if (day < today) throw new StudioFailure(400, MSG_PAST_DAY);
}

export function checkSlots(slots: unknown): void {
  const problems = slotListProblems(slots);
  if (problems.length) throw new StudioFailure(400, problems.join('；'));
}

const sameDay = (a: CapacityDay | null, b: CapacityDay | null) => JSON.stringify(a) === JSON.stringify(b);

export async function saveDay(db: Db, actor: string, now: number, body: Partial<CapacityDaySaveReq>): Promise<CapacityDayRes> {
  const today = centreDay(now);
  const info = await scopeInfo(db, body.scope);
  checkEditableDay(body.day, today);
  checkSlots(body.slots);
  const day = body.day;
  const slots = body.slots!;
  const after = await db.transaction(async (tx) => {
    const before = await readDay(tx, info.scope, day);
    const w = await writeDay(tx, info.scope, day, slots);
    if (w.problems.length) throw new CapacityRefused(w.problems);
    const now2 = await readDay(tx, info.scope, day);
    if (!sameDay(before, now2)) {
      const d = now2 ?? dayOf(day, 'F', '', []);
      await recordAudit(
        tx,
        {
          actor,
          action: 'update',
          entity: 'capacity',
          key: `${info.scope} ${day}`,
          summary: `修改号源 ${info.label} ${dayLabel(day)}：${d.slots.length} 个时段，共 ${d.places} 个名额（已约 ${d.booked}）`,
          before,
          after: now2,
        },
        now,
      );
    }
    return now2;
  });
  return { scope: info.scope, label: info.label, today, day: after };
}
