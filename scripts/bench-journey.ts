/**
 * The benches' phones mid-journey (bench-bundle, bench-lighthouse), so a route
 * opens as a refresh or a shared link at that point shows it.
 */
import type { Page } from 'playwright-core';
import { clickText, waitText } from '../tests/browser/helpers/phone';
import { LI_MING } from '../tests/browser/helpers/journey';
import { tapDay } from '../tests/browser/helpers/calendar-turn';

/**
 * Two phones mid-journey, each signed in (sandbox OAuth) with the branch chosen:
 * a person with a package, no extras and a day picked; a company member signed
 * in with the package open (the session keeps all of it in local storage).
 * Each route is then opened on the phone whose journey it belongs to, as a
 * refresh or a shared link at that point shows it — not as a cold open that
 * only says 暂无项目数据 in an alert.
 */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/');
  await waitText(page, '选择院区', 30_000);
  await clickText(page, '（总院）');
  await waitText(page, '个人体检');
}

export async function warmUpPerson(page: Page): Promise<void> {
  const dialogButton = (text: string) => page.locator('.adm-dialog-footer').locator('visible=true').last().getByText(text, { exact: true }).click();
  await clickText(page, '个人体检');
  await clickText(page, '未婚');
  await clickText(page, '健康体检');
  await dialogButton('直接预约');
  await waitText(page, '入门通用体检套餐');
  await clickText(page, '入门通用体检套餐');
  await waitText(page, '立即预约');
  await clickText(page, '立即预约');
  await dialogButton('不需要');
  // on the last days of a month the month shown may hold no 充足 day: turn the page, as a person would
  await tapDay(page, 'plenty');
  await page.locator('[aria-pressed][aria-disabled="false"]').first().click();
  await clickText(page, '确定');
  await waitText(page, '提交预约');
}

export async function warmUpTeam(page: Page): Promise<void> {
  await clickText(page, '团队体检');
  await page.getByPlaceholder('请输入单位名称').fill(LI_MING.company);
  await page.getByPlaceholder('请输入身份证号').fill(LI_MING.idCard);
  await page.getByPlaceholder('请输入手机号').fill(LI_MING.tel);
  await clickText(page, '登录');
  await waitText(page, LI_MING.pkg);
  await page.locator('.adm-card').filter({ hasText: LI_MING.pkg }).first().getByText(LI_MING.pkg, { exact: true }).click();
  await waitText(page, '返回预约');
}

