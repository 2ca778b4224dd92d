import { describe, expect, it } from 'vitest';
import { dayLabel, dayStatus, isRed, isSelectable, remainingText, type DayStatus } from '../../src/widgets/calendar/day-status';
import { buildMonthGrid, canGoNext, canGoPrev, monthRange, shiftMonth, weekName } from '../../src/widgets/calendar/month-grid';
import { mapDays, normalizeDate } from '../../src/widgets/calendar/day-map';
import { mapSlots } from '../../src/widgets/calendar/slots';

const TODAY = '2025-03-12';
const open = (surplus: unknown, sum: unknown = 50) => ({ flag: 'F', sum, surplus });

describe('dayStatus — the spec table, row by row', () => {
  const rows: Array<[string, string, Parameters<typeof dayStatus>[2], DayStatus, string, boolean, boolean]> = [
    ['date before today', '2025-03-11', open(30), 'past', '', false, false],
    ['holiday flag T', '2025-03-13', { flag: 'T', sum: 50, surplus: 30 }, 'holiday', '休假', false, true],
    ['total places 0', '2025-03-13', open(30, 0), 'notOpen', '待开', false, false],
    ['total places negative', '2025-03-13', open(30, -1), 'notOpen', '待开', false, false],
    ['remaining 0', '2025-03-13', open(0), 'full', '约满', false, true],
    ['remaining 1..10', '2025-03-13', open(5), 'tight', '紧张', true, false],
    ['remaining > 10', '2025-03-13', open(25), 'plenty', '充足', true, false],
  ];
  for (const [name, date, day, status, label, selectable, red] of rows) {
    it(name, () => {
      const s = dayStatus(date, TODAY, day);
      expect(s).toBe(status);
      expect(dayLabel(s)).toBe(label);
      expect(isSelectable(s)).toBe(selectable);
      expect(isRed(s)).toBe(red);
    });
  }

  it('boundaries 0 / 1 / 10 / 11', () => {
    expect(dayStatus('2025-03-13', TODAY, open(0))).toBe('full');
    expect(dayStatus('2025-03-13', TODAY, open(1))).toBe('tight');
    expect(dayStatus('2025-03-13', TODAY, open(10))).toBe('tight');
    expect(dayStatus('2025-03-13', TODAY, open(11))).toBe('plenty');
  });

  it('today itself is not past', () => {
    expect(dayStatus(TODAY, TODAY, open(11))).toBe('plenty');
  });

  it('checks in table order: past beats holiday, holiday beats not-open, not-open beats full', () => {
    expect(dayStatus('2025-03-01', TODAY, { flag: 'T', sum: 0, surplus: 0 })).toBe('past');
    expect(dayStatus('2025-03-13', TODAY, { flag: 'T', sum: 0, surplus: 0 })).toBe('holiday');
    expect(dayStatus('2025-03-13', TODAY, { flag: 'F', sum: 0, surplus: 0 })).toBe('notOpen');
  });

  it('numeric strings from the server count, missing counts as 0, lowercase flag t is a holiday', () => {
    expect(dayStatus('2025-03-13', TODAY, { sum: '20', surplus: '3' })).toBe('tight');
    expect(dayStatus('2025-03-13', TODAY, { sum: '20' })).toBe('full');
    expect(dayStatus('2025-03-13', TODAY, { flag: 't', sum: 20, surplus: 20 })).toBe('holiday');
    expect(dayStatus('2025-03-13', TODAY, { surplus: 20 })).toBe('notOpen');
  });

  it('a day kind without a total field skips the 待开 check; no data → none (blank)', () => {
    expect(dayStatus('2025-03-13', TODAY, { surplus: 20 }, 10, false)).toBe('plenty');
    expect(dayStatus('2025-03-13', TODAY, undefined)).toBe('none');
    expect(isSelectable('none')).toBe(false);
  });

  it('threshold is configurable', () => {
    expect(dayStatus('2025-03-13', TODAY, open(15), 20)).toBe('tight');
    expect(dayStatus('2025-03-13', TODAY, open(21), 20)).toBe('plenty');
  });

  it('余N人 text', () => {
    expect(remainingText('7')).toBe('余7人');
  });
});

