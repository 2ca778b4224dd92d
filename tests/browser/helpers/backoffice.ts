/**
 * What the back office's browser tests (tests/browser/backoffice-*.test.ts)
 * share: opening an area of 业务与运营, the doc screenshot, a downloaded Excel
 * file opened with exceljs.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { REPO } from './app';
import { screenshot } from './phone';

/** The desk's 业务与运营 view, then the area `name` of its left nav (the first area, 运营看板, opens by itself). */
export async function openArea(page: Page, name?: string): Promise<void> {
  await page.getByRole('navigation', { name: '视图' }).getByRole('button', { name: '业务与运营' }).click();
  if (name) await page.getByRole('navigation', { name: '业务与运营' }).getByRole('button', { name, exact: true }).click();
}

/**
 * With STUDIO_DOC_SHOTS=1, the page as docs/img/studio/<name>.png (docs/studio.md
 * shows it); otherwise, when `otherwise` is given, as test-artifacts/<otherwise>.png.
 */
export async function docShot(page: Page, name: string, otherwise?: string): Promise<void> {
  if (process.env.STUDIO_DOC_SHOTS !== '1') {
    if (otherwise) await screenshot(page, otherwise);
    return;
  }
  const out = path.join(REPO, 'docs/img/studio');
  fs.mkdirSync(out, { recursive: true });
  await page.screenshot({ path: path.join(out, `${name}.png`) });
}

/** Clicks a download link and opens the Excel file it gives. */
export async function downloadWorkbook(page: Page, link: Locator): Promise<{ file: string; workbook: ExcelJS.Workbook }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), link.click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  return { file: download.suggestedFilename(), workbook };
}
