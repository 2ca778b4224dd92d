/**
 * Approvals: hashed director password, lock-out after repeated failures (per
 * approver id and per client), lists need the approver token, state mapping,
 * approver name from the server's record. Both stores (TEST_DB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/types';
import { issueToken } from '../../src/server/services/platform/tokens';
import { startAfterBookingApp, type AfterBookingApp } from './after-booking-helpers';
import { APPROVER_TOKEN_HEADER, type CallName } from '../../src/contract/calls';
import { DEMO } from '../../src/server/seed/demo-people';
import { APPROVAL_MSG, directorPasswordFromEnv, verifyDirectorPassword } from '../../src/server/services/approvals/approvals';
import type { FreePerson, TokenCard } from '../../src/contract/api/approvals';

let t: AfterBookingApp;
let db: Db;
let app: FastifyInstance;
let clock: AfterBookingApp['clock'];
const PWD = '123456';

beforeAll(async () => {
  delete process.env.DIRECTOR_PASSWORD;
  t = await startAfterBookingApp('2026-06-15');
  ({ db, app, clock } = t);
});
afterAll(async () => t?.close());

const call = (name: CallName, body: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') => t.call(name, body, { headers, ip });

describe('director password', () => {
  it('demo password: env DIRECTOR_PASSWORD, default 123456 only outside production', () => {
    expect(directorPasswordFromEnv({ NODE_ENV: 'development' })).toBe('123456');
    expect(directorPasswordFromEnv({ NODE_ENV: 'production' })).toBeNull();
    expect(directorPasswordFromEnv({ NODE_ENV: 'production', DIRECTOR_PASSWORD: '654321' })).toBe('654321');
  });

  it('is stored as a salted scrypt hash, no clear text', async () => {
    const rows = await db.all<Record<string, unknown>>(`SELECT * FROM approver_users`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(PWD);
    expect(String(rows[0].pwd_hash)).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[0-9a-f]{64}$/);
    expect(String(rows[0].pwd_salt)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('right password → approver token (truthy returnData); wrong → 密码错误', async () => {
    const ok = await call('VerifyDirectorReviewPwd', { id: 1, pwd: PWD });
    expect(ok.json).toMatchObject({ success: true, returnData: { token: expect.any(String), expires_in: 7200, name: DEMO.approver.name } });
    const bad = await call('VerifyDirectorReviewPwd', { id: 1, pwd: '000000' });
    expect(bad.json).toMatchObject({ success: false, returnMsg: APPROVAL_MSG.wrong, returnData: null });
    expect((await call('VerifyDirectorReviewPwd', { id: 1 })).json).toMatchObject({ success: false, returnMsg: '请输入密码' });
    expect((await call('VerifyDirectorReviewPwd', { id: 2, pwd: PWD })).json.success).toBe(false);
  });

  it('5 failures from one client lock that client for 15 minutes; a success resets the counters', async () => {
    // the earlier failure on id 1 is cleared by a success
    expect((await call('VerifyDirectorReviewPwd', { id: 1, pwd: PWD }, {}, '10.0.0.2')).json.success).toBe(true);
    for (let i = 0; i < 4; i++) expect((await call('VerifyDirectorReviewPwd', { id: 1, pwd: '999999' }, {}, '10.0.0.9')).json.returnMsg).toBe(APPROVAL_MSG.wrong);
    const fifth = await call('VerifyDirectorReviewPwd', { id: 1, pwd: '999999' }, {}, '10.0.0.9');
    expect(fifth.json.returnMsg).toBe(APPROVAL_MSG.locked);
    // locked even with the right password
    expect((await call('VerifyDirectorReviewPwd', { id: 1, pwd: PWD }, {}, '10.0.0.9')).json).toMatchObject({ success: false, returnMsg: APPROVAL_MSG.locked });
    // the id was locked too (5 failures in its window); after 15 minutes both open again
    expect((await call('VerifyDirectorReviewPwd', { id: 1, pwd: PWD }, {}, '10.0.0.3')).json.returnMsg).toBe(APPROVAL_MSG.locked);
    clock.t += 15 * 60_000 + 1;
    expect((await call('VerifyDirectorReviewPwd', { id: 1, pwd: PWD }, {}, '10.0.0.9')).json.success).toBe(true);
  });

  it('a client that guesses on an unknown id is still locked (per-client counter)', async () => {
    for (let i = 0; i < 5; i++) await call('VerifyDirectorReviewPwd', { id: 7, pwd: '999999' }, {}, '10.0.0.8');
    expect((await call('VerifyDirectorReviewPwd', { id: 1, pwd: PWD }, {}, '10.0.0.8')).json.returnMsg).toBe(APPROVAL_MSG.locked);
    expect((await call('VerifyDirectorReviewPwd', { id: 1, pwd: PWD }, {}, '10.0.0.4')).json.success).toBe(true);
  });

  it('5 failures on approver id 1 from many clients lock the id (counters in the DB)', async () => {
    const now = clock.t;
    for (let i = 0; i < 5; i++) {
      await expect(verifyDirectorPassword(db, { id: '1', pwd: '111111', client: `198.51.100.${i}`, now })).rejects.toThrow();
    }
    await expect(verifyDirectorPassword(db, { id: '1', pwd: PWD, client: '198.51.100.77', now })).rejects.toThrow(APPROVAL_MSG.locked);
    const row = await db.one<{ locked_until: number }>(`SELECT locked_until FROM approver_login_limits WHERE limit_key = 'id:1'`);
    expect(Number(row!.locked_until)).toBe(now + 15 * 60_000);
    await verifyDirectorPassword(db, { id: '1', pwd: PWD, client: '198.51.100.77', now: now + 15 * 60_000 + 1 });
    clock.t = now + 15 * 60_000 + 2;
  });
});

describe('review lists and updates', () => {
  let tok: string;
  beforeAll(async () => {
    tok = (await call('VerifyDirectorReviewPwd', { id: 1, pwd: PWD }, {}, '10.0.0.50')).json.returnData.token;
  });
  const H = () => ({ [APPROVER_TOKEN_HEADER]: tok });

  it('lists require the approver token', async () => {
    for (const name of ['GetFreePerson', 'GetCardPerson', 'UpdateFreePersonState', 'UpdateCardPerson'] as const) {
      const r = await call(name, { regno: 'F000301', status: '1', idCard: 'C000401' });
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({ success: false, returnData: null });
      const forged = await call(name, { regno: 'F000301', status: '1', idCard: 'C000401' }, { [APPROVER_TOKEN_HEADER]: 'f'.repeat(43) });
      expect(forged.status).toBe(401);
    }
    // a report token is not an approver token
    const reportTok = (await issueToken(db, 'report', 'x', 600, clock.t)).access_token;
    expect((await call('GetFreePerson', {}, { [APPROVER_TOKEN_HEADER]: reportTok })).status).toBe(401);
    expect((await db.one<{ is_pay: string }>(`SELECT is_pay FROM free_exam_requests WHERE reg_no = 'F000301'`))!.is_pay).toBe('F');
  });

  it('GetFreePerson: JSON text list in every isPay state, pending first', async () => {
    const r = await call('GetFreePerson', {}, H());
    expect(r.json.success).toBe(true);
    const list = JSON.parse(r.json.returnData) as FreePerson[];
    expect(new Set(list.map((x) => x.isPay))).toEqual(new Set(['F', 'T', '0']));
    expect(list[0].isPay).toBe('F');
    expect(Object.keys(list[0]).sort()).toEqual(['Sqdate', 'addr', 'amt', 'idcard', 'isPay', 'lncName', 'party', 'patName', 'position', 'regNo', 'tel'].sort());
    expect(list.find((x) => x.regNo === 'F000301')!.amt).toBe('480.00');
  });

  it('UpdateFreePersonState: 1 → T, 0 → 0; approver name from the server record, not kw', async () => {
    const ok = await call('UpdateFreePersonState', { regno: 'F000301', status: '1', kw: '冒名者', startDate: '2026-06-20' }, H());
    expect(ok.json).toMatchObject({ success: true, returnData: { regNo: 'F000301', isPay: 'T', approver: DEMO.approver.name } });
    const row = await db.one<Record<string, unknown>>(`SELECT * FROM free_exam_requests WHERE reg_no = 'F000301'`);
    expect(row).toMatchObject({ is_pay: 'T', decided_by_id: '1', decided_by_name: DEMO.approver.name, claimed_kw: '冒名者', start_date: '2026-06-20' });
    const rej = await call('UpdateFreePersonState', { regno: 'F000302', status: '0', kw: 'x', startDate: '' }, H());
    expect(rej.json.returnData.isPay).toBe('0');
    // decided requests do not change again; unknown ones and bad status are refused
    expect((await call('UpdateFreePersonState', { regno: 'F000301', status: '0' }, H())).json).toMatchObject({ success: false, returnMsg: APPROVAL_MSG.decided });
    expect((await call('UpdateFreePersonState', { regno: 'NOPE', status: '1' }, H())).json).toMatchObject({ success: false, returnMsg: APPROVAL_MSG.notFound });
    expect((await call('UpdateFreePersonState', { regno: 'F000303', status: 'T' }, H())).json.success).toBe(false);
  });

  it('GetCardPerson / UpdateCardPerson: statuses 0/1/2, T → 1, F → 2', async () => {
    const r = await call('GetCardPerson', {}, H());
    const list = JSON.parse(r.json.returnData) as TokenCard[];
    expect(new Set(list.map((x) => x.status))).toEqual(new Set(['0', '1', '2']));
    expect(Object.keys(list[0]).sort()).toEqual(['card_no', 'ddrq', 'name', 'oper', 'par_value', 'status']);
    expect(list[0].status).toBe('0');
    const t = await call('UpdateCardPerson', { idCard: 'C000401', name: 'E1001', status: 'T' }, H());
    expect(t.json).toMatchObject({ success: true, returnData: { card_no: 'C000401', status: '1', approver: DEMO.approver.name } });
    const f = await call('UpdateCardPerson', { idCard: 'C000402', name: 'E1002', status: 'F' }, H());
    expect(f.json.returnData.status).toBe('2');
    expect((await call('UpdateCardPerson', { idCard: 'C000402', status: 'T' }, H())).json).toMatchObject({ success: false, returnMsg: APPROVAL_MSG.decided });
    expect((await call('UpdateCardPerson', { idCard: 'C000402', status: '1' }, H())).json.success).toBe(false);
    const after = JSON.parse((await call('GetCardPerson', {}, H())).json.returnData) as TokenCard[];
    expect(after.find((x) => x.card_no === 'C000401')!.status).toBe('1');
    expect(after.find((x) => x.card_no === 'C000402')!.status).toBe('2');
  });

  it('the approver token expires after 2 hours', async () => {
    clock.t += 2 * 3600_000 + 1;
    expect((await call('GetFreePerson', {}, H())).status).toBe(401);
  });
});
