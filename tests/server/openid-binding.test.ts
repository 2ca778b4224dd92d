/**
 * The server decides who may see what: per-user calls (CALLS[name].owner) answer
 * only a service token bound to the openid they name (or that owns the order),
 * and such a token is issued only to a browser holding the OAuth cookie that
 * toWeChatOauth set for that openid.
 *
 * - the client token (password grant with the credentials the app ships) reads
 *   nobody's orders / questionnaires / pay records, and books for nobody;
 * - a token bound to openid A reads and changes nothing of B;
 * - userOpenid / GetToken {openid} without the cookie, with another openid's
 *   cookie, a forged, tampered or expired one are refused (401, no data);
 * - after the OAuth redirect the cookie works (and has the right attributes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, oauthCookie, personBody, plusDays, setDay, uniqueId, type TestApp } from './core-helpers';
import { DEMO } from '../../src/server/seed/demo-people';
import { seedRecords } from '../../src/server/seed/index';
import { MSG_FORBIDDEN, MSG_NEED_USER } from '../../src/server/plugins/call';
import { CALLS, type CallName } from '../../src/contract/calls';
import { OAUTH_COOKIE, OAUTH_COOKIE_MAX_AGE_SEC, signOpenid, verifyOpenidCookie } from '../../src/server/services/platform/oauth-session';

let t: TestApp;
const B = DEMO.openid; // the victim: has orders, questionnaires and pay records in the seed
const A = 'binding-user-a';
let bOrder: { id: string; idCard: string; state: string; pay_flag: string };
let bQuestionnaireId: string;

beforeAll(async () => {
  t = await makeTestApp();
  await seedRecords(t.db, t.today);
  const orders = (await t.call('FindByOrderList', { openid: B }, { token: await t.userToken(B) })).body.returnData;
  bOrder = orders.find((o: { state: string }) => o.state === 'S') ?? orders[0];
  const list = (await t.call('GetQuestionList', { openId: B }, { token: await t.userToken(B) })).body.returnData;
  bQuestionnaireId = list[0].id;
});
afterAll(async () => t?.close());

const refused = (r: { status: number; body: { success: boolean; returnMsg: string; returnData: unknown } }, status: number, msg: string) => {
  expect(r.status).toBe(status);
  expect(r.body).toEqual({ success: false, returnMsg: msg, returnData: null });
};

/** Every per-user call with a body naming B (or B's order). */
function asksForB(): Array<[CallName, Record<string, unknown>]> {
  const day = plusDays(t.today, 3);
  return [
    ['FindByOrderList', { openid: B }],
    ['GetPayRecordList', { openid: B }],
    ['GetQuestion', { openId: B }],
    ['GetQuestionList', { openId: B }],
    ['GetQuestionById', { openId: B, id: bQuestionnaireId }],
    ['SaveGetQuestion', { openId: B, ordinaryQs: JSON.stringify({ sleepQuality: '差' }) }],
    ['GetQuestionnaire', { openId: B, qid: 'health' }],
    ['SaveQuestionnaire', { openId: B, qid: 'health', answers: JSON.stringify({ sleepQuality: '差' }) }],
    ['PersonOrderAdd', personBody(day, { openid: B, idCard: uniqueId(1) })],
    ['SweepCodePay', { regno: DEMO.payValid, openid: B, price: '268.00' }],
    // keyed by exam number: B holds the demo grants for T000101 / T000102, A none (regno-binding.test.ts)
    ['GetPatientinfo', { regno: DEMO.patientOccupational }],
    ['SaveQuestions', { regno: DEMO.patientOccupational, kw: '2', questionZC: JSON.stringify({ basicInfo: { name: 'x' } }) }],
    ['SyncOrderById', { id: bOrder.id, idCard: bOrder.idCard }],
    ['PersonOrderPay', { id: bOrder.id, idCard: bOrder.idCard }],
    ['PersonOrderCancel', { id: bOrder.id, idCard: bOrder.idCard }],
    ['PersonOrderRefund', { id: bOrder.id, idCard: bOrder.idCard, type: 'person' }],
    ['TeamOrderCancel', { id: bOrder.id, idCard: bOrder.idCard }],
    ['SandboxPayResult', { id: bOrder.id, outcome: 'cancel' }],
  ];
}

