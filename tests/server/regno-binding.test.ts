/**
 * Calls keyed by exam number (regno) — GetPatientinfo (name, phone, company, ID
 * number, age, sex) and SaveQuestions (writes that regno's questionnaire) — answer
 * only an openid-bound token whose openid holds a grant for the body's regno
 * (CALLS owner 'regno', enforced by defineCall):
 *
 * - the client token: 401 请重新授权, no data, nothing written;
 * - an openid without a grant: 403 无权访问他人的信息, no data, nothing written
 *   (whether the regno exists or not);
 * - TeamLogin (company + ID + phone) under an openid grants that openid the
 *   member's regno(s); another openid stays refused; a failed TeamLogin or one
 *   under the client token grants nothing; a repeat is idempotent;
 * - the openid's own user record (ID number AND phone, from its booking) is the
 *   regno's person: allowed without TeamLogin; the ID number alone is not enough;
 * - the demo seed grants the demo openid T000101 / T000102 (browser demo);
 * - GetInforMation (desk QR code, anyone may pay) stays open but masks the name.
 * Both stores (TEST_DB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, personBody, plusDays, setDay, type TestApp } from './core-helpers';
import { DEMO } from '../../src/server/seed/demo-people';
import { seedRecords } from '../../src/server/seed/index';
import { DEMO as CORE_DEMO, MEMBERS } from '../../src/server/seed/data';
import { MSG_FORBIDDEN, MSG_NEED_USER } from '../../src/server/plugins/call';
import { migrate } from '../../src/server/db/migrate';
import { up as upGrants } from '../../src/server/migrations/010_regno_grants';
import type { CallName } from '../../src/contract/calls';

let t: TestApp;
const A = 'regno-user-a';
const C = 'regno-user-c';
/** A group member of the core seed (L0001 李明) and their exam number. */
const M = MEMBERS[0];
const M_REGNO = '2026100001';
/** Another member (L0001 王芳). */
const M2_REGNO = '2026100002';
/** The demo user is also member #9 of L0001 (same ID number and phone as its user record). */
const DEMO_MEMBER_REGNO = '2026100009';

const answer = JSON.stringify({ basicInfo: { name: '测试' }, signature: { patient: '' } });

beforeAll(async () => {
  t = await makeTestApp();
  await seedRecords(t.db, t.today);
});
afterAll(async () => t?.close());

type Res = { status: number; body: { success: boolean; returnMsg: string; returnData: unknown } };
const refused = (r: Res, status: number, msg: string) => {
  expect(r.status).toBe(status);
  expect(r.body).toEqual({ success: false, returnMsg: msg, returnData: null });
};
const as = async (openid: string, name: CallName, body: unknown) => t.call(name, body, { token: await t.userToken(openid) });
const patient = async (openid: string, regno: string) => {
  const r = await as(openid, 'GetPatientinfo', { regno });
  expect(r.body.success).toBe(true);
  return JSON.parse(r.body.returnData as string) as Array<{ name: string; idcard: string; regno: string }>;
};
const saveQs = (openid: string, regno: string) => as(openid, 'SaveQuestions', { regno, kw: '2', questionZC: answer });

/** Every questionnaire row and history row: "nothing written" is this unchanged. */
async function snapshot() {
  const answers = await t.db.all('SELECT id, owner_kind, owner_key, updated_at, body FROM questionnaire_answers ORDER BY id');
  const history = await t.db.all('SELECT id FROM questionnaire_answer_history ORDER BY id');
  return JSON.stringify({ answers, history });
}
const grantsOf = (openid: string) => t.db.all<{ reg_no: string; source: string }>('SELECT reg_no, source FROM regno_grants WHERE openid = $1 ORDER BY reg_no', [openid]);

