/**
 * Questionnaires as data: a centre's own questionnaire, declared in the
 * registry (flows/app.yaml `questionnaires`) with its form schema and score
 * bands, is stored, validated against its own schema (with its own messages),
 * scored, listed and served by id — no code for it; health and occupational
 * keep their spec calls.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConfig, formatErrors } from '../../src/engine/config/check';
import { registriesFor } from '../../src/server/config-registries';
import { makeTestApp, type TestApp } from './core-helpers';

const REPO = path.resolve(__dirname, '../..');
const OPENID = 'sleep-openid-1';
const dirs: string[] = [];

/** A sleep questionnaire: three scored questions (0–3 points each), one required with its own message. */
const SLEEP = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: '睡眠质量自评',
  type: 'object',
  properties: {
    fallAsleep: { type: 'string', 'x-label': '入睡困难', 'x-widget': 'radio', enum: ['从不', '偶尔', '经常', '总是'], 'x-score': { 从不: 0, 偶尔: 1, 经常: 2, 总是: 3 } },
    wakeUp: { type: 'string', 'x-label': '夜间易醒', 'x-widget': 'radio', enum: ['从不', '偶尔', '经常', '总是'], 'x-score': { 从不: 0, 偶尔: 1, 经常: 2, 总是: 3 } },
    daytime: { type: 'array', 'x-label': '白天的情况', 'x-widget': 'checkboxes', items: { type: 'string', enum: ['困倦', '乏力', '无'] }, 'x-score': { 困倦: 2, 乏力: 1, 无: 0 } },
    note: { type: 'string', 'x-label': '补充说明', maxLength: 50 },
  },
  required: ['fallAsleep'],
  errorMessage: { required: { fallAsleep: '请选择入睡情况' } },
};

let t: TestApp;
beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkup-qreg-'));
  dirs.push(dir);
  fs.cpSync(path.join(REPO, 'flows'), path.join(dir, 'flows'), { recursive: true });
  fs.cpSync(path.join(REPO, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'schemas/forms/sleep.json'), JSON.stringify(SLEEP, null, 2));
  fs.appendFileSync(
    path.join(dir, 'flows/app.yaml'),
    ['  sleep:', '    title: 睡眠质量自评', '    schema: forms/sleep.json', '    owner: openid', '    listed: true', '    scoring:', '      bands:', '        - { max: 2, label: 良好 }', '        - { max: 5, label: 一般 }', '        - { max: 8, label: 较差 }', ''].join('\n'),
  );
  // The admin rewords one of the server's answers (flows/messages.yaml `server`).
  const msgs = path.join(dir, 'flows/messages.yaml');
  fs.writeFileSync(msgs, fs.readFileSync(msgs, 'utf8').replace('    nothing: 问卷内容不能为空', '    nothing: 请先作答再提交'));
  const { config, errors } = await checkConfig(dir, registriesFor(dir));
  expect(formatErrors(errors)).toBe('');
  t = await makeTestApp({}, { flowConfig: config });
});
afterAll(async () => {
  await t?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe("a centre's own questionnaire", () => {
  it('is listed as 待填写 before it is answered', async () => {
    const r = await t.call('GetQuestionList', { openId: OPENID });
    expect(r.body.returnData).toEqual([expect.objectContaining({ id: '', kind: 'sleep', title: '睡眠质量自评', status: 'pending' })]);
    const empty = await t.call('GetQuestionnaire', { openId: OPENID, qid: 'sleep' });
    expect(empty.body.returnData).toMatchObject({ id: '', body: '', status: 'pending', score: null });
  });

  it("is validated against its own schema, with its own message", async () => {
    const r = await t.call('SaveQuestionnaire', { openId: OPENID, qid: 'sleep', answers: JSON.stringify({ wakeUp: '偶尔' }) });
    expect(r.body).toMatchObject({ success: false, returnMsg: '请选择入睡情况' });
    const bad = await t.call('SaveQuestionnaire', { openId: OPENID, qid: 'sleep', answers: JSON.stringify({ fallAsleep: '天天' }) });
    expect(bad.body.success).toBe(false);
    expect(await t.db.all(`SELECT id FROM questionnaire_answers WHERE owner_key = $1`, [OPENID])).toEqual([]);
    // an id the registry does not have
    expect((await t.call('SaveQuestionnaire', { openId: OPENID, qid: 'nope', answers: '{}' })).body).toMatchObject({ success: false, returnMsg: '问卷不存在' });
  });

  it('is saved with its score and band, listed, served by id and re-scored on a new answer', async () => {
    const r = await t.call('SaveQuestionnaire', { openId: OPENID, qid: 'sleep', answers: JSON.stringify({ fallAsleep: '经常', wakeUp: '偶尔', daytime: ['困倦', '乏力'] }) });
    expect(r.body).toMatchObject({ success: true, returnData: { score: 6, scoreLabel: '较差' } });
    const row = await t.db.one<{ kind: string; title: string; score: number; score_label: string; schema_id: string }>(
      `SELECT kind, title, score, score_label, schema_id FROM questionnaire_answers WHERE owner_key = $1`,
      [OPENID],
    );
    expect(row).toMatchObject({ kind: 'sleep', title: '睡眠质量自评', score: 6, score_label: '较差', schema_id: 'sleep' });
    const list = (await t.call('GetQuestionList', { openId: OPENID })).body.returnData as Array<{ id: string; kind: string; status: string }>;
    expect(list).toEqual([expect.objectContaining({ kind: 'sleep', status: 'completed', id: r.body.returnData.id })]);
    const view = await t.call('GetQuestionById', { openId: OPENID, id: r.body.returnData.id });
    expect(view.body.returnData).toMatchObject({ kind: 'sleep', score: 6, scoreLabel: '较差', schemaPath: expect.stringMatching(/^versions\/sleep@[0-9a-f]{16}\.json$/) });
    const again = await t.call('SaveQuestionnaire', { openId: OPENID, qid: 'sleep', answers: JSON.stringify({ fallAsleep: '从不', daytime: ['无'] }) });
    expect(again.body.returnData).toMatchObject({ score: 0, scoreLabel: '良好', id: r.body.returnData.id });
    expect((await t.call('GetQuestionnaire', { openId: OPENID, qid: 'sleep' })).body.returnData).toMatchObject({ score: 0, scoreLabel: '良好', status: 'completed' });
  });

  it("answers with the server text the config gives (flows/messages.yaml server)", async () => {
    const r = await t.call('SaveGetQuestion', { openId: OPENID });
    expect(r.body).toMatchObject({ success: false, returnMsg: '请先作答再提交' });
  });

  it('health keeps its spec call, through the same registry', async () => {
    const r = await t.call('SaveGetQuestion', { openId: OPENID, ordinaryQs: JSON.stringify({ company: 'x' }) });
    expect(r.body).toMatchObject({ success: false, returnMsg: '请完整填写问卷信息' });
  });
});
