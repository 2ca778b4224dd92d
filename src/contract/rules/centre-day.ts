/**
 * The centre's clock: "today", the day-ahead booking rule, the cancel cut-off, the
 * SMS day and hour — on the server and in the app alike. The centre is in China
 * (UTC+8 all year, no daylight saving), so every day is computed from the instant,
 * never from the time zone of the host (containers run in UTC) or of the phone.
 */
export const CENTRE_UTC_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DDTHH:mm:ss.sssZ' of the instant as the centre's wall clock (the Z is meaningless). */
const wall = (ms: number) => new Date(ms + CENTRE_UTC_OFFSET_MS).toISOString();

/** The centre's calendar day of an instant: 'YYYY-MM-DD'. */
export function centreDay(ms: number): string {
  return wall(ms).slice(0, 10);
}

/** The centre's hour of an instant: 'YYYY-MM-DDTHH' (hourly quota buckets). */
export function centreHour(ms: number): string {
  return wall(ms).slice(0, 13);
}

/** 'YYYY-MM-DD HH:mm' on the centre's clock. */
export function centreMinute(ms: number): string {
  const s = wall(ms);
  return `${s.slice(0, 10)} ${s.slice(11, 16)}`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** The instant of a wall-clock date(-time) at the centre ('2024-06-10', '2024-06-10 08:00:00'); NaN when malformed. */
export function centreMs(dateTime: string): number {
  const m = DATE_TIME.exec(String(dateTime ?? '').trim());
  if (!m) return NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0'] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, Number(frac.padEnd(3, '0')));
  // Reject 2024-02-31 and the like.
  if (new Date(utc).toISOString().slice(0, 10) !== `${y}-${mo}-${d}`) return NaN;
  return utc - CENTRE_UTC_OFFSET_MS;
}

/** 00:00 at the centre on `day` ('YYYY-MM-DD…'), as an instant. */
export function centreDayStart(day: string): number {
  return centreMs(String(day).slice(0, 10));
}

/** Calendar arithmetic on 'YYYY-MM-DD'. */
export function addDays(day: string, n: number): string {
  return new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Cancellation cut-off (after-booking spec §4): 00:00 at the centre of the day that is
 * (startDays − 1) days before the checkup day; a cancel must come strictly before it.
 */
export function cancelCutoffMs(checkupDay: string, startDays: number): number {
  return centreDayStart(addDays(String(checkupDay).slice(0, 10), -Math.max(0, Math.trunc(startDays) - 1)));
}
