/** The month grid's arithmetic (Monday first, as the centre's staff read a week) on 'YYYY-MM' and 'YYYY-MM-DD' text. */
import { WEEK_MONDAY_FIRST, WEEKDAY_SHORT, nextDay, weekdayOf } from '../../../contract/rules/capacity-rules';

export const WEEK_HEADERS = WEEK_MONDAY_FIRST.map((d) => WEEKDAY_SHORT[d]);

export function addMonths(month: string, n: number): string {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

export const monthTitle = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/** The month's weeks, Monday to Sunday; null before the 1st and after the last day. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const weeks: Array<Array<string | null>> = [];
  let week: Array<string | null> = Array.from({ length: (weekdayOf(`${month}-01`) + 6) % 7 }, () => null);
  for (let d = `${month}-01`; d.startsWith(month); d = nextDay(d)) {
    week.push(d);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

export const dayTitle = (day: string) => `${day}（${WEEKDAY_SHORT[weekdayOf(day)]}）`;
