/**
 * Real SMS gateways behind the report login's SendVerifyCode: Tencent Cloud SMS
 * and Aliyun 短信服务, each through its official SDK against its local double
 * (tests/doubles/sms), which verifies the request's signature and the template.
 * Accepted → the code the phone read logs in; each refusal → plain Chinese, no
 * usable code, the gateway's code in the log; a wrong key → refused by the double.
 * Both stores (TEST_DB). The server picks the gateway from the environment
 * (SMS_PROVIDER…), as in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../src/server/app';
import { seedRecords } from '../../src/server/seed/index';
import { CALLS, REPORT_TOKEN_HEADER, type CallName } from '../../src/contract/calls';
import { DEMO } from '../../src/server/seed/demo-people';
import { SMS_MSG } from '../../src/server/services/reports/sms';
import { freshStore, type TestStore } from './core-helpers';
import { T0 } from './after-booking-helpers';
import { TencentSmsDouble } from '../doubles/sms/tencent';
import { AliyunSmsDouble } from '../doubles/sms/aliyun';

const SIGN = '健康体检中心';
const TENCENT_TEXT = '您的验证码为{1}，{2}分钟内有效，请勿泄露给他人。';
const ALIYUN_TEXT = '您的验证码为${code}，${min}分钟内有效，请勿泄露给他人。';
const tencent = new TencentSmsDouble({ secretId: 'AKIDtest0001', secretKey: 'tencent-secret-key-1', sdkAppId: '1400123456', signName: SIGN, templateId: '1234567', templateText: TENCENT_TEXT });
const aliyun = new AliyunSmsDouble({ accessKeyId: 'LTAItest0001', accessKeySecret: 'aliyun-secret-1', signName: SIGN, templateCode: 'SMS_123456789', templateText: ALIYUN_TEXT });

let store: TestStore;
const apps: FastifyInstance[] = [];
const clock = { t: T0, now: (): number => clock.t };
let ipSeq = 0;

beforeAll(async () => {
  store = await freshStore();
  await seedRecords(store.db, '2026-06-15');
  const [th, ah] = await Promise.all([tencent.start(), aliyun.start()]);
  envs.tencent = { SMS_PROVIDER: 'tencent', SMS_SIGN_NAME: SIGN, SMS_TEMPLATE_ID: '1234567', SMS_TEMPLATE_PARAMS: 'code,minutes', TENCENT_SMS_SECRET_ID: 'AKIDtest0001', TENCENT_SMS_SECRET_KEY: 'tencent-secret-key-1', TENCENT_SMS_SDK_APP_ID: '1400123456', TENCENT_SMS_ENDPOINT: `http://${th}` };
  envs.aliyun = { SMS_PROVIDER: 'aliyun', SMS_SIGN_NAME: SIGN, SMS_TEMPLATE_ID: 'SMS_123456789', SMS_TEMPLATE_PARAMS: 'code,min=minutes', ALIYUN_SMS_ACCESS_KEY_ID: 'LTAItest0001', ALIYUN_SMS_ACCESS_KEY_SECRET: 'aliyun-secret-1', ALIYUN_SMS_ENDPOINT: `http://${ah}` };
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await Promise.all([tencent.close(), aliyun.close()]);
  await store?.cleanup();
});
const envs: Record<'tencent' | 'aliyun', Record<string, string>> = { tencent: {}, aliyun: {} };

interface Server {
  call(name: CallName, body: unknown, headers?: Record<string, string>): Promise<{ success: boolean; returnMsg: string; returnData: any }>;
  logs: Array<{ level: number; msg: string }>;
}

/** A server whose SMS provider comes from `env` (createSmsProvider reads process.env as main.ts would), logging into an array. */
async function serverWith(env: Record<string, string>): Promise<Server> {
  const logs: Array<{ level: number; msg: string }> = [];
  const saved = { ...process.env };
  Object.assign(process.env, env);
  let app: FastifyInstance;
  try {
    app = await buildServer({ db: store.db, clock, sweep: false, logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line)) } } });
  } finally {
    for (const k of Object.keys(env)) if (saved[k] === undefined) delete process.env[k];
    Object.assign(process.env, saved);
  }
  apps.push(app);
  await app.ready();
  const tk = await app.inject({ method: 'POST', url: `/api/${CALLS.GetToken.path}`, payload: { grant_type: 'password', ...app.deps.config.tokenClient, scope: 'api1' } });
  const token = tk.json().returnData.access_token as string;
  return {
    logs,
    async call(name, body, headers = {}) {
      // a fresh client address per call: the per-address SMS quotas are not what these tests are about
      const r = await app.inject({ method: 'POST', url: `/api/${CALLS[name].path}`, payload: body as object, remoteAddress: `10.9.${ipSeq >> 8}.${ipSeq++ & 255}`, headers: { authorization: `Bearer ${token}`, ...headers } });
      return r.json();
    },
  };
}