describe('the client token', () => {
  it('GetPatientinfo and SaveQuestions: 401 请重新授权, no data, nothing written', async () => {
    const before = await snapshot();
    for (const regno of [DEMO.patientOccupational, M_REGNO, 'NOPE']) {
      refused(await t.call('GetPatientinfo', { regno }, { token: t.token }), 401, MSG_NEED_USER);
      refused(await t.call('SaveQuestions', { regno, kw: '2', questionZC: answer }, { token: t.token }), 401, MSG_NEED_USER);
    }
    expect(await snapshot()).toBe(before);
  });

  it('TeamLogin under the client token still answers (public call) but grants nobody', async () => {
    const r = await t.call('TeamLogin', { lnc_Code: M.lnc, idCard: M.id, tel: M.tel }, { token: t.token });
    expect(r.body.success).toBe(true);
    expect((await t.db.one('SELECT COUNT(*) AS n FROM regno_grants WHERE reg_no = $1', [M_REGNO]))!.n).toBe(0);
  });
});

describe('an openid without a grant', () => {
  it('403 无权访问他人的信息 for a member regno, a demo regno and an unknown one; nothing written', async () => {
    const before = await snapshot();
    for (const regno of [M_REGNO, DEMO.patientOccupational, DEMO.patientOrdinary, 'NOPE']) {
      refused(await as(A, 'GetPatientinfo', { regno }), 403, MSG_FORBIDDEN);
      refused(await saveQs(A, regno), 403, MSG_FORBIDDEN);
    }
    expect(await snapshot()).toBe(before);
    expect(await grantsOf(A)).toEqual([]);
  });
});

describe('after TeamLogin by that openid', () => {
  it('a failed TeamLogin (wrong phone) grants nothing', async () => {
    const r = await as(A, 'TeamLogin', { lnc_Code: M.lnc, idCard: M.id, tel: '13900000000' });
    expect(r.body.success).toBe(true); // the spec's "not found" answer is a success with an err row
    expect(JSON.parse(r.body.returnData as string)[0].err).toBeTruthy();
    expect(await grantsOf(A)).toEqual([]);
    refused(await as(A, 'GetPatientinfo', { regno: M_REGNO }), 403, MSG_FORBIDDEN);
  });

  it("the member's regno works: GetPatientinfo answers, SaveQuestions writes", async () => {
    const r = await as(A, 'TeamLogin', { lnc_Code: M.lnc, idCard: M.id, tel: M.tel });
    expect(r.body.success).toBe(true);
    expect((r.body.returnData as Array<{ reg_no: string }>).map((x) => x.reg_no)).toEqual([M_REGNO]);
    expect(await grantsOf(A)).toEqual([{ reg_no: M_REGNO, source: 'team-login' }]);

    const info = await patient(A, M_REGNO);
    expect(info[0]).toMatchObject({ name: M.name, idcard: M.id, regno: M_REGNO });
    const s = await saveQs(A, M_REGNO);
    expect(s.body).toMatchObject({ success: true, returnMsg: '同步成功' });
    const row = await t.db.one<{ body: string }>(`SELECT body FROM questionnaire_answers WHERE owner_kind = 'regno' AND owner_key = $1`, [M_REGNO]);
    expect(JSON.parse(row!.body)).toEqual(JSON.parse(answer));
  });

  it('a repeated TeamLogin is idempotent (one grant row)', async () => {
    expect((await as(A, 'TeamLogin', { lnc_Code: M.lnc, idCard: M.id.toLowerCase(), tel: M.tel })).body.success).toBe(true);
    expect(await grantsOf(A)).toEqual([{ reg_no: M_REGNO, source: 'team-login' }]);
  });

  it('the grant is for that regno only: other members and the demo regnos stay refused', async () => {
    const before = await snapshot();
    for (const regno of [M2_REGNO, DEMO.patientOccupational, DEMO_MEMBER_REGNO]) {
      refused(await as(A, 'GetPatientinfo', { regno }), 403, MSG_FORBIDDEN);
      refused(await saveQs(A, regno), 403, MSG_FORBIDDEN);
    }
    expect(await snapshot()).toBe(before);
  });

  it('another openid is still refused for that regno; nothing written', async () => {
    const before = await snapshot();
    refused(await as(C, 'GetPatientinfo', { regno: M_REGNO }), 403, MSG_FORBIDDEN);
    refused(await saveQs(C, M_REGNO), 403, MSG_FORBIDDEN);
    expect(await snapshot()).toBe(before);
    expect(await grantsOf(C)).toEqual([]);
  });
});

