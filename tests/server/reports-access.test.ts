/**
 * Reports: SMS code rules (5 min validity, 60 s resend, daily cap, wrong-code
 * limit, hashed at rest, never in an answer) and report access (a verified
 * person reads only their own reports, photos and PDFs). Both stores (TEST_DB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/types';
import { startAfterBookingApp, T0, type AfterBookingApp } from './after-booking-helpers';
import { REPORT_TOKEN_HEADER, type CallName } from '../../src/contract/calls';
import { DEMO, demoRegNos } from '../../src/server/seed/demo-people';
import { chinaDay, checkVerifyCode, sendVerifyCode, SMS_DAILY_CAP, SMS_MSG, SmsError } from '../../src/server/services/reports/sms';
import { createDevSmsProvider } from '../../src/server/providers/sms';
import type { ReportDetail, ReportListGroup } from '../../src/contract/api/reports';

let t: AfterBookingApp;
let db: Db;
let app: FastifyInstance;
let clock: AfterBookingApp['clock'];
const silent = createDevSmsProvider(() => {});
const today = chinaDay(T0);
const rn = demoRegNos(today);
const A = DEMO.personA;
const B = DEMO.personB;
const C = DEMO.personC;

beforeAll(async () => {
  t = await startAfterBookingApp(today);
  ({ db, app, clock } = t);
});
afterAll(async () => t?.close());

const call = (name: CallName, body: unknown, headers: Record<string, string> = {}) => t.call(name, body, { headers });

async function lastCode(tel: string): Promise<string> {
  const r = await db.one<{ code: string }>(`SELECT code FROM sms_outbox WHERE tel = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [tel]);
  return r!.code;
}

/** Full login of a phone, returns the report token. */
async function login(tel: string, bind?: { name: string; idCard: string }): Promise<string> {
  clock.t += 61_000;
  const s = await call('SendVerifyCode', { tel });
  expect(s.json).toMatchObject({ success: true, returnMsg: SMS_MSG.sent, returnData: null });
  const code = await lastCode(tel);
  const c = await call('CheckVerifyCode', { tel, code, ...(bind ?? {}) });
  expect(c.json.success).toBe(true);
  expect(JSON.stringify(c.json)).not.toContain(code);
  return c.json.returnData.token as string;
}

describe('SMS code rules (service level, injected clock)', () => {
  it('codes are 6 digits, hashed at rest, valid for 5 minutes', async () => {
    const tel = '13700000001';
    await sendVerifyCode(db, tel, { now: T0, provider: silent });
    const code = await lastCode(tel);
    expect(code).toMatch(/^\d{6}$/);
    const row = await db.one<Record<string, unknown>>(`SELECT * FROM sms_codes WHERE tel = $1`, [tel]);
    expect(JSON.stringify(row)).not.toContain(code);
    await expect(checkVerifyCode(db, tel, code, { now: T0 + 5 * 60_000 })).rejects.toThrow(SMS_MSG.expired);
  });

  it('a right code inside 5 minutes passes once', async () => {
    const tel = '13700000002';
    await sendVerifyCode(db, tel, { now: T0, provider: silent });
    const code = await lastCode(tel);
    await checkVerifyCode(db, tel, code, { now: T0 + 5 * 60_000 - 1 });
    await expect(checkVerifyCode(db, tel, code, { now: T0 + 5 * 60_000 - 1 })).rejects.toThrow(SMS_MSG.missing);
  });

  it('one send per 60 s per phone', async () => {
    const tel = '13700000003';
    await sendVerifyCode(db, tel, { now: T0, provider: silent });
    await expect(sendVerifyCode(db, tel, { now: T0 + 59_999, provider: silent })).rejects.toThrow(SMS_MSG.tooSoon);
    await sendVerifyCode(db, tel, { now: T0 + 60_000, provider: silent });
    // another phone is not affected
    await sendVerifyCode(db, '13700000004', { now: T0 + 1, provider: silent });
  });

  it(`a daily cap of ${SMS_DAILY_CAP} per phone, reset the next day`, async () => {
    const tel = '13700000005';
    let t = T0;
    for (let i = 0; i < SMS_DAILY_CAP; i++, t += 61_000) await sendVerifyCode(db, tel, { now: t, provider: silent });
    await expect(sendVerifyCode(db, tel, { now: t, provider: silent })).rejects.toThrow(SMS_MSG.dailyCap);
    await sendVerifyCode(db, tel, { now: T0 + 86_400_000, provider: silent });
  });

  it('wrong codes are limited to 5 per code; then even the right code is refused', async () => {
    const tel = '13700000006';
    await sendVerifyCode(db, tel, { now: T0, provider: silent });
    const code = await lastCode(tel);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await expect(checkVerifyCode(db, tel, wrong, { now: T0 })).rejects.toThrow(SMS_MSG.wrong);
    await expect(checkVerifyCode(db, tel, wrong, { now: T0 })).rejects.toThrow(SMS_MSG.tooManyWrong);
    await expect(checkVerifyCode(db, tel, code, { now: T0 })).rejects.toBeInstanceOf(SmsError);
  });

  it('a new code replaces the old one', async () => {
    const tel = '13700000007';
    await sendVerifyCode(db, tel, { now: T0, provider: silent });
    const first = await lastCode(tel);
    await sendVerifyCode(db, tel, { now: T0 + 61_000, provider: silent });
    const second = await lastCode(tel);
    if (first !== second) await expect(checkVerifyCode(db, tel, first, { now: T0 + 62_000 })).rejects.toThrow(SMS_MSG.wrong);
    await checkVerifyCode(db, tel, second, { now: T0 + 62_000 });
  });
});