let phoneSeq = 0;
/** A phone nobody has used in this file (the 60 s resend limit is per phone). */
/** The log as text, numbers left out: a response time like 0.4001370000000861 may hold any phone or code by chance. */
const logText = (logs: object[]) => JSON.stringify(logs, (_k, v: unknown) => (typeof v === 'number' ? 0 : v));
const freshPhone = () => `1370000${String(++phoneSeq).padStart(4, '0')}`;
const masked = (tel: string) => `${tel.slice(0, 3)}****${tel.slice(-4)}`;

async function codeRows(tel: string): Promise<number> {
  const r = await store.db.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM sms_codes WHERE tel = $1`, [tel]);
  return Number(r?.n);
}

const GATEWAYS = [
  {
    name: 'tencent' as const,
    double: tencent,
    /** The code and minutes the phone was sent, from what the double recorded. */
    sentParams: () => {
      const r = tencent.requests.at(-1)!;
      return { code: r.params[0], minutes: r.params[1], phone: r.phone, text: r.text };
    },
    phoneAsSent: (tel: string) => `+86${tel}`,
    refusals: [
      ['LimitExceeded.PhoneNumberDailyLimit', 'status', () => SMS_MSG.gatewayDaily],
      ['LimitExceeded.PhoneNumberSameContentDailyLimit', 'status', () => SMS_MSG.gatewayDaily],
      ['LimitExceeded.PhoneNumberOneHourLimit', 'status', () => SMS_MSG.gatewayFrequent],
      ['LimitExceeded.PhoneNumberThirtySecondLimit', 'status', () => SMS_MSG.gatewayFrequent],
      ['InvalidParameterValue.IncorrectPhoneNumber', 'status', () => SMS_MSG.badNumber],
      ['FailedOperation.InsufficientBalanceInSmsPackage', 'status', () => SMS_MSG.noBalance],
      ['FailedOperation.InsufficientBalanceInSmsPackage', 'error', () => SMS_MSG.noBalance],
      ['FailedOperation.TemplateIncorrectOrUnapproved', 'error', () => SMS_MSG.sendFailed],
      ['FailedOperation.SignatureIncorrectOrUnapproved', 'status', () => SMS_MSG.sendFailed],
    ] as const,
    refuse: (code: string, shape: string) => tencent.refuseNext(code, shape as 'status' | 'error'),
    wrongKey: { TENCENT_SMS_SECRET_KEY: 'not-the-secret' } as Record<string, string>,
    signatureCode: 'AuthFailure.SignatureFailure',
  },
  {
    name: 'aliyun' as const,
    double: aliyun,
    sentParams: () => {
      const r = aliyun.requests.at(-1)!;
      return { code: r.params.code, minutes: r.params.min, phone: r.phone, text: r.text };
    },
    phoneAsSent: (tel: string) => tel,
    refusals: [
      ['isv.BUSINESS_LIMIT_CONTROL', '', () => SMS_MSG.gatewayFrequent],
      ['isv.MOBILE_NUMBER_ILLEGAL', '', () => SMS_MSG.badNumber],
      ['isv.AMOUNT_NOT_ENOUGH', '', () => SMS_MSG.noBalance],
      ['isv.SMS_TEMPLATE_ILLEGAL', '', () => SMS_MSG.sendFailed],
    ] as const,
    refuse: (code: string) => aliyun.refuseNext(code),
    wrongKey: { ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-secret' } as Record<string, string>,
    signatureCode: 'SignatureDoesNotMatch',
  },
];

describe.each(GATEWAYS)('$name gateway through its SDK', (g) => {
  let s: Server;
  beforeAll(async () => {
    s = await serverWith(envs[g.name]);
  });

  it('accepted: the phone gets the code and the minutes in the registered template, and that code logs in', async () => {
    const A = DEMO.personA;
    clock.t += 61_000;
    const sent = await s.call('SendVerifyCode', { tel: A.tel });
    expect(sent).toMatchObject({ success: true, returnMsg: SMS_MSG.sent });
    const p = g.sentParams();
    expect(p.phone).toBe(g.phoneAsSent(A.tel));
    expect(p.code).toMatch(/^\d{6}$/);
    expect(p.minutes).toBe('5');
    expect(p.text).toBe(`【${SIGN}】您的验证码为${p.code}，5分钟内有效，请勿泄露给他人。`);
    // a real gateway: nothing in the dev outbox; the gateway's answer recorded, never the code
    expect((await store.db.all(`SELECT id FROM sms_outbox WHERE tel = $1`, [A.tel])).length).toBe(0);
    const rows = await store.db.all<Record<string, unknown>>(`SELECT * FROM sms_sends WHERE tel = $1 AND provider = $2`, [A.tel, g.name]);
    expect(rows.at(-1)).toMatchObject({ accepted: 1, gateway_code: g.name === 'tencent' ? 'Ok' : 'OK' });
    expect(rows.at(-1)!.message_id).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain(p.code!);
    expect(s.logs.some((l) => l.msg.includes(`[sms:${g.name}] accepted to ${masked(A.tel)}`))).toBe(true);
    expect(logText(s.logs)).not.toContain(p.code!);

    const login = await s.call('CheckVerifyCode', { tel: A.tel, code: p.code, name: A.name, idCard: A.idCard });
    expect(login.success).toBe(true);
    const list = await s.call('GetReportList', { idCard: A.idCard, name: A.name, tel: A.tel }, { [REPORT_TOKEN_HEADER]: login.returnData.token });
    expect(list.success).toBe(true);
  });

  it.each(g.refusals.map(([code, shape, msg]) => ({ code, shape, msg })))('refused with $code ($shape): plain Chinese, no usable code, the code in the log', async ({ code, shape, msg }) => {
    const tel = freshPhone();
    g.refuse(code, shape);
    const before = g.double.requests.length;
    const r = await s.call('SendVerifyCode', { tel });
    expect(r).toMatchObject({ success: false, returnMsg: msg() });
    expect(g.double.requests.length).toBe(before + 1);
    expect(await codeRows(tel)).toBe(0);
    // the code the gateway was handed (when it got that far) does not log in
    const given = g.sentParams().code;
    expect((await s.call('CheckVerifyCode', { tel, code: given ?? '123456' })).returnMsg).toBe(SMS_MSG.missing);
    const line = s.logs.find((l) => l.msg.includes(`[sms:${g.name}] refused to ${masked(tel)}`));
    expect(line?.msg).toContain(code);
    expect(line?.level).toBe(40);
    expect(logText(s.logs)).not.toContain(tel);
    const row = await store.db.one<Record<string, unknown>>(`SELECT accepted, gateway_code FROM sms_sends WHERE tel = $1`, [tel]);
    expect(row).toMatchObject({ accepted: 0, gateway_code: code });
  });

  it('a refused resend leaves the earlier code the one that works; the refusal spends the 60 s resend limit', async () => {
    const tel = freshPhone();
    clock.t += 61_000;
    expect((await s.call('SendVerifyCode', { tel })).success).toBe(true);
    const first = g.sentParams().code!;
    clock.t += 61_000;
    g.refuse(g.refusals[0][0], g.refusals[0][1]);
    expect((await s.call('SendVerifyCode', { tel })).returnMsg).toBe(g.refusals[0][2]());
    expect((await s.call('SendVerifyCode', { tel })).returnMsg).toBe(SMS_MSG.tooSoon);
    expect((await s.call('CheckVerifyCode', { tel, code: first })).success).toBe(true);
  });

  it('a wrong key: the double refuses the signature, the examinee reads the generic message, the log the gateway code', async () => {
    const bad = await serverWith({ ...envs[g.name], ...g.wrongKey });
    const tel = freshPhone();
    const r = await bad.call('SendVerifyCode', { tel });
    expect(r).toMatchObject({ success: false, returnMsg: SMS_MSG.sendFailed });
    expect(g.double.requests.at(-1)!.code).toBe(g.signatureCode);
    expect(await codeRows(tel)).toBe(0);
    expect(bad.logs.find((l) => l.msg.includes(`refused to ${masked(tel)}`))?.msg).toContain(g.signatureCode);
  });
});

describe('the doubles are strict', () => {
  it('a wrong sign name or template reaches the double and is refused as the gateway would (generic message)', async () => {
    for (const g of GATEWAYS) {
      const s = await serverWith({ ...envs[g.name], SMS_SIGN_NAME: '别的签名' });
      const tel = freshPhone();
      expect((await s.call('SendVerifyCode', { tel })).returnMsg).toBe(SMS_MSG.sendFailed);
      expect(g.double.requests.at(-1)!.code).toBe(g.name === 'tencent' ? 'FailedOperation.SignatureIncorrectOrUnapproved' : 'isv.SMS_SIGNATURE_ILLEGAL');
    }
  });

  it('template parameters in the wrong shape are refused by the double (Aliyun: a variable the template needs is missing)', async () => {
    const s = await serverWith({ ...envs.aliyun, SMS_TEMPLATE_PARAMS: 'code,minutes' });
    const tel = freshPhone();
    expect((await s.call('SendVerifyCode', { tel })).returnMsg).toBe(SMS_MSG.sendFailed);
    expect(aliyun.requests.at(-1)!.code).toBe('isv.TEMPLATE_MISSING_PARAMETERS');
    const t = await serverWith({ ...envs.tencent, SMS_TEMPLATE_PARAMS: 'code' });
    expect((await t.call('SendVerifyCode', { tel: freshPhone() })).returnMsg).toBe(SMS_MSG.sendFailed);
    expect(tencent.requests.at(-1)!.code).toBe('FailedOperation.TemplateParamSetNotMatchApprovedTemplate');
  });
});
