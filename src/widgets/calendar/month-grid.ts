import dayjs from 'dayjs';
import { centreDay } from '../../contract/rules/centre-day';

/**
 * Month-grid arithmetic for the calendar (pure, dates as YYYY-MM-DD strings,
 * months as YYYY-MM). The grid starts on Sunday (booking spec §9).
 */

/** Weeks of 7 cells, Sunday first; `null` pads before the 1st and after the last day. */
export function buildMonthGrid(month: string): Array<Array<string | null>> {
  const first = dayjs(`${month}-01`);
  const days = first.daysInMonth();
  const cells: Array<string | null> = Array.from({ length: first.day() }, () => null); // day(): 0 = Sunday
  for (let d = 1; d <= days; d++) cells.push(first.date(d).format('YYYY-MM-DD'));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The previous-month button shows only when the viewed month is later than the current month. */
export function canGoPrev(viewMonth: string, today: string): boolean {
  return viewMonth > today.slice(0, 7);
}

/** Next month may be limited by a `maxMonth` (YYYY-MM); unlimited without one. */
export function canGoNext(viewMonth: string, maxMonth?: string): boolean {
  return !maxMonth || viewMonth < maxMonth;
}

export function shiftMonth(month: string, delta: number): string {
  return dayjs(`${month}-01`).add(delta, 'month').format('YYYY-MM');
}

/** First and last day of the month: the body of a month's availability call. */
export function monthRange(month: string): { start: string; end: string } {
  const first = dayjs(`${month}-01`);
  return { start: first.format('YYYY-MM-DD'), end: first.endOf('month').format('YYYY-MM-DD') };
}

export const DEFAULT_WEEKDAY_HEADERS = ['日', '一', '二', '三', '四', '五', '六'];
export const DEFAULT_WEEK_NAMES = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** '2025-03-05' → '星期三' (names indexed Sunday = 0). */
export function weekName(date: string, names: string[] = DEFAULT_WEEK_NAMES): string {
  return names[dayjs(date).day()] ?? '';
}

/** Today as YYYY-MM-DD on the centre's clock (the server's "today", whatever the phone's zone). */
export function todayString(): string {
  return centreDay(Date.now());
}

/** A valid YYYY-MM, or the fallback. */
export function normalizeMonth(v: unknown, fallback: string): string {
  if (typeof v === 'string' && /^\d{4}-\d{2}/.test(v)) return v.slice(0, 7);
  return fallback;
}
