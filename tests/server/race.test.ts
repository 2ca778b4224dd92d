/**
 * Real HTTP on 127.0.0.1: 200+ concurrent bookings (distinct valid IDs) for one
 * slot with 10 places → exactly 10 orders, surplus never negative. Runs on the
 * store chosen by TEST_DB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, personBody, plusDays, setDay, slotSurplus, uniqueId, type TestApp } from './core-helpers';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await makeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => t?.close());

/** Per-user calls go with the owner's openid-bound token (t.userToken: sandbox OAuth → GetToken {openid}). */
async function post(path: string, body: unknown, token: string) {
  const res = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; returnMsg: string; returnData: any } };
}

describe('race', () => {
  it('220 concurrent bookings for 10 places → exactly 10 orders, surplus 0', async () => {
    const day = plusDays(t.today, 2);
    await setDay(t.db, 'P:person', day, [{ code: '01', total: 10 }]);
    const N = 220;
    const bodies = Array.from({ length: N }, (_, i) => personBody(day, { idCard: uniqueId(i % 2 ? 1 : 2), openid: `race-${i}` }));
    // every booker's own token first, so that the bookings themselves are what races
    const tokens: string[] = [];
    for (const b of bodies) tokens.push(await t.userToken(b.openid));
    const results = await Promise.all(bodies.map((b, i) => post('OrderListApi/PersonOrderAdd', b, tokens[i])));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const ok = results.filter((r) => r.body.success);
    expect(ok.length).toBe(10);
    const msgs = new Set(results.filter((r) => !r.body.success).map((r) => r.body.returnMsg));
    expect([...msgs]).toEqual(['该时段已无号源！请选择其他时段']);
    expect(await slotSurplus(t.db, 'P:person', day, '01')).toBe(0);
    const n = await t.db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM orders WHERE begin_time = $1 AND scope = 'P:person' AND state <> 'C'`, [day]);
    expect(Number(n!.n)).toBe(10);
    const neg = await t.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM calendar_slots WHERE surplus < 0 OR surplus > total');
    expect(Number(neg!.n)).toBe(0);
  });

  it('200 concurrent identical submissions (double taps) → one order', async () => {
    const day = plusDays(t.today, 4);
    await setDay(t.db, 'P:person', day, [{ code: '01', total: 10 }]);
    const body = personBody(day, { idCard: uniqueId(1), openid: 'tapper' });
    const token = await t.userToken(body.openid);
    const results = await Promise.all(Array.from({ length: 200 }, () => post('OrderListApi/PersonOrderAdd', body, token)));
    // Every tap is answered with the order made, never 您已有该类型的有效预约.
    expect(results.filter((r) => !r.body.success).map((r) => r.body.returnMsg)).toEqual([]);
    const ids = new Set(results.map((r) => r.body.returnData.ord.id));
    expect(ids.size).toBe(1);
    expect(await slotSurplus(t.db, 'P:person', day, '01')).toBe(9);
  });

  it('concurrent cancels of one order release exactly one place', async () => {
    const day = plusDays(t.today, 5);
    await setDay(t.db, 'P:person', day, [{ code: '01', total: 3 }]);
    const body = personBody(day, { idCard: uniqueId(2) });
    const token = await t.userToken(body.openid);
    const r = await post('OrderListApi/PersonOrderAdd', body, token);
    const ord = r.body.returnData.ord;
    expect(await slotSurplus(t.db, 'P:person', day, '01')).toBe(2);
    const res = await Promise.all(Array.from({ length: 30 }, () => post('OrderListApi/PersonOrderCancel', { id: ord.id, idCard: ord.idCard }, token)));
    expect(res.filter((x) => x.body.success).length).toBe(1);
    expect(await slotSurplus(t.db, 'P:person', day, '01')).toBe(3);
  });
});
