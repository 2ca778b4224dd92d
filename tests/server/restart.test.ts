/**
 * Durability: spawn the real server process, stream bookings, SIGKILL it mid-stream,
 * restart on the same store, and check every booking that was answered with success
 * is there — and that places taken equal orders stored (no half-committed booking).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freshStore, uniqueId, TEST_DB, type TestStore } from './core-helpers';
import { addDays, centreDay } from '../../src/contract/rules/centre-day';
import { api, clientToken as token, killServers, startServer as start, userToken } from './process-helpers';

let store: TestStore | undefined;
afterAll(async () => {
  killServers();
  await store?.cleanup();
});

describe(`restart after SIGKILL (${TEST_DB})`, () => {
  it('every booking answered with success survives', async () => {
    store = await freshStore();
    await store.db.close();
    const first = await start(store.env);
    const tok = await token(first.base);
    // bookable slots with places, across the next days
    const today = centreDay(Date.now());
    const days = (await api(first.base, tok, 'PersonSumApi/GetPersonSumList', { type: 'person', start: addDays(today, 1), end: addDays(today, 40) })).returnData as any[];
    const targets: Array<{ day: string; code: string; surplus: number }> = [];
    for (const d of days.filter((x) => x.person_Flag !== 'T' && x.person_Surplus > 10)) {
      const slots = (await api(first.base, tok, 'PersonSumApi/GetSumTimeList', { date_Time: d.person_Date, type: 'person' })).returnData as any[];
      for (const s of slots) if (s.person_Surplus > 0) targets.push({ day: d.person_Date, code: s.sumtime_Code, surplus: s.person_Surplus });
    }
    const capacity = targets.reduce((a, x) => a + x.surplus, 0);
    expect(capacity).toBeGreaterThan(300);

    // one booker (openid) per worker, each with its own openid-bound token (tokens are rows: they outlive the kill)
    const userTokens = new Map<string, string>();
    for (let w = 0; w < 6; w++) userTokens.set(`restart-${w}`, await userToken(first.base, `restart-${w}`));
    const succeeded: Array<{ id: string; idCard: string; openid: string }> = [];
    let stop = false;
    let ti = 0;
    let left = targets[0].surplus;
    const next = () => {
      if (left <= 0) {
        ti++;
        left = targets[ti].surplus;
      }
      left--;
      return targets[ti];
    };
    const worker = async (w: number) => {
      while (!stop) {
        const slot = next();
        const body = {
          openid: `restart-${w}`, name: '重启测试', idCard: uniqueId(1), tel: '13900002222', clus_Name: '入门通用体检套餐', clus_Code: 'P4005',
          begin_Time: slot.day, type: 'person', sumtime_Code: slot.code, sumtime_Name: '', price: '199.00', choose_comb_code: '', hospCode: '01', marr_status: '1',
        };
        try {
          const r = await api(first.base, userTokens.get(body.openid)!, 'OrderListApi/PersonOrderAdd', body);
          if (r.success) succeeded.push({ id: r.returnData.ord.id, idCard: body.idCard, openid: body.openid });
        } catch {
          return; // connection reset by the kill
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    while (succeeded.length < 60) await new Promise((r) => setTimeout(r, 20));
    first.proc.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    if (first.proc.exitCode === null && first.proc.signalCode === null) await new Promise((r) => first.proc.once('exit', r));
    expect(succeeded.length).toBeGreaterThanOrEqual(60);

    const second = await start(store.env);
    const tok2 = await token(second.base);
    let missing = 0;
    for (const o of succeeded) {
      const r = await api(second.base, userTokens.get(o.openid)!, 'OrderListApi/SyncOrderById', { id: o.id, idCard: o.idCard });
      if (!r.success || r.returnData.state !== 'S') missing++;
    }
    expect(missing).toBe(0);
    // places taken == orders stored, per slot
    for (const tgt of targets.slice(0, ti + 1)) {
      const slots = (await api(second.base, tok2, 'PersonSumApi/GetSumTimeList', { date_Time: tgt.day, type: 'person' })).returnData as any[];
      const now = slots.find((s) => s.sumtime_Code === tgt.code)!.person_Surplus;
      const stored = await storedCount(tgt);
      expect(tgt.surplus - now).toBe(stored);
    }
    second.proc.kill('SIGTERM');
    await new Promise((r) => second.proc.once('exit', r));
    expect(second.proc.exitCode === 0 || second.proc.signalCode === 'SIGTERM').toBe(true);
  });
});

/** Orders of the restart test stored for a slot, counted through the store directly. */
async function storedCount(tgt: { day: string; code: string }): Promise<number> {
  const { openDb } = await import('../../src/server/db/index');
  const db = await openDb({ ...(store!.env.DATABASE_URL ? { databaseUrl: store!.env.DATABASE_URL } : { dataDir: store!.env.DATA_DIR, databaseUrl: '' }), migrate: false });
  try {
    const r = await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM orders WHERE openid LIKE 'restart-%' AND begin_time = $1 AND sumtime_code = $2 AND scope = 'P:person'`, [tgt.day, tgt.code]);
    return Number(r!.n);
  } finally {
    await db.close();
  }
}