async function snapshot() {
  const orders = await t.db.all('SELECT id, state, pay_flag, updated_at FROM orders ORDER BY id');
  const answers = await t.db.all('SELECT id, updated_at FROM questionnaire_answers ORDER BY id');
  const pays = await t.db.all('SELECT id, pay_state, openid FROM pay_records ORDER BY id');
  return JSON.stringify({ orders, answers, pays });
}

describe('the client token (password grant) is for public calls only', () => {
  it('public calls answer it', async () => {
    expect((await t.call('GetClusItemList', { clus_type: '4' })).body.success).toBe(true);
    expect((await t.call('GetNoticeInfo', { titleName: '体检须知' })).body.success).toBe(true);
  });

  it('every per-user call refuses it with 401 请重新授权, no data, nothing changed', async () => {
    const before = await snapshot();
    const calls = asksForB();
    // every call of the contract marked per-user is covered here
    expect(new Set(calls.map(([n]) => n))).toEqual(new Set(Object.entries(CALLS).filter(([, d]) => 'owner' in d).map(([n]) => n).filter((n) => n !== 'TeamOrderAdd')));
    for (const [name, body] of calls) refused(await t.call(name, body, { token: t.token }), 401, MSG_NEED_USER);
    refused(await t.call('TeamOrderAdd', { openid: B, name: '某人', tel: '13900001111', idcard: uniqueId(1), clus_code: 'x', begin_time: t.today, lnc_Code: 'L0001', sumtime_Code: '01', price: '0' }, { token: t.token }), 401, MSG_NEED_USER);
    expect(await snapshot()).toBe(before);
  });
});

describe("a token bound to openid A reads and changes nothing of B's", () => {
  it('403 无权访问他人的信息 on every per-user call naming B or B’s order; nothing changed', async () => {
    const tokenA = await t.userToken(A);
    const before = await snapshot();
    for (const [name, body] of asksForB()) refused(await t.call(name, body, { token: tokenA }), 403, MSG_FORBIDDEN);
    expect(await snapshot()).toBe(before);
  });

  it("A's token reads A's own (empty) data; B's token reads B's", async () => {
    const tokenA = await t.userToken(A);
    expect((await t.call('FindByOrderList', { openid: A }, { token: tokenA })).body).toMatchObject({ success: true, returnData: [] });
    expect((await t.call('GetQuestionList', { openId: A }, { token: tokenA })).body).toMatchObject({ success: true, returnData: [] });
    const tokenB = await t.userToken(B);
    const mine = await t.call('FindByOrderList', { openid: B }, { token: tokenB });
    expect(mine.body.success).toBe(true);
    expect(mine.body.returnData.length).toBeGreaterThan(0);
    expect((await t.call('GetQuestionById', { openId: B, id: bQuestionnaireId }, { token: tokenB })).body.success).toBe(true);
    expect((await t.call('SyncOrderById', { id: bOrder.id, idCard: bOrder.idCard }, { token: tokenB })).body.success).toBe(true);
  });

  it('A books for A with its own token; the order is then A’s only', async () => {
    const day = plusDays(t.today, 6);
    await setDay(t.db, 'P:person', day, [{ code: '01', total: 5 }]);
    const tokenA = await t.userToken(A);
    const r = await t.call('PersonOrderAdd', personBody(day, { openid: A, idCard: uniqueId(1) }), { token: tokenA });
    expect(r.body.success).toBe(true);
    const ord = r.body.returnData.ord;
    refused(await t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard }, { token: await t.userToken(B) }), 403, MSG_FORBIDDEN);
    expect((await t.call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard }, { token: tokenA })).body).toMatchObject({ success: true, returnMsg: '撤销成功' });
  });
});

