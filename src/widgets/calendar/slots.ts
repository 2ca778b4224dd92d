/** Arrival time slots mapped through the `slotFields` prop (sumtime_Name / sumtime_Code / person_Surplus or team_Surplus). */
export interface SlotFields {
  name: string;
  code: string;
  /** Omit when slots carry no remaining count: then none is full. */
  surplus?: string;
}

export const DEFAULT_SLOT_FIELDS: SlotFields = { name: 'name', code: 'code', surplus: 'surplus' };

export interface Slot {
  name: string;
  code: string;
  surplus?: number;
  /** Zero remaining: disabled (spec: time slots with zero remaining are disabled). */
  full: boolean;
  raw: unknown;
}

export function mapSlots(slots: unknown[], fields: SlotFields): Slot[] {
  const out: Slot[] = [];
  for (const raw of slots) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    const s = fields.surplus !== undefined ? r[fields.surplus] : undefined;
    const surplus = s === undefined || s === null || s === '' ? undefined : Number(s);
    out.push({
      name: String(r[fields.name] ?? ''),
      code: String(r[fields.code] ?? ''),
      surplus: surplus !== undefined && Number.isFinite(surplus) ? surplus : undefined,
      full: surplus !== undefined && (!Number.isFinite(surplus) || surplus <= 0),
      raw,
    });
  }
  return out;
}

/**
 * The confirm event's payload: the server's own day and slot fields (flows read
 * `event.slot.sumtime_Code`, `event.day.spType`) plus normalised `date`, `week`,
 * `name`, `code`, `surplus`, which win over same-named server fields.
 */
export function confirmPayload(date: string, week: string, dayRaw: unknown, slot: Slot): { day: Record<string, unknown>; slot: Record<string, unknown> } {
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  return {
    day: { ...obj(dayRaw), date, week },
    slot: { ...obj(slot.raw), name: slot.name, code: slot.code, surplus: slot.surplus },
  };
}
