/**
 * The back office's Excel exports (routes/studio/backoffice/exports.ts) on the
 * store TEST_DB picks, each file opened with exceljs: bookings of a date range
 * (one row per order, Chinese labels, the amount a number), the answers of one
 * questionnaire (a scored one added to a copy of the config: columns headed by
 * the schema's labels in its order, choices by their labels, a multiple choice
 * joined with '、', score and band; an answer of an older schema version read by
 * key, its unknown keys kept in the trailing column); ID and phone masked for
 * 只读 and 配置, full for 运营; the range rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_EXPORT_EXTRA, BOOKING_EXPORT_HEADERS, type ExportQuestionnairesRes } from '../../src/contract/api/backoffice/exports';
import { addDays, centreDateTime } from '../../src/contract/rules/centre-day';
import { maskIdCard } from '../../src/contract/rules/idcard';
import { loadConfig as loadFlowConfig } from '../../src/engine/config/load';
import { schemaHash } from '../../src/server/services/questionnaires';
import { makeTestApp, personBody, setDay, uniqueId, type TestApp } from './core-helpers';
import { copyConfig, removeTmpDirs, signIn, type Admin } from './studio-helpers';

let t: TestApp;
let admin: Admin;
let ops: Admin;
let viewer: Admin;
let configOnly: Admin;

const MOOD = {
  $id: 'forms/mood.json',
  title: '情绪自评',
  type: 'object',
  required: ['feeling'],
  properties: {
    feeling: { type: 'string', 'x-label': '最近两周的心情', enum: ['good', 'ok', 'bad'], 'x-enumLabels': ['很好', '一般', '较差'], 'x-score': { good: 0, ok: 1, bad: 3 } },
    troubles: { type: 'array', 'x-label': '困扰您的事', uniqueItems: true, items: { type: 'string', enum: ['睡眠', '工作', '家庭', '健康'] }, 'x-score': { 睡眠: 1, 工作: 1, 家庭: 1, 健康: 1 } },
    sleep: { type: 'object', 'x-label': '睡眠', properties: { hours: { type: 'string', 'x-label': '时长', enum: ['<6', '6-8', '>8'] }, note: { type: 'string', 'x-label': '备注' } } },
    work: { type: 'object', 'x-label': '工作', properties: { note: { type: 'string', 'x-label': '备注' } } },
    contactPhone: { type: 'string', 'x-label': '联系电话' },
  },
};
/** The version before: 'fine' (还行) was a choice, and it asked 旧问题. */
const MOOD_V0 = {
  ...MOOD,
  properties: {
    feeling: { type: 'string', 'x-label': '最近两周的心情', enum: ['good', 'fine', 'bad'], 'x-enumLabels': ['很好', '还行', '较差'] },
    troubles: MOOD.properties.troubles,
    oldQ: { type: 'string', 'x-label': '旧问题', enum: ['y', 'n'], 'x-enumLabels': ['是', '否'] },
  },
};
const HEADERS = ['提交时间', '填写人', '填写人身份证号', '填写人手机号', '体检号', '最近两周的心情', '困扰您的事', '时长', '睡眠 · 备注', '工作 · 备注', '联系电话', '得分', '分级'];

const BOOKER = { openid: 'exp-booker', name: '吴导出', idCard: uniqueId(1, '19790203'), tel: '13911112222' };
const OTHER = { openid: 'exp-other', name: '郑取消', idCard: uniqueId(2, '19920808'), tel: '13933334444' };
let orderIds: string[] = [];
let day1 = '';
let day2 = '';

