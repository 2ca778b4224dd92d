/** The admin studio in a desktop Chromium, for the studio's browser tests. */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_ARGS, screenshot } from './phone';

/** The demo seed's admin (outside production only). */
export const STUDIO_ADMIN = 'admin';
export const STUDIO_PASSWORD = 'studio-demo-2026';

export interface StudioDesk {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors so far (a 401 before sign-in is how the page learns nobody is signed in). */
  problems: string[];
  close(): Promise<void>;
}

/** A desktop-sized Chromium on the server at `baseURL`, collecting the page's errors. */
export async function openStudioDesk(baseURL: string, viewport = { width: 1366, height: 820 }): Promise<StudioDesk> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const context = await browser.newContext({ baseURL, viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 401/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return {
    browser,
    context,
    page,
    problems,
    close: async () => {
      await context.close().catch(() => {});
      await browser.close().catch(() => {});
    },
  };
}

/** The first rendered editor line matching `re`. */
export const editorLine = (page: Page, re: RegExp): Locator => page.locator('.st-cm .cm-line').filter({ hasText: re }).first();

/**
 * Scrolls the editor until a line matching `re` is rendered (CodeMirror draws only what is in
 * view); scans again from the top for up to `timeoutMs` (the editor may be swapping its document,
 * e.g. right after a restore brought the draft back to the live version).
 */
export async function findEditorLine(page: Page, re: RegExp, timeoutMs = 10_000): Promise<Locator> {
  const scroller = page.locator('.st-cm .cm-scroller');
  const until = Date.now() + timeoutMs;
  do {
    await scroller.evaluate((el) => (el.scrollTop = 0));
    for (let i = 0; i < 80; i++) {
      const l = editorLine(page, re);
      if (await l.count()) {
        await l.scrollIntoViewIfNeeded();
        return l;
      }
      const atEnd = await scroller.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1);
      if (atEnd) break;
      await scroller.evaluate((el) => (el.scrollTop += el.clientHeight * 0.7));
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(250);
  } while (Date.now() < until);
  const file = await page.locator('.st-cm').getAttribute('data-file').catch(() => null);
  await screenshot(page, 'studio-no-line-matches');
  throw new Error(`no line matches ${re} in ${file ?? 'no open file'} (screenshot: test-artifacts/studio-no-line-matches.png)`);
}

/** Opens a file of the tree in the editor and waits until the editor shows it. */
export async function openStudioFile(page: Page, file: string): Promise<void> {
  await page.locator(`.st-tree [data-path="${file}"]`).click();
  await page.locator(`.st-cm[data-file="${file}"]`).waitFor({ timeout: 10_000 });
}

/** Opens /studio/, signs in as the demo admin and waits until the workbench's check of the live config is clean. */
export async function signInStudio(page: Page): Promise<void> {
  await page.goto('/studio/');
  await page.getByLabel('用户名').waitFor({ timeout: 20_000 });
  await page.getByLabel('用户名').fill(STUDIO_ADMIN);
  await page.getByLabel('密码').fill(STUDIO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await page.locator('.st-cm .cm-content').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('check-chip').innerText(), { timeout: 30_000 }).toBe('检查通过');
}
