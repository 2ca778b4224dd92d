/**
 * The hospital system's report push (POST /api/his/reports, docs/report-push.md)
 * on the store TEST_DB picks: a 配置 admin makes a client in the studio (its
 * secret shown once); a signed push is stored once and the examinee then reads
 * it through the real report calls after the SMS code, exactly as a seeded
 * report (list, detail with flags, cloud-film link, the hospital's own PDF).
 * Refused: a bad signature, an unknown or revoked client, a stale or future
 * timestamp, a replayed nonce, a bad or oversize body (with the field). A repeat
 * writes nothing; other content under the same number is a correction
 * (revision 2, audited), never onto another person nor over a seeded report.
 * No secret in any answer, log line or row.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { REPORT_TOKEN_HEADER, CALLS, type CallName } from '../../src/contract/calls';
import { REPORT_PUSH_PATH, reportPushSigningString, type ReportClientCreateRes, type ReportClientsRes, type ReportPushBody } from '../../src/contract/api/report-push';
import type { ReportDetail, ReportListGroup } from '../../src/contract/api/reports';
import { addDays, centreDay } from '../../src/contract/rules/centre-day';
import { ID_MSG } from '../../src/contract/rules/idcard';
import { seedAll } from '../../src/server/seed/index';
import { demoRegNos } from '../../src/server/seed/demo-people';
import { renderPdf } from '../../src/server/services/reports/pdf';
import { reportPushMasterKey } from '../../src/server/services/backoffice/report-push/keys';
import { receiveReportPush } from '../../src/server/services/backoffice/report-push/index';
import { freshStore, uniqueId, type TestStore } from './core-helpers';
import { removeTmpDirs, signIn, startInstance, type Admin, type StudioInstance } from './studio-helpers';

let store: TestStore;
let s: StudioInstance;
let admin: Admin;
let logs = '';
/** Every answer body the tests saw (the secret must be in none but the one that made the client). */
const answers: string[] = [];
let client: { id: string; secret: string };
let today = '';

const ID = uniqueId(2, '19880512');
const TEL = '13912345678';
const PDF = renderPdf('医院系统的体检报告', [{ text: '医院系统生成的 PDF 报告', size: 16 }, { text: `身份证：${ID}` }]);

beforeAll(async () => {
  store = await freshStore();
  const stream = new Writable({ write: (c, _e, cb) => ((logs += String(c)), cb()) });
  s = await startInstance(store.db, { logger: { stream, level: 'info' } });
  today = centreDay(s.clock.now());
  await seedAll(store.db, { today, nowMs: s.clock.now() });
  admin = await signIn(s.app);
  const made = await admin.post('/api/studio/report-clients', { name: '院内 HIS' });
  expect(made.statusCode).toBe(201);
  const body = made.json() as ReportClientCreateRes;
  client = { id: body.client.id, secret: body.secret };
}, 60_000);

afterAll(async () => {
  await s?.close();
  await store?.cleanup();
  removeTmpDirs();
});

function report(reportNo: string, over: Partial<ReportPushBody> = {}): ReportPushBody {
  return {
    reportNo,
    person: { name: '赵推送', idCard: ID, phone: TEL },
    examDate: addDays(today, -3),
    hospCode: '01',
    reportName: '入职体检报告',
    doctor: '钱主任',
    conclusion: '1. 血压偏高\n2. 血红蛋白偏低',
    advice: '低盐饮食，3 个月后复查血压。',
    groups: [
      { category: 'general', name: '一般检查', summary: '血压偏高', doctor: '刘医生', items: [
        { name: '收缩压', result: '145', unit: 'mmHg', refLower: '90', refUpper: '139', flag: 'high' },
        { name: '身高', result: '170', unit: 'cm' },
      ] },
      { category: 'imaging', name: '胸部DR', summary: '未见异常', doctor: '赵医生', items: [{ name: '检查结论', result: '胸部正位片未见明显异常' }] },
      { category: 'lab', name: '血常规', doctor: '检验科 周医生', items: [
        { name: '血红蛋白(HGB)', result: '110', unit: 'g/L', refLower: '115', refUpper: '150', flag: 'low' },
        { name: '尿蛋白', result: '阳性', flag: 'abnormal' },
      ] },
      { category: 'other', name: '心电图', items: [{ name: '心电图诊断', result: '窦性心律', flag: 'normal' }] },
    ],
    imaging: [{ name: '胸部DR', url: 'https://pacs.example.org/film/2026-abc' }],
    pdfBase64: PDF.toString('base64'),
    ...over,
  };
}