describe('SendVerifyCode / CheckVerifyCode over HTTP', () => {
  it('SendVerifyCode: success message, code only in the outbox; bad phone refused', async () => {
    clock.t += 61_000;
    const r = await call('SendVerifyCode', { tel: B.tel });
    expect(r.json).toEqual({ success: true, returnMsg: SMS_MSG.sent, returnData: null });
    expect(r.raw).not.toContain(await lastCode(B.tel));
    const again = await call('SendVerifyCode', { tel: B.tel });
    expect(again.json).toMatchObject({ success: false, returnMsg: SMS_MSG.tooSoon });
    expect((await call('SendVerifyCode', { tel: '12345' })).json).toMatchObject({ success: false, returnMsg: '手机号码格式错误' });
    expect((await call('SendVerifyCode', {})).json.success).toBe(false);
  });

  it('CheckVerifyCode: wrong code and expired code fail, no token', async () => {
    clock.t += 61_000;
    await call('SendVerifyCode', { tel: B.tel });
    const code = await lastCode(B.tel);
    const wrong = await call('CheckVerifyCode', { tel: B.tel, code: code === '123456' ? '654321' : '123456' });
    expect(wrong.json).toMatchObject({ success: false, returnMsg: SMS_MSG.wrong, returnData: null });
    clock.t += 5 * 60_000;
    const late = await call('CheckVerifyCode', { tel: B.tel, code });
    expect(late.json).toMatchObject({ success: false, returnMsg: SMS_MSG.expired });
    expect((await call('CheckVerifyCode', { tel: B.tel, code: '12ab56' })).json).toMatchObject({ success: false, returnMsg: '请输入验证码' });
  });

  it('CheckVerifyCode with name + ID binds at once; a mismatching person is refused', async () => {
    clock.t += 61_000;
    await call('SendVerifyCode', { tel: A.tel });
    const r = await call('CheckVerifyCode', { tel: A.tel, code: await lastCode(A.tel), name: B.name, idCard: B.idCard });
    expect(r.json).toMatchObject({ success: false });
    const tok = await login(A.tel, { name: A.name, idCard: A.idCard });
    const list = await call('GetReportList', { idCard: A.idCard, name: A.name, tel: A.tel }, { [REPORT_TOKEN_HEADER]: tok });
    expect(list.json.success).toBe(true);
  });
});

