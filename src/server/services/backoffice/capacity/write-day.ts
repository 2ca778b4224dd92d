/**
 * Replacing one day's slots — the one write every capacity change goes through
 * (the day editor, a bulk rule, the import sheet).
 *
 * Bookings land while an admin edits: PersonOrderAdd takes a place with
 * `surplus = surplus - 1 WHERE surplus > 0` (services/booking/calendar.ts).
 * So nothing here trusts a count read earlier: each change is one conditional
 * statement that recomputes from the row as it is when the statement runs —
 *   UPDATE … SET total = n, surplus = n - (total - surplus) WHERE … AND total - surplus <= n
 *   DELETE … WHERE … AND total = surplus
 * and 0 rows changed is the refusal (with the count read right after). On
 * PostgreSQL the UPDATE waits for a booking holding the row and re-checks its
 * WHERE on the committed row; on SQLite transactions run one at a time. Either
 * way surplus never goes negative and no booking loses its place. The caller
 * collects every day's problems and throws (rolling everything back) when any.
 */
import type { Queryable } from '../../../db/types';
import type { CapacityProblem, CapacitySlot, CapacitySlotDraft } from '../../../../contract/api/backoffice/capacity';
import { belowBookedReason, normalizeSlotName, removeBookedReason, renameBookedReason, slotCodeFor } from '../../../../contract/rules/capacity-rules';
import { daySlots } from './read';

export interface PlannedSlot {
  code: string;
  name: string;
  places: number;
  sort: number;
  /** The slot it keeps (undefined: a new slot). */
  was?: CapacitySlot;
}

export interface DayPlan {
  keep: PlannedSlot[];
  add: PlannedSlot[];
  remove: CapacitySlot[];
}

/**
 * Which existing slot each draft keeps: by its code when given, else the slot
 * of the same time. A new slot without a code gets 'HHMM' of its start (with a
 * digit added if a slot of the day already has that code). Pure: the preview
 * uses it with the counts it read, the write with the rows locked.
 */
export function planDay(existing: CapacitySlot[], drafts: CapacitySlotDraft[]): DayPlan {
  const wanted = drafts
    .map((d) => ({ code: d.code || undefined, name: normalizeSlotName(d.name) ?? d.name, places: d.places }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const claimed = new Set<string>();
  const matched = wanted.map((w) => {
    const was = w.code ? existing.find((e) => e.code === w.code) : undefined;
    if (was) claimed.add(was.code);
    return was;
  });
  wanted.forEach((w, i) => {
    if (w.code || matched[i]) return;
    const was = existing.find((e) => e.name === w.name && !claimed.has(e.code));
    if (was) {
      claimed.add(was.code);
      matched[i] = was;
    }
  });
  const taken = new Set([...existing.map((e) => e.code), ...wanted.filter((w) => w.code).map((w) => w.code!)]);
  const plan: DayPlan = { keep: [], add: [], remove: existing.filter((e) => !claimed.has(e.code)) };
  wanted.forEach((w, sort) => {
    const was = matched[sort];
    if (was) return plan.keep.push({ code: was.code, name: w.name, places: w.places, sort, was });
    let code = w.code;
    if (!code) {
      const base = slotCodeFor(w.name);
      code = base;
      for (let n = 2; taken.has(code); n++) code = `${base}${n}`;
      taken.add(code);
    }
    plan.add.push({ code, name: w.name, places: w.places, sort });
  });
  return plan;
}

/** What the plan would refuse, judged on the counts it was made from (the preview; the write judges again in SQL). */
export function predictedProblems(scope: string, day: string, plan: DayPlan): CapacityProblem[] {
  const out: CapacityProblem[] = [];
  for (const r of plan.remove) if (r.booked > 0) out.push({ scope, day, code: r.code, name: r.name, booked: r.booked, places: 0, reason: removeBookedReason(r.booked) });
  for (const k of plan.keep) {
    const booked = k.was!.booked;
    if (k.places < booked) out.push({ scope, day, code: k.code, name: k.was!.name, booked, places: k.places, reason: belowBookedReason(booked) });
    else if (booked > 0 && k.name !== k.was!.name) out.push({ scope, day, code: k.code, name: k.was!.name, booked, places: k.places, reason: renameBookedReason(booked) });
  }
  return out;
}

const bookedNow = async (tx: Queryable, scope: string, day: string, code: string): Promise<number | null> => {
  const r = await tx.one<{ total: number | string; surplus: number | string }>('SELECT total, surplus FROM calendar_slots WHERE scope = $1 AND day = $2 AND code = $3', [scope, day, code]);
  return r ? Number(r.total) - Number(r.surplus) : null;
};

export interface DayWrite {
  before: CapacitySlot[];
  after: CapacitySlot[];
  problems: CapacityProblem[];
  /** Whether the day's calendar row was created (it had none). */
  created: boolean;
}

/** Replaces the day's slots inside the caller's transaction; a problem leaves the rest going on so every one is listed (the caller rolls back). */
export async function writeDay(tx: Queryable, scope: string, day: string, drafts: CapacitySlotDraft[]): Promise<DayWrite> {
  const before = await daySlots(tx, scope, day);
  const plan = planDay(before, drafts);
  const problems: CapacityProblem[] = [];
  const refuse = (code: string, name: string, places: number, booked: number, reason: string) => problems.push({ scope, day, code, name, booked, places, reason });

  for (const r of plan.remove) {
    const n = await tx.run('DELETE FROM calendar_slots WHERE scope = $1 AND day = $2 AND code = $3 AND total = surplus', [scope, day, r.code]);
    if (n === 0) {
      const booked = await bookedNow(tx, scope, day, r.code);
      if (booked !== null) refuse(r.code, r.name, 0, booked, removeBookedReason(booked));
    }
  }
  for (const k of plan.keep) {
    // A booked slot keeps its time: people were given it.
    const n = await tx.run(
      `UPDATE calendar_slots SET name = $4, total = $5, surplus = $5 - (total - surplus), sort = $6
        WHERE scope = $1 AND day = $2 AND code = $3 AND total - surplus <= $5 AND (name = $4 OR total = surplus)`,
      [scope, day, k.code, k.name, k.places, k.sort],
    );
    if (n === 0) {
      const booked = await bookedNow(tx, scope, day, k.code);
      if (booked === null) refuse(k.code, k.name, k.places, 0, '该时段已被他人删除，请刷新后再改');
      else refuse(k.code, k.was!.name, k.places, booked, booked > k.places ? belowBookedReason(booked) : renameBookedReason(booked));
    }
  }
  for (const a of plan.add) {
    await tx.run('INSERT INTO calendar_slots (scope, day, code, name, total, surplus, sort) VALUES ($1, $2, $3, $4, $5, $5, $6)', [scope, day, a.code, a.name, a.places, a.sort]);
  }
  const created = (await tx.run(`INSERT INTO calendar_days (scope, day, flag) VALUES ($1, $2, 'F') ON CONFLICT (scope, day) DO NOTHING`, [scope, day])) === 1;
  return { before, after: problems.length ? before : await daySlots(tx, scope, day), problems, created };
}
