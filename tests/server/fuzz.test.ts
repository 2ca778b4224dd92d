/**
 * Fuzz: thousands of random and malformed requests (deterministic seed) across
 * EVERY call of src/contract/calls.ts — wrong types, missing fields, huge
 * strings, nested junk, prototype-pollution keys, non-JSON, empty bodies,
 * wrong content types, junk encryStr — with no bearer, a valid service bearer,
 * and valid report + approver tokens. Every answer must be the envelope
 * (HTTP < 500; 401 only with the envelope), the process must not crash, and
 * Object.prototype must stay clean. Both stores (TEST_DB).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './core-helpers';
import { loadConfig } from '../../src/server/services/platform/config';
import { CALLS, CALL_NAMES, APPROVER_TOKEN_HEADER, REPORT_TOKEN_HEADER, type CallName } from '../../src/contract/calls';
import { DEMO } from '../../src/server/seed/demo-people';
import { seedRecords } from '../../src/server/seed/index';
import { MSG_INTERNAL } from '../../src/server/plugins/envelope';

const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 3600);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
/** Typical run: ~10 s sqlite, ~10-35 s postgres (machine load); the budget only guards against a hang. */
const TIME_BUDGET_MS = 100_000;

/** mulberry32: small deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rnd = prng(SEED);
const int = (n: number) => Math.floor(rnd() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];

const STRINGS = [
  '', ' ', '0', '1', '-1', 'T', 'F', 'null', 'undefined', 'true', '体检须知', '张三', '13800138000', '110101198503151234',
  "' OR 1=1 --", '"; DROP TABLE orders; --', '<script>alert(1)</script>', '../../etc/passwd', '%00', '\u0000', '\uD800', '😀'.repeat(10),
  '2026-02-30', '9999-12-31', '1970-01-01', 'NaN', 'Infinity', '1e309', '0.001', '-0.00', '{"a":1}', '[1,2', 'data:image/png;base64,AAAA',
  '__proto__', 'constructor', 'x'.repeat(300), '汉'.repeat(2000),
];

function randomString(): string {
  const r = int(10);
  if (r < 6) return pick(STRINGS);
  if (r < 8) return Array.from({ length: int(40) }, () => String.fromCharCode(int(0xffff))).join('');
  if (r < 9) return 'A'.repeat(1000 + int(100_000));
  return String(int(1e9));
}

function randomValue(depth = 0): unknown {
  const r = int(depth > 3 ? 6 : 10);
  switch (r) {
    case 0: return randomString();
    case 1: return pick([0, 1, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, 123456]);
    case 2: return rnd() < 0.5;
    case 3: return null;
    case 4: return randomString();
    case 5: return pick(['1', '0', 'T', 'F', '2']);
    case 6: return Array.from({ length: int(5) }, () => randomValue(depth + 1));
    case 7: return randomObject(depth + 1, []);
    case 8: return { __proto__: { polluted: 'yes' }, constructor: { prototype: { polluted: 'yes' } } };
    default: return Array.from({ length: 50 }, (_, i) => ({ [`k${i}`]: randomValue(depth + 2) }));
  }
}

function randomObject(depth: number, fields: string[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  const keys = [...fields, ...Array.from({ length: int(3) }, () => pick(['x', 'encryStr', 'openid', 'id', 'a'.repeat(int(500))]))];
  for (const k of keys) if (rnd() < 0.8) o[k] = randomValue(depth);
  return o;
}

/** Field names a call knows (from its body schema), to hit deeper code paths. */
function fieldsOf(name: CallName): string[] {
  const f = path.resolve('schemas/api', `${name}.json`);
  if (!fs.existsSync(f)) return ['openid', 'regno', 'idCard', 'name', 'tel'];
  const s = JSON.parse(fs.readFileSync(f, 'utf8')) as { properties?: Record<string, unknown> };
  return Object.keys(s.properties ?? {});
}

type Payload = { payload: string | Buffer | undefined; contentType: string | undefined; label: string };

