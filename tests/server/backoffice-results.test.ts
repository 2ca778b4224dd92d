/**
 * 问卷统计 (routes/studio/backoffice/results.ts) on the store TEST_DB picks: a
 * scored questionnaire added to a copy of the config, answered by accounts that
 * booked at 院区 01, 02, both, or only cancelled at 03, and by an exam number
 * whose report came from 02 — one answer through the app's call (its score
 * computed), the others written as saved ones (one in an older schema version,
 * one pending, one too old). Asserts each option's count (single, multiple, in
 * a section, an older version's choice by its own label), the bands and mean
 * score, numbers' min/mean/max, texts answered; the date range and the branch
 * filter (the rule of docs/decisions-back-office.md「问卷统计」); the options
 * list; refusals (400/404, 401 without a session). Every role reads it, as the
 * exports: no role is refused (counts only), which is asserted too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultsChoiceQuestion, ResultsOptionsRes, ResultsQuestion, ResultsRes } from '../../src/contract/api/backoffice/results';
import { addDays } from '../../src/contract/rules/centre-day';
import { loadConfig as loadFlowConfig } from '../../src/engine/config/load';
import { schemaHash } from '../../src/server/services/questionnaires';
import { resultsSummary } from '../../src/server/services/backoffice/results/summary';
import { makeTestApp, personBody, setDay, uniqueId, type TestApp } from './core-helpers';
import { copyConfig, removeTmpDirs, signIn, type Admin } from './studio-helpers';

let t: TestApp;
let admin: Admin;
let viewer: Admin;
let configOnly: Admin;
let loaded: ReturnType<typeof loadFlowConfig>;

const MOOD = {
  $id: 'forms/mood.json',
  title: '情绪自评',
  type: 'object',
  properties: {
    feeling: { type: 'string', 'x-label': '最近两周的心情', enum: ['good', 'ok', 'bad'], 'x-enumLabels': ['很好', '一般', '较差'], 'x-score': { good: 0, ok: 1, bad: 3 } },
    troubles: { type: 'array', 'x-label': '困扰您的事', uniqueItems: true, items: { type: 'string', enum: ['睡眠', '工作', '家庭', '健康'] }, 'x-score': { 睡眠: 1, 工作: 1, 家庭: 1, 健康: 1 } },
    sleep: { type: 'object', 'x-label': '睡眠', properties: { hours: { type: 'string', 'x-label': '时长', enum: ['<6', '6-8', '>8'] }, note: { type: 'string', 'x-label': '备注' } } },
    age: { type: 'integer', 'x-label': '年龄' },
    intro: { type: 'null', 'x-label': '说明' },
  },
};
/** The version before: 'fine' (还行) was a choice. */
const MOOD_V0 = { ...MOOD, properties: { feeling: { type: 'string', 'x-label': '最近两周的心情', enum: ['good', 'fine', 'bad'], 'x-enumLabels': ['很好', '还行', '较差'] } } };
const BANDS = '    scoring:\n      bands:\n        - { max: 1, label: 良好 }\n        - { max: 3, label: 轻度 }\n        - { max: 99, label: 需关注 }\n';

const DAY = 86_400_000;