describe('month grid', () => {
  it('starts on Sunday: March 2025 begins on a Saturday', () => {
    const weeks = buildMonthGrid('2025-03');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2025-03-01']);
    expect(weeks[1][0]).toBe('2025-03-02'); // a Sunday
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.at(-1)).toEqual(['2025-03-30', '2025-03-31', null, null, null, null, null]);
  });

  it('a month starting on Sunday has no leading padding (June 2025), February of a leap year has 29 days', () => {
    expect(buildMonthGrid('2025-06')[0][0]).toBe('2025-06-01');
    expect(buildMonthGrid('2024-02').flat().filter(Boolean)).toHaveLength(29);
  });

  it('prev button only when the viewed month is later than the current month', () => {
    expect(canGoPrev('2025-03', TODAY)).toBe(false);
    expect(canGoPrev('2025-04', TODAY)).toBe(true);
    expect(canGoPrev('2025-02', TODAY)).toBe(false);
    expect(canGoPrev('2026-01', '2025-12-31')).toBe(true);
  });

  it('next limited only by maxMonth', () => {
    expect(canGoNext('2025-03')).toBe(true);
    expect(canGoNext('2025-03', '2025-04')).toBe(true);
    expect(canGoNext('2025-04', '2025-04')).toBe(false);
  });

  it('month shift and range (year roll-over)', () => {
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(monthRange('2024-02')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });

  it('week names, Sunday = 0', () => {
    expect(weekName('2025-03-12')).toBe('星期三');
    expect(weekName('2025-03-16')).toBe('星期日');
  });
});

describe('server days and slots through field maps', () => {
  it('maps personal days by field names and normalises dates', () => {
    const m = mapDays(
      [{ person_Date: '2025-03-13T00:00:00', person_Flag: 'F', person_Sum: 30, person_Surplus: 4 }, { person_Date: '2025/3/14' }, 'junk', { nodate: 1 }],
      { date: 'person_Date', flag: 'person_Flag', sum: 'person_Sum', surplus: 'person_Surplus' },
    );
    expect([...m.keys()]).toEqual(['2025-03-13', '2025-03-14']);
    expect(m.get('2025-03-13')).toMatchObject({ flag: 'F', sum: 30, surplus: 4 });
    expect(normalizeDate('')).toBe('');
  });

  it('slots: zero remaining is full, missing remaining is never full', () => {
    const s = mapSlots(
      [
        { sumtime_Name: '08:00-09:00', sumtime_Code: '1', person_Surplus: 0 },
        { sumtime_Name: '09:00-10:00', sumtime_Code: '2', person_Surplus: '3' },
        { sumtime_Name: '10:00-11:00', sumtime_Code: '3' },
      ],
      { name: 'sumtime_Name', code: 'sumtime_Code', surplus: 'person_Surplus' },
    );
    expect(s.map((x) => [x.code, x.full, x.surplus])).toEqual([
      ['1', true, 0],
      ['2', false, 3],
      ['3', false, undefined],
    ]);
  });
});

describe('confirm payload', async () => {
  const { confirmPayload } = await import('../../src/widgets/calendar/slots');
  it('keeps server fields (sumtime_Code, spType) and adds normalised ones', () => {
    const [slot] = mapSlots([{ sumtime_Name: '08:00', sumtime_Code: 'A1', team_Surplus: 4 }], { name: 'sumtime_Name', code: 'sumtime_Code', surplus: 'team_Surplus' });
    const p = confirmPayload('2025-03-13', '星期四', { team_Date: '2025-03-13', spType: 'total', week: 'x' }, slot);
    expect(p.day).toEqual({ team_Date: '2025-03-13', spType: 'total', week: '星期四', date: '2025-03-13' });
    expect(p.slot).toMatchObject({ sumtime_Name: '08:00', sumtime_Code: 'A1', name: '08:00', code: 'A1', surplus: 4 });
    expect(confirmPayload('2025-03-13', '星期四', undefined, slot).day).toEqual({ date: '2025-03-13', week: '星期四' });
  });
});
