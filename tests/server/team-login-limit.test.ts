/**
 * TeamLogin's only secret is the phone number: 5 wrong tries for one member
 * (company + ID) within 15 minutes lock that member's login for 15 minutes,
 * even with the right phone; a right login clears the count; one caller may
 * mistype for other members more loosely (20) before it is locked too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './core-helpers';
import { MEMBERS } from '../../src/server/seed/index';
import { TEAM_LOGIN_LOCKED } from '../../src/server/routes/groups/index';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

const errOf = (r: { body: { returnData: unknown } }) => (typeof r.body.returnData === 'string' ? (JSON.parse(r.body.returnData)[0]?.err as string) : null);
const login = (m: (typeof MEMBERS)[number], tel = m.tel) => t.call('TeamLogin', { lnc_Code: m.lnc, idCard: m.id, tel });
const wrongTel = (i: number) => `1390000${String(1000 + i)}`;

describe('TeamLogin attempt limit', () => {
  it('a right login clears the failures; 5 wrong phones lock the member, even the right phone, for 15 minutes', async () => {
    const [m] = MEMBERS;
    for (let i = 0; i < 4; i++) expect(errOf(await login(m, wrongTel(i)))).not.toBe(TEAM_LOGIN_LOCKED);
    expect((await login(m)).body.returnData[0].pat_name).toBe(m.name); // 4 failures, then right: counts reset
    for (let i = 0; i < 4; i++) expect(errOf(await login(m, wrongTel(i)))).not.toBe(TEAM_LOGIN_LOCKED);
    expect(errOf(await login(m, wrongTel(9)))).toBe(TEAM_LOGIN_LOCKED); // the 5th
    const locked = await login(m);
    expect(errOf(locked)).toBe(TEAM_LOGIN_LOCKED);
    expect(locked.body.returnMsg).toBe(TEAM_LOGIN_LOCKED);
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(m)).body.returnData[0].pat_name).toBe(m.name);
  });

  it('one caller guessing across members is locked after 20 failures', async () => {
    const others = MEMBERS.slice(1);
    let n = 0;
    let lockedAt = 0;
    for (let round = 0; round < 6 && !lockedAt; round++)
      for (const m of others) {
        n++;
        if (errOf(await login(m, wrongTel(round))) === TEAM_LOGIN_LOCKED) {
          lockedAt = n;
          break;
        }
      }
    // With 5 or more members to cycle through, no member reaches 5 failures before the caller's 20th.
    expect(others.length).toBeGreaterThanOrEqual(5);
    expect(lockedAt).toBe(20);
  });
});