beforeAll(async () => {
  const dir = copyConfig();
  fs.writeFileSync(path.join(dir, 'schemas/forms/mood.json'), JSON.stringify(MOOD, null, 2));
  const appYaml = path.join(dir, 'flows/app.yaml');
  fs.writeFileSync(
    appYaml,
    fs.readFileSync(appYaml, 'utf8').replace(
      /^questionnaires:\n/m,
      'questionnaires:\n  mood:\n    title: 情绪自评\n    schema: forms/mood.json\n    owner: openid\n    scoring:\n      bands:\n        - { max: 1, label: 良好 }\n        - { max: 3, label: 轻度 }\n        - { max: 99, label: 需关注 }\n',
    ),
  );
  const loaded = loadFlowConfig(dir);
  expect(loaded.config.app.questionnaires?.mood?.scoring).toBeTruthy();
  t = await makeTestApp({}, { flowConfig: loaded.config });
  admin = await signIn(t.app);
  for (const [name, roles] of [['yunying', 'ops'], ['zhidu', 'readonly'], ['peizhi', 'config']] as const)
    expect((await admin.post('/api/studio/admins', { username: name, password: `${name}-password-2026`, roles: [roles] })).statusCode).toBe(201);
  ops = await signIn(t.app, 'yunying', 'yunying-password-2026');
  viewer = await signIn(t.app, 'zhidu', 'zhidu-password-2026');
  configOnly = await signIn(t.app, 'peizhi', 'peizhi-password-2026');

  // two bookings through the examinee's call; the second one cancelled
  day1 = addDays(t.today, 2);
  day2 = addDays(t.today, 4);
  for (const d of [day1, day2]) await setDay(t.db, 'P:person', d, [{ code: '01', total: 10 }]);
  for (const [p, d] of [[BOOKER, day1], [OTHER, day2]] as const) {
    const r = await t.call('PersonOrderAdd', personBody(d, { openid: p.openid, name: p.name, idCard: p.idCard, tel: p.tel }));
    expect(r.body.success, r.body.returnMsg).toBe(true);
  }
  orderIds = (await t.db.all<{ id: string }>(`SELECT id FROM orders WHERE openid IN ($1, $2) ORDER BY begin_time`, [BOOKER.openid, OTHER.openid])).map((r) => r.id);
  expect((await t.call('PersonOrderCancel', { id: orderIds[1], idCard: OTHER.idCard })).body.success).toBe(true);

  // the booker answers the scored questionnaire through the app's call
  const saved = await t.call('SaveQuestionnaire', {
    openId: BOOKER.openid,
    qid: 'mood',
    answers: JSON.stringify({ feeling: 'bad', troubles: ['睡眠', '工作'], sleep: { hours: '<6', note: '常失眠' }, contactPhone: '13800001234' }),
  });
  expect(saved.body.returnData).toMatchObject({ score: 5, scoreLabel: '需关注' });
  // an answer given in the version before (as a save then would have stored it)
  const v0 = schemaHash(MOOD_V0);
  await t.db.run(`INSERT INTO questionnaire_schema_versions (schema_id, hash, body, created_at) VALUES ('mood', $1, $2, $3)`, [v0, JSON.stringify(MOOD_V0), t.clock.now() - 86_400_000]);
  await t.db.run(
    `INSERT INTO questionnaire_answers (id, owner_kind, owner_key, kind, title, status, body, schema_id, schema_version, created_at, updated_at, score, score_label)
     VALUES ('qa-exp-old', 'openid', 'exp-old', 'mood', '情绪自评', 'completed', $1, 'mood', $2, $3, $3, 1, '良好')`,
    [JSON.stringify({ feeling: 'fine', troubles: ['家庭'], oldQ: 'y' }), v0, t.clock.now() - 3_600_000],
  );
}, 90_000);

afterAll(async () => {
  await t?.close();
  removeTmpDirs();
});

async function sheet(who: Admin, url: string): Promise<{ headers: unknown[]; rows: unknown[][]; numFmt: (col: number) => string | undefined; disposition: string }> {
  const r = await who.get(url);
  expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
  expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const all: unknown[][] = [];
  ws.eachRow((row) => all.push((row.values as unknown[]).slice(1)));
  return { headers: all[0], rows: all.slice(1), numFmt: (c) => ws.getRow(2).getCell(c).numFmt, disposition: String(r.headers['content-disposition']) };
}

