/**
 * The self-assessment questionnaire as examinees walk it (issue "Self-assessment
 * questionnaire"): 婚姻状况 prefilled from the popup and the answer given there
 * winning on the order; a reload at question 6 and the header's back arrow resume
 * at the same question with every answer; multiple choice looks like it (square
 * boxes, 多选) and an exclusive option clears the others; the thanks toast after
 * the confirm has closed; the list opens on the tab of the sex given; the answers
 * travel with that booking only — a second booking from the same phone with
 * 直接预约 and another ID number carries none.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  choosePersonal,
  closeAlert,
  dialogButton,
  dialogText,
  fillBasicInfo,
  freshId,
  freshPhone,
  journeyApp,
  pickDayAndSlot,
  submitValid,
  waitRoute,
  type Shots,
} from './helpers/journey';
import { clickText, screenshot, waitText } from './helpers/phone';
import { persistedSession } from './helpers/session';

const j = journeyApp('qs-self');
const s: Shots = { prefix: 'qs-self', taken: [] };

const counter = (page: Page) => page.locator('text=/^\\d+\\/\\d+$/').first();
const title = (page: Page) => page.locator('.cf-page div[style*="font-weight: 600"]').first();

/** Answers the current question (the last ordinary option, or 无 typed) and goes on. */
async function answerOne(page: Page): Promise<void> {
  const pos = await counter(page).innerText();
  const radios = page.locator('.cf-page .adm-radio');
  const boxes = page.locator('.cf-page .adm-checkbox');
  if ((await radios.count()) > 0) await radios.last().click();
  else if ((await boxes.count()) > 0) await boxes.first().click();
  else await page.locator('.cf-page input').first().fill('无');
  await page.locator('.adm-button').filter({ hasText: /^(下一题|提交)$/ }).last().click();
  await expect.poll(() => counter(page).innerText()).not.toBe(pos);
}

async function bookFirstPackage(page: Page, person: { idCard: string }): Promise<string> {
  await page.locator('.adm-card').locator('visible=true').first().click();
  await waitRoute(page, '/PersonDetails');
  await clickText(page, '立即预约');
  await page.locator('.adm-dialog-footer').getByText('不需要', { exact: true }).click({ timeout: 10_000 }).catch(() => undefined);
  await pickDayAndSlot(page, s);
  await clickText(page, '确定');
  await waitRoute(page, '/PersonOrders');
  const [req] = await Promise.all([page.waitForRequest('**/api/OrderListApi/PersonOrderAdd'), submitValid(page, s, { name: '测试人', idCard: person.idCard, tel: freshPhone() })]);
  return JSON.parse(req.postData() ?? '{}').questionZC as string;
}

