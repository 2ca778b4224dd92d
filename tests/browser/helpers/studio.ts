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
    await linesDrawn(scroller);
    for (let i = 0; i < 80; i++) {
      const l = editorLine(page, re);
      if (await l.count()) {
        await l.scrollIntoViewIfNeeded();
        return l;
      }
      const atEnd = await scroller.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1);
      if (atEnd) break;
      await scroller.evaluate((el) => (el.scrollTop += el.clientHeight * 0.7));
      await linesDrawn(scroller);
    }
    await page.waitForTimeout(250);
  } while (Date.now() < until);
  const file = await page.locator('.st-cm').getAttribute('data-file').catch(() => null);
  await screenshot(page, 'studio-no-line-matches');
  throw new Error(`no line matches ${re} in ${file ?? 'no open file'} (screenshot: test-artifacts/studio-no-line-matches.png)`);
}

/**
 * Waits until CodeMirror has drawn the lines in view. After a scroll it shows a blank
 * gap (.cm-gap) there until its next frame; a fixed 30 ms pause let a busy machine
 * scroll on past lines never drawn, and the scan missed them. Looks every 16 ms (not
 * on animation frames, which a hidden page never gets); gives up after 300 looks and
 * lets the caller scan again.
 */
async function linesDrawn(scroller: Locator): Promise<void> {
  await scroller.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        let looks = 0;
        const look = () => {
          const view = el.getBoundingClientRect();
          const gapInView = [...el.querySelectorAll('.cm-gap')].some((g) => {
            const r = g.getBoundingClientRect();
            return r.height > 0 && r.bottom > view.top && r.top < view.bottom;
          });
          if (!gapInView || ++looks > 300) resolve();
          else setTimeout(look, 16);
        };
        look();
      }),
  );
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

/**
 * Takes the completion list's `key` entry with Enter once the list has settled, after `typed`
 * was typed. CodeMirror greys the list (cm-tooltip-autocomplete-disabled) while its source
 * answers again and ignores Enter for 75 ms after each update (interactionDelay): Enter then
 * makes a new line instead. On a busy machine the list updated between the test's look and
 * its Enter (or Enter came within 75 ms of the list opening), the key was never completed,
 * and the test waited 30 s for a line that did not exist. Waits for a list no longer greyed,
 * `key` selected, the line reading `typed`, and still so ≥ 100 ms later (as a person's eye
 * and finger take); an Enter that still made a new line is taken back and the list asked for
 * again (Ctrl+Space).
 */
export async function acceptCompletion(page: Page, key: string, typed: string): Promise<void> {
  const popup = page.locator('.cm-tooltip-autocomplete');
  const selected = page.locator('.cm-tooltip-autocomplete:not(.cm-tooltip-autocomplete-disabled) li[aria-selected="true"]');
  const active = page.locator('.st-cm .cm-activeLine').first();
  const text = (l: Locator) => l.innerText({ timeout: 1_000 }).catch(() => '');
  const typedLine = new RegExp(`^\\s*${typed}$`);
  const keyLine = new RegExp(`^\\s*${key}`);
  for (let attempt = 1; ; attempt++) {
    // seen settled, then still so ≥ 100 ms later: the list is older than the 75 ms Enter ignores
    let since = 0;
    await expect
      .poll(
        async () => {
          const ready = new RegExp(`^${typed}\\|${key}`).test(`${(await text(active)).trim()}|${await text(selected)}`);
          since = ready ? since || Date.now() : 0;
          return ready && Date.now() - since >= 100;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    const outcome = async () => {
      if (await editorLine(page, keyLine).count()) return 'taken';
      return !(await popup.isVisible()) && !typedLine.test(await text(active)) ? 'new line' : 'waiting';
    };
    await expect.poll(outcome, { timeout: 20_000 }).not.toBe('waiting');
    if ((await outcome()) === 'taken') return;
    const lines = await page.locator('.st-cm .cm-line').evaluateAll((els) => els.slice(0, 14).map((e) => e.textContent).join(' / '));
    console.warn(`acceptCompletion: Enter made a new line instead of taking ${key} (attempt ${attempt}): ${lines}`);
    if (attempt === 3) throw new Error(`Enter never took ${key} from the completion list`);
    for (let i = 0; i < 10 && !typedLine.test(await text(active)); i++) await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Space');
  }
}