describe('report access', () => {
  let tokA: string;
  let tokB: string;

  beforeAll(async () => {
    tokA = await login(A.tel);
    tokB = await login(B.tel);
  });

  it('an unverified caller gets nothing (401 envelope)', async () => {
    for (const [name, body] of [
      ['GetReportList', { idCard: A.idCard, name: A.name, tel: A.tel }],
      ['GetReportDetail', { regNo: rn.a[0] }],
      ['GetPacsPhotoUrl', { accessionNumber: `${rn.a[0]}-DR1` }],
      ['GetReportPDFUrl', { kw: '', regno: rn.a[0] }],
    ] as const) {
      const none = await call(name, body);
      expect(none.status).toBe(401);
      expect(none.json).toMatchObject({ success: false, returnData: null });
      const bogus = await call(name, body, { [REPORT_TOKEN_HEADER]: 'x'.repeat(43) });
      expect(bogus.status).toBe(401);
    }
  });

  it('GetReportList: groups by year, newest first, for the verified triple', async () => {
    const r = await call('GetReportList', { idCard: A.idCard, name: A.name, tel: A.tel }, { [REPORT_TOKEN_HEADER]: tokA });
    expect(r.json.success).toBe(true);
    const groups = r.json.returnData as ReportListGroup[];
    expect(groups.map((g) => g.years)).toEqual([rn.a[0].slice(1, 5), rn.a[1].slice(1, 5)]);
    expect(groups[0].listData[0]).toEqual({ report_Name: expect.any(String), report_No: rn.a[0], report_Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), hosp_code: '01' });
    const all = groups.flatMap((g) => g.listData.map((x) => x.report_No));
    expect(all).not.toContain(rn.c);
  });

  it('GetReportList: another triple (even on the same phone) is refused, and so is another phone', async () => {
    const fam = await call('GetReportList', { idCard: C.idCard, name: C.name, tel: C.tel }, { [REPORT_TOKEN_HEADER]: tokA });
    expect(fam.json.success).toBe(false);
    const other = await call('GetReportList', { idCard: B.idCard, name: B.name, tel: B.tel }, { [REPORT_TOKEN_HEADER]: tokA });
    expect(other.json.success).toBe(false);
    const wrongName = await call('GetReportList', { idCard: A.idCard, name: '李四', tel: A.tel }, { [REPORT_TOKEN_HEADER]: tokA });
    expect(wrongName.json.success).toBe(false);
    const missing = await call('GetReportList', { idCard: A.idCard, tel: A.tel }, { [REPORT_TOKEN_HEADER]: tokA });
    expect(missing.json).toMatchObject({ success: false, returnMsg: '您还未完整录入信息，请输入！' });
  });

  it('GetReportDetail: JSON text with every field, check classes 0/1/2/*, ranges and hints', async () => {
    const r = await call('GetReportDetail', { regNo: rn.a[0] }, { [REPORT_TOKEN_HEADER]: tokA });
    expect(r.json.success).toBe(true);
    expect(typeof r.json.returnData).toBe('string');
    const d = JSON.parse(r.json.returnData) as ReportDetail;
    expect(d).toMatchObject({ name: A.name, sex: 1, regno: rn.a[0], tj_cls: '0' });
    for (const k of ['age', 'reg_date', 'sumup', 'sugg_tag', 'doc_name', 'itemlist']) expect(d).toHaveProperty(k);
    expect(new Set(d.itemlist.map((i) => i.check_cls))).toEqual(new Set(['0', '1', '2', '*']));
    const rows = d.itemlist.flatMap((i) => i.detailList);
    expect(rows.some((x) => x.hint === '↑')).toBe(true);
    expect(rows.some((x) => x.ref_lower !== '' && x.ref_upper !== '')).toBe(true);
    for (const x of rows) expect(Object.keys(x).sort()).toEqual(['hint', 'item_name', 'rec_result', 'ref_lower', 'ref_upper', 'unit']);
  });

  it("a verified person cannot read another person's detail, photo or PDF", async () => {
    for (const regNo of [rn.b, rn.c]) {
      const d = await call('GetReportDetail', { regNo }, { [REPORT_TOKEN_HEADER]: tokA });
      expect(d.json).toMatchObject({ success: false, returnData: null });
      const pdf = await call('GetReportPDFUrl', { kw: '', regno: regNo }, { [REPORT_TOKEN_HEADER]: tokA });
      expect(pdf.json).toMatchObject({ success: false, returnData: null });
      const photo = await call('GetPacsPhotoUrl', { accessionNumber: `${regNo}-DR1` }, { [REPORT_TOKEN_HEADER]: tokA });
      expect(photo.json).toMatchObject({ success: false, returnData: null });
    }
    // a session not yet bound to a person (B never called GetReportList) reads nothing either
    const unbound = await call('GetReportDetail', { regNo: rn.b }, { [REPORT_TOKEN_HEADER]: tokB });
    expect(unbound.json.success).toBe(false);
    const unknown = await call('GetReportDetail', { regNo: 'NOPE' }, { [REPORT_TOKEN_HEADER]: tokA });
    expect(unknown.json.success).toBe(false);
  });

  it('GetPacsPhotoUrl: own imaging item → a short-lived image link', async () => {
    const r = await call('GetPacsPhotoUrl', { accessionNumber: `${rn.a[0]}-DR1` }, { [REPORT_TOKEN_HEADER]: tokA });
    expect(r.json.success).toBe(true);
    expect(r.json.returnData).toMatchObject({ resultCode: 0, resultMsg: expect.any(String), resultData: { photoUrl: expect.stringMatching(/^\/home\/pacs\?code=/) } });
    const img = await app.inject({ method: 'GET', url: r.json.returnData.resultData.photoUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(img.body).toContain('<svg');
    clock.t += 11 * 60_000;
    expect((await app.inject({ method: 'GET', url: r.json.returnData.resultData.photoUrl })).statusCode).toBe(404);
  });

  it('GetReportPDFUrl: a real PDF behind a short-lived code; tj_cls 1 has none', async () => {
    const r = await call('GetReportPDFUrl', { kw: '01', regno: rn.a[0] }, { [REPORT_TOKEN_HEADER]: tokA });
    expect(r.json.success).toBe(true);
    expect(r.json.returnData).toMatch(/^\/home\/pdf\?code=[\w-]{20,}$/);
    const pdf = await app.inject({ method: 'GET', url: r.json.returnData });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
    // xref offsets point at objects
    const text = pdf.rawPayload.toString('latin1');
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const first = /xref\n0 \d+\n0000000000 65535 f \n(\d{10})/.exec(text)!;
    expect(text.slice(Number(first[1]), Number(first[1]) + 7)).toBe('1 0 obj');
    expect((await app.inject({ method: 'GET', url: '/home/pdf?code=forged-code-forged-code-forged' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/home/pdf' })).statusCode).toBe(404);
    const cls1 = await call('GetReportPDFUrl', { kw: '', regno: rn.a[1] }, { [REPORT_TOKEN_HEADER]: tokA });
    expect(cls1.json.success).toBe(false);
  });

  it('the report token expires (30 min)', async () => {
    const tok = await login(A.tel);
    const ok = await call('GetReportList', { idCard: A.idCard, name: A.name, tel: A.tel }, { [REPORT_TOKEN_HEADER]: tok });
    expect(ok.json.success).toBe(true);
    clock.t += 30 * 60_000 + 1;
    const late = await call('GetReportDetail', { regNo: rn.a[0] }, { [REPORT_TOKEN_HEADER]: tok });
    expect(late.status).toBe(401);
  });

  it('no code ever appears in any API answer or in sms_codes', async () => {
    const codes = (await db.all<{ code: string }>(`SELECT code FROM sms_outbox`)).map((r) => r.code);
    expect(codes.length).toBeGreaterThan(5);
    const dump = JSON.stringify(await db.all(`SELECT * FROM sms_codes`));
    for (const c of codes) expect(dump).not.toContain(`"${c}"`);
  });
});