beforeAll(async () => {
  const dir = copyConfig();
  fs.writeFileSync(path.join(dir, 'schemas/forms/mood.json'), JSON.stringify(MOOD, null, 2));
  const appYaml = path.join(dir, 'flows/app.yaml');
  fs.writeFileSync(appYaml, fs.readFileSync(appYaml, 'utf8').replace(/^questionnaires:\n/m, `questionnaires:\n  mood:\n    title: 情绪自评\n    schema: forms/mood.json\n    owner: openid\n${BANDS}`));
  loaded = loadFlowConfig(dir);
  expect(loaded.config.app.questionnaires?.mood?.scoring).toBeTruthy();
  t = await makeTestApp({}, { flowConfig: loaded.config });
  admin = await signIn(t.app);
  for (const [name, roles] of [['zhidu', 'readonly'], ['peizhi', 'config']] as const)
    expect((await admin.post('/api/studio/admins', { username: name, password: `${name}-password-2026`, roles: [roles] })).statusCode).toBe(201);
  viewer = await signIn(t.app, 'zhidu', 'zhidu-password-2026');
  configOnly = await signIn(t.app, 'peizhi', 'peizhi-password-2026');

  // bookings through the examinee's call: A at 01, B at 02, F at 01 and 02 (two people on one account), C at 03 then cancelled
  const day = addDays(t.today, 3);
  await setDay(t.db, 'P:person', day, [{ code: '01', total: 20 }]);
  for (const [openid, hospCode] of [['res-a', '01'], ['res-b', '02'], ['res-f', '01'], ['res-f', '02'], ['res-c', '03']]) {
    const r = await t.call('PersonOrderAdd', personBody(day, { openid, hospCode, idCard: uniqueId(1, '19850101') }));
    expect(r.body.success, r.body.returnMsg).toBe(true);
  }
  const c = await t.db.one<{ id: string; id_card: string }>(`SELECT id, id_card FROM orders WHERE openid = 'res-c'`);
  expect((await t.call('PersonOrderCancel', { id: c!.id, idCard: c!.id_card })).body.success).toBe(true);
  // an exam number whose report the hospital pushed from 02
  await t.db.run(
    `INSERT INTO reports (reg_no, person_id, report_name, report_date, hosp_code, age, sumup, sugg_tag, doc_name, tj_cls, items_json) VALUES ('R-RES-1', 'p-res', '健康体检报告', $1, '02', 40, '', '', '', '0', '[]')`,
    [t.today],
  );

  // A answers through the app's call: scored 3 + 1 + 1 = 5 → 需关注
  const saved = await t.call('SaveQuestionnaire', { openId: 'res-a', qid: 'mood', answers: JSON.stringify({ feeling: 'bad', troubles: ['睡眠', '工作'], sleep: { hours: '<6', note: '常失眠' }, age: 40 }) });
  expect(saved.body.returnData).toMatchObject({ score: 5, scoreLabel: '需关注' });
  const now = t.clock.now();
  const hash = schemaHash(MOOD);
  const v0 = schemaHash(MOOD_V0);
  await t.db.run(`INSERT INTO questionnaire_schema_versions (schema_id, hash, body, created_at) VALUES ('mood', $1, $2, $3)`, [v0, JSON.stringify(MOOD_V0), now - 30 * DAY]);
  const answer = async (id: string, kind: string, key: string, body: object | null, at: number, score: number | null, label: string | null, version = hash, status = 'completed') =>
    t.db.run(
      `INSERT INTO questionnaire_answers (id, owner_kind, owner_key, kind, title, status, body, schema_id, schema_version, created_at, updated_at, score, score_label)
       VALUES ($1, $2, $3, 'mood', '情绪自评', $4, $5, 'mood', $6, $7, $7, $8, $9)`,
      [id, kind, key, status, body ? JSON.stringify(body) : null, version, at, score, label],
    );
  await answer('qa-res-b', 'openid', 'res-b', { feeling: 'good', troubles: ['睡眠'], sleep: { hours: '6-8' }, age: 30 }, now - 60_000, 1, '良好');
  // the same instant as B's: paging must neither repeat nor skip one of them
  await answer('qa-res-f', 'openid', 'res-f', { feeling: 'good', troubles: ['工作'] }, now - 60_000, 1, '良好');
  await answer('qa-res-c', 'openid', 'res-c', { feeling: 'ok', troubles: ['家庭', '健康'], age: 50 }, now - 2 * DAY, 3, '轻度');
  // given in the older version: 'fine' is 还行 there
  await answer('qa-res-d', 'regno', 'R-RES-1', { feeling: 'fine', troubles: [] }, now - 180_000, 1, '良好', v0);
  await answer('qa-res-p', 'openid', 'res-p', null, now - 60_000, null, null, hash, 'pending');
  await answer('qa-res-e', 'openid', 'res-e', { feeling: 'bad' }, now - 40 * DAY, 3, '轻度');
}, 120_000);

afterAll(async () => {
  await t?.close();
  removeTmpDirs();
});

const url = (from: string, to: string, branch?: string, q = 'mood') => `/api/studio/results?questionnaire=${q}&from=${from}&to=${to}${branch === undefined ? '' : `&branch=${branch}`}`;

async function results(who: Admin, from: string, to: string, branch?: string): Promise<ResultsRes> {
  const r = await who.get(url(from, to, branch));
  expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
  return r.json() as ResultsRes;
}

const question = (res: ResultsRes, p: string): ResultsQuestion => res.questions.find((q) => q.path === p)!;
const counts = (res: ResultsRes, p: string) => Object.fromEntries((question(res, p) as ResultsChoiceQuestion).options.map((o) => [o.label, o.count]));

