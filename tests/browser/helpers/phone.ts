/** A phone-sized Chromium (playwright-core, Debian chromium) and small page helpers. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO } from './app';
import { recordWalk } from './route-walk';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Phone {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
  close(): Promise<void>;
}

/** The running test file; '' outside vitest (the bench scripts open phones too). */
function testPath(): string {
  try {
    return expect.getState().testPath ?? '';
  } catch {
    return '';
  }
}

export async function openPhone(baseUrl: string, opts: { userAgent?: string } = {}): Promise<Phone> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'zh-CN',
    // The examinee's phone is in the centre's zone (the host running the tests is often UTC).
    timezoneId: 'Asia/Shanghai',
    userAgent: opts.userAgent,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const test = testPath();
  if (test) recordWalk(page, test); // benches open phones too: they walk nothing for the coverage check
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

/** Clicks the first visible element whose text is exactly `text` (falls back to contains). */
export async function clickText(page: Page, text: string, opts: { timeout?: number } = {}): Promise<void> {
  const exact = page.getByText(text, { exact: true }).locator('visible=true').first();
  try {
    await exact.waitFor({ state: 'visible', timeout: opts.timeout ?? 10_000 });
    await exact.click();
  } catch {
    await page.getByText(text).locator('visible=true').first().click({ timeout: opts.timeout ?? 5_000 });
  }
}

/** Waits until `text` is visible somewhere on the page. */
export async function waitText(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.getByText(text).locator('visible=true').first().waitFor({ state: 'visible', timeout });
}

/** The page's visible text. */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** Saves `test-artifacts/<name>.png` (gitignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(REPO, 'test-artifacts');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** The hash route (`/Index?x=1`) of the page. */
export function hashPath(page: Page): string {
  const h = new URL(page.url()).hash;
  return h.startsWith('#') ? h.slice(1) : h;
}
