/**
 * Approvers as the centre's director uses the screens: the 6-digit password sheet
 * (fits a small phone, shows how many digits are in while the keyboard is up, a
 * wrong password and a lock-out show the server's words), free-exam review by
 * state (pending first, decided under their own tabs, coloured tags), approve and
 * reject with the decision stored, and the token cards the same way.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyApp, noToast, toastText, waitRoute } from './helpers/journey';
import { clickText, screenshot, visibleText, waitText } from './helpers/phone';

const j = journeyApp('approvers');

/** Taps the cells (the phone's number pad opens) and types, key by key. */
async function typeDigits(page: Page, digits: string): Promise<void> {
  const input = page.locator('.cf-gate-input');
  await expect.poll(() => input.isEnabled()).toBe(true); // not while the last code is being checked
  await input.click();
  await page.keyboard.type(digits, { delay: 30 });
}

const tabCards = (page: Page) => page.locator('.adm-card').locator('visible=true');

describe('approvers', () => {
  it('free exams: the password sheet, the review by state, approve and reject stored', async () => {
    const { page } = j.phone;
    await clickText(page, '免费审核');
    await waitRoute(page, '/DirectorReview');
    await waitText(page, '请输入审核密码');

    // the sheet: six cells that fit a 320 px phone, the count, the phone's own number pad (inputmode numeric)
    await page.setViewportSize({ width: 320, height: 568 });
    expect(await page.locator('.cf-gate-input').getAttribute('inputmode')).toBe('numeric');
    await typeDigits(page, '12');
    await waitText(page, '已输入 2/6 位');
    expect(await page.locator('.cf-gate-cell').allInnerTexts()).toEqual(['1', '2', '', '', '', '']);
    const cells = await page.locator('.cf-gate-cells').boundingBox();
    expect(cells!.x).toBeGreaterThanOrEqual(0);
    expect(cells!.x + cells!.width).toBeLessThanOrEqual(320);
    await screenshot(page, 'approvers-sheet-320');
    await page.setViewportSize({ width: 375, height: 667 });
    await screenshot(page, 'approvers-sheet-375');

    // a wrong password: the server's word, the sheet stays
    const [wrong] = await Promise.all([page.waitForResponse('**/api/BackProtectApi/VerifyDirectorReviewPwd').catch(() => null), typeDigits(page, '9999')]);
    expect(await toastText(page, '密码错误')).toBe('密码错误');
    expect(wrong === null || wrong.status() === 200).toBe(true);
    await noToast(page);
    await waitText(page, '已输入 0/6 位');

    // the right one: the list, pending first
    await typeDigits(page, '123456');
    await toastText(page, '登录成功');
    await waitText(page, '赵强（F000301）');
    // the gate is gone: the list is usable
    await page.locator('.cf-gate').waitFor({ state: 'detached' });
    await noToast(page);
    const pending = await visibleText(page);
    expect(pending).toContain('钱丽（F000302）');
    expect(pending).not.toContain('孙伟'); // decided ones are under their own tabs
    // tags differ in colour by state
    const pendingColor = await page.locator('.adm-tag').filter({ hasText: '待审核' }).first().evaluate((e) => getComputedStyle(e).color);
    await screenshot(page, 'approvers-review-375');

    // approve 赵强: the call, then the toast, then the row is decided
    const [approve] = await Promise.all([
      page.waitForRequest('**/api/BackProtectApi/UpdateFreePersonState'),
      tabCards(page).filter({ hasText: '赵强' }).getByText('通过', { exact: true }).click(),
    ]);
    expect(JSON.parse(approve.postData() ?? '{}')).toMatchObject({ regno: 'F000301', status: '1' });
    await toastText(page, '审核通过');
    await page.waitForFunction(() => !document.body.innerText.includes('赵强（F000301）'));
    expect(j.app.sql<{ is_pay: string }>('SELECT is_pay FROM free_exam_requests WHERE reg_no = ?', 'F000301')[0].is_pay).toBe('T');
    // reject 钱丽
    await tabCards(page).filter({ hasText: '钱丽' }).getByText('驳回', { exact: true }).click();
    await toastText(page, '驳回成功');
    await waitText(page, '暂无待审核记录');
    expect(j.app.sql<{ is_pay: string }>('SELECT is_pay FROM free_exam_requests WHERE reg_no = ?', 'F000302')[0].is_pay).toBe('0');
    await screenshot(page, 'approvers-review-empty-375');
    await page.setViewportSize({ width: 320, height: 568 });
    await screenshot(page, 'approvers-review-empty-320');
    await page.setViewportSize({ width: 375, height: 667 });

    await clickText(page, '已通过');
    await waitText(page, '赵强（F000301）');
    await waitText(page, '孙伟（F000303）');
    const approvedColor = await page.locator('.adm-tag').filter({ hasText: '已通过' }).locator('visible=true').first().evaluate((e) => getComputedStyle(e).color);
    await clickText(page, '已驳回');
    await waitText(page, '钱丽（F000302）');
    const rejectedColor = await page.locator('.adm-tag').filter({ hasText: '已驳回' }).locator('visible=true').first().evaluate((e) => getComputedStyle(e).color);
    expect(new Set([pendingColor, approvedColor, rejectedColor]).size).toBe(3);
  });

  it('token cards: the same approver session, approve and reject stored', async () => {
    const { page } = j.phone;
    await page.evaluate(() => {
      location.hash = '#/Index';
    });
    await waitText(page, '代金卡审核');
    await clickText(page, '代金卡审核');
    await waitRoute(page, '/TokenManagement');
    await waitText(page, 'C000401');
    expect(await visibleText(page)).not.toContain('C000403');
    await tabCards(page).filter({ hasText: 'C000401' }).getByText('通过', { exact: true }).click();
    await toastText(page, '审核成功');
    await tabCards(page).filter({ hasText: 'C000402' }).getByText('驳回', { exact: true }).click();
    await toastText(page, '驳回成功');
    await waitText(page, '暂无待审核代金卡');
    const rows = j.app.sql<{ card_no: string; status: string }>(`SELECT card_no, status FROM token_cards WHERE card_no IN ('C000401', 'C000402') ORDER BY card_no`);
    expect(rows.map((r) => r.status)).toEqual(['1', '2']);
    await screenshot(page, 'approvers-cards-375');
  });

  it('a lock-out shows the server\'s message, not 密码错误', async () => {
    const { page } = j.phone;
    // forget the approver token: the sheet is back
    await page.evaluate(() => {
      const raw = JSON.parse(localStorage.getItem('checkup-session') ?? '{}');
      if (raw.state?.values) delete raw.state.values.approverToken;
      localStorage.setItem('checkup-session', JSON.stringify(raw));
    });
    await page.reload();
    await waitText(page, '请输入审核密码', 20_000);
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      await typeDigits(page, '000000');
      const t = page.locator('.adm-toast-main').first();
      await t.waitFor({ state: 'visible' });
      seen.push((await t.innerText()).trim());
      // A toast lasts 5 s and then fades: wait it out fully, or the next read is the old toast.
      await noToast(page, 10_000);
    }
    expect(seen.slice(-1)[0]).toMatch(/^密码错误次数过多/);
    expect(seen.slice(0, 4)).toEqual(Array(4).fill('密码错误'));
  });
});
