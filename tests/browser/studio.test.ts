/**
 * The admin studio (/studio/, issue 13) on a running server with a copy of
 * the config, in a desktop Chromium, while an examinee's phone (another
 * browser) has the app open:
 * 1. sign-in: a wrong password is refused, the right one opens the workbench;
 * 2. a message of flows/messages.yaml is rewritten using completion (its key
 *    typed from a prefix and accepted), the change is in the diff; a planted
 *    mistake (a step that does not exist after go:) shows at its line as the
 *    admin types and the publish button refuses, saying why;
 * 3. publish: the database has the version, the open phone shows the new text
 *    on its next step, no restart; the live version is exported (.tar.gz, and
 *    written into the config folder);
 * 4. restoring the previous version brings the old text back;
 * 5. five wrong passwords lock the name, with the wait the server gives.
 * With STUDIO_DOC_SHOTS=1 it saves the screenshots of docs/studio.md into
 * docs/img/studio/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_ADMIN, STUDIO_PASSWORD, acceptCompletion, editorLine, findEditorLine, openStudioDesk, openStudioFile, type StudioDesk } from './helpers/studio';
import { REPO, copyConfig, startApp, type RunningApp } from './helpers/app';
import { clickText, openPhone, screenshot, waitText, type Phone } from './helpers/phone';

const ADMIN = STUDIO_ADMIN;
const PASSWORD = STUDIO_PASSWORD;
const OLD_TEXT = '是否先填写健康问卷？';
const NEW_TEXT = '先做个健康小问卷吗？';
const NOTE = '修改健康问卷的提示文字';
const DOC_SHOTS = process.env.STUDIO_DOC_SHOTS === '1';

let dir = '';
let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let phone: Phone;
let problems: string[] = [];
let desk: StudioDesk;

/** A screenshot for the docs (STUDIO_DOC_SHOTS=1), else a test artifact. */
async function shot(name: string): Promise<void> {
  if (DOC_SHOTS) {
    const out = path.join(REPO, 'docs/img/studio');
    fs.mkdirSync(out, { recursive: true });
    await page.screenshot({ path: path.join(out, `${name}.png`) });
  } else await screenshot(page, `studio-${name}`);
}

