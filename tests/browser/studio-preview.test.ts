/**
 * The studio's live phone preview (issue 13, item 3) on a running server with a
 * copy of the config, in a desktop Chromium: the editor's "手机预览" panel frames
 * /studio/preview.html (375×667), which renders the step being edited with the
 * app's own code and the draft, reading the server's real data:
 * 1. flows/personal.yaml open: its first step (PersonIndex) with the real packages;
 * 2. its title changed in the draft shows in the frame before anything is published;
 * 3. the sex fact switches the branch-dependent tab (男 → 女 packages);
 * 4. flows/reports.yaml: a write (SendVerifyCode, from the code button) sends no
 *    request and says 预览中不提交;
 * 5. a message of flows/messages.yaml rewritten with completion is what the home
 *    page's dialog says in the frame, while the server still serves the old one;
 * 5. only /studio/preview.html may be framed (same origin); the rest never.
 * With STUDIO_DOC_SHOTS=1 it saves docs/img/studio/12-preview.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptCompletion, editorLine, findEditorLine, openStudioDesk, openStudioFile, signInStudio, type StudioDesk } from './helpers/studio';
import { REPO, copyConfig, startApp, type RunningApp } from './helpers/app';
import { screenshot } from './helpers/phone';

const DOC_SHOTS = process.env.STUDIO_DOC_SHOTS === '1';

let dir = '';
let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];
let desk: StudioDesk;
/** Every request the preview frame sends (method + path). */
const frameRequests: string[] = [];