describe("the openid's own user record is the regno's person", () => {
  it('ID number and phone of its user record match the member: allowed without TeamLogin (demo user = L0001 member)', async () => {
    expect(await grantsOf(CORE_DEMO.openid)).not.toContainEqual(expect.objectContaining({ reg_no: DEMO_MEMBER_REGNO }));
    const info = await patient(CORE_DEMO.openid, DEMO_MEMBER_REGNO);
    expect(info[0]).toMatchObject({ name: CORE_DEMO.name, regno: DEMO_MEMBER_REGNO });
    // but not another member's
    refused(await as(CORE_DEMO.openid, 'GetPatientinfo', { regno: M_REGNO }), 403, MSG_FORBIDDEN);
  });

  it("the ID number alone is not enough (a booking with someone's ID but another phone)", async () => {
    const D = 'regno-user-d';
    const day = plusDays(t.today, 4);
    await setDay(t.db, 'P:person', day, [{ code: '01', total: 5 }]);
    const m2 = MEMBERS[1];
    const b = await as(D, 'PersonOrderAdd', personBody(day, { openid: D, name: m2.name, idCard: m2.id, tel: '13900009999' }));
    expect(b.body.success).toBe(true);
    const u = await t.db.one<{ id_card: string; tel: string }>('SELECT id_card, tel FROM users WHERE openid = $1', [D]);
    expect(u).toMatchObject({ id_card: m2.id, tel: '13900009999' });
    const before = await snapshot();
    refused(await as(D, 'GetPatientinfo', { regno: M2_REGNO }), 403, MSG_FORBIDDEN);
    refused(await saveQs(D, M2_REGNO), 403, MSG_FORBIDDEN);
    expect(await snapshot()).toBe(before);
  });
});

describe('the demo seed', () => {
  it('grants the demo openid T000101 and T000102 (as if it had logged in as those members), nobody else', async () => {
    expect(await grantsOf(DEMO.openid)).toEqual([
      { reg_no: DEMO.patientOccupational, source: 'seed' },
      { reg_no: DEMO.patientOrdinary, source: 'seed' },
    ]);
    const holders = await t.db.all<{ openid: string }>('SELECT DISTINCT openid FROM regno_grants WHERE reg_no IN ($1, $2)', [DEMO.patientOccupational, DEMO.patientOrdinary]);
    expect(holders.map((h) => h.openid)).toEqual([DEMO.openid]);
  });

  it('the demo openid reads and saves the demo regnos (the browser demo /#/OccupationalDiseasesQs?regNo=T000101)', async () => {
    expect((await patient(DEMO.openid, DEMO.patientOccupational))[0]).toMatchObject({ name: '陈刚', regno: DEMO.patientOccupational });
    expect((await patient(DEMO.openid, DEMO.patientOrdinary))[0]).toMatchObject({ name: '林晓' });
    expect((await saveQs(DEMO.openid, DEMO.patientOrdinary)).body).toMatchObject({ success: true, returnMsg: '同步成功' });
  });
});

describe('the grant table', () => {
  it('its migration is idempotent (re-running up() and migrate() changes nothing)', async () => {
    const before = await t.db.all('SELECT * FROM regno_grants ORDER BY openid, reg_no');
    await upGrants(t.db);
    expect(await migrate(t.db)).toEqual([]);
    expect(await t.db.all('SELECT * FROM regno_grants ORDER BY openid, reg_no')).toEqual(before);
  });
});

describe('GetInforMation (the desk QR code: anyone may pay) stays open, with only what paying needs', () => {
  it('client token and any openid: the name masked, no ID number, phone or company', async () => {
    for (const tok of [t.token, await t.userToken(C)]) {
      const r = await t.call('GetInforMation', { regno: DEMO.payValid }, { token: tok });
      expect(r.body.success).toBe(true);
      const row = JSON.parse(r.body.returnData as string)[0];
      expect(row).toMatchObject({ regno: DEMO.payValid, name: '李*', PayAmount: '268.00', expired: false, pay_flag: 'F' });
      expect(Object.keys(row).sort()).toEqual(['PayAmount', 'clus_name', 'createtime', 'expired', 'name', 'pay_flag', 'regno', 'tj_date']);
    }
  });
});