describe('问卷统计', () => {
  it('lists the questionnaires with answers and the branches', async () => {
    const r = await viewer.get('/api/studio/results/options');
    expect(r.statusCode).toBe(200);
    const body = r.json() as ResultsOptionsRes;
    expect(body.questionnaires).toEqual([{ id: 'mood', title: '情绪自评', answers: 6, scored: true }]);
    expect(body.branches.map((b) => b.code)).toEqual(['01', '02', '03']);
    expect(body.branches[0].name).toContain('总院');
  });

  it('every branch, the last three days: counts per option, bands, mean score, numbers and texts', async () => {
    const res = await results(admin, addDays(t.today, -2), t.today);
    expect(res).toMatchObject({ questionnaire: { id: 'mood', title: '情绪自评' }, branch: '', branchName: '全部院区', completed: 5, unplaced: 1 });
    expect(res.questions.map((q) => [q.path, q.kind, q.section])).toEqual([
      ['feeling', 'single', ''],
      ['troubles', 'multiple', ''],
      ['sleep.hours', 'single', '睡眠'],
      ['sleep.note', 'text', '睡眠'],
      ['age', 'number', ''],
    ]);
    const feeling = question(res, 'feeling') as ResultsChoiceQuestion;
    expect(feeling.answered).toBe(5);
    // the current options in order (zero counts too), then the older version's 还行, marked old
    expect(feeling.options).toEqual([
      { label: '很好', count: 2 },
      { label: '一般', count: 1 },
      { label: '较差', count: 1 },
      { label: '还行', count: 1, old: true },
    ]);
    expect(question(res, 'troubles').answered).toBe(4);
    expect(counts(res, 'troubles')).toEqual({ 睡眠: 2, 工作: 2, 家庭: 1, 健康: 1 });
    expect(counts(res, 'sleep.hours')).toEqual({ '<6': 1, '6-8': 1, '>8': 0 });
    expect(question(res, 'sleep.note')).toMatchObject({ kind: 'text', answered: 1 });
    expect(question(res, 'age')).toMatchObject({ kind: 'number', answered: 3, min: 30, avg: 40, max: 50 });
    expect(res.score).toEqual({
      bands: [
        { label: '良好', count: 3 },
        { label: '轻度', count: 1 },
        { label: '需关注', count: 1 },
      ],
      limits: { 良好: 1, 轻度: 3, 需关注: 99 },
      scored: 5,
      average: 2.2,
    });
    // nothing personal in it: no name, no free text
    expect(JSON.stringify(res)).not.toContain('常失眠');
  });

  it('the date range: today only leaves out the answer of two days ago; an empty range has no answers', async () => {
    const res = await results(admin, t.today, t.today);
    expect(res.completed).toBe(4);
    expect(counts(res, 'feeling')).toEqual({ 很好: 2, 一般: 0, 较差: 1, 还行: 1 });
    expect(res.unplaced).toBe(0);
    const none = await results(admin, '2001-01-01', '2001-01-31');
    expect(none.completed).toBe(0);
    expect(none.score).toMatchObject({ scored: 0, average: null, bands: [{ label: '良好', count: 0 }, { label: '轻度', count: 0 }, { label: '需关注', count: 0 }] });
    expect(question(none, 'age')).toMatchObject({ answered: 0, min: null, avg: null, max: null });
  });

  it('the branch: an account by its active bookings there, an exam number by its report; a cancelled booking places nothing', async () => {
    const range = [addDays(t.today, -2), t.today] as const;
    const b01 = await results(admin, ...range, '01');
    expect(b01).toMatchObject({ branch: '01', completed: 2, unplaced: 0 });
    expect(b01.branchName).toContain('总院');
    expect(counts(b01, 'feeling')).toEqual({ 很好: 1, 一般: 0, 较差: 1 });
    expect(b01.score).toMatchObject({ bands: [{ label: '良好', count: 1 }, { label: '轻度', count: 0 }, { label: '需关注', count: 1 }], average: 3 });

    const b02 = await results(admin, ...range, '02');
    expect(b02.completed).toBe(3);
    expect(counts(b02, 'feeling')).toEqual({ 很好: 2, 一般: 0, 较差: 0, 还行: 1 });
    expect(counts(b02, 'troubles')).toEqual({ 睡眠: 1, 工作: 1, 家庭: 0, 健康: 0 });

    const b03 = await results(admin, ...range, '03');
    expect(b03.completed).toBe(0);
    expect(question(b03, 'feeling').answered).toBe(0);
  });

  it('read a page at a time (answers of the same instant included), the counts are the same', async () => {
    const ask = { kind: 'mood', from: addDays(t.today, -2), to: t.today, branch: '', branchName: '全部院区' };
    const src = { registry: loaded.config.app.questionnaires!, schemas: loaded.config.schemas as Record<string, object> };
    const whole = await resultsSummary(t.db, src, ask);
    expect(whole?.completed).toBe(5);
    for (const size of [1, 2, 3]) expect(await resultsSummary(t.db, src, ask, size), `page of ${size}`).toEqual(whole);
  });

  it('every role reads it (counts only, as the exports); without a session 401', async () => {
    const all = await results(admin, t.today, t.today);
    for (const who of [viewer, configOnly]) expect(await results(who, t.today, t.today)).toEqual(all);
    for (const u of [url(t.today, t.today), '/api/studio/results/options']) {
      const r = await t.app.inject({ method: 'GET', url: u });
      expect(r.statusCode, u).toBe(401);
      expect(r.json()).toEqual({ error: '请先登录' });
    }
  });

  it('the questionnaire, the range and the branch are checked', async () => {
    const cases: Array<[string, number, string]> = [
      [url(t.today, t.today, undefined, ''), 400, '请选择问卷'],
      [url(t.today, t.today, undefined, 'nosuch'), 404, '没有这个问卷'],
      [url(t.today, addDays(t.today, -1)), 400, '开始日期不能晚于结束日期'],
      ['/api/studio/results?questionnaire=mood&from=2025-01-01&to=2026-01-02', 400, '日期范围最多 366 天'],
      [url('2025-02-30', '2025-03-01'), 400, '请选择有效的开始日期'],
      [url(t.today, t.today, '99'), 400, '没有这个院区'],
    ];
    for (const [u, status, error] of cases) {
      const r = await viewer.get(u);
      expect(r.statusCode, u).toBe(status);
      expect(r.json()).toEqual({ error });
    }
  });
});
