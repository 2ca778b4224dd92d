/**
 * Questionnaires: save/load round trip per openId (SaveGetQuestion/GetQuestion)
 * and per regNo (SaveQuestions), schema id + version recorded, bad JSON text
 * refused, the form-schema check (schemas/forms/*.json) and its pluggable
 * absence, GetPatientinfo and GetQuestionList. Both stores (TEST_DB).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/types';
import { startAfterBookingApp, type AfterBookingApp } from './after-booking-helpers';
import { type CallName } from '../../src/contract/calls';
import { MSG_FORBIDDEN } from '../../src/server/plugins/call';
import { DEMO } from '../../src/server/seed/demo-people';
import { DEMO_SIGNATURE, demoOccupationalAnswer } from '../../src/server/seed/questionnaires';
import {
  configFormSchemaValidator,
  fileFormSchemaValidator,
  noFormSchemaValidator,
  parseAnswerText,
  Q_MSG,
  QUESTIONNAIRE_MAX_BYTES,
  schemaHash,
} from '../../src/server/services/questionnaires';
import type { PatientInfo, QuestionListItem } from '../../src/contract/api/questionnaires';

const REPO_FORMS = path.resolve(__dirname, '../../schemas/forms');
let t: AfterBookingApp;
let db: Db;
let app: FastifyInstance;
let clock: AfterBookingApp['clock'];

beforeAll(async () => {
  t = await startAfterBookingApp('2026-06-15');
  ({ db, app, clock } = t);
});
afterAll(async () => t?.close());

const call = (name: CallName, body: unknown) => t.call(name, body);

const health = {
  company: '华兴汽车零部件有限公司', name: '林晓', contact: '13600136002', familyContact: '', healthStatus: '好',
  surgeryHistory: '无', allergyHistory: '有', allergyName: '青霉素', diseaseHistory: '无', smoking: '不吸烟', drinking: '偶尔',
  dietHabit: '荤素均衡', tastePreference: ['清淡'], sleepHours: '6-8小时', napMinutes: '30', sleepQuality: '好', workSchedule: '规律',
  exerciseFrequency: '偶尔', exerciseTypes: ['散步'], anxious: '否', recentAnxiety: '否',
};
const occ = demoOccupationalAnswer('2026-06-15', { name: '陈刚', idCard: '320102198604120716', tel: '13600136001', company: '华兴', age: 40 });

describe('SaveGetQuestion / GetQuestion (per openId)', () => {
  it('round trip of both texts; unknown openId gets empty texts', async () => {
    const openId = 'oq-round-trip';
    const empty = await call('GetQuestion', { openId });
    expect(empty.json).toEqual({ success: true, returnMsg: '成功', returnData: { occupationalDiseasesQs: '', ordinaryQs: '', occupationalDiseasesQsSchema: '', ordinaryQsSchema: '' } });
    const s1 = await call('SaveGetQuestion', { openId, ordinaryQs: JSON.stringify(health) });
    expect(s1.json).toMatchObject({ success: true, returnData: { success: true } });
    const s2 = await call('SaveGetQuestion', { openId, occupationalDiseasesQs: JSON.stringify(occ), schemaId: 'forms/occupational-questionnaire.json', schemaVersion: '1' });
    expect(s2.json.success).toBe(true);
    const got = await call('GetQuestion', { openId });
    expect(JSON.parse(got.json.returnData.ordinaryQs)).toEqual(health);
    expect(JSON.parse(got.json.returnData.occupationalDiseasesQs)).toEqual(occ);
    expect(JSON.parse(got.json.returnData.occupationalDiseasesQs).signature.patient).toBe(DEMO_SIGNATURE);
    // a second save replaces the current answer and keeps the history
    const changed = { ...health, sleepQuality: '差' };
    await call('SaveGetQuestion', { openId, ordinaryQs: JSON.stringify(changed) });
    expect(JSON.parse((await call('GetQuestion', { openId })).json.returnData.ordinaryQs).sleepQuality).toBe('差');
    const hist = await db.all(`SELECT h.id FROM questionnaire_answer_history h JOIN questionnaire_answers a ON a.id = h.answer_id WHERE a.owner_key = $1`, [openId]);
    expect(hist).toHaveLength(3);
    // another openId sees nothing of it
    expect((await call('GetQuestion', { openId: 'someone-else' })).json.returnData).toMatchObject({ occupationalDiseasesQs: '', ordinaryQs: '' });
  });

  it('records the schema id and version: the server schema and its content hash (a client tag does not override it)', async () => {
    const openId = 'oq-version';
    await call('SaveGetQuestion', { openId, ordinaryQs: JSON.stringify(health) });
    await call('SaveGetQuestion', { openId, occupationalDiseasesQs: JSON.stringify(occ), schemaId: 'occ-custom', schemaVersion: '7' });
    const hashOf = (f: string) => schemaHash(JSON.parse(fs.readFileSync(path.join(REPO_FORMS, f), 'utf8')));
    const rows = await db.all<{ kind: string; schema_id: string; schema_version: string }>(
      `SELECT kind, schema_id, schema_version FROM questionnaire_answers WHERE owner_key = $1 ORDER BY kind`, [openId]);
    expect(rows).toEqual([
      { kind: 'health', schema_id: 'health-questionnaire', schema_version: hashOf('health-questionnaire.json') },
      { kind: 'occupational', schema_id: 'occupational-questionnaire', schema_version: hashOf('occupational-questionnaire.json') },
    ]);
    const hist = await db.all<{ schema_version: string }>(`SELECT h.schema_version FROM questionnaire_answer_history h JOIN questionnaire_answers a ON a.id = h.answer_id WHERE a.owner_key = $1 AND a.kind = 'occupational'`, [openId]);
    expect(hist).toEqual([{ schema_version: hashOf('occupational-questionnaire.json') }]);
    // both versions are archived and served
    for (const r of rows) {
      const res = await app.inject({ method: 'GET', url: `/schemas/versions/${r.schema_id}@${r.schema_version}.json` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(JSON.parse(fs.readFileSync(path.join(REPO_FORMS, `${r.schema_id}.json`), 'utf8')));
    }
  });

  it('bad JSON texts are refused and nothing is stored', async () => {
    const openId = 'oq-bad';
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ordinaryQs: '{not json' }, Q_MSG.notJson],
      [{ ordinaryQs: '[1,2]' }, Q_MSG.notObject],
      [{ ordinaryQs: 'null' }, Q_MSG.notObject],
      [{ ordinaryQs: '"text"' }, Q_MSG.notObject],
      [{ ordinaryQs: '{"__proto__":{"polluted":1}}' }, Q_MSG.badKey],
      [{ occupationalDiseasesQs: JSON.stringify({ ...occ, signature: { patient: 'data:image/svg+xml;base64,PHN2Zz4=' } }) }, Q_MSG.badSignature],
      [{ occupationalDiseasesQs: JSON.stringify({ ...occ, signature: { patient: 'javascript:alert(1)' } }) }, Q_MSG.badSignature],
      [{ ordinaryQs: JSON.stringify({ ...health, healthStatus: undefined }) }, '请完整填写问卷信息'],
      [{ ordinaryQs: JSON.stringify({ ...health, smoking: '吸烟' }) }, '请填写吸烟数量和年限'],
      [{ occupationalDiseasesQs: JSON.stringify({ ...occ, basicInfo: { ...occ.basicInfo, gender: 'x' } }) }, ''],
      // the app's own message for the field: its label first (the form model's order and wording)
      [{ occupationalDiseasesQs: JSON.stringify({ ...occ, basicInfo: { ...occ.basicInfo, age: 46 } }) }, '年龄应当是 string 类型'],
      [{}, Q_MSG.nothing],
      [{ ordinaryQs: 5 }, Q_MSG.notJson],
      [{ ordinaryQs: JSON.stringify({ ...health, pad: 'a'.repeat(QUESTIONNAIRE_MAX_BYTES) }) }, ''],
    ];
    for (const [body, msg] of cases) {
      const r = await call('SaveGetQuestion', { openId, ...body });
      expect(r.json.success, JSON.stringify(body).slice(0, 80)).toBe(false);
      if (msg) expect(r.json.returnMsg).toBe(msg);
    }
    expect(await db.all(`SELECT id FROM questionnaire_answers WHERE owner_key = $1`, [openId])).toHaveLength(0);
  });

  it('the size cap counts bytes (512 kB incl. the signature data URL)', () => {
    const sig = 'data:image/png;base64,' + 'A'.repeat(400 * 1024);
    expect(() => parseAnswerText(JSON.stringify({ ...occ, signature: { patient: sig, patientDate: '2026-06-15' } }), 'occupational', noFormSchemaValidator)).not.toThrow();
    const big = 'data:image/png;base64,' + 'A'.repeat(QUESTIONNAIRE_MAX_BYTES);
    expect(() => parseAnswerText(JSON.stringify({ signature: { patient: big } }), 'occupational', noFormSchemaValidator)).toThrow(Q_MSG.tooLarge);
    expect(() => parseAnswerText(JSON.stringify({ a: '汉'.repeat(180 * 1024) }), 'health', noFormSchemaValidator)).toThrow(Q_MSG.tooLarge);
  });

  it('the schema check is pluggable: no schema file → structural checks only', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-'));
    const v = fileFormSchemaValidator(empty);
    expect(v.describe('health')).toBeNull();
    expect(v.validate('health', { anything: 1 })).toBeNull();
    fs.writeFileSync(path.join(empty, 'health-questionnaire.json'), JSON.stringify({ $id: 'h-test', 'x-version': 3, type: 'object', required: ['a'], errorMessage: { required: '缺a' } }));
    expect(v.describe('health')).toEqual({ schemaId: 'health-questionnaire', schemaVersion: schemaHash({ $id: 'h-test', 'x-version': 3, type: 'object', required: ['a'], errorMessage: { required: '缺a' } }) });
    expect(v.validate('health', {})).toBe('缺a');
    fs.writeFileSync(path.join(empty, 'occupational-questionnaire.json'), '{broken');
    const logs: string[] = [];
    const v2 = fileFormSchemaValidator(empty, (m) => logs.push(m));
    expect(v2.validate('occupational', {})).toBeNull();
    expect(logs[0]).toMatch(/not usable/);
  });

  it('a required follow-up its condition hides is not demanded (the server sees what the phone showed)', () => {
    const schema = {
      type: 'object',
      required: ['smoke'],
      properties: {
        smoke: { type: 'string', title: '是否吸烟', enum: ['是', '否'] },
        years: { type: 'integer', title: '烟龄', minimum: 0, 'x-visibleIf': "form.smoke == '是'" },
        // A condition on what the server does not know (the session) never makes it demand more.
        note: { type: 'string', title: '备注', 'x-visibleIf': "session.flag == 'x'" },
      },
      allOf: [{ required: ['years', 'note'] }],
    };
    const v = configFormSchemaValidator({ 'forms/q-test.json': schema }, () => {}, { q: { title: '测试', schema: 'forms/q-test.json', owner: 'openid' } });
    expect(v.validate('q', { smoke: '否' })).toBeNull();
    expect(v.validate('q', { smoke: '是' })).toBe('请填写烟龄');
    expect(v.validate('q', { smoke: '是', years: 3 })).toBeNull();
    expect(v.validate('q', { smoke: '是', years: -1 })).toMatch(/烟龄/);
    expect(v.validate('q', {})).toBe('请填写是否吸烟');
  });
});

describe('SaveQuestions (per regNo) and GetPatientinfo', () => {
  it('GetPatientinfo: JSON text list, first item has name, tel, lncName, idcard, age, sex (true = male)', async () => {
    const r = await call('GetPatientinfo', { regno: DEMO.patientOccupational });
    expect(r.json.success).toBe(true);
    const list = JSON.parse(r.json.returnData) as PatientInfo[];
    expect(list[0]).toMatchObject({ name: '陈刚', tel: '13600136001', lncName: expect.any(String), idcard: expect.stringMatching(/^\d{17}[\dX]$/), age: 40, sex: true });
    const f = JSON.parse((await call('GetPatientinfo', { regno: DEMO.patientOrdinary })).json.returnData) as PatientInfo[];
    expect(f[0].sex).toBe(false);
    // no grant for the regno (it does not even exist): refused like any other, no existence oracle
    expect((await call('GetPatientinfo', { regno: 'NOPE' })).json).toEqual({ success: false, returnMsg: MSG_FORBIDDEN, returnData: null });
    expect((await call('GetPatientinfo', {})).json.success).toBe(false);
  });

  it('GetPatientinfo falls back to a core group member (team_members)', async () => {
    await db.run(`INSERT INTO companies (lnc_code, lnc_name) VALUES ('LTEST', '测试单位') ON CONFLICT DO NOTHING`);
    await db.run(`INSERT INTO team_members (id, lnc_code, pat_name, idcard, tel, clus_code, clus_name, reg_no, flag) VALUES ('tm-x', 'LTEST', '周七', '110101199001011237', '13500135000', 'K1', '套餐', 'TM0001', '普通体检') ON CONFLICT DO NOTHING`);
    // the member logs in (TeamLogin under its openid): that openid may then act for TM0001
    expect((await t.call('TeamLogin', { lnc_Code: 'LTEST', idCard: '110101199001011237', tel: '13500135000' }, { as: 'oq-member-tm0001' })).json.success).toBe(true);
    const list = JSON.parse((await call('GetPatientinfo', { regno: 'TM0001' })).json.returnData) as PatientInfo[];
    expect(list[0]).toMatchObject({ name: '周七', lncName: '测试单位', age: 36, sex: true, regno: 'TM0001' });
  });

  it('SaveQuestions stores per regno with the schema version; unknown regno and bad kw refused', async () => {
    const r = await call('SaveQuestions', { regno: DEMO.patientOrdinary, kw: '2', questionZC: JSON.stringify(occ) });
    expect(r.json).toMatchObject({ success: true, returnMsg: '同步成功', returnData: { success: true } });
    const row = await db.one<{ body: string; schema_id: string; schema_version: string; kind: string }>(
      `SELECT body, schema_id, schema_version, kind FROM questionnaire_answers WHERE owner_kind = 'regno' AND owner_key = $1`, [DEMO.patientOrdinary]);
    expect(row).toMatchObject({ kind: 'occupational', schema_id: 'occupational-questionnaire', schema_version: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(JSON.parse(row!.body)).toEqual(occ);
    // the seeded demo regNo already has one
    const seeded = await db.one<{ body: string }>(`SELECT body FROM questionnaire_answers WHERE owner_kind = 'regno' AND owner_key = $1`, [DEMO.patientOccupational]);
    expect(JSON.parse(seeded!.body).basicInfo.name).toBe('陈刚');
    expect((await call('SaveQuestions', { regno: 'NOPE', kw: '2', questionZC: JSON.stringify(occ) })).json).toMatchObject({ success: false, returnMsg: MSG_FORBIDDEN });
    expect((await call('SaveQuestions', { regno: DEMO.patientOrdinary, kw: '9', questionZC: JSON.stringify(occ) })).json.success).toBe(false);
    expect((await call('SaveQuestions', { regno: DEMO.patientOrdinary, kw: '2', questionZC: '{"a":' })).json).toMatchObject({ success: false, returnMsg: Q_MSG.notJson });
    expect((await call('SaveQuestions', { regno: 'TM0001', kw: '2', questionZC: JSON.stringify(occ) })).json.success).toBe(true);
  });
});

describe('GetQuestionList', () => {
  it('lists the openId questionnaires with status, kind and schema tag', async () => {
    const r = await call('GetQuestionList', { openId: DEMO.openid });
    expect(r.json.success).toBe(true);
    const list = r.json.returnData as QuestionListItem[];
    expect(list).toHaveLength(2);
    const pending = list.find((x) => x.status === 'pending')!;
    expect(pending).toMatchObject({ kind: 'health', submitTime: '', title: '健康问卷' });
    const done = list.find((x) => x.status === 'completed')!;
    expect(done).toMatchObject({ kind: 'occupational', schemaId: 'occupational-questionnaire', schemaVersion: '1', submitTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) });
    for (const x of list) expect(Object.keys(x).sort()).toEqual(['id', 'kind', 'schemaId', 'schemaVersion', 'status', 'submitTime', 'title']);
    // saving the pending one completes it
    await call('SaveGetQuestion', { openId: DEMO.openid, ordinaryQs: JSON.stringify(health) });
    const after = (await call('GetQuestionList', { openId: DEMO.openid })).json.returnData as QuestionListItem[];
    expect(after.every((x) => x.status === 'completed')).toBe(true);
    expect((await call('GetQuestionList', { openId: 'nobody' })).json.returnData).toEqual([]);
    expect((await call('GetQuestionList', {})).json.success).toBe(false);
  });
});
