/**
 * A new scored questionnaire made in the admin studio (/studio/), end to end,
 * on one running server that is never restarted:
 * 1. the admin signs in and, in 问卷设计, builds a 6-question questionnaire
 *    without typing JSON (single choices whose options carry points, a
 *    multiple choice, a text question, one required question with its own
 *    message, scoring bands): the builder writes the schema file and its
 *    registry entry (flows/app.yaml `questionnaires`);
 * 2. in the builder's 在手机上 panel the admin generates its page (a new
 *    flow file with its score message), adds its home tile and its branch
 *    in 我的问卷, each in one click, then publishes (no problems);
 * 3. an examinee's phone (another browser, open since before the publish)
 *    gets the tile on its next step, meets the required message, fills the
 *    six questions and saves: it reads its score, and the database holds the
 *    answer with that score; 我的问卷 opens the saved answer read-only;
 * 4. the admin restores the version before the publish: the phone's next
 *    step has no tile any more.
 */
import fs from 'node:fs';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_ADMIN, editorLine, findEditorLine, openStudioDesk, openStudioFile, signInStudio, type StudioDesk } from './helpers/studio';
import { copyConfig, startApp, type RunningApp } from './helpers/app';
import { clickText, hashPath, openPhone, screenshot, waitText, type Phone } from './helpers/phone';

const ADMIN = STUDIO_ADMIN;
const NOTE = '新增压力自评问卷和首页入口';
const TILE = '压力自评';

/** The schema the builder must write (what a person would write by hand). */
const STRESS_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: '压力自评',
  type: 'object',
  properties: {
    tired: { 'x-label': '1. 常感到疲惫', type: 'string', 'x-widget': 'radio', enum: ['经常', '偶尔', '从不'], 'x-score': { 经常: 2, 偶尔: 1, 从不: 0 } },
    sleep: { 'x-label': '2. 睡眠不好', type: 'string', 'x-widget': 'radio', enum: ['是', '否'], 'x-score': { 是: 2, 否: 0 } },
    irritable: { 'x-label': '3. 容易烦躁', type: 'string', 'x-widget': 'radio', enum: ['是', '否'], 'x-score': { 是: 1, 否: 0 } },
    hours: { 'x-label': '4. 每天工作时长', type: 'string', 'x-widget': 'radio', enum: ['8小时以内', '8-10小时', '10小时以上'], 'x-score': { '8小时以内': 0, '8-10小时': 1, '10小时以上': 2 } },
    sources: { 'x-label': '5. 压力来源', type: 'array', 'x-widget': 'checkboxes', items: { type: 'string', enum: ['工作', '家庭', '健康'] }, uniqueItems: true, 'x-score': { 工作: 1, 家庭: 1, 健康: 1 } },
    note: { 'x-label': '6. 补充说明', type: 'string' },
  },
  required: ['tired'],
  errorMessage: { required: { tired: '请选择是否常感到疲惫' } },
};

let dir = '';
let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let phone: Phone;
let problems: string[] = [];
let desk: StudioDesk;

beforeAll(async () => {
  dir = copyConfig('checkup-studio-q-');
  app = await startApp({ configDir: dir });
  desk = await openStudioDesk(app.serverUrl);
  ({ browser, context, page } = desk);
  problems = desk.problems;
}, 240_000);

afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const chip = () => page.getByTestId('check-chip');
const line = (re: RegExp) => editorLine(page, re);

const findLine = (re: RegExp) => findEditorLine(page, re);

/** Opens a file in the editor and types `text` at the end of the line matching `after` (as typed: no auto-indent). */
async function insertAfter(file: string, after: RegExp, text: string): Promise<void> {
  await openStudioFile(page, file);
  await (await findLine(after)).click();
  await page.keyboard.press('End');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape'); // a completion popup, if any
}