beforeAll(async () => {
  dir = copyConfig('checkup-studio-preview-');
  app = await startApp({ configDir: dir });
  desk = await openStudioDesk(app.serverUrl);
  ({ browser, context, page } = desk);
  problems = desk.problems;
  page.on('request', (r) => {
    if (/\/studio\/preview\.html/.test(r.frame().url())) frameRequests.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
}, 180_000);

afterAll(async () => {
  await desk?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const line = (re: RegExp) => editorLine(page, re);
const chip = () => page.getByTestId('check-chip');
const frame = () => page.frameLocator('[data-testid="preview-frame"]');
const frameText = () => frame().locator('body').innerText();

function previewFrame(): Frame {
  const f = page.frames().find((x) => /\/studio\/preview\.html/.test(x.url()));
  if (!f) throw new Error('no preview frame');
  return f;
}

const findLine = (re: RegExp) => findEditorLine(page, re);

const openFile = (p: string) => openStudioFile(page, p);

describe('the studio live phone preview', () => {
  it('renders the step being edited with the draft, follows the facts, and writes nothing', async () => {
    await signInStudio(page);

    // 1. the first step of the open flow file, with the server's real packages
    await openFile('flows/personal.yaml');
    await page.getByRole('button', { name: '手机预览' }).click();
    const f = page.locator('[data-testid="preview-frame"]');
    expect(await f.evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([375, 667]);
    await expect.poll(() => frame().locator('.cf-step').getAttribute('data-step'), { timeout: 30_000 }).toBe('PersonIndex');
    await expect.poll(() => frame().locator('.cf-navbar').innerText(), { timeout: 10_000 }).toContain('健康体检');
    await expect.poll(frameText, { timeout: 15_000 }).toContain('男士基础体检套餐');
    expect(await frame().locator('.cf-tabs-tab-active').innerText()).toBe('男');
    expect(frameRequests.some((r) => r === 'POST /api/UserInfoApi/GetClusItemList')).toBe(true);

    // 2. the title changed in the draft: the frame shows it; nothing is published
    await (await findLine(/^\s{4}title: 健康体检$/)).click();
    await page.keyboard.press('End');
    await page.keyboard.type('（草稿）');
    await page.keyboard.press('Escape');
    await expect.poll(() => frame().locator('.cf-navbar').innerText(), { timeout: 15_000 }).toContain('健康体检（草稿）');
    const served = (await (await fetch(`${app.serverUrl}/app-config.json`)).json()) as { steps: Record<string, { title?: string }> };
    expect(served.steps.PersonIndex.title).toBe('健康体检');

    // 3. a session fact: sex 女 opens the 女 tab (activeTab = session.questionInfoZC.basicInfo.sex)
    await page.getByLabel('预览：性别').selectOption('女');
    await expect.poll(() => frame().locator('.cf-tabs-tab-active').innerText(), { timeout: 15_000 }).toBe('女');
    await expect.poll(frameText, { timeout: 15_000 }).toContain('女士基础体检套餐');
    if (DOC_SHOTS) {
      const out = path.join(REPO, 'docs/img/studio');
      fs.mkdirSync(out, { recursive: true });
      await page.screenshot({ path: path.join(out, '12-preview.png') });
    } else await screenshot(page, 'studio-12-preview');

    // 4. a write from the preview: no request, 预览中不提交
    await openFile('flows/reports.yaml');
    await expect.poll(() => frame().locator('.cf-step').getAttribute('data-step'), { timeout: 15_000 }).toBe('ReportLogin');
    await frame().getByPlaceholder('请输入手机号').fill('13800138000');
    const before = frameRequests.length;
    await frame().getByText('获取验证码').click();
    await expect.poll(() => frame().locator('.adm-dialog-content, .adm-toast-main').first().innerText(), { timeout: 10_000 }).toContain('预览中不提交');
    await page.waitForTimeout(500);
    const after = frameRequests.slice(before);
    expect(after.filter((r) => /\/api\//.test(r))).toEqual([]);
    expect(frameRequests.some((r) => /SendVerifyCode/.test(r))).toBe(false);
    expect(previewFrame().url()).toMatch(/\/studio\/preview\.html#\/ReportLogin/);

    // 5. a message rewritten with completion: the frame's dialog says it before any publish
    await openFile('flows/home.yaml');
    await (await findLine(/^\s*route: \/Index$/)).click();
    await expect.poll(() => frame().locator('.cf-step').getAttribute('data-step'), { timeout: 15_000 }).toBe('Index');
    await openFile('flows/messages.yaml');
    await (await findLine(/^\s*takeQuestionnaire: /)).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.type('takeQ');
    await acceptCompletion(page, 'takeQuestionnaire', 'takeQ');
    const draftText = '预览：要先填写健康问卷吗？';
    await page.keyboard.type(draftText);
    await expect.poll(() => line(/takeQuestionnaire/).innerText()).toBe(`  takeQuestionnaire: ${draftText}`);
    await expect.poll(() => chip().innerText(), { timeout: 30_000 }).toBe('检查通过');
    await page.waitForTimeout(1_500);
    // (a write the home page makes on entry was refused with 预览中不提交: close that alert first)
    const refused = frame().locator('.adm-dialog-content').filter({ hasText: '预览中不提交' });
    if (await refused.count()) {
      await frame().locator('.adm-dialog-footer').getByText('确定', { exact: true }).click();
      await refused.waitFor({ state: 'hidden' });
    }
    await frame().getByRole('button', { name: '个人体检' }).click();
    await frame().getByText('已婚', { exact: true }).click();
    await frame().getByText('健康体检', { exact: true }).click();
    await expect.poll(() => frame().locator('.adm-dialog-content').first().innerText(), { timeout: 10_000 }).toBe(draftText);
    await screenshot(page, 'studio-preview-message');
    const live = (await (await fetch(`${app.serverUrl}/app-config.json`)).json()) as { messages: Record<string, string> };
    expect(live.messages.takeQuestionnaire).toBe('是否先填写健康问卷？');
    expect(problems).toEqual([]);
  }, 240_000);

  it('follows an edited form schema without reopening, keeping a half-filled form; fits short windows', async () => {
    // (after the first test: signed in, the panel open)
    if (!(await page.getByTestId('preview-panel').count())) await page.getByRole('button', { name: '手机预览' }).click();
    await openFile('flows/reports.yaml');
    await expect.poll(() => frame().locator('.cf-step').getAttribute('data-step'), { timeout: 15_000 }).toBe('ReportLogin');
    const tel = frame().getByPlaceholder('请输入手机号');
    await tel.fill('13912345678');
    await page.waitForTimeout(300);

    // the form's schema edited: the frame's label follows, the typed number stays
    await openFile('schemas/forms/report-login.json');
    await (await findLine(/"x-label": "手机号",$/)).click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('（草稿）');
    await page.keyboard.press('Escape');
    await expect.poll(() => line(/"x-label": "手机号/).innerText()).toMatch(/"x-label": "手机号（草稿）",$/);
    await expect.poll(frameText, { timeout: 20_000 }).toContain('手机号（草稿）');
    expect(await frame().locator('.cf-step').getAttribute('data-step')).toBe('ReportLogin');
    expect(await frame().getByPlaceholder('请输入手机号').inputValue()).toBe('13912345678');
    // a second edit follows too (not a one-off first load)
    await (await findLine(/"x-placeholder": "请输入身份证号",$/)).click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('（18位）');
    await page.keyboard.press('Escape');
    await expect.poll(() => frame().getByPlaceholder('请输入身份证号（18位）').count(), { timeout: 20_000 }).toBe(1);
    expect(await frame().getByPlaceholder('请输入手机号').inputValue()).toBe('13912345678');
    expect(await page.getByTestId('preview-panel').count()).toBe(1);

    // short windows: editor and phone fit, no page scrollbar, the whole phone in view
    for (const size of [
      { width: 1366, height: 820 },
      { width: 1280, height: 720 },
    ]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(400);
      const fit = await page.evaluate(() => {
        const phone = document.querySelector('[data-testid="preview-phone"]')!.getBoundingClientRect();
        const frameBox = document.querySelector('[data-testid="preview-frame"]')!.getBoundingClientRect();
        const panel = document.querySelector('[data-testid="preview-panel"]') as HTMLElement;
        const editor = document.querySelector('.st-editor-col')!.getBoundingClientRect();
        return {
          scroll: document.scrollingElement!.scrollHeight,
          inner: innerHeight,
          width: innerWidth,
          phone: [phone.left, phone.top, phone.right, phone.bottom],
          frame: [frameBox.left, frameBox.top, frameBox.right, frameBox.bottom],
          panelScrolls: panel.scrollHeight > panel.clientHeight,
          editorBottom: editor.bottom,
        };
      });
      expect(fit.scroll, `${size.width}×${size.height}`).toBeLessThanOrEqual(fit.inner);
      expect(fit.panelScrolls).toBe(false);
      expect(fit.phone[0]).toBeGreaterThanOrEqual(0);
      expect(fit.phone[1]).toBeGreaterThanOrEqual(0);
      expect(fit.phone[2]).toBeLessThanOrEqual(fit.width);
      expect(fit.phone[3]).toBeLessThanOrEqual(fit.inner);
      expect(fit.editorBottom).toBeLessThanOrEqual(fit.inner);
      // the frame is scaled as a whole: its aspect stays 375:667 and it lies inside the phone box
      const [fw, fh] = [fit.frame[2] - fit.frame[0], fit.frame[3] - fit.frame[1]];
      expect(Math.abs(fw / fh - 375 / 667)).toBeLessThan(0.01);
      expect(fit.frame[0]).toBeGreaterThanOrEqual(fit.phone[0]);
      expect(fit.frame[3]).toBeLessThanOrEqual(fit.phone[3] + 0.5);
      // the app inside still lays out at the phone's CSS size
      expect(await frame().locator('body').evaluate(() => [innerWidth, innerHeight])).toEqual([375, 667]);
      await screenshot(page, `studio-preview-fit-${size.width}x${size.height}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('only the preview page may be framed, and only by the same origin', async () => {
    const preview = await fetch(`${app.serverUrl}/studio/preview.html`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(preview.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(preview.headers.get('content-security-policy')).not.toMatch(/unsafe-eval/);
    const studioPage = await fetch(`${app.serverUrl}/studio/`);
    expect(studioPage.headers.get('x-frame-options')).toBe('DENY');
    expect(studioPage.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });
});
