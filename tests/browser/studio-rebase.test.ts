/**
 * Two admins edit at once (two browser contexts on one server with a copy of
 * the config): A's draft goes stale when B publishes; A keeps the changes on
 * the newest live version ("在线上最新版本上保留我的改动") and publishes, and
 * the live config holds both edits. Then a conflict: both change the same
 * line of flows/messages.yaml; A's page notices B's publish when looked at
 * again; A picks 保留我的 (the pick survives a reload in the middle), B's
 * other file is kept, A's line wins.
 */
import fs from 'node:fs';
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEditorLine, openStudioDesk, openStudioFile, signInStudio, type StudioDesk } from './helpers/studio';
import { copyConfig, startApp, type RunningApp } from './helpers/app';
import { screenshot } from './helpers/phone';

let dir = '';
let app: RunningApp;
let desk: StudioDesk;
let a: Page;
let bContext: BrowserContext;
let b: Page;
const problems: string[] = [];

beforeAll(async () => {
  dir = copyConfig('checkup-studio-rebase-');
  app = await startApp({ configDir: dir });
  desk = await openStudioDesk(app.serverUrl);
  a = desk.page;
  bContext = await desk.browser.newContext({ baseURL: app.serverUrl, viewport: { width: 1366, height: 820 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  b = await bContext.newPage();
  for (const p of [a, b]) {
    p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    // the refused publish (409) is how A learns; a 401 before sign-in is how a page learns nobody is signed in
    p.on('console', (m) => {
      if (m.type() === 'error' && !/status of (401|409)/.test(m.text())) problems.push(`console: ${m.text()}`);
    });
  }
}, 180_000);

afterAll(async () => {
  await bContext?.close().catch(() => {});
  await desk?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Back to the editor (from the publish view) and the file open in it. */
async function openFile(page: Page, file: string): Promise<void> {
  await page.getByRole('button', { name: '编辑', exact: true }).click();
  await openStudioFile(page, file);
}

/** Replaces the whole editor line matching `re` by `text` (the file must be open). */
async function setLine(page: Page, re: RegExp, text: string): Promise<void> {
  await (await findEditorLine(page, re)).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.st-cm .cm-line').filter({ hasText: text }).count()).toBe(1);
}

const chip = (page: Page) => page.locator('.st-who').getByTestId('check-chip');

async function waitChecked(page: Page): Promise<void> {
  await expect.poll(() => chip(page).innerText(), { timeout: 30_000 }).toBe('检查通过');
}

/** Publishes the draft from the publish view; resolves with the success banner's text. */
async function publish(page: Page, note: string): Promise<string> {
  await page.getByRole('button', { name: '预览并发布' }).click();
  await page.getByLabel('修改说明（会记在版本记录里）').fill(note);
  const button = page.getByTestId('publish-button');
  await expect.poll(() => button.isDisabled(), { timeout: 30_000 }).toBe(false);
  await button.click();
  await expect.poll(() => page.locator('.st-banner-success').innerText(), { timeout: 20_000 }).toMatch(/已发布版本 #\d+/);
  return page.locator('.st-banner-success').innerText();
}

/** What the server serves now (the examinee app's config). */
async function served(): Promise<{ messages: Record<string, string>; steps: Record<string, { title?: string }> }> {
  return (await (await fetch(`${app.serverUrl}/app-config.json`)).json()) as { messages: Record<string, string>; steps: Record<string, { title?: string }> };
}

const MSG = /^\s*takeQuestionnaire: /;
const CONTINUE = /^\s*continue: /;

describe('two admins at once: keeping my changes on the newest version', () => {
  it('merges A’s draft onto B’s publish, and A’s publish then holds both edits', async () => {
    await signInStudio(a);
    await signInStudio(b);

    // A edits a message (not published)
    await openFile(a, 'flows/messages.yaml');
    await setLine(a, MSG, '  takeQuestionnaire: A：要先填写健康问卷吗？');
    await waitChecked(a);

    // B edits another file, and another line of the same file, and publishes #2
    await openFile(b, 'flows/reports.yaml');
    await setLine(b, /^\s{4}title: 报告查询$/, '    title: 报告查询（B）');
    await openFile(b, 'flows/messages.yaml');
    await setLine(b, CONTINUE, '  continue: 继续（B）');
    await waitChecked(b);
    expect(await publish(b, 'B 的修改')).toMatch(/已发布版本 #2/);

    // A publishes: refused (409), the stale banner offers to keep the changes (unless A's page
    // already noticed B's publish on its own — it asks every 30 s — and shows the banner first)
    await a.getByRole('button', { name: '预览并发布' }).click();
    await a.getByLabel('修改说明（会记在版本记录里）').fill('A 的修改');
    const button = a.getByTestId('publish-button');
    const banner = a.getByTestId('stale-banner');
    await expect.poll(async () => (await banner.count()) > 0 || !(await button.isDisabled()), { timeout: 30_000 }).toBe(true);
    if (!(await banner.count())) await button.click({ timeout: 5_000 }).catch(() => undefined);
    await banner.waitFor({ timeout: 20_000 });
    await expect.poll(() => banner.innerText()).toMatch(/基于版本 #1 修改的，线上已是版本 #2/);
    // one message: no red "请重新载入" beside the offer to keep the changes
    expect(await a.locator('.st-banner-error').count()).toBe(0);
    expect(await a.locator('body').innerText()).not.toContain('请重新载入');
    await screenshot(a, 'studio-rebase-stale');
    await banner.getByRole('button', { name: '在线上最新版本上保留我的改动' }).click();
    await expect.poll(() => a.locator('.st-banner-success').innerText(), { timeout: 20_000 }).toMatch(/已在线上版本 #2 上保留你的改动.*自动合并了 1 个/);
    expect(await banner.count()).toBe(0);
    // the draft now changes only A's line against #2
    await expect.poll(() => a.locator('.st-changes li').count()).toBe(1);
    await waitChecked(a);
    expect(await publish(a, 'A 的修改')).toMatch(/已发布版本 #3/);

    await expect.poll(async () => (await served()).messages.takeQuestionnaire, { timeout: 15_000 }).toBe('A：要先填写健康问卷吗？');
    const live = await served();
    expect(live.messages.continue).toBe('继续（B）');
    expect(live.steps.ReportLogin.title).toBe('报告查询（B）');
    const files = (await (await a.request.get('/api/studio/config')).json()) as { live: { id: number }; files: Record<string, string> };
    expect(files.live.id).toBe(3);
    expect(files.files['flows/messages.yaml']).toContain('takeQuestionnaire: A：要先填写健康问卷吗？');
    expect(files.files['flows/messages.yaml']).toContain('continue: 继续（B）');
    expect(files.files['flows/reports.yaml']).toContain('title: 报告查询（B）');
  }, 240_000);

  it('a conflicting file: A picks 保留我的 (kept across a reload), B’s other file stays', async () => {
    // B's draft changes nothing since B's own publish (#2): looking at the page again (or within
    // 30 s) it simply follows what is live (#3) — no banner, nothing to keep
    await b.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => b.locator('body').innerText(), { timeout: 30_000 }).toContain('线上版本 #3');
    expect(await b.getByTestId('stale-banner').count()).toBe(0);
    await b.reload();
    await waitChecked(b);
    expect(await b.getByTestId('stale-banner').count()).toBe(0);

    // both change the same line; B also another file, and publishes #4
    await openFile(a, 'flows/messages.yaml');
    await setLine(a, MSG, '  takeQuestionnaire: A2：先填问卷吗？');
    await waitChecked(a);
    await openFile(b, 'flows/messages.yaml');
    await setLine(b, MSG, '  takeQuestionnaire: B2：先填问卷吗？');
    await openFile(b, 'flows/reports.yaml');
    await setLine(b, /^\s{4}title: 报告列表$/, '    title: 报告列表（B2）');
    await waitChecked(b);
    expect(await publish(b, 'B 的第二次修改')).toMatch(/已发布版本 #4/);

    // A looks at the page again: the banner, without a reload; then the conflict to settle
    await a.evaluate(() => window.dispatchEvent(new Event('focus')));
    const banner = a.getByTestId('stale-banner');
    await banner.waitFor({ timeout: 30_000 });
    await expect.poll(() => banner.innerText()).toMatch(/基于版本 #3 修改的，线上已是版本 #4/);
    await banner.getByRole('button', { name: '在线上最新版本上保留我的改动' }).click();
    const dialog = a.getByTestId('rebase-dialog');
    await dialog.waitFor({ timeout: 20_000 });
    const file = dialog.locator('.st-rebase-file[data-path="flows/messages.yaml"]');
    expect(await file.innerText()).toMatch(/第 \d+ 行附近/);
    // both versions side by side
    const diff = dialog.getByTestId('diff');
    await expect.poll(() => diff.innerText()).toContain('A2：先填问卷吗？');
    expect(await diff.innerText()).toContain('B2：先填问卷吗？');
    expect(await dialog.locator('.st-rebase-auto').filter({ hasText: 'flows/reports.yaml' }).innerText()).toContain('采用线上的');
    expect(await dialog.getByTestId('rebase-finish').isDisabled()).toBe(true);
    await file.getByRole('button', { name: '保留我的', exact: true }).click();
    await expect.poll(() => file.getByRole('button', { name: '保留我的', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(a, 'studio-rebase-conflict');

    // a reload in the middle loses no pick
    await a.reload();
    await dialog.waitFor({ timeout: 30_000 });
    await expect.poll(() => file.getByRole('button', { name: '保留我的', exact: true }).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => dialog.getByTestId('rebase-finish').isDisabled()).toBe(false);
    await dialog.getByTestId('rebase-finish').click();
    await expect.poll(() => a.locator('.st-banner-success').innerText(), { timeout: 20_000 }).toMatch(/已在线上版本 #4 上保留你的改动/);
    expect(await dialog.count()).toBe(0);
    expect(await a.getByTestId('stale-banner').count()).toBe(0);
    await waitChecked(a);
    expect(await publish(a, 'A 的第二次修改')).toMatch(/已发布版本 #5/);

    await expect.poll(async () => (await served()).messages.takeQuestionnaire, { timeout: 15_000 }).toBe('A2：先填问卷吗？');
    const live = await served();
    expect(live.steps.ReportList.title).toBe('报告列表（B2）');
    expect(live.messages.continue).toBe('继续（B）');
    expect(problems).toEqual([]);
  }, 240_000);
});