async function desktop(): Promise<BrowserContext> {
  const c = await browser.newContext({ baseURL: app.serverUrl, viewport: { width: 1366, height: 820 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', acceptDownloads: true });
  return c;
}

beforeAll(async () => {
  dir = copyConfig('checkup-studio-');
  app = await startApp({ configDir: dir });
  desk = await openStudioDesk(app.serverUrl);
  ({ browser, context, page } = desk);
  problems = desk.problems;
}, 180_000);

afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const editor = () => page.locator('.st-cm .cm-content');
const line = (re: RegExp) => editorLine(page, re);
const chip = () => page.getByTestId('check-chip');

const findLine = (re: RegExp) => findEditorLine(page, re);

async function signIn(p: Page, password: string): Promise<void> {
  await p.getByLabel('用户名').fill(ADMIN);
  await p.getByLabel('密码').fill(password);
  await p.getByRole('button', { name: '登录' }).click();
}

/** The served config's message (what phones get). */
async function servedMessage(key: string): Promise<string> {
  const cfg = (await (await fetch(`${app.serverUrl}/app-config.json`)).json()) as { messages: Record<string, string> };
  return cfg.messages[key];
}

/** On the phone: 个人体检 → 已婚 → 健康体检 shows the takeQuestionnaire dialog; its text, closed with 直接预约. */
async function questionnairePrompt(): Promise<string> {
  const p = phone.page;
  await p.goto('/#/Index');
  await waitText(p, '个人体检', 30_000);
  await clickText(p, '个人体检');
  await clickText(p, '已婚');
  await clickText(p, '健康体检');
  const dialog = p.locator('.adm-dialog-content');
  await dialog.waitFor({ state: 'visible', timeout: 15_000 });
  const text = (await dialog.innerText()).trim();
  await clickText(p, '直接预约');
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  return text;
}

describe('the admin studio', () => {
  it('sign-in: a wrong password is refused, the right one opens the workbench', async () => {
    await page.goto('/studio/');
    await page.getByLabel('用户名').waitFor({ timeout: 20_000 });
    await signIn(page, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').innerText(), { timeout: 10_000 }).toBe('用户名或密码错误');
    await shot('01-sign-in');
    await signIn(page, PASSWORD);
    await editor().waitFor({ timeout: 30_000 });
    await expect.poll(() => chip().innerText(), { timeout: 30_000 }).toBe('检查通过');
    expect(await page.locator('.st-live').innerText()).toMatch(/线上版本 #1/);
    await shot('02-workbench');
  }, 120_000);

  it('a message rewritten with completion shows in the diff; a planted mistake is shown at its line and blocks publishing', async () => {
    // flows/messages.yaml is open: select the message's line after its indentation and type a key prefix
    await openStudioFile(page, 'flows/messages.yaml');
    await (await findLine(/^\s*takeQuestionnaire: /)).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.type('takeQ');
    await page.locator('.cm-tooltip-autocomplete').waitFor({ timeout: 10_000 });
    await shot('03-completion');
    await acceptCompletion(page, 'takeQuestionnaire', 'takeQ');
    await page.keyboard.type(NEW_TEXT);
    expect(await line(/takeQuestionnaire/).innerText()).toBe(`  takeQuestionnaire: ${NEW_TEXT}`);
    await expect.poll(() => chip().innerText(), { timeout: 30_000 }).toBe('检查通过');

    // a planted mistake: a go: to a step that does not exist
    const home = fs.readFileSync(path.join(dir, 'flows/home.yaml'), 'utf8').split('\n');
    const lineNo = home.findIndex((l) => /^\s*- go: Index$/.test(l)) + 1;
    expect(lineNo).toBeGreaterThan(0);
    await openStudioFile(page, 'flows/home.yaml');
    await (await findLine(/^\s*- go: Index$/)).click();
    await page.keyboard.press('End');
    await page.keyboard.type('x');
    await page.keyboard.press('Escape');
    await expect.poll(() => chip().innerText(), { timeout: 30_000 }).toBe('1 个问题');
    // inline: the underline is on the misspelt name, in that line; the gutter marks it; the list names file:line
    const underline = page.locator('.st-cm .cm-lintRange-error');
    await expect.poll(() => underline.first().innerText(), { timeout: 10_000 }).toBe('Indexx');
    expect(await page.locator('.st-cm .cm-line').filter({ has: page.locator('.cm-lintRange-error') }).innerText()).toMatch(/^\s*- go: Indexx$/);
    const problem = page.locator('.st-problem').first();
    expect(await problem.locator('.st-loc').innerText()).toMatch(new RegExp(`^flows/home\\.yaml:${lineNo}:\\d+$`));
    // the place in words; the path as written on hover (issue 25)
    expect(await problem.locator('.st-msg').innerText()).toBe('步骤 "Branch" 的事件 "choose" 的第 3 个动作："go" 指向的步骤 "Indexx" 不存在（是不是要写 "Index"？）');
    expect(await problem.locator('.st-msg').getAttribute('title')).toBe('on.choose[2].go');
    expect(await page.locator('.st-cm .cm-gutter-lint .cm-lint-marker-error').count()).toBe(1);
    await shot('04-problem-inline');

    // publishing is refused while it is there, saying why; the diff shows both files
    await page.getByRole('button', { name: '预览并发布' }).click();
    await page.getByLabel('修改说明（会记在版本记录里）').fill(NOTE);
    const publish = page.getByTestId('publish-button');
    expect(await publish.isDisabled()).toBe(true);
    expect(await page.getByTestId('publish-blocker').innerText()).toBe('还有 1 个问题，修正后才能发布');
    await page.locator('.st-changes').getByText('flows/messages.yaml').click();
    const diff = page.getByTestId('diff');
    await expect.poll(() => diff.getAttribute('data-file')).toBe('flows/messages.yaml');
    await expect.poll(() => diff.innerText()).toContain(NEW_TEXT);
    expect(await diff.innerText()).toContain(OLD_TEXT);
    expect(await diff.locator('.cm-changedLine').count()).toBeGreaterThan(0);
    await shot('05-publish-blocked');

    // a click on the problem opens the line; the fix makes it publishable
    await page.locator('.st-publish-side .st-problem').first().click();
    await expect.poll(() => page.locator('.st-cm').getAttribute('data-file')).toBe('flows/home.yaml');
    await (await findLine(/^\s*- go: Indexx$/)).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await expect.poll(() => chip().innerText(), { timeout: 30_000 }).toBe('检查通过');
    expect(await page.locator('.st-tree [data-path="flows/home.yaml"] .st-mark').count()).toBe(0); // as live again
  }, 180_000);

  it('publish: the version is stored, and the open phone shows the new text on its next step', async () => {
    phone = await openPhone(app.baseUrl);
    await phone.page.goto('/');
    await waitText(phone.page, '选择院区', 30_000);
    await phone.page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
    expect(await questionnairePrompt()).toBe(OLD_TEXT);

    await page.getByRole('button', { name: '预览并发布' }).click();
    const publish = page.getByTestId('publish-button');
    await expect.poll(() => publish.isDisabled(), { timeout: 30_000 }).toBe(false);
    expect(await page.locator('.st-changes li').count()).toBe(1);
    await shot('06-publish-ready');
    await publish.click();
    await expect.poll(() => page.locator('.st-banner-success').innerText(), { timeout: 20_000 }).toMatch(/已发布版本 #2/);
    expect(await page.locator('.st-live').innerText()).toMatch(/线上版本 #2/);

    const rows = app.sql<{ id: number; author: string; note: string; source: string; files: string }>(`SELECT id, author, note, source, files FROM studio_versions ORDER BY id`);
    expect(rows.map((r) => [r.id, r.author, r.note, r.source])).toEqual([
      [1, 'files', expect.any(String), 'files'],
      [2, ADMIN, NOTE, 'publish'],
    ]);
    expect((JSON.parse(rows[1].files) as Record<string, string>)['flows/messages.yaml']).toContain(`takeQuestionnaire: ${NEW_TEXT}`);
    expect(await servedMessage('takeQuestionnaire')).toBe(NEW_TEXT);

    // the phone that was open all along: its next steps run on the new config
    await expect.poll(questionnairePrompt, { timeout: 60_000, interval: 500 }).toBe(NEW_TEXT);
    expect(phone.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  }, 180_000);

  it('the versions list shows who, when and the note; the live version is exported', async () => {
    await page.getByRole('button', { name: '版本与导出' }).click();
    const row2 = page.locator('tr[data-version="2"]');
    await row2.waitFor({ timeout: 10_000 });
    expect(await row2.innerText()).toMatch(new RegExp(`#2\\s*线上[\\s\\S]*${ADMIN}[\\s\\S]*${NOTE}[\\s\\S]*发布`));
    await shot('07-versions');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下载配置包（.tar.gz）' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.tar\.gz$/);
    const saved = await download.path();
    expect(fs.statSync(saved).size).toBeGreaterThan(1000);

    await page.getByRole('button', { name: '写入服务器的配置目录' }).click();
    await expect.poll(() => page.locator('.st-versions .st-ok').innerText(), { timeout: 20_000 }).toMatch(/已把线上版本写入服务器的配置目录：\d+ 个文件/);
    expect(fs.readFileSync(path.join(dir, 'flows/messages.yaml'), 'utf8')).toContain(`takeQuestionnaire: ${NEW_TEXT}`);
  }, 120_000);

  it('restoring the previous version brings the old text back', async () => {
    const row1 = page.locator('tr[data-version="1"]');
    await row1.getByRole('button', { name: '恢复此版本' }).click();
    await row1.getByRole('button', { name: '确认恢复' }).click();
    await expect.poll(() => page.locator('.st-banner-success').innerText(), { timeout: 20_000 }).toMatch(/已恢复版本 #1/);
    await expect.poll(() => servedMessage('takeQuestionnaire'), { timeout: 20_000 }).toBe(OLD_TEXT);
    const last = app.sql<{ source: string; restored_from: number; author: string }>(`SELECT source, restored_from, author FROM studio_versions ORDER BY id DESC LIMIT 1`)[0];
    expect(last).toEqual({ source: 'restore', restored_from: 1, author: ADMIN });
    await shot('08-restored');
    await expect.poll(questionnairePrompt, { timeout: 60_000, interval: 500 }).toBe(OLD_TEXT);
    // the draft follows the live version
    await page.getByRole('button', { name: '编辑' }).click();
    await openStudioFile(page, 'flows/messages.yaml');
    expect(await (await findLine(/^\s*takeQuestionnaire: /)).innerText()).toBe(`  takeQuestionnaire: ${OLD_TEXT}`);
    expect(problems).toEqual([]);
  }, 180_000);

  it('the draft survives a reload', async () => {
    await (await findLine(/^\s*takeQuestionnaire: /)).click();
    await page.keyboard.press('End');
    await page.keyboard.type('！');
    await page.waitForTimeout(600); // saved within 250 ms of the last key
    await page.reload();
    await editor().waitFor({ timeout: 30_000 });
    expect(await (await findLine(/^\s*takeQuestionnaire: /)).innerText()).toBe(`  takeQuestionnaire: ${OLD_TEXT}！`);
    expect(await page.locator('.st-tree [data-path="flows/messages.yaml"] .st-mark').innerText()).toBe('改');
  }, 60_000);

  it('the flow graph: steps as nodes, entries marked; a click opens the step in its file', async () => {
    await page.getByRole('button', { name: '流程图' }).click();
    await page.getByLabel('选择流程').selectOption('home');
    const index = page.locator('g[data-step="Index"]');
    await index.waitFor({ timeout: 10_000 });
    expect(await index.getAttribute('aria-label')).toMatch(/^步骤 Index 体检预约（入口）$/);
    expect(await page.locator('g[data-step="Branch"]').getAttribute('aria-label')).toMatch(/首页/);
    expect(await page.locator('.st-edge').count()).toBeGreaterThan(3);
    // an edge says what leads there in an admin's words; the config's own form is on hover
    const tap = page.locator('.st-edge text', { hasText: '点“个人体检”' }).first();
    await tap.hover();
    await expect.poll(() => page.locator('.st-edge-tip').innerText(), { timeout: 15_000 }).toMatch(/^Index → \w+：点“个人体检”.*（写作 \w+/);
    // the caption counts the flow shown, not every flow
    const homeSteps = (fs.readFileSync(path.join(dir, 'flows/home.yaml'), 'utf8').match(/^ {2}[A-Za-z]\w*:$/gm) ?? []).length;
    expect(await page.locator('.st-graph-tools').innerText()).toContain(`这个流程：${homeSteps} 个步骤`);
    await shot('09-graph');
    await index.click();
    await expect.poll(() => page.locator('.st-cm').getAttribute('data-file')).toBe('flows/home.yaml');
    const lineNo = fs.readFileSync(path.join(dir, 'flows/home.yaml'), 'utf8').split('\n').findIndex((l) => l === '  Index:') + 1;
    expect(await page.locator('.st-cm .cm-lineNumbers .cm-activeLineGutter').innerText()).toBe(String(lineNo));
  }, 60_000);

  it('the questionnaire builder writes the schema a person would write, and its registry entry', async () => {
    await page.getByRole('button', { name: '问卷设计' }).click();
    await page.getByPlaceholder('例如 sleep').fill('stress');
    await page.getByPlaceholder('例如 睡眠质量自评').fill('压力自评');
    await page.getByRole('button', { name: '创建' }).click();
    await page.getByRole('button', { name: '添加第一道题' }).click();
    const q1 = page.locator('.st-question').nth(0);
    await q1.getByLabel('题目', { exact: true }).fill('1. 常感到疲惫');
    await q1.getByLabel('字段名').fill('tired');
    await q1.getByLabel('选项 1', { exact: true }).fill('经常');
    await q1.getByLabel('选项 1 的分数').fill('2');
    await q1.getByLabel('选项 2', { exact: true }).fill('偶尔');
    await q1.getByLabel('选项 2 的分数').fill('0');
    await q1.getByText('必填', { exact: true }).click();
    await q1.getByLabel('必填提示').fill('请选择是否常感到疲惫');
    await page.getByLabel('新题目的题型').selectOption('text');
    await page.getByRole('button', { name: '添加题目' }).click();
    const q2 = page.locator('.st-question').nth(1);
    await q2.getByLabel('题目', { exact: true }).fill('2. 疲惫多久了');
    await q2.getByLabel('字段名').fill('howLong');
    await q2.getByRole('button', { name: '添加显示条件' }).click();
    await q2.getByLabel('条件 1 的题目').selectOption('tired');
    await q2.getByLabel('条件 1 的值').selectOption('经常');
    await expect.poll(() => q2.locator('.st-rule-words').innerText()).toBe('当 “1. 常感到疲惫” 为 经常 时显示');
    await page.getByRole('button', { name: '添加计分段' }).click();
    await page.getByLabel('第 1 段最高分').fill('1');
    await page.getByLabel('第 1 段结论').fill('轻松');
    await page.getByRole('button', { name: '添加计分段' }).click();
    await page.getByLabel('第 2 段最高分').fill('2');
    await page.getByLabel('第 2 段结论').fill('疲惫');
    await expect.poll(() => chip().innerText(), { timeout: 30_000 }).toBe('检查通过');
    await shot('10-builder');
    await page.waitForTimeout(400); // the draft is saved 250 ms after the last change
    const files = await page.evaluate(() => (JSON.parse(localStorage.getItem('checkup-studio:draft:admin')!) as { files: Record<string, string> }).files);
    expect(JSON.parse(files['schemas/forms/stress.json'])).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: '压力自评',
      type: 'object',
      properties: {
        tired: { 'x-label': '1. 常感到疲惫', type: 'string', 'x-widget': 'radio', enum: ['经常', '偶尔'], 'x-score': { 经常: 2, 偶尔: 0 } },
        howLong: { 'x-label': '2. 疲惫多久了', 'x-visibleIf': "form.tired == '经常'", type: 'string' },
      },
      required: ['tired'],
      errorMessage: { required: { tired: '请选择是否常感到疲惫' } },
    });
    expect(files['flows/app.yaml']).toContain(['  stress:', '    title: 压力自评', '    schema: forms/stress.json', '    owner: openid', '    listed: true', '    scoring:', '      bands:', '        - { max: 1, label: 轻松 }', '        - { max: 2, label: 疲惫 }'].join('\n'));
  }, 120_000);

  it('five wrong passwords lock the name, saying for how long', async () => {
    const other = await desktop();
    const p = await other.newPage();
    await p.goto('/studio/');
    await p.getByLabel('用户名').waitFor({ timeout: 20_000 });
    const said: string[] = [];
    for (let i = 0; i < 5; i++) {
      await signIn(p, `wrong-${i}`);
      await expect.poll(() => p.getByRole('alert').innerText(), { timeout: 10_000 }).not.toBe(said[said.length - 1] ?? '');
      said.push(await p.getByRole('alert').innerText());
      if (i < 4) {
        // the same text again: clear it so the next answer is seen as new
        await p.getByLabel('密码').fill('');
        await p.getByRole('button', { name: '登录' }).click();
        await expect.poll(() => p.getByRole('alert').innerText()).toBe('请输入用户名和密码');
        said.push('请输入用户名和密码');
      }
    }
    expect(said.filter((t) => t === '用户名或密码错误')).toHaveLength(4);
    expect(said[said.length - 1]).toBe('登录失败次数过多，账号已暂时锁定，请 15 分钟后再试');
    // the right password is refused too while locked
    await signIn(p, PASSWORD);
    await expect.poll(() => p.getByRole('alert').innerText()).toMatch(/请 1[45] 分钟后再试/);
    expect(await p.locator('.st-cm').count()).toBe(0);
    if (DOC_SHOTS) await p.screenshot({ path: path.join(REPO, 'docs/img/studio/11-locked.png') });
    await other.close();
  }, 120_000);
});