/** ts: Unix seconds to sign with (default the server's clock); sendInstead: bytes sent other than the signed ones. */
interface PushOpts { clientId?: string; secret?: string; ts?: number; nonce?: string; contentType?: string; sendInstead?: Buffer; headers?: Record<string, string> }

function signed(raw: Buffer, o: PushOpts = {}): Record<string, string> {
  const ts = String(o.ts ?? Math.floor(s.clock.now() / 1000));
  const nonce = o.nonce ?? randomBytes(16).toString('hex');
  const bodyHash = createHash('sha256').update(raw).digest('hex');
  const sig = createHmac('sha256', o.secret ?? client.secret).update(reportPushSigningString('POST', REPORT_PUSH_PATH, ts, nonce, bodyHash)).digest('hex');
  return { 'x-his-client-id': o.clientId ?? client.id, 'x-his-timestamp': ts, 'x-his-nonce': nonce, 'x-his-signature': sig };
}

async function push(body: unknown, o: PushOpts = {}): Promise<LightMyRequestResponse> {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  const headers = { 'content-type': o.contentType ?? 'application/json', ...signed(raw, o), ...o.headers };
  const r = await s.app.inject({ method: 'POST', url: REPORT_PUSH_PATH, payload: o.sendInstead ?? raw, headers });
  answers.push(r.body);
  return r;
}

const count = async (sql: string, params: Array<string | number> = []) => Number((await store.db.one<{ n: number | string }>(sql, params))!.n);
const n = (table: string, where: string, v: string) => count(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where} = $1`, [v]);
const counts = async (no: string) => ({
  reports: await n('reports', 'reg_no', no), persons: await n('report_persons', 'id_card', ID), images: await n('report_push_images', 'reg_no', no),
  pdfs: await n('report_push_pdfs', 'reg_no', no), audit: await count(`SELECT COUNT(*) AS n FROM audit_log WHERE entity = 'report' AND entity_key = $1`, [no]),
});

// ---------------------------------------------------------------- the examinee, through the real calls

let service = '';
async function call(name: CallName, body: unknown, headers: Record<string, string> = {}) {
  if (!service) {
    const c = s.app.deps.config.tokenClient;
    const t = await s.app.inject({ method: 'POST', url: `/api/${CALLS.GetToken.path}`, payload: { grant_type: 'password', ...c, scope: 'api1' } });
    service = t.json().returnData.access_token;
  }
  const r = await s.app.inject({ method: 'POST', url: `/api/${CALLS[name].path}`, payload: body as object, headers: { authorization: `Bearer ${service}`, ...headers } });
  return r.json() as { success: boolean; returnMsg: string; returnData: any };
}

/** The report login as the app does it: SMS code to the phone, then the code with name and ID. */
async function reportLogin(): Promise<string> {
  s.clock.advance(61_000);
  expect((await call('SendVerifyCode', { tel: TEL })).success).toBe(true);
  const code = (await store.db.one<{ code: string }>(`SELECT code FROM sms_outbox WHERE tel = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [TEL]))!.code;
  const c = await call('CheckVerifyCode', { tel: TEL, code, name: '赵推送', idCard: ID });
  expect(c.success).toBe(true);
  return c.returnData.token as string;
}