describe('self-assessment questionnaire', () => {
  it('prefill, resume after a reload and after the back arrow, multiple choice, thanks, the tab of her sex, answers with her order only', async () => {
    const { page } = j.phone;
    // the popup says 未婚; the basic info starts from it
    expect(await choosePersonal(page, s, '未婚', '健康体检')).toBe('是否先填写健康问卷？');
    await dialogButton(page, '填写问卷');
    await waitRoute(page, '/HealthQuestionnaire');
    await waitText(page, '民族');
    const hyzk = page.locator('.adm-form-item').filter({ hasText: '婚姻状况' }).first();
    await expect.poll(() => hyzk.locator('.adm-radio-checked').innerText()).toBe('未婚');
    // an empty 下一步: one message, every missing field marked
    await clickText(page, '下一步');
    expect(await dialogText(page)).toBe('请完成基本信息！');
    await closeAlert(page);
    await expect.poll(() => page.locator('.adm-form-item-feedback-error').locator('visible=true').count()).toBeGreaterThanOrEqual(5);
    await screenshot(page, 'qs-self-basic-errors-375');
    // she changes it to 已婚 here: this answer wins (the order's marr_status follows it)
    await fillBasicInfo(page, s, { sex: '女', hyzk: '已婚' });
    expect((await persistedSession(page)).values.marital).toBe('2');

    // the first question is multiple choice: square boxes, the hint, an exclusive option
    await counter(page).waitFor();
    await waitText(page, '多选');
    const radius = await page.locator('.cf-page .adm-checkbox-icon').first().evaluate((e) => getComputedStyle(e).borderRadius);
    expect(radius).toBe('4px');
    await page.setViewportSize({ width: 320, height: 568 });
    await screenshot(page, 'qs-self-multi-320');
    await page.setViewportSize({ width: 375, height: 667 });
    await screenshot(page, 'qs-self-multi-375');
    const boxes = page.locator('.cf-page .adm-checkbox');
    const checked = () => page.locator('.cf-page .adm-checkbox-checked').allInnerTexts();
    await boxes.first().click();
    await boxes.nth(1).click();
    expect((await checked()).length).toBe(2);
    await page.locator('.cf-page').getByText('以上都没有', { exact: true }).click();
    expect(await checked()).toEqual(['以上都没有']);
    await boxes.first().click();
    expect(await checked()).not.toContain('以上都没有');
    expect((await checked()).length).toBe(1);
    await page.locator('.adm-button').filter({ hasText: /^下一题$/ }).last().click();

    // up to question 6
    while (!(await counter(page).innerText()).startsWith('6/')) await answerOne(page);
    const at6 = await title(page).innerText();
    const total = (await counter(page).innerText()).split('/')[1];
    // a reload (or a killed webview): the same question, every answer kept
    await page.reload();
    await counter(page).waitFor({ timeout: 20_000 });
    expect(await counter(page).innerText()).toBe(`6/${total}`);
    expect(await title(page).innerText()).toBe(at6);
    await clickText(page, '上一题');
    expect(await counter(page).innerText()).toBe(`5/${total}`);
    expect(await page.locator('.cf-page .adm-radio-checked, .cf-page .adm-checkbox-checked').count()).toBeGreaterThan(0);
    await page.locator('.adm-button').filter({ hasText: /^下一题$/ }).last().click();
    await expect.poll(() => counter(page).innerText()).toBe(`6/${total}`);

    // the header's back arrow: to the basic info, and 下一步 comes back to question 6
    await page.locator('.cf-navbar .adm-nav-bar-back').click();
    await waitRoute(page, '/HealthQuestionnaire');
    await clickText(page, '下一步');
    await waitRoute(page, '/Questionnaire');
    await expect.poll(() => counter(page).innerText()).toBe(`6/${total}`);

    // to the end; the thanks toast comes once the confirm has closed
    for (let i = 0; i < 200; i++) {
      if (await page.locator('.adm-dialog-content').filter({ hasText: '是否提交' }).isVisible()) break;
      await answerOne(page).catch(async () => undefined);
    }
    await dialogButton(page, '确定');
    const toast = page.locator('.adm-toast-main').filter({ hasText: '感谢您的配合' });
    await toast.waitFor({ state: 'visible' });
    expect(await page.locator('.adm-dialog-content').filter({ hasText: '是否提交' }).isVisible()).toBe(false);

    // the list opens on her sex's tab
    await waitRoute(page, '/PersonIndex');
    await expect.poll(() => page.locator('[role=tab][aria-selected=true]').innerText()).toBe('女');
    expect((await persistedSession(page)).values.questionProgress ?? null).toBeNull();

    // her booking carries her answers and 已婚
    const first = freshId('female');
    const zc = await bookFirstPackage(page, { idCard: first });
    expect(zc.length).toBeGreaterThan(100);
    expect(JSON.parse(zc).basicInfo.hyzk).toBe('已婚');
    const row = j.app.sql<{ marr_status: string; question_zc: string }>('SELECT marr_status, question_zc FROM orders WHERE id_card = ?', first)[0];
    expect(row.marr_status).toBe('2');
    expect(row.question_zc).toBe(zc);

    // a second booking from the same phone, 直接预约, another ID number: no answers travel with it
    expect(await choosePersonal(page, s, '未婚', '健康体检')).toBe('是否先填写健康问卷？');
    await dialogButton(page, '直接预约');
    await waitRoute(page, '/PersonIndex');
    const second = freshId('male');
    expect(await bookFirstPackage(page, { idCard: second })).toBe('');
    expect(j.app.sql<{ question_zc: string }>('SELECT question_zc FROM orders WHERE id_card = ?', second)[0].question_zc).toBe('');
  });
});