/** The served config (what phones get). */
async function servedSteps(): Promise<string[]> {
  const cfg = (await (await fetch(`${app.serverUrl}/app-config.json`)).json()) as { steps: Record<string, unknown> };
  return Object.keys(cfg.steps);
}

/** The phone's alert text, closed with 确定. */
async function alertText(): Promise<string> {
  const dialog = phone.page.locator('.adm-dialog-content');
  await dialog.waitFor({ state: 'visible', timeout: 15_000 });
  const text = (await dialog.innerText()).trim();
  await phone.page.locator('.adm-dialog').getByText('确定', { exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  return text;
}

/**
 * The phone takes its next step (体检须知, whose answer names the server's
 * config version) and comes back home; the home tiles it then shows.
 */
async function homeTilesAfterNextStep(): Promise<string> {
  const p = phone.page;
  await clickText(p, '体检须知');
  await waitText(p, '空腹要求', 20_000);
  await p.goBack();
  await waitText(p, '个人体检', 20_000);
  return p.locator('body').innerText();
}

const pick = (field: string, option: string) => phone.page.locator(`#f-StressQuestionnaire-${field}`).getByText(option, { exact: true }).click();

describe('a questionnaire built in the studio reaches an open phone, and a restore takes it away', () => {
  it('the admin builds a new 6-question scored questionnaire in 问卷设计, without JSON', async () => {
    await signInStudio(page);
    expect(await page.locator('.st-live').innerText()).toMatch(/线上版本 #1/);

    await page.getByRole('button', { name: '问卷设计' }).click();
    await page.getByPlaceholder('例如 sleep').fill('stress');
    await page.getByPlaceholder('例如 睡眠质量自评').fill('压力自评');
    await page.getByRole('button', { name: '创建' }).click();
    await page.getByRole('button', { name: '添加第一道题' }).click();

    const q = (i: number) => page.locator('.st-question').nth(i);
    /** Fills question i: its text, field name and (for choices) options with points, adding options as needed. */
    async function fillQuestion(i: number, label: string, key: string, options: Array<[string, number]> = []): Promise<void> {
      await q(i).getByLabel('题目', { exact: true }).fill(label);
      await q(i).getByLabel('字段名').fill(key);
      for (let o = 0; o < options.length; o++) {
        if ((await q(i).getByLabel(`选项 ${o + 1}`, { exact: true }).count()) === 0) await q(i).getByRole('button', { name: '添加选项' }).click();
        await q(i).getByLabel(`选项 ${o + 1}`, { exact: true }).fill(options[o][0]);
        await q(i).getByLabel(`选项 ${o + 1} 的分数`).fill(String(options[o][1]));
      }
    }
    async function add(type: string): Promise<void> {
      await page.getByLabel('新题目的题型').selectOption(type);
      await page.getByRole('button', { name: '添加题目' }).click();
    }

    await fillQuestion(0, '1. 常感到疲惫', 'tired', [['经常', 2], ['偶尔', 1], ['从不', 0]]);
    await q(0).getByText('必填', { exact: true }).click();
    await q(0).getByLabel('必填提示').fill('请选择是否常感到疲惫');
    await add('single');
    await fillQuestion(1, '2. 睡眠不好', 'sleep', [['是', 2], ['否', 0]]);
    await add('single');
    await fillQuestion(2, '3. 容易烦躁', 'irritable', [['是', 1], ['否', 0]]);
    await add('single');
    await fillQuestion(3, '4. 每天工作时长', 'hours', [['8小时以内', 0], ['8-10小时', 1], ['10小时以上', 2]]);
    await add('multiple');
    await fillQuestion(4, '5. 压力来源', 'sources', [['工作', 1], ['家庭', 1], ['健康', 1]]);
    await add('text');
    await fillQuestion(5, '6. 补充说明', 'note');
    expect(await page.locator('.st-question').count()).toBe(6);

    // scoring bands (the builder shows the reachable range: 0–10)
    await expect.poll(() => page.locator('.st-registry').innerText()).toContain('当前题目可得 0–10 分');
    for (const [i, max, label] of [[1, 3, '轻松'], [2, 6, '中等'], [3, 10, '较大']] as const) {
      await page.getByRole('button', { name: '添加计分段' }).click();
      await page.getByLabel(`第 ${i} 段最高分`).fill(String(max));
      await page.getByLabel(`第 ${i} 段结论`).fill(label);
    }
    // each band says where it starts (the lowest total, or just above the band before)
    expect(await page.locator('.st-band-range').allInnerTexts()).toEqual(['0 分起', '高于 3 分', '高于 6 分']);
    await expect.poll(() => chip().innerText(), { timeout: 30_000 }).toBe('检查通过');
    expect(await page.locator('.st-builder-main [role="alert"]').count()).toBe(0); // the builder's own problems
    await screenshot(page, 'studio-questionnaire-builder');

    await page.waitForTimeout(400); // the draft is saved 250 ms after the last change
    const files = await page.evaluate(() => (JSON.parse(localStorage.getItem('checkup-studio:draft:admin')!) as { files: Record<string, string> }).files);
    expect(JSON.parse(files['schemas/forms/stress.json'])).toEqual(STRESS_SCHEMA);
    expect(files['flows/app.yaml']).toContain(
      ['  stress:', '    title: 压力自评', '    schema: forms/stress.json', '    owner: openid', '    listed: true', '    scoring:', '      bands:', '        - { max: 3, label: 轻松 }', '        - { max: 6, label: 中等 }', '        - { max: 10, label: 较大 }'].join(
        '\n',
      ),
    );
  }, 180_000);

  it('the admin gives it a page, a home tile and its 我的问卷 branch in the builder and publishes; an open phone gets the tile on its next step', async () => {
    // the examinee's phone is open on the home page before the publish
    phone = await openPhone(app.baseUrl);
    await phone.page.goto('/');
    await waitText(phone.page, '选择院区', 30_000);
    await phone.page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
    await waitText(phone.page, '个人体检', 20_000);
    expect(await phone.page.getByText(TILE, { exact: true }).count()).toBe(0);

    // 在手机上: nothing yet; the tile and the branch wait for the page
    const panel = page.getByLabel('在手机上');
    const part = (name: string) => panel.locator(`[data-part="${name}"]`);
    for (const name of ['page', 'tile', 'list']) expect(await part(name).locator('.st-chip').innerText()).toBe('还没有');
    expect(await part('tile').innerText()).toContain('先生成填写页面');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'studio-questionnaire-wiring-missing');
    await panel.getByRole('button', { name: '生成填写页面' }).click();
    await expect.poll(() => part('page').innerText()).toContain('StressQuestionnaire（flows/stress.yaml）');
    await panel.getByLabel('入口文字').fill(TILE);
    await panel.getByLabel('入口图标').selectOption('report');
    await panel.getByRole('button', { name: '添加首页入口' }).click();
    await panel.getByRole('button', { name: '加入“我的问卷”' }).click();
    for (const name of ['page', 'tile', 'list']) await expect.poll(() => part(name).locator('.st-chip').innerText()).toBe('已有');
    expect(await part('tile').innerText()).toContain(`“${TILE}”`);
    await expect.poll(() => chip().innerText(), { timeout: 30_000 }).toBe('检查通过');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'studio-questionnaire-wiring');
    if (process.env.STUDIO_DOC_SHOTS === '1') await page.screenshot({ path: 'docs/img/studio/14-builder-phone.png' });
    await page.waitForTimeout(400); // the draft is saved 250 ms after the last change
    const files = await page.evaluate(() => (JSON.parse(localStorage.getItem('checkup-studio:draft:admin')!) as { files: Record<string, string> }).files);
    expect(files['flows/home.yaml']).toContain(`        - { text: ${TILE}, icon: report, event: stress }`);
    expect(files['flows/home.yaml']).toContain('      stress: [ { go: StressQuestionnaire } ]');
    expect(files['flows/questionnaires.yaml']).toContain(`- when: "event.item.kind == 'stress'"`);
    expect(files['flows/messages.yaml']).toContain('  stressScore: 压力自评得分 {score} 分：{band}');

    // publish
    await page.getByRole('button', { name: '预览并发布' }).click();
    await page.getByLabel('修改说明（会记在版本记录里）').fill(NOTE);
    const publish = page.getByTestId('publish-button');
    await expect.poll(() => publish.isDisabled(), { timeout: 30_000 }).toBe(false);
    const changed = (await page.locator('.st-changes li').allInnerTexts()).join('\n');
    for (const f of ['flows/app.yaml', 'flows/home.yaml', 'flows/messages.yaml', 'flows/stress.yaml', 'schemas/forms/stress.json']) expect(changed).toContain(f);
    await screenshot(page, 'studio-questionnaire-publish');
    await publish.click();
    await expect.poll(() => page.locator('.st-banner-success').innerText(), { timeout: 20_000 }).toMatch(/已发布版本 #2/);
    const versions = app.sql<{ id: number; author: string; note: string; source: string }>(`SELECT id, author, note, source FROM studio_versions ORDER BY id`);
    expect(versions.map((r) => [r.id, r.author, r.note, r.source])).toEqual([
      [1, 'files', expect.any(String), 'files'],
      [2, ADMIN, NOTE, 'publish'],
    ]);
    expect(await servedSteps()).toContain('StressQuestionnaire');

    // the phone that was open all along: its next step runs on the new config
    await expect.poll(homeTilesAfterNextStep, { timeout: 60_000, interval: 500 }).toContain(TILE);
    await screenshot(phone.page, 'studio-questionnaire-phone-home');
  }, 240_000);

  it('the examinee fills the six questions and saves: the score is shown and stored', async () => {
    const p = phone.page;
    await clickText(p, TILE);
    await waitText(p, '1. 常感到疲惫', 20_000);
    expect(hashPath(p)).toBe('/StressQuestionnaire');
    for (const label of ['2. 睡眠不好', '3. 容易烦躁', '4. 每天工作时长', '5. 压力来源', '6. 补充说明']) await waitText(p, label);

    // the required question's own message; nothing stored
    await clickText(p, '提交');
    expect(await alertText()).toBe('请选择是否常感到疲惫');
    expect(app.sql(`SELECT id FROM questionnaire_answers WHERE kind = 'stress'`)).toEqual([]);

    await pick('tired', '经常');
    await pick('sleep', '是');
    await pick('irritable', '否');
    await pick('hours', '8-10小时');
    await p.locator('#f-StressQuestionnaire-sources').getByText('工作', { exact: true }).click();
    await p.locator('#f-StressQuestionnaire-sources').getByText('家庭', { exact: true }).click();
    await p.locator('#f-StressQuestionnaire-note input, #f-StressQuestionnaire-note textarea, input#f-StressQuestionnaire-note').first().fill('最近加班多');
    await screenshot(p, 'studio-questionnaire-phone-filled');
    // the generated page on a small phone: nothing wider than the screen
    await p.setViewportSize({ width: 320, height: 568 });
    expect(await p.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(p, 'studio-questionnaire-phone-filled-320');
    await p.setViewportSize({ width: 375, height: 667 });
    await clickText(p, '提交');
    // 经常 2 + 是 2 + 否 0 + 8-10小时 1 + 工作 1 + 家庭 1 = 7 → 较大 (bands: ≤3 轻松, ≤6 中等, ≤10 较大)
    const dialog = p.locator('.adm-dialog-content');
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    await p.waitForTimeout(500); // the dialog's fade-in, for the screenshot
    await screenshot(p, 'studio-questionnaire-phone-score');
    expect(await alertText()).toBe('压力自评得分 7 分：较大');

    const rows = app.sql<{ score: number; score_label: string; body: string }>(`SELECT score, score_label, body FROM questionnaire_answers WHERE kind = 'stress'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ score: 7, score_label: '较大' });
    expect(JSON.parse(rows[0].body)).toMatchObject({ tired: '经常', sleep: '是', irritable: '否', hours: '8-10小时', sources: ['工作', '家庭'], note: '最近加班多' });
    await waitText(p, '个人体检', 20_000); // back home (go: Index)

    // 我的问卷 → the answer read back: its score and conclusion above the read-only answers
    await p.evaluate(() => (location.hash = '#/MyQuestionnaire'));
    await waitText(p, '已完成', 20_000);
    await clickText(p, '压力自评');
    await waitText(p, '结论', 20_000);
    expect(hashPath(p)).toMatch(/^\/StressQuestionnaire\?.*mode=view/);
    const text = await p.locator('body').innerText();
    expect(text).toContain('7 分');
    expect(text).toContain('较大');
    await screenshot(p, 'studio-questionnaire-phone-view');

    // 我的问卷: the saved answer opens read-only on the same page (its branch)
    await p.goto(`${app.baseUrl}/#/MyQuestionnaire`);
    await p.reload();
    await waitText(p, TILE, 20_000);
    expect(await p.locator('body').innerText()).toContain('已完成');
    await clickText(p, TILE);
    await p.waitForFunction(() => location.hash.includes('mode=view'), undefined, { timeout: 10_000 });
    expect(hashPath(p).split('?')[0]).toBe('/StressQuestionnaire');
    await waitText(p, '最近加班多', 15_000);
    for (const [key, shown] of [['tired', '经常'], ['hours', '8-10小时'], ['note', '最近加班多']]) expect(await p.locator(`#f-StressQuestionnaire-${key}`).innerText(), key).toContain(shown);
    expect(await p.locator('input:visible:not([disabled]), textarea:visible:not([disabled])').count(), 'view mode: nothing editable').toBe(0);
    await screenshot(p, 'studio-questionnaire-phone-view');
    await clickText(p, '返回'); // view mode's button goes back
    await waitText(p, '我的问卷', 15_000);
    expect(hashPath(p).split('?')[0]).toBe('/MyQuestionnaire');
    await p.goto(`${app.baseUrl}/#/Index`);
    await p.reload();
    await waitText(p, '个人体检', 20_000);
  }, 180_000);

  it('restoring the version before the publish takes the tile away on the next step', async () => {
    await page.getByRole('button', { name: '版本与导出' }).click();
    const row1 = page.locator('tr[data-version="1"]');
    await row1.waitFor({ timeout: 10_000 });
    await row1.getByRole('button', { name: '恢复此版本' }).click();
    await row1.getByRole('button', { name: '确认恢复' }).click();
    await expect.poll(() => page.locator('.st-banner-success').innerText(), { timeout: 20_000 }).toMatch(/已恢复版本 #1/);
    const last = app.sql<{ source: string; restored_from: number; author: string }>(`SELECT source, restored_from, author FROM studio_versions ORDER BY id DESC LIMIT 1`)[0];
    expect(last).toEqual({ source: 'restore', restored_from: 1, author: ADMIN });
    await expect.poll(servedSteps, { timeout: 20_000 }).not.toContain('StressQuestionnaire');

    await expect.poll(homeTilesAfterNextStep, { timeout: 60_000, interval: 500 }).not.toContain(TILE);
    await screenshot(phone.page, 'studio-questionnaire-phone-restored');
    // the stored answer stays
    expect(app.sql(`SELECT score FROM questionnaire_answers WHERE kind = 'stress'`)).toEqual([{ score: 7 }]);
    expect(phone.problems.filter((x) => x.startsWith('pageerror'))).toEqual([]);
    expect(problems).toEqual([]);
  }, 180_000);
});
