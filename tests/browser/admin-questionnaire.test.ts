/**
 * The centre's admin at work, on a copy of the config and a running server that
 * is never restarted:
 * 1. adds a questionnaire written for this test (11 questions, one asked only
 *    after a 是, two required with their own messages, a score with bands), its
 *    registry entry, its step and a home tile — an examinee whose app was
 *    already open gets it on the next step, fills it, meets the custom
 *    messages, saves it, reads the score, finds it in 我的问卷 and opens it in
 *    view mode;
 * 2. edits a message and a branch — the open app follows on its next step;
 * 3. breaks a file — the app keeps working on the last good config.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyConfig, editConfigFile, startApp, type RunningApp } from './helpers/app';
import { clickText, hashPath, openPhone, screenshot, waitText, type Phone } from './helpers/phone';

const SCORE4 = { 从不: 0, 偶尔: 1, 经常: 2, 总是: 3 };
const radio4 = (label: string) => ({ type: 'string', 'x-label': label, 'x-widget': 'radio', enum: ['从不', '偶尔', '经常', '总是'], 'x-score': SCORE4 });
const SLEEP = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: '睡眠质量自评',
  type: 'object',
  properties: {
    fallAsleep: radio4('1. 入睡困难'),
    wakeUp: radio4('2. 夜间易醒'),
    earlyWake: radio4('3. 早醒'),
    dreams: radio4('4. 多梦'),
    sleepHours: { type: 'string', 'x-label': '5. 每晚睡眠时长', 'x-widget': 'radio', enum: ['7小时以上', '6-7小时', '5-6小时', '不足5小时'], 'x-score': { '7小时以上': 0, '6-7小时': 1, '5-6小时': 2, 不足5小时: 3 } },
    pills: { type: 'string', 'x-label': '6. 服用助眠药物', 'x-widget': 'radio', enum: ['否', '是'], 'x-score': { 否: 0, 是: 2 } },
    pillName: { type: 'string', 'x-label': '7. 药物名称', 'x-placeholder': '请填写药物名称', maxLength: 30, 'x-visibleIf': "form.pills == '是'" },
    daytime: { type: 'array', 'x-label': '8. 白天的情况', 'x-widget': 'checkboxes', items: { type: 'string', enum: ['困倦', '乏力', '注意力不集中', '无'] }, 'x-score': { 困倦: 1, 乏力: 1, 注意力不集中: 1, 无: 0 } },
    snore: { type: 'string', 'x-label': '9. 打鼾', 'x-widget': 'radio', enum: ['否', '是'], 'x-score': { 否: 0, 是: 1 } },
    caffeine: { type: 'string', 'x-label': '10. 下午饮咖啡或浓茶', 'x-widget': 'radio', enum: ['否', '是'] },
    note: { type: 'string', 'x-label': '11. 补充说明', 'x-widget': 'textarea', maxLength: 100 },
  },
  required: ['fallAsleep', 'wakeUp'],
  errorMessage: { required: { fallAsleep: '请选择入睡困难的情况', wakeUp: '请选择夜间易醒的情况' } },
};

const SLEEP_FLOW = `# yaml-language-server: $schema=../schemas/meta/editor/flow.schema.json
flow: sleep
title: 睡眠自评
steps:
  SleepQuestionnaire:
    route: /SleepQuestionnaire
    auth: true
    title: 睡眠质量自评
    screen: form
    form:
      schema: "=query.mode == 'view' ? (data.answer ? coalesce(data.answer.schemaPath, 'forms/sleep.json') : '') : 'forms/sleep.json'"
      choices: [ forms/sleep.json ]
      archived: true
      draft: sleepQuestionnaire
      readOnlyIf: "query.mode == 'view'"
    load:
      - if: "query.mode == 'view'"
        then:
          - call: GetQuestionById
            body: { openId: "=session.openid", id: "=query.id" }
            keep: data.answer
            onFail: [ { toast: questionnaireLoadFailed }, { stop: true } ]
            onError: [ { toast: questionnaireLoadFailed }, { stop: true } ]
          - set: { form: "=parseJson(data.answer.body)" }
    props:
      submitText: "=query.mode == 'view' ? '返回' : '提交'"
      submitEvent: submit
      summary:
        rows:
          - { label: 得分, value: "=data.answer ? data.answer.score + ' 分：' + data.answer.scoreLabel : ''", visibleIf: "=query.mode == 'view' && !!data.answer" }
    on:
      submit:
        - if: "query.mode == 'view'"
          then: [ { back: 1 }, { stop: true } ]
        - validate: true
          show: alert
        - call: SaveQuestionnaire
          body: { openId: "=session.openid", qid: sleep, answers: "=toJson(form)" }
          keep: data.saved
          onFail: [ { toast: questionnaireSaveFailed }, { stop: true } ]
          onError: [ { toast: questionnaireSaveFailed }, { stop: true } ]
        - invoke: clearDraft
          params: { key: sleepQuestionnaire }
        - alert: sleepScore
          params: { score: "=data.saved.score", band: "=data.saved.scoreLabel" }
        - go: MyQuestionnaire
`;

let dir = '';
let app: RunningApp;
let phone: Phone;
beforeAll(async () => {
  dir = copyConfig('checkup-admin-');
  app = await startApp({ configDir: dir });
  phone = await openPhone(app.baseUrl);
}, 120_000);
afterAll(async () => {
  await phone?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const file = (rel: string) => path.join(dir, rel);

/** The server serves a config whose steps satisfy `ok` (the live reload happened). */
async function served(ok: (cfg: { steps: Record<string, unknown>; messages: Record<string, string> }) => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const cfg = (await (await fetch(`${app.serverUrl}/app-config.json`)).json()) as { steps: Record<string, unknown>; messages: Record<string, string> };
    if (ok(cfg)) return;
    if (Date.now() > end) throw new Error(`config not reloaded:\n${app.logs()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The alert's text, closed with 确定. */
async function alertText(): Promise<string> {
  const dialog = phone.page.locator('.adm-dialog-content');
  await dialog.waitFor({ state: 'visible', timeout: 10_000 });
  const text = (await dialog.innerText()).trim();
  await phone.page.locator('.adm-dialog').getByText('确定', { exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  return text;
}

const pick = (field: string, option: string) => phone.page.locator(`#f-SleepQuestionnaire-${field}`).getByText(option, { exact: true }).click();

describe('the admin changes the config of a running server; an open app follows', () => {
  it('a new scored questionnaire with its home tile: filled, scored, listed and viewed', async () => {
    const { page } = phone;
    await page.goto('/');
    await waitText(page, '选择院区', 30_000);
    await page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
    await waitText(page, '个人体检');

    // The admin adds the questionnaire: its form, the registry entry, its step, a message, a home tile, a 我的问卷 branch.
    fs.writeFileSync(file('schemas/forms/sleep.json'), JSON.stringify(SLEEP, null, 2));
    editConfigFile(file('flows/messages.yaml'), 'messages:\n', 'messages:\n  sleepScore: 您的睡眠得分 {score} 分：{band}\n');
    fs.writeFileSync(file('flows/sleep.yaml'), SLEEP_FLOW);
    fs.appendFileSync(
      file('flows/app.yaml'),
      ['  sleep:', '    title: 睡眠质量自评', '    schema: forms/sleep.json', '    owner: openid', '    listed: true', '    scoring:', '      bands:', '        - { max: 4, label: 良好 }', '        - { max: 9, label: 一般 }', '        - { max: 15, label: 较差 }', '        - { max: 30, label: 很差 }', ''].join('\n'),
    );
    editConfigFile(
      file('flows/questionnaires.yaml'),
      "            - when: \"event.item.kind == 'occupational'\"",
      "            - when: \"event.item.kind == 'sleep'\"\n              do: [ { go: SleepQuestionnaire, query: { id: \"=event.item.id\", mode: \"=event.item.id ? 'view' : ''\" } } ]\n            - when: \"event.item.kind == 'occupational'\"",
    );
    editConfigFile(file('flows/home.yaml'), '        - { text: 体检须知, icon: notice, event: notice }\n', '        - { text: 体检须知, icon: notice, event: notice }\n        - { text: 睡眠自评, icon: notice, event: sleep }\n');
    editConfigFile(file('flows/home.yaml'), '      notice: [ { go: Notice } ]\n', '      notice: [ { go: Notice } ]\n      sleep: [ { go: SleepQuestionnaire } ]\n');
    await served((c) => 'SleepQuestionnaire' in c.steps);

    // The examinee's open app: the next step's answer names the new version; the step after starts on it.
    await clickText(page, '体检须知');
    await waitText(page, '空腹要求', 20_000); // the notice's answer has come (with the server's new version)
    await page.goBack();
    await waitText(page, '睡眠自评', 20_000);
    await clickText(page, '睡眠自评');
    await waitText(page, '1. 入睡困难');
    expect(hashPath(page)).toBe('/SleepQuestionnaire');

    // Its own messages, in order; nothing stored.
    await clickText(page, '提交');
    expect(await alertText()).toBe('请选择入睡困难的情况');
    await pick('fallAsleep', '经常');
    await clickText(page, '提交');
    expect(await alertText()).toBe('请选择夜间易醒的情况');
    expect(app.sql(`SELECT id FROM questionnaire_answers WHERE kind = 'sleep'`)).toEqual([]);

    // The conditional question shows after 是.
    expect(await page.locator('#f-SleepQuestionnaire-pillName').count()).toBe(0);
    await pick('wakeUp', '偶尔');
    await pick('pills', '是');
    await page.locator('#f-SleepQuestionnaire-pillName').fill('褪黑素');
    await pick('sleepHours', '5-6小时');
    await page.locator('#f-SleepQuestionnaire-daytime').getByText('困倦', { exact: true }).click();
    await page.locator('#f-SleepQuestionnaire-daytime').getByText('乏力', { exact: true }).click();
    await pick('snore', '是');
    await screenshot(page, 'admin-questionnaire-filled');
    await clickText(page, '提交');
    // 经常 2 + 偶尔 1 + 是 2 + 5-6小时 2 + 困倦 1 + 乏力 1 + 打鼾 1 = 10 → 较差
    expect(await alertText()).toBe('您的睡眠得分 10 分：较差');
    const [row] = app.sql<{ score: number; score_label: string; body: string }>(`SELECT score, score_label, body FROM questionnaire_answers WHERE kind = 'sleep'`);
    expect(row).toMatchObject({ score: 10, score_label: '较差' });
    expect(JSON.parse(row!.body)).toMatchObject({ fallAsleep: '经常', pillName: '褪黑素', daytime: ['困倦', '乏力'] });

    // 我的问卷 lists it; it opens in view mode with its score.
    await waitText(page, '睡眠质量自评', 20_000);
    expect(hashPath(page)).toBe('/MyQuestionnaire');
    await clickText(page, '睡眠质量自评');
    await waitText(page, '10 分：较差', 20_000);
    expect(hashPath(page)).toMatch(/^\/SleepQuestionnaire\?id=[\w-]+&mode=view$/);
    await screenshot(page, 'admin-questionnaire-view');
  }, 180_000);

  it('a message and a branch edited: the open app follows on its next step', async () => {
    const { page } = phone;
    editConfigFile(file('flows/messages.yaml'), 'takeQuestionnaire: 是否先填写健康问卷？', 'takeQuestionnaire: 先做个健康小问卷吗？');
    editConfigFile(file('flows/home.yaml'), '- do: [ { go: PersonIndex } ]', '- do: [ { go: VehicleIndex } ]');
    await served((c) => c.messages.takeQuestionnaire === '先做个健康小问卷吗？');
    // back to the list (its call names the new version), then back through the form to home: the new config from there on
    const v2 = (await fetch(`${app.serverUrl}/app-config.json`, { method: 'HEAD' })).headers.get('x-config-version');
    await page.goBack();
    await waitText(page, '睡眠质量自评');
    // That step change asked the server and reloads the page on the new config (the page carries it): a back
    // pressed during the reload would be lost, so the person waits for the list to be back.
    await page.waitForFunction((v) => JSON.parse(document.getElementById('cf-boot')?.textContent ?? '{}').version === v, v2, { timeout: 20_000 });
    await waitText(page, '睡眠质量自评');
    await page.goBack();
    await waitText(page, '1. 入睡困难', 20_000);
    await page.goBack();
    await waitText(page, '个人体检', 20_000);
    await clickText(page, '个人体检');
    await clickText(page, '已婚');
    await clickText(page, '健康体检');
    const dialog = page.locator('.adm-dialog-content');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    expect((await dialog.innerText()).trim()).toBe('先做个健康小问卷吗？');
    await clickText(page, '直接预约');
    await waitText(page, '驾驶证体检');
    expect(hashPath(page).split('?')[0]).toBe('/VehicleIndex');
  }, 120_000);

  it('a broken file: the app keeps working on the last good config', async () => {
    const { page } = phone;
    const before = (await fetch(`${app.serverUrl}/app-config.json`)).headers.get('x-config-version');
    editConfigFile(file('flows/home.yaml'), '        - { text: 睡眠自评, icon: notice, event: sleep }\n', '        - { text: 睡眠自评, icon: notice, event: slep }\n');
    await expect.poll(() => app.logs(), { timeout: 20_000 }).toMatch(/config NOT reloaded/);
    expect(app.logs()).toMatch(/flows\/home\.yaml:\d+:\d+ {2}.*事件 "slep" 在 "on" 里没有处理/);
    expect((await fetch(`${app.serverUrl}/app-config.json`)).headers.get('x-config-version')).toBe(before);
    await page.goto('/#/Index');
    await waitText(page, '睡眠自评', 20_000);
    await clickText(page, '睡眠自评');
    await waitText(page, '1. 入睡困难');
  }, 120_000);
});
