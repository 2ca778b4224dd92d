/**
 * Pay records and scan-code payment: GetPayRecordList, GetInforMation,
 * SweepCodePay (server price, expiry, MD5 pay params from the sandbox
 * provider) and its pay notification. Also GetNoticeInfo's neighbour-free
 * contract lives in notice-flow.test.ts. Both stores (TEST_DB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/types';
import { startAfterBookingApp, T0, type AfterBookingApp } from './after-booking-helpers';
import { type CallName } from '../../src/contract/calls';
import { DEMO } from '../../src/server/seed/demo-people';
import { PAY_MSG } from '../../src/server/services/orders/payrecords';
import { sandboxPaid } from './sandbox-trade';
import { SCAN_PAY_NOTIFY_PATH } from '../../src/server/routes/payrecords/index';
import type { InforMationRow, PayRecord } from '../../src/contract/api/payments';

let t: AfterBookingApp;
let db: Db;
let app: FastifyInstance;
let clock: AfterBookingApp['clock'];

beforeAll(async () => {
  t = await startAfterBookingApp('2026-06-15');
  ({ db, app, clock } = t);
});
afterAll(async () => t?.close());

const call = (name: CallName, body: unknown, auth = true) => t.call(name, body, { auth });

describe('GetPayRecordList', () => {
  it('records of the openid with regno, name, createtime, clus_name, PayAmount (2 decimals)', async () => {
    const r = await call('GetPayRecordList', { openid: DEMO.openid });
    expect(r.json.success).toBe(true);
    const list = r.json.returnData as PayRecord[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ regno: DEMO.payPaid, name: '李明', clus_name: expect.any(String), PayAmount: '399.00', pay_flag: 'T', createtime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) });
    expect((await call('GetPayRecordList', { openid: 'nobody' })).json.returnData).toEqual([]);
    expect((await call('GetPayRecordList', {})).json.success).toBe(false);
    expect((await call('GetPayRecordList', { openid: DEMO.openid }, false)).status).toBe(401);
  });

  it("includes the openid's paid booking orders (core orders)", async () => {
    await db.run(
      `INSERT INTO orders (id, openid, id_card, name, tel, type, clus_code, clus_name, begin_time, scope, sumtime_code, sumtime_name, price_cents, state, pay_flag, regno, tj_date, idem_key, created_at, created_time, updated_at)
       VALUES ('o-paid-1', 'openid-with-order', '110101199001011237', '周七', '13500135000', 'person', 'P1', '基础套餐', '2026-06-20', 'person', '01', '07:30-08:30', 19900, 'F', 'T', '', '2026-06-20', 'k1', $1, '2026-06-14 10:00:00', $1)`,
      [T0],
    );
    const list = (await call('GetPayRecordList', { openid: 'openid-with-order' })).json.returnData as PayRecord[];
    // no exam number yet: none shown (never the order's internal id)
    expect(list).toEqual([{ regno: '', name: '周七', createtime: '2026-06-14 10:00:00', clus_name: '基础套餐', PayAmount: '199.00', pay_flag: 'T', tj_date: '2026-06-20' }]);
  });

  it('refunded orders as refunds; orders with nothing paid are no payments', async () => {
    for (const [id, cents, state, flag] of [
      ['o-refunded', 19900, 'Refund', 'TJServeERR'],
      ['o-refund-failed', 26000, 'Refund', 'RefundERR'],
      ['o-free-group', 0, 'C', 'T'],
    ] as const)
      await db.run(
        `INSERT INTO orders (id, openid, id_card, name, tel, type, clus_code, clus_name, begin_time, scope, sumtime_code, sumtime_name, price_cents, state, pay_flag, regno, tj_date, idem_key, created_at, created_time, updated_at)
         VALUES ($2, 'openid-refunds', '110101199001011237', '周七', '13500135000', 'person', 'P1', '基础套餐', '2026-06-20', 'person', '01', '07:30-08:30', $3, $4, $5, 'R1', '2026-06-20', $2, $1, '2026-06-14 10:00:00', $1)`,
        [T0, id, cents, state, flag],
      );
    const list = (await call('GetPayRecordList', { openid: 'openid-refunds' })).json.returnData as PayRecord[];
    expect(list.map((r) => [r.PayAmount, r.pay_flag]).sort()).toEqual([
      ['199.00', 'Refund'],
      ['260.00', 'RefundERR'],
    ]);
  });
});

describe('GetInforMation', () => {
  it('JSON text list for a known regno; expired flag; [{Info}] for an unknown one', async () => {
    const ok = await call('GetInforMation', { regno: DEMO.payValid });
    expect(ok.json.success).toBe(true);
    const rows = JSON.parse(ok.json.returnData) as InforMationRow[];
    // open to any payer (the desk's QR code): the name masked, no ID (docs/decisions-server.md)
    expect(rows[0]).toMatchObject({ regno: DEMO.payValid, name: '李*', clus_name: expect.any(String), PayAmount: '268.00', expired: false, pay_flag: 'F' });
    const exp = JSON.parse((await call('GetInforMation', { regno: DEMO.payExpired })).json.returnData) as InforMationRow[];
    expect(exp[0].expired).toBe(true);
    const unknown = await call('GetInforMation', { regno: 'NOPE' });
    expect(unknown.json.success).toBe(true);
    expect(JSON.parse(unknown.json.returnData)).toEqual([{ Info: PAY_MSG.unknown }]);
    expect((await call('GetInforMation', { regno: 7 })).json.success).toBe(false);
  });
});

describe('SweepCodePay', () => {
  it('expired record → 订单已过期; unknown → not found; client price that disagrees → 金额异常', async () => {
    expect((await call('SweepCodePay', { regno: DEMO.payExpired, openid: 'o-scan', price: '598.00' })).json).toMatchObject({ success: false, returnMsg: PAY_MSG.expired });
    expect((await call('SweepCodePay', { regno: 'NOPE', openid: 'o-scan' })).json).toMatchObject({ success: false, returnMsg: PAY_MSG.unknown });
    expect((await call('SweepCodePay', { regno: DEMO.payValid, openid: 'o-scan', price: '0.01' })).json).toMatchObject({ success: false, returnMsg: PAY_MSG.amount });
    expect((await call('SweepCodePay', { regno: DEMO.payValid })).json.success).toBe(false);
  });

  it('valid record → RSA-signed JSAPI params with the server amount; a paid trade marks it paid', async () => {
    const rec = JSON.parse((await call('GetInforMation', { regno: DEMO.payValid })).json.returnData)[0];
    const r = await call('SweepCodePay', { ...rec, openid: 'o-scan', price: rec.PayAmount, tj_date: rec.tj_date });
    expect(r.json.returnMsg).toBe('成功');
    expect(r.json.success).toBe(true);
    const p = r.json.returnData;
    expect(Object.keys(p).sort()).toEqual(['appid', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
    expect(p.signType).toBe('RSA');
    expect(p.timeStamp).toBe(String(Math.floor(T0 / 1000)));
    expect(p.paySign).toMatch(/^[A-Za-z0-9+/]{300,}={0,2}$/);
    const row = await db.one<{ pay_state: string; out_trade_no: string; openid: string }>(`SELECT pay_state, out_trade_no, openid FROM pay_records WHERE reg_no = $1`, [DEMO.payValid]);
    expect(row).toMatchObject({ pay_state: 'EING', openid: 'o-scan' });
    // the wrong amount does not mark it paid; an unsigned post to the notify URL is refused; the right trade does
    expect((await sandboxPaid(app, row!.out_trade_no, 1, 'tx-1', SCAN_PAY_NOTIFY_PATH)).ok).toBe(false);
    const unsigned = await app.inject({ method: 'POST', url: SCAN_PAY_NOTIFY_PATH, payload: { out_trade_no: row!.out_trade_no, total_fee: '26800' } });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
    expect(unsigned.json()).toEqual({ code: 'FAIL', message: '失败' });
    expect((await sandboxPaid(app, row!.out_trade_no, 26800, 'tx-1', SCAN_PAY_NOTIFY_PATH)).ok).toBe(true);
    const after = JSON.parse((await call('GetInforMation', { regno: DEMO.payValid })).json.returnData)[0];
    expect(after.pay_flag).toBe('T');
    expect((await call('SweepCodePay', { regno: DEMO.payValid, openid: 'o-scan' })).json).toMatchObject({ success: false, returnMsg: PAY_MSG.paid });
    expect(((await call('GetPayRecordList', { openid: 'o-scan' })).json.returnData as PayRecord[])[0]).toMatchObject({ regno: DEMO.payValid, pay_flag: 'T' });
  });

  it('a record expires by the clock', async () => {
    await db.run(
      `INSERT INTO pay_records (id, reg_no, openid, name, createtime, clus_name, amount_cents, tj_date, expires_at, pay_state, out_trade_no, updated_at)
       VALUES ('pr-t', 'P-TIMED', NULL, '测试', '2026-06-15 09:00:00', '套餐', 100, '2026-06-16', $1, 'F', NULL, $2)`,
      [T0 + 60_000, T0],
    );
    expect((await call('SweepCodePay', { regno: 'P-TIMED', openid: 'o2' })).json.success).toBe(true);
    clock.t = T0 + 60_000;
    expect((await call('SweepCodePay', { regno: 'P-TIMED', openid: 'o2' })).json).toMatchObject({ success: false, returnMsg: PAY_MSG.expired });
    expect(JSON.parse((await call('GetInforMation', { regno: 'P-TIMED' })).json.returnData)[0].expired).toBe(true);
  });
});

describe('housekeeping and sandbox completion', () => {
  it('sandboxCompleteScanPay completes an open trade; expireScanPays abandons expired paying trades', async () => {
    const { sandboxCompleteScanPay, expireScanPays } = await import('../../src/server/services/orders/payrecords');
    await db.run(
      `INSERT INTO pay_records (id, reg_no, openid, name, createtime, clus_name, amount_cents, tj_date, expires_at, pay_state, out_trade_no, updated_at)
       VALUES ('pr-s1', 'P-SBX1', NULL, '测试', '2026-06-15 09:00:00', '套餐', 500, '2026-06-20', $1, 'F', NULL, $2),
              ('pr-s2', 'P-SBX2', NULL, '测试', '2026-06-15 09:00:00', '套餐', 700, '2026-06-20', $1, 'F', NULL, $2)`,
      [clock.t + 3600_000, clock.t],
    );
    expect(await sandboxCompleteScanPay(db, app.deps.providers.pay, 'P-SBX1', clock.t)).toBe(false);
    expect((await call('SweepCodePay', { regno: 'P-SBX1', openid: 'o3' })).json.success).toBe(true);
    expect((await call('SweepCodePay', { regno: 'P-SBX2', openid: 'o3' })).json.success).toBe(true);
    expect(await sandboxCompleteScanPay(db, app.deps.providers.pay, 'P-SBX1', clock.t)).toBe(true);
    expect(JSON.parse((await call('GetInforMation', { regno: 'P-SBX1' })).json.returnData)[0].pay_flag).toBe('T');
    clock.t += 3600_000;
    expect(await expireScanPays(db, clock.t)).toBeGreaterThanOrEqual(1); // P-SBX2 (and the earlier P-TIMED)
    expect(JSON.parse((await call('GetInforMation', { regno: 'P-SBX2' })).json.returnData)[0]).toMatchObject({ pay_flag: 'F', expired: true });
  });

  it('purgeExpiredReportState removes expired sessions, file codes and old codes', async () => {
    const { purgeExpiredReportState } = await import('../../src/server/services/reports/reports');
    await db.run(`INSERT INTO report_sessions (id, tel, person_id, created_at, expires_at) VALUES ('rs-old', '13800138000', NULL, 0, 1)`);
    await db.run(`INSERT INTO sms_codes (id, tel, purpose, code_hash, salt, created_at, expires_at, attempts, used_at) VALUES ('c-old', '13800138000', 'report', 'h', 's', 0, 1, 0, NULL)`);
    expect(await purgeExpiredReportState(db, clock.t)).toBeGreaterThanOrEqual(2);
    expect(await db.one(`SELECT id FROM report_sessions WHERE id = 'rs-old'`)).toBeUndefined();
    expect(await db.one(`SELECT id FROM sms_codes WHERE id = 'c-old'`)).toBeUndefined();
  });
});