describe('an openid-bound token needs the OAuth cookie', () => {
  /** An empty Cookie header = no cookie (and keeps t.call from adding the openid's own). */
  const ask = (name: 'userOpenid' | 'GetToken', openid: string, cookie = '') =>
    t.call(name, { openid }, { token: name === 'GetToken' ? null : t.token, headers: { cookie } });

  it('without the cookie: userOpenid and GetToken {openid} are refused (401, no user, no token)', async () => {
    refused(await ask('userOpenid', B), 401, MSG_NEED_USER);
    refused(await ask('GetToken', B), 401, MSG_NEED_USER);
  });

  it("with another openid's cookie: refused", async () => {
    const a = await oauthCookie(t.app, A);
    refused(await ask('userOpenid', B, a), 401, MSG_NEED_USER);
    refused(await ask('GetToken', B, a), 401, MSG_NEED_USER);
  });

  it('forged (other key), tampered (openid swapped, time changed), expired or garbage cookies: refused', async () => {
    const real = (await oauthCookie(t.app, A)).slice(OAUTH_COOKIE.length + 1);
    const [v, , iat, sig] = real.split('.');
    const forged = signOpenid('not-the-server-key-not-the-server-key', B, t.clock.now());
    const swapped = [v, Buffer.from(B).toString('base64url'), iat, sig].join('.');
    const retimed = [v, real.split('.')[1], String(Number(iat) + 1), sig].join('.');
    for (const value of [forged, swapped, retimed, 'v1.x.y.z', '', 'garbage', `${real}x`]) {
      refused(await ask('userOpenid', B, `${OAUTH_COOKIE}=${value}`), 401, MSG_NEED_USER);
      refused(await ask('GetToken', B, `${OAUTH_COOKIE}=${value}`), 401, MSG_NEED_USER);
    }
    // a real cookie of A, too old
    const old = await oauthCookie(t.app, A);
    t.clock.advance(OAUTH_COOKIE_MAX_AGE_SEC * 1000 + 1);
    try {
      await t.renew();
      refused(await ask('userOpenid', A, old), 401, MSG_NEED_USER);
      refused(await ask('GetToken', A, old), 401, MSG_NEED_USER);
    } finally {
      t.clock.advance(-(OAUTH_COOKIE_MAX_AGE_SEC * 1000 + 1));
      await t.renew();
    }
  });

  it('after the OAuth redirect: an HttpOnly SameSite=Lax cookie that userOpenid and GetToken accept', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/${CALLS.toWeChatOauth.path}?targetUrl=${encodeURIComponent('/#/oauth?type=jump')}` });
    expect(r.statusCode).toBe(302);
    const set = String(r.headers['set-cookie']);
    expect(set).toMatch(new RegExp(`^${OAUTH_COOKIE}=v1\\.`));
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Path=/');
    expect(set).toContain(`Max-Age=${OAUTH_COOKIE_MAX_AGE_SEC}`);
    expect(set).not.toContain('Secure'); // plain http here
    const cookie = set.split(';')[0];
    const u = await ask('userOpenid', B, cookie); // sandbox OAuth = demo-openid-0001 = B
    expect(u.status).toBe(200);
    expect(u.body.returnData.user).toMatchObject({ openid: B, name: '张伟' });
    const bound = u.body.returnData.tokenInfo.access_token as string;
    const orders = await t.call('FindByOrderList', { openid: B }, { token: bound });
    expect(orders.body.success).toBe(true);
    expect(orders.body.returnData.length).toBeGreaterThan(0);
    const g = await ask('GetToken', B, cookie);
    expect(g.body).toMatchObject({ success: true, returnData: { token_type: 'Bearer' } });
    // the same token is still refused for someone else's data
    refused(await t.call('FindByOrderList', { openid: A }, { token: bound }), 403, MSG_FORBIDDEN);
  });

  it('Secure behind a trusted https proxy (TRUST_PROXY + X-Forwarded-Proto), not on what any caller claims', async () => {
    const url = `/api/${CALLS.toWeChatOauth.path}?targetUrl=%2F`;
    const direct = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
    expect(String(direct.headers['set-cookie'])).not.toContain('; Secure');
    const proxied = await makeTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const r = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(String(r.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await proxied.close();
    }
  });

  it('the signature covers openid and time; a future issue time is refused', () => {
    const key = 'k'.repeat(32);
    const now = 1_800_000_000_000;
    expect(verifyOpenidCookie(key, signOpenid(key, 'oX_1-abc', now), now)).toBe('oX_1-abc');
    expect(verifyOpenidCookie(key, signOpenid(key, 'oX_1-abc', now), now + OAUTH_COOKIE_MAX_AGE_SEC * 1000 + 1)).toBeNull();
    expect(verifyOpenidCookie(key, signOpenid(key, 'oX_1-abc', now + 3_600_000), now)).toBeNull();
    expect(verifyOpenidCookie(`${key}x`, signOpenid(key, 'oX_1-abc', now), now)).toBeNull();
  });
});