function randomPayload(name: CallName, valid: Record<string, unknown> | undefined): Payload {
  const fields = fieldsOf(name);
  const r = int(20);
  const json = (v: unknown, label: string): Payload => ({ payload: JSON.stringify(v), contentType: 'application/json', label });
  if (r < 6) return json(randomObject(0, fields), 'object');
  if (r < 9 && valid) {
    // a valid body with one field mutated or dropped
    const b: Record<string, unknown> = { ...valid };
    const k = pick(Object.keys(b));
    if (rnd() < 0.3) delete b[k];
    else b[k] = randomValue();
    return json(b, 'mutated-valid');
  }
  if (r < 10) return { payload: `{"__proto__":{"polluted":"yes"},"${pick(fields) ?? 'a'}":"1"}`, contentType: 'application/json', label: 'proto-raw' };
  if (r < 11) return { payload: `{"constructor":{"prototype":{"polluted":"yes"}}}`, contentType: 'application/json', label: 'constructor-raw' };
  if (r < 12) return json(pick([[], 'x', 1, null, true, [{}], { encryStr: randomString() }]), 'non-object');
  if (r < 13) return { payload: pick(['{bad', '{"a":', '', 'undefined', '\u0000', '{"a":1}}', '{'.repeat(5000)]), contentType: 'application/json', label: 'non-json' };
  if (r < 14) return { payload: undefined, contentType: undefined, label: 'empty' };
  if (r < 15) return { payload: 'a=1&b=2&openid=x&__proto__[x]=1', contentType: 'application/x-www-form-urlencoded', label: 'form' };
  if (r < 16) return { payload: '<xml><a>1</a></xml>', contentType: pick(['text/xml', 'application/xml']), label: 'xml' };
  if (r < 17) return { payload: 'plain text', contentType: pick(['text/plain', 'image/png', 'multipart/form-data; boundary=x', 'application/octet-stream']), label: 'wrong-ctype' };
  if (r < 18) return { payload: JSON.stringify(randomObject(0, fields)), contentType: undefined, label: 'no-ctype' };
  if (r < 19) return json({ [pick(fields) ?? 'a']: 'x'.repeat(900_000) }, 'huge');
  let deep: unknown = 1;
  for (let i = 0; i < 2000; i++) deep = [deep];
  return json({ [pick(fields) ?? 'a']: deep }, 'deep');
}

let t: TestApp;
let reportToken = '';
let approverToken = '';
const VALID: Partial<Record<CallName, Record<string, unknown>>> = {};

beforeAll(async () => {
  const base = loadConfig({});
  t = await makeTestApp({ crypto: { ...base.crypto, enabled: true } });
  await seedRecords(t.db, t.today);
  // a report token bound to person A, and an approver token
  await t.call('SendVerifyCode', { tel: DEMO.personA.tel });
  const code = (await t.db.one<{ code: string }>(`SELECT code FROM sms_outbox WHERE tel = $1 ORDER BY created_at DESC LIMIT 1`, [DEMO.personA.tel]))!.code;
  reportToken = (await t.call('CheckVerifyCode', { tel: DEMO.personA.tel, code, name: DEMO.personA.name, idCard: DEMO.personA.idCard })).body.returnData.token;
  approverToken = (await t.call('VerifyDirectorReviewPwd', { id: 1, pwd: '123456' })).body.returnData.token;
  expect(reportToken).toBeTruthy();
  expect(approverToken).toBeTruthy();
  Object.assign(VALID, {
    GetNoticeInfo: { titleName: '体检须知' },
    SendVerifyCode: { tel: '13700000099' },
    CheckVerifyCode: { tel: DEMO.personA.tel, code: '123456' },
    GetReportList: { idCard: DEMO.personA.idCard, name: DEMO.personA.name, tel: DEMO.personA.tel },
    GetReportDetail: { regNo: 'R00000001' },
    GetPacsPhotoUrl: { accessionNumber: 'x-DR1' },
    GetReportPDFUrl: { kw: '', regno: 'R00000001' },
    GetPatientinfo: { regno: DEMO.patientOccupational },
    GetQuestion: { openId: DEMO.openid },
    GetQuestionList: { openId: DEMO.openid },
    SaveGetQuestion: { openId: 'fuzz', ordinaryQs: '{}' },
    SaveQuestions: { regno: DEMO.patientOccupational, kw: '2', questionZC: '{}' },
    VerifyDirectorReviewPwd: { id: 1, pwd: '000000' },
    UpdateFreePersonState: { regno: 'F000302', status: '0', kw: 'x', startDate: '' },
    UpdateCardPerson: { idCard: 'C000402', name: 'x', status: 'F' },
    GetPayRecordList: { openid: DEMO.openid },
    GetInforMation: { regno: DEMO.payValid },
    SweepCodePay: { regno: DEMO.payValid, openid: 'fuzz', price: '268.00' },
    GetToken: { grant_type: 'password', client_id: 'x', client_secret: 'y', name: 'n', password: 'p', scope: 'api1' },
  });
});
afterAll(async () => t?.close());

