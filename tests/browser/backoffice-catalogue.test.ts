/**
 * The catalogue in the studio (业务与运营 → 院区与套餐), as the centre's 运营
 * admin uses it, and what a phone then reads:
 * 1. the demo admin edits 入门通用体检套餐's price: a price with three decimals is
 *    refused under the field before anything is sent; 218.5 is saved, the table
 *    reads ¥218.50 and the row holds 21850 cents (and its audit entry);
 * 2. a phone (375×667) opening 个人体检's package list reads the new price;
 * 3. the admin withdraws (下架) the package: the row says 已下架, the database
 *    active = 0, and the phone's next list no longer shows it.
 * With STUDIO_DOC_SHOTS=1 it saves docs/img/studio/23-catalogue.png (the editor open).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioDesk, signInStudio, type StudioDesk } from './helpers/studio';
import { startApp, type RunningApp } from './helpers/app';
import { docShot, openArea } from './helpers/backoffice';
import { openPhone, type Phone } from './helpers/phone';
import { choosePersonal, clickText, dialogButton, login, waitRoute, waitText, type Shots } from './helpers/journey';

const PKG = '入门通用体检套餐';
const shots: Shots = { prefix: 'catalogue-phone', taken: [] };

let app: RunningApp;
let desk: StudioDesk;
let phone: Phone;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  desk = await openStudioDesk(app.serverUrl);
  page = desk.page;
  phone = await openPhone(app.baseUrl);
}, 180_000);

afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await app?.stop();
});

const said = () => page.locator('.bo-catalogue [role="status"]').first().innerText({ timeout: 1_000 }).catch(() => '');
const row = () => page.locator('table[aria-label="套餐"] tr[data-code="P4005"]');
const stored = () => app.sql<{ price_cents: number; active: number; rev: number }>('SELECT price_cents, active, rev FROM packages WHERE clus_code = ?', 'P4005')[0];

/** Home → 个人体检 → 未婚 → 健康体检 → 直接预约 → the package list (its 男 tab). */
async function openPersonList(p: Page): Promise<void> {
  expect(await choosePersonal(p, shots, '未婚', '健康体检')).toBe('是否先填写健康问卷？');
  await dialogButton(p, '直接预约');
  await waitRoute(p, '/PersonIndex');
  await waitText(p, '男士基础体检套餐', 15_000);
}

describe('the catalogue in the studio', () => {
  it('运营 changes a package price in yuan; the table, the row and the phone’s list show it', async () => {
    await signInStudio(page);
    await openArea(page, '院区与套餐');
    await row().waitFor({ timeout: 20_000 });
    expect(await row().locator('[data-col="price"]').innerText()).toBe('¥199.00');

    await row().getByRole('button', { name: '编辑' }).click();
    const form = page.getByRole('form', { name: `编辑套餐 ${PKG}` });
    const price = form.getByLabel('价格（元）');
    await price.fill('218.555');
    await form.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => form.getByRole('alert').first().innerText({ timeout: 1_000 }).catch(() => '')).toBe('价格必须是不超过两位小数的金额');
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(stored().price_cents).toBe(19900);

    await price.fill('218.5');
    await page.locator('.bo-area').evaluate((el) => (el.scrollTop = 0));
    await docShot(page, '23-catalogue', 'catalogue-editor');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/studio/catalogue/packages/P4005') && r.request().method() === 'POST');
    await form.getByRole('button', { name: '保存' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => said(), { timeout: 15_000 }).toBe(`已保存套餐 ${PKG}（¥218.50）`);
    await expect.poll(() => row().locator('[data-col="price"]').innerText({ timeout: 1_000 }).catch(() => ''), { timeout: 15_000 }).toBe('¥218.50');
    expect(stored()).toEqual({ price_cents: 21850, active: 1, rev: 1 });
    const audit = app.sql<{ actor: string; action: string; summary: string }>("SELECT actor, action, summary FROM audit_log WHERE entity = 'package' AND entity_key = 'P4005'");
    expect(audit).toEqual([{ actor: 'admin', action: 'update', summary: `修改套餐 ${PKG}（P4005）：价格 ¥199.00→¥218.50` }]);

    await login(phone.page);
    await openPersonList(phone.page);
    const card = phone.page.locator('.adm-card').filter({ hasText: PKG }).first();
    await card.waitFor({ timeout: 15_000 });
    expect(await card.innerText()).toContain('218.50');
  }, 240_000);

  it('运营 withdraws it: 已下架 in the table, active = 0, gone from the phone’s next list', async () => {
    const done = page.waitForResponse((r) => r.url().endsWith('/api/studio/catalogue/packages/P4005/withdraw'));
    await row().getByRole('button', { name: '下架' }).click();
    expect((await done).status()).toBe(200);
    await expect.poll(() => said(), { timeout: 15_000 }).toBe(`已下架套餐 ${PKG}`);
    await expect.poll(() => row().innerText({ timeout: 1_000 }).catch(() => ''), { timeout: 15_000 }).toContain('已下架');
    await row().getByRole('button', { name: '上架' }).waitFor();
    expect(stored()).toMatchObject({ active: 0, rev: 2 });

    await openPersonList(phone.page);
    expect(await phone.page.locator('body').innerText()).not.toContain(PKG);
    await clickText(phone.page, '女');
    await waitText(phone.page, '女士基础体检套餐', 15_000);
    expect(await phone.page.locator('body').innerText()).not.toContain(PKG);
    expect(desk.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  }, 180_000);
});