const bookings = (from: string, to: string) => `/api/studio/exports/bookings.xlsx?from=${from}&to=${to}`;
const answers = (q: string, from: string, to: string) => `/api/studio/exports/answers.xlsx?questionnaire=${q}&from=${from}&to=${to}`;

describe('bookings.xlsx', () => {
  it('运营: one row per order in the range, every column in Chinese, full numbers, the amount a number', async () => {
    const s = await sheet(ops, bookings(t.today, addDays(t.today, 10)));
    expect(s.headers).toEqual([...BOOKING_EXPORT_HEADERS]);
    expect(s.disposition).toMatch(/^attachment; filename="bookings-.*\.xlsx"; filename\*=UTF-8''%E9%A2%84/);
    for (const r of s.rows) expect(String(r[6]) >= t.today && String(r[6]) <= addDays(t.today, 10)).toBe(true);
    const mine = s.rows.filter((r) => orderIds.includes(String(r[0])));
    const rows = await t.db.all<{ id: string; state: string; pay_flag: string; created_at: number | string; sumtime_name: string }>(`SELECT id, state, pay_flag, created_at, sumtime_name FROM orders WHERE id IN ($1, $2) ORDER BY begin_time`, orderIds);
    const stateLabel = (st: string) => ({ S: t.config.isUsePay ? '已预约（待支付）' : '已预约（现场缴费）', F: '预约成功', C: '已撤销' })[st];
    expect(mine).toEqual([
      [orderIds[0], BOOKER.name, BOOKER.idCard, BOOKER.tel, '健康体检', '入门通用体检套餐', day1, rows[0].sumtime_name, 199, stateLabel(rows[0].state), '待支付', '', centreDateTime(Number(rows[0].created_at))],
      [orderIds[1], OTHER.name, OTHER.idCard, OTHER.tel, '健康体检', '入门通用体检套餐', day2, rows[1].sumtime_name, 199, '已撤销', '待支付', '', centreDateTime(Number(rows[1].created_at))],
    ]);
    expect(rows[1].state).toBe('C');
    expect(s.numFmt(9)).toBe('0.00');
    // sorted by exam day
    const days = s.rows.map((r) => String(r[6]));
    expect([...days].sort()).toEqual(days);
  });

  it('只读 and 配置 get ID and phone masked; the range keeps out other days', async () => {
    for (const who of [viewer, configOnly]) {
      const s = await sheet(who, bookings(day1, day1));
      const mine = s.rows.filter((r) => orderIds.includes(String(r[0])));
      expect(mine).toHaveLength(1);
      expect(mine[0].slice(1, 4)).toEqual([BOOKER.name, maskIdCard(BOOKER.idCard), '139****2222']);
      for (const r of s.rows) {
        expect(String(r[2])).toMatch(/^\d{6}\*{8}[\dX]{4}$|^$/);
        expect(String(r[3])).toMatch(/^\d{3}\*{4}\d{4}$|^$/);
        expect(r[6]).toBe(day1);
      }
    }
  });

  it('an empty range is a file with the header row only', async () => {
    const s = await sheet(ops, bookings('2001-01-01', '2001-01-31'));
    expect(s.headers).toEqual([...BOOKING_EXPORT_HEADERS]);
    expect(s.rows).toEqual([]);
  });
});