function isEnvelope(b: unknown): boolean {
  if (!b || typeof b !== 'object') return false;
  const o = b as Record<string, unknown>;
  return typeof o.success === 'boolean' && typeof o.returnMsg === 'string' && 'returnData' in o;
}

describe('fuzz every call', () => {
  it(`${ITERATIONS} random/malformed requests: always the envelope, never 500`, async () => {
    const started = Date.now();
    const failures: string[] = [];
    const seenCalls = new Set<string>();
    const statusCount: Record<number, number> = {};
    let done = 0;
    for (let i = 0; i < ITERATIONS && Date.now() - started < TIME_BUDGET_MS; i++) {
      const name = CALL_NAMES[i % CALL_NAMES.length];
      const def = CALLS[name];
      const authMode = pick(['none', 'bearer', 'bearer', 'all', 'junk'] as const);
      const headers: Record<string, string> = {};
      if (authMode !== 'none') headers.authorization = authMode === 'junk' ? pick(['Bearer ', 'Basic abc', `Bearer ${'x'.repeat(5000)}`, 'bearer']) : `Bearer ${t.token}`;
      if (authMode === 'all') {
        headers[REPORT_TOKEN_HEADER] = reportToken;
        headers[APPROVER_TOKEN_HEADER] = approverToken;
      }
      let res;
      let label: string;
      if (def.method === 'GET') {
        const q = randomObject(0, ['targetUrl', 'code', 'state']);
        const query: Record<string, string> = {};
        for (const [k, v] of Object.entries(q)) query[k] = typeof v === 'string' ? v.slice(0, 2000) : JSON.stringify(v)?.slice(0, 2000) ?? '';
        if (rnd() < 0.3) query.targetUrl = pick(['/#/Index', 'https://evil.example/x', '//evil.example', 'javascript:alert(1)', '/\\evil', '']);
        label = `GET ${JSON.stringify(query).slice(0, 120)}`;
        res = await t.app.inject({ method: 'GET', url: `/api/${def.path}`, query, headers });
      } else {
        const p = randomPayload(name, VALID[name]);
        label = `${p.label} ${String(p.payload ?? '').slice(0, 120)}`;
        if (p.contentType) headers['content-type'] = p.contentType;
        res = await t.app.inject({ method: 'POST', url: `/api/${def.path}`, payload: p.payload, headers });
      }
      done++;
      seenCalls.add(name);
      statusCount[res.statusCode] = (statusCount[res.statusCode] ?? 0) + 1;
      const where = `${name} [${authMode}] ${label}`;
      if (res.statusCode >= 500) {
        failures.push(`HTTP ${res.statusCode}: ${where} → ${res.body.slice(0, 200)}`);
        continue;
      }
      if (def.method === 'GET' && res.statusCode >= 300 && res.statusCode < 400) {
        if (!res.headers.location) failures.push(`redirect without location: ${where}`);
        continue;
      }
      let body: unknown;
      try {
        body = res.json();
      } catch {
        failures.push(`not JSON (HTTP ${res.statusCode}): ${where} → ${res.body.slice(0, 200)}`);
        continue;
      }
      if (!isEnvelope(body)) failures.push(`not an envelope (HTTP ${res.statusCode}): ${where} → ${res.body.slice(0, 200)}`);
      else if (res.statusCode !== 200 && (body as { success: boolean }).success) failures.push(`HTTP ${res.statusCode} with success:true: ${where}`);
      else if (res.statusCode === 401 && (body as { success: boolean }).success !== false) failures.push(`401 not a failure: ${where}`);
      // the error handler hides unexpected exceptions as 200 + MSG_INTERNAL: under fuzz that is a bug too
      else if ((body as { returnMsg: string }).returnMsg === MSG_INTERNAL) failures.push(`unexpected exception (${MSG_INTERNAL}): ${where}`);
      if (({} as Record<string, unknown>).polluted !== undefined) failures.push(`Object.prototype polluted after ${where}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(done).toBeGreaterThanOrEqual(3000);
    expect([...seenCalls].sort()).toEqual([...CALL_NAMES].sort());
    // each auth class was exercised, with both refusals and answers
    expect(statusCount[200]).toBeGreaterThan(100);
    expect(statusCount[401]).toBeGreaterThan(100);
    // the server still answers normally afterwards
    const ok = await t.call('GetNoticeInfo', { titleName: '体检须知' });
    expect(ok.body.success).toBe(true);
  }, 180_000);
});
