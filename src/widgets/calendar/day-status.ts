/**
 * A calendar day's availability (booking spec §4 "Calendar day status",
 * after-booking §4 "Day availability"), checked top to bottom:
 *
 * | condition              | status  | label   | selectable |
 * | date before today      | past    | (blank) | no  |
 * | holiday flag 'T'       | holiday | 休假 red | no  |
 * | total places ≤ 0       | notOpen | 待开     | no  |
 * | remaining 0            | full    | 约满 red | no  |
 * | remaining 1..threshold | tight   | 紧张 余N人 | yes |
 * | remaining > threshold  | plenty  | 充足 余N人 | yes |
 *
 * `none` = the server sent nothing for the date: blank, not selectable.
 */
export type DayStatus = 'past' | 'holiday' | 'notOpen' | 'full' | 'tight' | 'plenty' | 'none';

/** A day as the server sent it, already mapped through the `fields` prop. */
export interface DayData {
  flag?: unknown;
  /** Total places. `undefined` when the day kind has no total field (check skipped). */
  sum?: unknown;
  surplus?: unknown;
}

export const DEFAULT_TIGHT_THRESHOLD = 10;

/** `date` and `today` are YYYY-MM-DD (string comparison is date order). */
export function dayStatus(date: string, today: string, day: DayData | undefined, threshold = DEFAULT_TIGHT_THRESHOLD, hasSumField = true): DayStatus {
  if (date < today) return 'past';
  if (!day) return 'none';
  if (String(day.flag ?? '').trim().toUpperCase() === 'T') return 'holiday';
  if (hasSumField && toNum(day.sum) <= 0) return 'notOpen';
  const surplus = toNum(day.surplus);
  if (surplus <= 0) return 'full';
  return surplus <= threshold ? 'tight' : 'plenty';
}

export function isSelectable(status: DayStatus): boolean {
  return status === 'tight' || status === 'plenty';
}

/** Statuses the spec shows in red. */
export function isRed(status: DayStatus): boolean {
  return status === 'holiday' || status === 'full';
}

/** Shows 余N人 under the label. */
export function showsRemaining(status: DayStatus): boolean {
  return isSelectable(status);
}

export interface DayLabels {
  holiday: string;
  notOpen: string;
  full: string;
  tight: string;
  plenty: string;
  /** `{n}` is the remaining count. */
  remaining: string;
}

export const DEFAULT_DAY_LABELS: DayLabels = {
  holiday: '休假',
  notOpen: '待开',
  full: '约满',
  tight: '紧张',
  plenty: '充足',
  remaining: '余{n}人',
};

/** The label under the day number ('' for past/none). */
export function dayLabel(status: DayStatus, labels: DayLabels = DEFAULT_DAY_LABELS): string {
  switch (status) {
    case 'past':
    case 'none':
      return '';
    default:
      return labels[status];
  }
}

export function remainingText(surplus: unknown, labels: DayLabels = DEFAULT_DAY_LABELS): string {
  return labels.remaining.replace('{n}', String(toNum(surplus)));
}

/** Missing/blank/non-numeric counts as 0 (no places). */
function toNum(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}