describe('report clients in the studio (配置 only, the secret shown once)', () => {
  it('lists the client without its secret; the row and the audit entry hold none either', async () => {
    const r = await admin.get('/api/studio/report-clients');
    expect(r.statusCode).toBe(200);
    const body = r.json() as ReportClientsRes;
    expect(body.keyConfigured).toBe(true);
    expect(body.path).toBe(REPORT_PUSH_PATH);
    expect(body.clients).toEqual([{ id: client.id, name: '院内 HIS', createdAt: expect.any(String), createdBy: 'admin', revokedAt: null, revokedBy: null, lastUsedAt: null, keyOk: true }]);
    expect(client.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body).not.toContain(client.secret);
    expect(JSON.stringify(await store.db.all(`SELECT * FROM report_clients`))).not.toContain(client.secret);
    const audit = await store.db.all<Record<string, string>>(`SELECT * FROM audit_log WHERE entity = 'report-client'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'admin', action: 'create', entity_key: client.id });
    expect(JSON.stringify(audit)).not.toContain(client.secret);
  });

  it('运营 and 只读 may neither list, make nor revoke clients (403); a bad name is refused', async () => {
    for (const [name, roles] of [['yunying', 'ops'], ['zhidu', 'readonly']]) {
      expect((await admin.post('/api/studio/admins', { username: name, password: `${name}-password-2026`, roles: [roles] })).statusCode).toBe(201);
      const other = await signIn(s.app, name, `${name}-password-2026`);
      expect((await other.get('/api/studio/report-clients')).statusCode).toBe(403);
      const made = await other.post('/api/studio/report-clients', { name: 'x' });
      expect([made.statusCode, made.json()]).toEqual([403, { error: '没有权限：需要「配置」角色' }]);
      expect((await other.post(`/api/studio/report-clients/${client.id}/revoke`)).statusCode).toBe(403);
    }
    for (const body of [{ name: '  ' }, {}, { name: 5 }]) {
      const bad = await admin.post('/api/studio/report-clients', body);
      expect([bad.statusCode, bad.json()]).toEqual([400, { error: '请填写客户端名称' }]);
    }
    expect(await count(`SELECT COUNT(*) AS n FROM report_clients`)).toBe(1);
  });

  it('without a usable key (production, none or a short REPORT_PUSH_KEY) no key is derived; the API then answers 503', async () => {
    expect(reportPushMasterKey({ nodeEnv: 'production', sessionSecret: 'x'.repeat(40) }, {})).toBeNull();
    expect(reportPushMasterKey({ nodeEnv: 'production', sessionSecret: 'x'.repeat(40) }, { REPORT_PUSH_KEY: 'short' })).toBeNull();
    expect(reportPushMasterKey({ nodeEnv: 'production', sessionSecret: '' }, { REPORT_PUSH_KEY: 'k'.repeat(32) })).toBe('k'.repeat(32));
    const raw = Buffer.from(JSON.stringify(report('R-NOKEY')));
    const a = await receiveReportPush(store.db, null, { method: 'POST', path: REPORT_PUSH_PATH, headers: signed(raw), raw, now: s.clock.now() });
    expect(a.status).toBe(503);
    expect(a.body).toMatchObject({ ok: false, code: 'NOT_CONFIGURED' });
  });
});

describe('a good push, then the examinee reads it as a seeded report', () => {
  const NO = 'HIS2026000001';

  it('201, stored once, one audit entry by his:<client>', async () => {
    const r = await push(report(NO));
    expect([r.statusCode, r.json()]).toEqual([201, { ok: true, reportNo: NO, revision: 1, duplicate: false, corrected: false }]);
    expect(await counts(NO)).toEqual({ reports: 1, persons: 1, images: 1, pdfs: 1, audit: 1 });
    const a = (await store.db.one<Record<string, string>>(`SELECT * FROM audit_log WHERE entity = 'report' AND entity_key = $1`, [NO]))!;
    expect(a).toMatchObject({ actor: `his:${client.id}`, action: 'push' });
    expect(a.summary).toContain(NO);
    for (const full of [ID, TEL]) expect(a.after_json).not.toContain(full);
    const person = (await store.db.one<{ name: string; tel: string; sex: number | string }>(`SELECT name, tel, sex FROM report_persons WHERE id_card = $1`, [ID]))!;
    expect({ ...person, sex: Number(person.sex) }).toEqual({ name: '赵推送', tel: TEL, sex: 2 });
    const listed = (await admin.get('/api/studio/report-clients')).json() as ReportClientsRes;
    expect(listed.clients[0].lastUsedAt).toBe(new Date(s.clock.now()).toISOString());
  });

  it('我的报告: after the SMS code, the list, the detail with its flags, the cloud film and the hospital PDF', async () => {
    const tok = { [REPORT_TOKEN_HEADER]: await reportLogin() };
    const list = await call('GetReportList', { idCard: ID, name: '赵推送', tel: TEL }, tok);
    expect(list.success).toBe(true);
    expect(list.returnData as ReportListGroup[]).toEqual([
      { years: addDays(today, -3).slice(0, 4), listData: [{ report_Name: '入职体检报告', report_No: NO, report_Date: addDays(today, -3), hosp_code: '01' }] },
    ]);
    const detail = await call('GetReportDetail', { regNo: NO }, tok);
    expect(detail.success).toBe(true);
    const d = JSON.parse(detail.returnData) as ReportDetail;
    expect(d).toMatchObject({ name: '赵推送', sex: 2, regno: NO, reg_date: addDays(today, -3), doc_name: '钱主任', tj_cls: '0', sumup: '1. 血压偏高\n2. 血红蛋白偏低', sugg_tag: '低盐饮食，3 个月后复查血压。' });
    expect(d.age).toBe(Number(today.slice(0, 4)) - 1988 - (addDays(today, -3).slice(5) < '05-12' ? 1 : 0));
    const groups = [['0', '一般检查', '血压偏高', '刘医生'], ['1', '胸部DR', '未见异常', '赵医生'], ['2', '血常规', '', '检验科 周医生'], ['*', '心电图', '', '']];
    expect(d.itemlist.map((i) => [i.check_cls, i.comb_name, i.res_tag, i.dept_doct])).toEqual(groups);
    expect(d.itemlist[0].detailList[0]).toEqual({ item_name: '收缩压', rec_result: '145', hint: '↑', unit: 'mmHg', ref_lower: '90', ref_upper: '139' });
    expect(d.itemlist[2].detailList.map((x) => x.hint)).toEqual(['↓', '异常']);
    expect(d.itemlist[3].detailList[0].hint).toBe('');
    // the same shape as a seeded report's detail rows
    for (const x of d.itemlist.flatMap((i) => i.detailList)) expect(Object.keys(x).sort()).toEqual(['hint', 'item_name', 'rec_result', 'ref_lower', 'ref_upper', 'unit']);
    expect(d.itemlist[1].accessionNumber).toBe(`${NO}-IMG1`);
    const photo = await call('GetPacsPhotoUrl', { accessionNumber: d.itemlist[1].accessionNumber }, tok);
    expect(photo.returnData).toEqual({ resultCode: 0, resultData: { photoUrl: 'https://pacs.example.org/film/2026-abc' }, resultMsg: '成功' });
    const link = await call('GetReportPDFUrl', { kw: d.tj_cls, regno: NO }, tok);
    expect(link.returnData).toMatch(/^\/home\/pdf\?code=/);
    const pdf = await s.app.inject({ method: 'GET', url: link.returnData });
    expect([pdf.statusCode, pdf.headers['content-type'], Buffer.compare(pdf.rawPayload, PDF)]).toEqual([200, 'application/pdf', 0]);
  });

  it('a push without a PDF gets the rendered one, like a seeded report', async () => {
    const r = await push(report('HIS2026000002', { pdfBase64: undefined, imaging: [] }));
    expect(r.statusCode).toBe(201);
    expect((await counts('HIS2026000002')).pdfs).toBe(0);
    const tok = { [REPORT_TOKEN_HEADER]: await reportLogin() };
    const list = await call('GetReportList', { idCard: ID, name: '赵推送', tel: TEL }, tok);
    expect((list.returnData as ReportListGroup[]).flatMap((g) => g.listData.map((x) => x.report_No)).sort()).toEqual([NO, 'HIS2026000002']);
    const link = await call('GetReportPDFUrl', { kw: '0', regno: 'HIS2026000002' }, tok);
    const pdf = await s.app.inject({ method: 'GET', url: link.returnData });
    expect(pdf.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(Buffer.compare(pdf.rawPayload, PDF)).not.toBe(0);
  });

  it('the same report again → 200 duplicate, nothing written twice (also with other key order and whitespace)', async () => {
    const before = await counts(NO);
    const again = await push(report(NO));
    expect([again.statusCode, again.json()]).toEqual([200, { ok: true, reportNo: NO, revision: 1, duplicate: true, corrected: false }]);
    const b = report(NO);
    const reordered = Buffer.from(JSON.stringify(Object.fromEntries(Object.entries({ ...b, pdfBase64: b.pdfBase64!.replace(/(.{76})/g, '$1\n') }).reverse()), null, 2));
    const third = await push(reordered);
    expect(third.json()).toMatchObject({ duplicate: true, revision: 1 });
    expect(await counts(NO)).toEqual(before);
  });

  it('other content under the same number → a corrected report (revision 2, audited before/after); the examinee reads the new one', async () => {
    const b = report(NO, { conclusion: '1. 血压偏高（复核）', reportName: '入职体检报告（更正）', imaging: [], pdfBase64: undefined });
    const r = await push(b);
    expect([r.statusCode, r.json()]).toEqual([200, { ok: true, reportNo: NO, revision: 2, duplicate: false, corrected: true }]);
    expect(await counts(NO)).toEqual({ reports: 1, persons: 1, images: 0, pdfs: 0, audit: 2 });
    const a = (await store.db.one<Record<string, string>>(`SELECT * FROM audit_log WHERE entity = 'report' AND entity_key = $1 AND action = 'correct'`, [NO]))!;
    expect(a.actor).toBe(`his:${client.id}`);
    expect(JSON.parse(a.before_json)).toMatchObject({ reportName: '入职体检报告', imaging: 1, pdfBytes: PDF.length });
    expect(JSON.parse(a.after_json)).toMatchObject({ reportName: '入职体检报告（更正）', imaging: 0, pdfBytes: 0 });
    const tok = { [REPORT_TOKEN_HEADER]: await reportLogin() };
    await call('GetReportList', { idCard: ID, name: '赵推送', tel: TEL }, tok);
    const d = JSON.parse((await call('GetReportDetail', { regNo: NO }, tok)).returnData) as ReportDetail;
    expect(d.sumup).toBe('1. 血压偏高（复核）');
    // the same corrected content once more: a repeat of revision 2
    expect((await push(b)).json()).toMatchObject({ duplicate: true, revision: 2 });
  });

  it('a number that belongs to another person, or to a report the push did not write, is refused 409', async () => {
    const other = await push(report(NO, { person: { name: '钱另人', idCard: uniqueId(1), phone: '13900002222' } }));
    expect([other.statusCode, other.json()]).toMatchObject([409, { ok: false, code: 'REPORT_CONFLICT', field: 'person.idCard' }]);
    const seeded = demoRegNos(today).a[0];
    const over = await push(report(seeded));
    expect([over.statusCode, over.json()]).toMatchObject([409, { ok: false, code: 'REPORT_CONFLICT', field: 'reportNo' }]);
    expect(await count(`SELECT COUNT(*) AS n FROM report_persons WHERE name = '钱另人'`)).toBe(0);
  });
});

describe('who may push', () => {
  const NO = 'HIS2026000100';

  it('missing or malformed headers → 401 MISSING_AUTH naming the header', async () => {
    const r = await s.app.inject({ method: 'POST', url: REPORT_PUSH_PATH, payload: report(NO) });
    expect([r.statusCode, r.json()]).toMatchObject([401, { ok: false, code: 'MISSING_AUTH', field: 'X-His-Client-Id' }]);
    const short = await push(report(NO), { nonce: 'abc' });
    expect(short.json()).toMatchObject({ code: 'MISSING_AUTH', field: 'X-His-Nonce' });
  });

  it('a bad signature → 401 BAD_SIGNATURE: another secret, or a body changed after signing', async () => {
    const wrong = await push(report(NO), { secret: randomBytes(32).toString('base64url') });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ ok: false, code: 'BAD_SIGNATURE', message: '签名错误' });
    const tampered = await push(report(NO), { sendInstead: Buffer.from(JSON.stringify(report(NO, { conclusion: '篡改' }))) });
    expect(tampered.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    expect((await counts(NO)).reports).toBe(0);
  });

  it('an unknown client → 401 UNKNOWN_CLIENT', async () => {
    const r = await push(report(NO), { clientId: 'his-nosuchclnt' });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ code: 'UNKNOWN_CLIENT' });
  });

  it('a revoked client → 401 CLIENT_REVOKED at once (the revoke is audited)', async () => {
    const made = (await admin.post('/api/studio/report-clients', { name: '旧系统' })).json() as ReportClientCreateRes;
    const other = { clientId: made.client.id, secret: made.secret };
    expect((await push(report('HIS2026000101'), other)).statusCode).toBe(201);
    const rv = await admin.post(`/api/studio/report-clients/${made.client.id}/revoke`);
    expect(rv.statusCode).toBe(200);
    expect(rv.json().client).toMatchObject({ id: made.client.id, revokedBy: 'admin', revokedAt: expect.any(String) });
    const r = await push(report('HIS2026000102'), other);
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ code: 'CLIENT_REVOKED' });
    expect((await admin.post(`/api/studio/report-clients/${made.client.id}/revoke`)).statusCode).toBe(409);
    expect(await count(`SELECT COUNT(*) AS n FROM audit_log WHERE entity = 'report-client' AND action = 'revoke' AND entity_key = $1`, [made.client.id])).toBe(1);
  });

  it('a timestamp more than 5 minutes off the server clock, either way → 401 BAD_TIMESTAMP; inside it is fine', async () => {
    const now = Math.floor(s.clock.now() / 1000);
    for (const ts of [now - 301, now + 301]) {
      const r = await push(report(NO), { ts });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 'BAD_TIMESTAMP' });
    }
    expect((await counts(NO)).reports).toBe(0);
    expect((await push(report(NO), { ts: now - 290 })).statusCode).toBe(201);
  });

  it('a replayed request (the same nonce) → 401 NONCE_REUSED, even with a good signature; nothing written', async () => {
    const b = report('HIS2026000103');
    const nonce = randomBytes(16).toString('hex');
    expect((await push(b, { nonce })).statusCode).toBe(201);
    const before = await counts('HIS2026000103');
    const replay = await push(b, { nonce });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'NONCE_REUSED' });
    expect(await counts('HIS2026000103')).toEqual(before);
  });
});

describe('what may be pushed (400 with the field)', () => {
  const NO = 'HIS2026000200';
  const refused = async (body: unknown, code: string, field?: string, status = 400, o: PushOpts = {}) => {
    const r = await push(body, o);
    expect(r.statusCode, r.body).toBe(status);
    expect(r.json()).toMatchObject({ ok: false, code, ...(field ? { field } : {}) });
    return r.json() as { message: string };
  };

  it('not JSON, not application/json, a missing or unknown field, bad values', async () => {
    await refused(Buffer.from('{"reportNo": '), 'INVALID_JSON');
    await refused(report(NO), 'UNSUPPORTED_MEDIA_TYPE', undefined, 415, { contentType: 'text/plain' });
    const { person: _p, ...noPerson } = report(NO);
    expect((await refused(noPerson, 'INVALID_BODY', 'person')).message).toBe('缺少必填字段 person');
    expect((await refused({ ...report(NO), extra: 1 }, 'INVALID_BODY', 'extra')).message).toBe('未知字段 extra');
    const b = report(NO);
    b.groups[2].items[1].result = 5 as unknown as string;
    expect((await refused(b, 'INVALID_BODY', 'groups[2].items[1].result')).message).toBe('groups[2].items[1].result：应为文本');
    const flag = report(NO);
    flag.groups[0].items[0].flag = 'H' as never;
    await refused(flag, 'INVALID_BODY', 'groups[0].items[0].flag');
    expect((await refused(report('bad no!'), 'INVALID_BODY', 'reportNo')).message).toContain('字母、数字');
    expect((await refused(report(NO, { person: { name: '赵推送', idCard: '110101198805120000', phone: TEL } }), 'INVALID_BODY', 'person.idCard')).message).toBe(`person.idCard：${ID_MSG.checksum}`);
    await refused(report(NO, { person: { name: '赵推送', idCard: ID, phone: '12345678901' } }), 'INVALID_BODY', 'person.phone');
    await refused(report(NO, { examDate: '2026-02-30' }), 'INVALID_BODY', 'examDate');
    await refused(report(NO, { examDate: addDays(today, 1) }), 'INVALID_BODY', 'examDate');
    expect((await refused(report(NO, { hospCode: '99' }), 'INVALID_BODY', 'hospCode')).message).toBe('hospCode：院区不存在');
    await refused(report(NO, { imaging: [{ name: '腹部彩超', url: 'https://pacs.example.org/x' }] }), 'INVALID_BODY', 'imaging[0].name');
    await refused(report(NO, { imaging: [{ name: '胸部DR', url: 'javascript:alert(1)' }] }), 'INVALID_BODY', 'imaging[0].url');
    await refused(report(NO, { groups: [] }), 'INVALID_BODY', 'groups');
    expect(await counts(NO)).toEqual({ reports: 0, persons: 1, images: 0, pdfs: 0, audit: 0 });
  });

  it('a PDF that is not one → 400 INVALID_PDF; a PDF over 20 MB, or a body over 30 MB → 413', async () => {
    await refused(report(NO, { pdfBase64: '@@not base64@@' }), 'INVALID_PDF', 'pdfBase64');
    await refused(report(NO, { pdfBase64: Buffer.from('GIF89a-not-a-pdf').toString('base64') }), 'INVALID_PDF', 'pdfBase64');
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.4');
    expect((await refused(report(NO, { pdfBase64: big.toString('base64') }), 'TOO_LARGE', 'pdfBase64', 413)).message).toContain('20 MB');
    const huge = Buffer.from(JSON.stringify(report(NO, { conclusion: 'x'.repeat(31 * 1024 * 1024) })));
    await refused(huge, 'TOO_LARGE', undefined, 413);
    expect((await counts(NO)).reports).toBe(0);
  }, 60_000);
});

describe('secrets stay secret', () => {
  it('no push answer, log line or row holds a secret', async () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const a of answers) expect(a).not.toContain(client.secret);
    expect(logs).toContain('report push accepted');
    expect(logs).toContain('report push refused');
    expect(logs).not.toContain(client.secret);
    expect(logs).not.toMatch(/x-his-signature/i);
    expect(logs).not.toContain(ID);
    const dump = JSON.stringify([await store.db.all(`SELECT * FROM report_clients`), await store.db.all(`SELECT * FROM audit_log`), await store.db.all(`SELECT * FROM report_push_receipts`)]);
    expect(dump).not.toContain(client.secret);
  });
});
