/**
 * Importing packages from Excel, as an 运营 admin does it (the demo admin), and
 * what the examinee sees next:
 * 1. 业务与运营 → 导入 → 套餐与项目: 下载模板 gives an .xlsx that opens with the
 *    sheet's headers;
 * 2. a packages sheet with two bad rows → 检查（不导入） lists both with row,
 *    column and reason, says nothing was imported, and nothing is in the DB;
 * 3. the fixed sheet (a new file) → 检查 clean → 导入 → the summary; the
 *    packages and an 'import' audit entry are stored;
 * 4. a phone (375×667) opens the 驾驶证体检 list: the new package at its
 *    price, and its detail lists its items;
 * 5. 团体单位 shows the companies, packages and members with exam numbers.
 * With STUDIO_DOC_SHOTS=1 it saves docs/img/studio/23-imports.png (the dry-run
 * problems) and 23-groups.png (else test-artifacts/).
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagesSheet } from '../../src/server/services/backoffice/imports/packages-sheet';
import { startApp, type RunningApp } from './helpers/app';
import { docShot, downloadWorkbook, openArea } from './helpers/backoffice';
import { openStudioDesk, signInStudio, type StudioDesk } from './helpers/studio';
import { openPhone, screenshot, type Phone } from './helpers/phone';
import { choosePersonal, clickText, dialogButton, login, waitRoute, waitText } from './helpers/journey';

const HEADERS = packagesSheet.columns.map((c) => c.header);
const NEW_PKG = { code: 'V6101', name: '驾驶证体检（快捷）', price: '88.00', items: ['一般检查（身高、体重、血压、BMI）', '眼科检查（视力、色觉）', '耳鼻喉科检查'] };

let app: RunningApp;
let desk: StudioDesk;
let page: Page;
let phone: Phone;

beforeAll(async () => {
  app = await startApp();
  desk = await openStudioDesk(app.serverUrl);
  page = desk.page;
}, 180_000);

afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await app?.stop();
});

/** A packages sheet (headers from the sheet's own columns) with the given rows by header. */
async function packagesXlsx(rows: Array<Record<string, string>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('套餐');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(HEADERS.map((h) => r[h] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const codesOf = (names: string[]) => names.map((n) => app.sql<{ comb_code: string }>('SELECT comb_code FROM items WHERE comb_name = ?', n)[0].comb_code);
const row = (over: Record<string, string>) => ({ 套餐编码: NEW_PKG.code, 套餐名称: NEW_PKG.name, 类型: '驾驶证', 适用性别: '不限', 婚否: '不限', '价格(元)': NEW_PKG.price, 项目编码: codesOf(NEW_PKG.items).join('、'), 说明: '视力、听力、肢体检查', ...over });
const others = [
  { 套餐编码: 'V6102', 套餐名称: '驾驶证体检（年审）', '价格(元)': '45.00', 项目编码: '' },
  { 套餐编码: 'V6103', 套餐名称: '驾驶证体检（夜间）', '价格(元)': '66.00', 项目编码: '' },
];
const stored = (codes: string[]) => app.sql<{ clus_code: string; price_cents: number }>(`SELECT clus_code, price_cents FROM packages WHERE clus_code IN (${codes.map(() => '?').join(',')}) ORDER BY clus_code`, ...codes);

/** The imports area (the left nav has a 导入 button too). */
const importArea = () => page.getByRole('region', { name: '导入', exact: true });

async function chooseFile(name: string, buffer: Buffer): Promise<void> {
  await page.getByLabel('选择文件').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
}

describe('back office: import packages from Excel', () => {
  it('the 运营 admin downloads the 套餐与项目 template: an .xlsx with the sheet’s headers', async () => {
    await signInStudio(page);
    await openArea(page, '导入');
    const kind = page.getByLabel('导入内容');
    await kind.waitFor({ timeout: 20_000 });
    expect(await kind.locator('option').allInnerTexts()).toEqual(['套餐与项目', '号源容量', '团体人员', '审核人']);
    await kind.selectOption({ label: '套餐与项目' });
    const { file, workbook } = await downloadWorkbook(page, page.getByRole('link', { name: '下载模板', exact: true }));
    expect(file).toBe('套餐导入模板.xlsx');
    expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(await page.getByRole('link', { name: '下载 CSV 模板' }).getAttribute('href')).toBe('/api/studio/imports/packages/template.csv');
  }, 120_000);

  it('a sheet with two bad rows: 检查（不导入） lists both with row and reason; nothing is stored', async () => {
    const i0 = codesOf(['眼科检查（视力、色觉）']);
    await chooseFile('驾驶证套餐.xlsx', await packagesXlsx([row({}), { ...row(others[0]), '价格(元)': '四十五', 项目编码: i0.join('、') }, { ...row(others[1]), 项目编码: 'I9999' }]));
    const apply = importArea().getByRole('button', { name: '导入', exact: true });
    expect(await apply.isDisabled()).toBe(true);
    await page.getByRole('button', { name: '检查（不导入）' }).click();
    await waitText(page, '共 2 处问题，未导入任何数据', 30_000);
    const table = page.locator('table').filter({ has: page.getByRole('columnheader', { name: '原因' }) });
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['行', '列', '原因']);
    const cells = (await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim()))));
    expect(cells.map((c) => c.slice(0, 2))).toEqual([['3', '价格(元)'], ['4', '项目编码']]);
    expect(cells[1][2]).toContain('I9999');
    expect(await apply.isDisabled()).toBe(true);
    await docShot(page, '23-imports', '23-imports');
    expect(stored([NEW_PKG.code, 'V6102', 'V6103'])).toEqual([]);
    expect(app.sql(`SELECT id FROM audit_log WHERE action = 'import'`)).toEqual([]);
  }, 120_000);

  it('the fixed sheet (a new file): 检查 is clean, 导入 applies it; the packages and an audit entry are stored', async () => {
    const i0 = codesOf(['眼科检查（视力、色觉）']).join('、');
    await chooseFile('驾驶证套餐-改.xlsx', await packagesXlsx([row({}), { ...row(others[0]), 项目编码: i0 }, { ...row(others[1]), 项目编码: i0 }]));
    const apply = importArea().getByRole('button', { name: '导入', exact: true });
    expect(await apply.isDisabled()).toBe(true); // a new file: checked again first
    await page.getByRole('button', { name: '检查（不导入）' }).click();
    await waitText(page, '检查通过：共 3 行', 30_000);
    await expect.poll(() => apply.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(stored([NEW_PKG.code])).toEqual([]); // still only checked
    await apply.click();
    await waitText(page, '导入成功：新增 3 个套餐', 30_000);
    expect(await page.getByRole('status').filter({ hasText: '导入成功' }).innerText()).toMatch(/^导入成功：新增 3 个套餐，更新 0 个（共 3 行）$/);
    expect(stored([NEW_PKG.code, 'V6102', 'V6103'])).toEqual([
      { clus_code: 'V6101', price_cents: 8800 },
      { clus_code: 'V6102', price_cents: 4500 },
      { clus_code: 'V6103', price_cents: 6600 },
    ]);
    const audit = app.sql<{ actor: string; entity_key: string; summary: string }>(`SELECT actor, entity_key, summary FROM audit_log WHERE action = 'import'`);
    expect(audit).toEqual([{ actor: 'admin', entity_key: 'packages', summary: expect.stringContaining('驾驶证套餐-改.xlsx，3 行') }]);
    expect(await apply.isDisabled()).toBe(true); // applied: not twice
  }, 120_000);

  it('a phone lists the new package at its price in 驾驶证体检, and its detail lists its items', async () => {
    phone = await openPhone(app.baseUrl);
    const p = phone.page;
    await login(p);
    const shots = { prefix: 'bo-imports', taken: [] as string[] };
    expect(await choosePersonal(p, shots, '未婚', '驾驶证体检')).toBe('是否先填写健康问卷？');
    await dialogButton(p, '直接预约');
    await waitRoute(p, '/VehicleIndex');
    await waitText(p, NEW_PKG.name, 20_000);
    const card = p.locator('.adm-list-item, .adm-card, [class*="card"]').filter({ hasText: NEW_PKG.name }).first();
    expect(await card.innerText()).toContain(NEW_PKG.price);
    await clickText(p, NEW_PKG.name);
    await waitRoute(p, '/PersonDetails');
    for (const item of NEW_PKG.items) await waitText(p, item, 20_000);
    await screenshot(p, 'bo-imports-phone-detail');
  }, 120_000);

  it('团体单位: the companies, their packages and members with exam numbers', async () => {
    await page.getByRole('navigation', { name: '业务与运营' }).getByRole('button', { name: '团体单位' }).click();
    await page.getByRole('list', { name: '单位' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /浙江华东建设集团有限公司/ }).click();
    const members = page.getByRole('region', { name: '成员' });
    await members.getByRole('cell', { name: '2026100004' }).waitFor({ timeout: 20_000 });
    expect(await members.locator('tbody tr').count()).toBe(3);
    expect(await page.getByRole('region', { name: '单位套餐' }).innerText()).toContain('¥260.00');
    expect(await members.innerText()).toContain('13712345604'); // 运营 sees the full numbers
    await docShot(page, '23-groups', '23-groups');
    expect(desk.problems).toEqual([]);
  }, 120_000);
});
