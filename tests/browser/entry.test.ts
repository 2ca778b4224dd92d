/**
 * Entry points as people arrive: a visitor opening /Index (or a group member's
 * /TeamLogin link) with no branch chosen meets the chooser first and is brought
 * back; with one branch it is chosen silently and every booking call carries it;
 * /Index shows the branch's address and phone without a back arrow. Also the
 * group's extra-item list opened directly (only the member's sex), /TeamPayment
 * with no order, and the questionnaire start page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LI_MING, fillTeamLogin, route, waitRoute } from './helpers/journey';
import { phoneApp } from './helpers/phone-app';
import { clickText, openPhone, screenshot, visibleText, waitText } from './helpers/phone';
import { persistedSession } from './helpers/session';

const t = phoneApp('entry');

async function freshPhone(): Promise<{ page: Page; close(): Promise<void> }> {
  return openPhone(t.app.baseUrl);
}

describe('entry points', () => {
  it('/Index with no branch chosen: the chooser asks, then back to /Index; address and phone, no back arrow; calls carry the branch', async () => {
    const phone = await freshPhone();
    const { page } = phone;
    try {
      await page.goto('/#/Index');
      await waitText(page, '选择院区', 30_000);
      await screenshot(page, 'entry-chooser-375');
      await page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
      await waitRoute(page, '/Index', 15_000);
      await waitText(page, '个人体检');
      const text = await visibleText(page);
      const branch = (await (await page.request.get('/config.json')).json()).branches[0];
      expect(text).toContain(branch.hospAddr);
      expect(text).toContain(branch.hospTel);
      expect(await page.locator('.cf-navbar .adm-nav-bar-back-arrow').count()).toBe(0);
      await screenshot(page, 'entry-index-375');
      await page.setViewportSize({ width: 320, height: 568 });
      await screenshot(page, 'entry-index-320');
      await page.setViewportSize({ width: 375, height: 667 });
      // a booking call carries the branch
      await clickText(page, '个人体检');
      await waitText(page, '健康体检');
      await clickText(page, '未婚');
      await clickText(page, '健康体检');
      // The package list while its answer is on the way: a skeleton, not 暂无体检套餐 (StepPage's `loading`).
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let asked = false;
      await page.route('**/api/UserInfoApi/GetClusItemList', async (r) => {
        asked = true;
        await held;
        await r.continue();
      });
      await page.locator('.adm-dialog-footer').getByText('直接预约', { exact: true }).click();
      await waitRoute(page, '/PersonIndex');
      await page.locator('.adm-skeleton').first().waitFor({ timeout: 30_000 });
      await expect.poll(() => asked, { timeout: 30_000 }).toBe(true);
      expect(await visibleText(page)).not.toContain('暂无体检套餐');
      await screenshot(page, 'entry-package-list-loading-375');
      release();
      await waitText(page, '男士基础体检套餐');
      expect(await page.locator('.adm-skeleton').count()).toBe(0);
      await page.unroute('**/api/UserInfoApi/GetClusItemList');
      await page.locator('.adm-card').first().click();
      await waitRoute(page, '/PersonDetails');
      const sumReq = page.waitForRequest('**/api/PersonSumApi/GetPersonSumList', { timeout: 30_000 });
      await clickText(page, '立即预约');
      // no extra items
      await page.locator('.adm-dialog-footer').getByText('不需要', { exact: true }).click({ timeout: 10_000 }).catch(() => undefined);
      const sum = await sumReq;
      expect(JSON.parse(sum.postData() ?? '{}').hospCode).toBe(branch.hospCode);
    } finally {
      await phone.close();
    }
  });

  it("a group member's /TeamLogin link: in the group flow, the branch asked for and back; the extra items of the member's sex only", async () => {
    const phone = await freshPhone();
    const { page } = phone;
    try {
      await page.goto('/#/TeamLogin');
      await waitText(page, '选择院区', 30_000);
      await page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
      await waitRoute(page, '/TeamLogin', 15_000);
      expect((await persistedSession(page)).values.type).toBe('group');
      await fillTeamLogin(page, LI_MING);
      await clickText(page, '登录');
      await waitRoute(page, '/TeamComboList');
      await waitText(page, LI_MING.pkg);
      // the extra-item list opened directly (an entry route): a man's package offers no item for women only
      const [tree] = await Promise.all([
        page.waitForResponse('**/api/UserInfoApi/AddClusItem'),
        page.evaluate(() => {
          const raw = JSON.parse(localStorage.getItem('checkup-session') ?? '{}');
          return raw;
        }),
        (async () => {
          await page.locator('.adm-card').first().click();
          await waitRoute(page, '/TeamDetails');
          await page.evaluate(() => {
            location.hash = '#/TeamAddClusItem';
          });
        })(),
      ]);
      await waitRoute(page, '/TeamAddClusItem');
      const names = (JSON.parse((await tree.json()).returnData) as Array<{ children: Array<{ comb_name: string }> }>).flatMap((c) => c.children.map((i) => i.comb_name));
      expect(names.length).toBeGreaterThan(20);
      expect(names).not.toContain('乳腺彩超');
      expect(names).not.toContain('白带常规');
      await waitText(page, '一般检查');
      expect(await visibleText(page)).not.toContain('妇科检查');
    } finally {
      await phone.close();
    }
  });

  it('/TeamPayment with no order shows only 订单已过期; the questionnaire start page leads to the questionnaire', async () => {
    const { page } = t.phone;
    await page.goto('/');
    await waitText(page, '选择院区', 30_000);
    await page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
    await waitRoute(page, '/Index');
    await page.evaluate(() => {
      location.hash = '#/TeamPayment';
    });
    await waitRoute(page, '/TeamPayment');
    await waitText(page, '订单已过期');
    const text = await visibleText(page);
    expect(text).not.toContain('预约成功');
    expect(text).not.toContain('去支付');
    await screenshot(page, 'entry-teampayment-empty-375');

    await page.evaluate(() => {
      location.hash = '#/QuestionIndex?page=person';
    });
    await waitRoute(page, '/QuestionIndex');
    await waitText(page, '请花几分钟完成体检前健康问卷');
    await clickText(page, '开始填写');
    await waitRoute(page, '/HealthQuestionnaire');
    expect(route(page)).toBe('/HealthQuestionnaire');
  });

  it('with one branch it is chosen silently', async () => {
    t.app.sql(`DELETE FROM branches WHERE hosp_code <> '01'`);
    const phone = await freshPhone();
    const { page } = phone;
    try {
      await page.goto('/#/Index');
      await waitText(page, '个人体检', 30_000);
      expect(route(page)).toBe('/Index');
      expect(await visibleText(page)).not.toContain('选择院区');
      expect(((await persistedSession(page)).values.hospInfo as { hospCode?: string })?.hospCode).toBe('01');
    } finally {
      await phone.close();
    }
  });
});