describe('answers.xlsx', () => {
  it('lists the questionnaires that have answers (with counts and whether they score)', async () => {
    const r = await viewer.get('/api/studio/exports/questionnaires');
    expect(r.statusCode).toBe(200);
    const body = r.json() as ExportQuestionnairesRes;
    expect(body.fullNumbers).toBe(false);
    expect(body.questionnaires).toEqual([{ id: 'mood', title: '情绪自评', answers: 2, scored: true }]);
    expect(((await ops.get('/api/studio/exports/questionnaires')).json() as ExportQuestionnairesRes).fullNumbers).toBe(true);
  });

  it("运营: the schema's labels as headers in its order, choices by label, a multiple choice joined with '、', score and band, the old version's keys kept", async () => {
    const s = await sheet(ops, answers('mood', addDays(t.today, -1), t.today));
    expect(s.headers).toEqual([...HEADERS, ANSWER_EXPORT_EXTRA]);
    expect(s.disposition).toContain(encodeURIComponent('情绪自评'));
    expect(s.rows).toHaveLength(2);
    const [old, now] = s.rows;
    // the older answer: 'fine' read by its own version's label, the question since dropped in the last column
    expect(old.slice(1, 5)).toEqual(['', '', '', '']);
    expect(old.slice(5)).toEqual(['还行', '家庭', '', '', '', '', 1, '良好', '旧问题：是']);
    expect(now.slice(1, 5)).toEqual([BOOKER.name, BOOKER.idCard, BOOKER.tel, '']);
    expect(now.slice(5)).toEqual(['较差', '睡眠、工作', '<6', '常失眠', '', '13800001234', 5, '需关注', '']);
    expect(String(now[0])).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('只读: ID and phone masked, in the who columns and inside answers', async () => {
    const s = await sheet(viewer, answers('mood', addDays(t.today, -1), t.today));
    const now = s.rows[1];
    expect(now.slice(1, 4)).toEqual([BOOKER.name, maskIdCard(BOOKER.idCard), '139****2222']);
    expect(now[10]).toBe('138****1234');
  });

  it('a questionnaire without a scoring has no score columns; the occupational one: sections, lists, signature', async () => {
    const body = (await import('../../src/server/seed/questionnaires')).demoOccupationalAnswer(t.today, { name: '陈刚', idCard: BOOKER.idCard, tel: BOOKER.tel, company: '华兴', age: 40 });
    expect((await t.call('SaveGetQuestion', { openId: BOOKER.openid, occupationalDiseasesQs: JSON.stringify(body) })).body.success).toBe(true);
    const s = await sheet(ops, answers('occupational', t.today, t.today));
    expect(s.headers).not.toContain('得分');
    expect(s.headers.slice(5, 9)).toEqual(['单位', '体检日期', '姓名', '性别']);
    const col = (h: string) => s.rows[0][s.headers.indexOf(h)];
    expect(col('体检类别')).toBe('在岗期间');
    expect(col('工作经历')).toBe(`起止日期：2014-03-01，工作单位：华兴，车间：冲压车间，工种：冲压工，有害因素：噪声，防护措施：耳塞；起止日期：2018-07-01，工作单位：华兴，车间：焊装车间，工种：焊工，有害因素：电焊烟尘、噪声，防护措施：防尘口罩、耳罩`);
    expect(col('受检者签名')).toBe('已签名');
    expect(col('25. 耳鸣')).toBe('+');
    // 姓名 and 身份证号 of 基本信息 next to the who columns, 其他 once: every header unique
    expect(new Set(s.headers).size).toBe(s.headers.length);
  });

  it('the range and the questionnaire are checked', async () => {
    const cases: Array<[string, number, string]> = [
      [bookings(t.today, addDays(t.today, -1)), 400, '开始日期不能晚于结束日期'],
      [bookings('2025-01-01', '2026-01-02'), 400, '日期范围最多 366 天'],
      [bookings('2025-02-30', '2025-03-01'), 400, '请选择有效的开始日期'],
      [bookings(t.today, ''), 400, '请选择有效的结束日期'],
      [answers('', t.today, t.today), 400, '请选择问卷'],
      [answers('nosuch', t.today, t.today), 404, '没有这个问卷'],
      [answers('mood', '2025-01-01', '2026-01-02'), 400, '日期范围最多 366 天'],
    ];
    for (const [url, status, error] of cases) {
      const r = await viewer.get(url);
      expect(r.statusCode, url).toBe(status);
      expect(r.json()).toEqual({ error });
    }
    expect((await viewer.get(bookings('2025-01-01', '2026-01-01'))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: bookings(t.today, t.today) })).statusCode).toBe(401);
  });
});
