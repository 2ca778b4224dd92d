/**
 * The centre's clock: "today", the day-ahead booking rule, the cancel cut-off, the
 * SMS day and hour — on the server and in the app alike. Every day is computed from
 * the instant in the centre's time zone (CENTRE_TZ, default Asia/Shanghai; the server
 * sets it from its env and hands it to the app in /config.json), never from the time
 * zone of the host (containers run in UTC) or of the phone.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_CENTRE_TZ = 'Asia/Shanghai';
let zone = DEFAULT_CENTRE_TZ;

/** True for an IANA zone name this runtime knows. */
export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || !tz) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets the centre's zone (server start, app boot); an unknown name throws. The zone in use is known
 * good: setting it again checks nothing — the check builds a time-zone formatter, whose first build loads
 * the runtime's zone data (≈ 30 ms on a phone, in the app's boot task; the usual case sends the default).
 */
export function setCentreZone(tz: string): void {
  if (tz === zone) return;
  if (!isTimeZone(tz)) throw new Error(`unknown time zone: ${tz}`);
  zone = tz;
}

export function centreZone(): string {
  return zone;
}

/** The centre's calendar day of an instant: 'YYYY-MM-DD'. */
export function centreDay(ms: number): string {
  return dayjs(ms).tz(zone).format('YYYY-MM-DD');
}

/** The centre's hour of an instant: 'YYYY-MM-DDTHH' (hourly quota buckets). */
export function centreHour(ms: number): string {
  return dayjs(ms).tz(zone).format('YYYY-MM-DDTHH');
}

/** 'YYYY-MM-DD HH:mm:ss' on the centre's clock (order times the app and staff read). */
export function centreDateTime(ms: number): string {
  return dayjs(ms).tz(zone).format('YYYY-MM-DD HH:mm:ss');
}

/** 'YYYY-MM-DD HH:mm' on the centre's clock. */
export function centreMinute(ms: number): string {
  return dayjs(ms).tz(zone).format('YYYY-MM-DD HH:mm');
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** The instant of a wall-clock date(-time) at the centre ('2024-06-10', '2024-06-10 08:00:00'); NaN when malformed. */
export function centreMs(dateTime: string): number {
  const m = DATE_TIME.exec(String(dateTime ?? '').trim());
  if (!m) return NaN;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '0'] = m;
  // Reject 2024-02-31 and the like (dayjs would roll them over).
  if (new Date(Date.UTC(+y, +mo - 1, +d)).toISOString().slice(0, 10) !== `${y}-${mo}-${d}`) return NaN;
  return dayjs.tz(`${y}-${mo}-${d} ${h}:${mi}:${s}`, 'YYYY-MM-DD HH:mm:ss', zone).valueOf() + Number(frac.padEnd(3, '0'));
}

/** 00:00 at the centre on `day` ('YYYY-MM-DD…'), as an instant. */
export function centreDayStart(day: string): number {
  return centreMs(String(day).slice(0, 10));
}

/** Calendar arithmetic on 'YYYY-MM-DD'. */
export function addDays(day: string, n: number): string {
  return new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Cancellation cut-off (after-booking spec §4): 00:00 at the centre of the day that is
 * (startDays − 1) days before the checkup day; a cancel must come strictly before it.
 */
export function cancelCutoffMs(checkupDay: string, startDays: number): number {
  return centreDayStart(addDays(String(checkupDay).slice(0, 10), -Math.max(0, Math.trunc(startDays) - 1)));
}
