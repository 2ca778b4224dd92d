import { describe, expect, it } from 'vitest';
import { addDays, cancelCutoffMs, centreDay, centreDayStart, centreHour, centreMinute, centreMs } from '../../src/contract/rules/centre-day';

// Instants are written in UTC: the results must not depend on the time zone the tests run in.
describe("the centre's clock (UTC+8)", () => {
  it('a day starts at 16:00 UTC of the day before', () => {
    expect(centreDay(Date.UTC(2026, 10, 23, 15, 59, 59, 999))).toBe('2026-11-23');
    expect(centreDay(Date.UTC(2026, 10, 23, 16, 0))).toBe('2026-11-24');
    expect(centreHour(Date.UTC(2026, 10, 23, 17, 30))).toBe('2026-11-24T01');
    expect(centreMinute(Date.UTC(2026, 10, 23, 17, 30))).toBe('2026-11-24 01:30');
    expect(centreDayStart('2026-11-24')).toBe(Date.UTC(2026, 10, 23, 16, 0));
  });

  it('reads wall-clock date-times at the centre and refuses junk', () => {
    expect(centreMs('2024-06-10 08:00:00')).toBe(Date.UTC(2024, 5, 10, 0, 0));
    expect(centreMs('2024-06-10T08:00')).toBe(Date.UTC(2024, 5, 10, 0, 0));
    expect(centreMs('2024-06-10 08:00:00.5')).toBe(Date.UTC(2024, 5, 10, 0, 0, 0, 500));
    expect(centreMs('2024-02-31')).toBeNaN();
    expect(centreMs('tomorrow')).toBeNaN();
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-11-24', 0)).toBe('2026-11-24');
  });

  it('cancel cut-off: 00:00 at the centre of the day (startDays − 1) before the checkup', () => {
    expect(cancelCutoffMs('2026-11-25', 1)).toBe(Date.UTC(2026, 10, 24, 16, 0));
    expect(cancelCutoffMs('2026-11-25 09:30:00', 2)).toBe(Date.UTC(2026, 10, 23, 16, 0));
    expect(cancelCutoffMs('2026-11-25', 0)).toBe(cancelCutoffMs('2026-11-25', 1));
  });
});

describe('a configured zone (CENTRE_TZ)', () => {
  it('follows the zone, daylight saving included; refuses an unknown name', async () => {
    const { setCentreZone, centreZone, DEFAULT_CENTRE_TZ } = await import('../../src/contract/rules/centre-day');
    try {
      setCentreZone('Europe/Berlin');
      expect(centreDay(Date.UTC(2026, 6, 1, 21, 59))).toBe('2026-07-01'); // CEST, UTC+2
      expect(centreDay(Date.UTC(2026, 6, 1, 22, 0))).toBe('2026-07-02');
      expect(centreDayStart('2026-12-01')).toBe(Date.UTC(2026, 10, 30, 23, 0)); // CET, UTC+1
      expect(() => setCentreZone('Mars/Olympus')).toThrow(/unknown time zone/);
      expect(centreZone()).toBe('Europe/Berlin');
    } finally {
      setCentreZone(DEFAULT_CENTRE_TZ);
    }
  });
});
