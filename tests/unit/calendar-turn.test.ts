/**
 * The browser tests' and benches' day picking (tests/browser/helpers/calendar-turn.ts)
 * on fixed dates: the demo calendar as the server seeds and sends it (tomorrow to
 * +60 days), drawn the way the month grid draws it, month after month.
 * Why: `npm run bench` waited forever on 27 Nov 2026 for a 充足 day in November.
 */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { seedCalendars } from '../../src/server/seed/booking';
import type { Queryable } from '../../src/server/db/types';
import { dayStatus, DEFAULT_TIGHT_THRESHOLD } from '../../src/widgets/calendar/day-status';
import { buildMonthGrid, shiftMonth } from '../../src/widgets/calendar/month-grid';
import { MAX_MONTH_TURNS, calendarStep, type CellView, type WantedDay } from '../browser/helpers/calendar-turn';

/** The seeded P:person calendar as GetPersonSumList answers it: date → flag, sum, surplus (sums over slots). */
async function seededDays(today: string): Promise<Map<string, { flag: string; sum: number; surplus: number }>> {
  const days = new Map<string, { flag: string; sum: number; surplus: number }>();
  const tx = {
    run: async (sql: string, p: unknown[]) => {
      if (sql.includes('calendar_days')) days.set(String(p[1]), { flag: String(p[2]), sum: 0, surplus: 0 });
      else {
        const d = days.get(String(p[1]))!;
        d.sum += Number(p[4]);
        d.surplus += Number(p[5]);
      }
      return 1;
    },
  } as unknown as Queryable;
  await seedCalendars(tx, today, ['P:person']);
  // the flows ask from tomorrow (calendarStartDays 1) to +60 days (calendarEndDays 60)
  const start = dayjs(today).add(1, 'day').format('YYYY-MM-DD');
  const end = dayjs(today).add(60, 'day').format('YYYY-MM-DD');
  for (const k of [...days.keys()]) if (k < start || k > end) days.delete(k);
  return days;
}

/** The cells MonthGrid draws for `month`. */
function cellsOf(month: string, today: string, days: Awaited<ReturnType<typeof seededDays>>): CellView[] {
  return buildMonthGrid(month)
    .flat()
    .filter((d): d is string => d !== null)
    .map((date) => {
      const status = dayStatus(date, today, days.get(date), DEFAULT_TIGHT_THRESHOLD, true);
      return { status, disabled: status !== 'tight' && status !== 'plenty' };
    });
}

/** Pages turned before a `wanted` day shows, as showMonthWith turns them; -1 when it gives up. */
function turnsNeeded(today: string, days: Awaited<ReturnType<typeof seededDays>>, wanted: WantedDay): number {
  let month = today.slice(0, 7);
  for (let turns = 0; turns <= MAX_MONTH_TURNS; turns++) {
    if (calendarStep(cellsOf(month, today, days), wanted) === 'pick') return turns;
    month = shiftMonth(month, 1);
  }
  return -1;
}

describe('calendarStep', () => {
  it('picks when the month shows a selectable day of the kind, else turns the page', () => {
    expect(calendarStep([{ status: 'plenty', disabled: false }], 'plenty')).toBe('pick');
    expect(calendarStep([{ status: 'tight', disabled: false }, { status: 'full', disabled: true }], 'plenty')).toBe('next-month');
    expect(calendarStep([{ status: 'plenty', disabled: true }], 'plenty')).toBe('next-month');
    expect(calendarStep([], 'tight')).toBe('next-month');
  });
});

describe('the demo calendar on the last days of a month', () => {
  it('27 Nov 2026 (the day the bench hung): November holds no 充足 day, December does', async () => {
    const today = '2026-11-27';
    const days = await seededDays(today);
    expect(calendarStep(cellsOf('2026-11', today, days), 'plenty')).toBe('next-month');
    expect(turnsNeeded(today, days, 'plenty')).toBe(1);
  });

  const lastDays = ['2026-11-26', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-27', '2026-12-31', '2027-02-26', '2027-02-28', '2028-02-29'];
  for (const today of ['2026-11-27', ...lastDays]) {
    it(`${today}: a 充足 and a 紧张 day show within one page turn`, async () => {
      const days = await seededDays(today);
      for (const wanted of ['plenty', 'tight'] as const) {
        const turns = turnsNeeded(today, days, wanted);
        expect(turns, wanted).toBeGreaterThanOrEqual(0);
        expect(turns, wanted).toBeLessThanOrEqual(1);
      }
    });
  }

  it('on every day of a year, a 充足 day shows within the pages the helper turns', async () => {
    for (let d = dayjs('2026-01-01'); d.year() === 2026; d = d.add(1, 'day')) {
      const today = d.format('YYYY-MM-DD');
      expect(turnsNeeded(today, await seededDays(today), 'plenty'), today).toBeGreaterThanOrEqual(0);
    }
  });
});
