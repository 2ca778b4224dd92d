/**
 * The group (team) booking journey as a company member walks it, against the
 * real server and the repository's flows (flows/team.yaml, home tile 团队体检):
 * TeamLogin (incomplete → 请输入完整信息, a wrong phone → the server's text,
 * the right member), the member's package list and detail, the questionnaire
 * by the member's flag (普通体检 → health, 接触噪声作业 → occupational), the
 * group calendar, /TeamOrders, and
 * - no extra items: the company pays, the booking succeeds without payment,
 *   home after 2 s, the order in 我的预约 with the member's name and date;
 * - extra items: /TeamAddClusItemToMe, the add-on amount on /TeamOrders,
 *   /TeamPayment and the sandbox pay sheet (确认支付 → 支付成功 → home).
 * Every TeamOrderAdd here passes the server's regno grant (TeamLogin as that
 * member under the same openid). One app + one browser for the file.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  bookWithoutExtras,
  clickText,
  closeAlert,
  dialogButton,
  dialogText,
  fillTeamLogin,
  home,
  journeyApp,
  LI_MING,
  messageAfterTap,
  noToast,
  pay,
  pickDayAndSlot,
  route,
  shot,
  toastText,
  visibleText,
  waitRoute,
  waitText,
  type Shots,
  type TeamMember,
  ZHAO_QIANG,
} from './helpers/journey';
import { tapDay } from './helpers/calendar-turn';
import { saveCompleteHealth } from './helpers/questionnaire';
import { hashPath } from './helpers/phone';

const screenshots: string[] = [];
const shots = (prefix: string): Shots => ({ prefix, taken: screenshots });

const j = journeyApp('team');

/** Home → 团队体检 → /TeamLogin with the form on screen. */
async function openTeamLogin(page: Page, s: Shots): Promise<void> {
  await home(page);
  await clickText(page, '团队体检');
  await waitRoute(page, '/TeamLogin');
  await page.getByPlaceholder('请输入单位名称').waitFor({ state: 'visible' });
  await shot(page, s, 'login');
}

/** Logs in as `m` and checks the member's package card on /TeamComboList. */
async function loginAs(page: Page, s: Shots, m: TeamMember): Promise<void> {
  await fillTeamLogin(page, m);
  await clickText(page, '登录');
  await waitRoute(page, '/TeamComboList');
  await waitText(page, m.pkg);
  const card = page.locator('.adm-card').filter({ hasText: m.pkg }).first();
  const text = await card.innerText();
  expect(text).toMatch(new RegExp(`体检人\\s*${m.name}`));
  expect(text).toMatch(new RegExp(`单位\\s*${m.company}`));
  expect(text).toMatch(new RegExp(`类别\\s*${m.flag}`));
  await shot(page, s, 'combo-list');
}

/** /TeamBookSum: the spec's messages for a missing day / slot, then a day and slot; → /TeamOrders. */
async function calendarToOrders(page: Page, s: Shots): Promise<{ date: string; dateLine: string; slot: string }> {
  await waitRoute(page, '/TeamBookSum');
  await waitText(page, '选择体检日期');
  await page.locator('[data-status]').first().waitFor({ state: 'visible' });
  await shot(page, s, 'calendar');
  await noToast(page);
  await clickText(page, '确定');
  await toastText(page, '请选择体检日期');
  // a day but no slot: the team calendar's own wording (报道, flows/team.yaml)
  await tapDay(page, 'plenty');
  await page.locator('[aria-pressed]').first().waitFor({ state: 'visible' });
  await noToast(page);
  await clickText(page, '确定');
  await toastText(page, '请选择报道时间');
  expect(route(page)).toBe('/TeamBookSum');
  const { dateLine, slot } = await pickDayAndSlot(page, s, { route: '/TeamBookSum' });
  await noToast(page);
  await clickText(page, '确定');
  await waitRoute(page, '/TeamOrders');
  await waitText(page, '立即预约');
  return { date: dateLine.slice(0, 10), dateLine, slot };
}

/** The read-only confirmation rows of /TeamOrders. */
async function expectOrderRows(page: Page, m: TeamMember, picked: { dateLine: string; slot: string }, extras: string): Promise<void> {
  const text = await visibleText(page);
  expect(text).toMatch(new RegExp(`姓名\\s*${m.name}`));
  expect(text).toMatch(new RegExp(`身份证号\\s*${m.idCard}`));
  expect(text).toMatch(new RegExp(`手机号\\s*${m.tel}`));
  expect(text).toMatch(new RegExp(`单位\\s*${m.company}`));
  expect(text).toMatch(new RegExp(`体检日期\\s*${picked.dateLine}`));
  expect(text).toMatch(new RegExp(`报到时间\\s*${picked.slot}`));
  expect(text).toContain(m.pkg);
  expect(text).toMatch(new RegExp(`加项金额\\s*${extras.replace(/[.¥]/g, '\\$&')}`));
  // Name, ID and phone come from the login, not typed here.
  expect(await page.locator('.cf-page input:visible').count()).toBe(0);
}

describe('journey: 团队体检 (group)', () => {
  it('login (incomplete, wrong phone, right member) → detail → health questionnaire → calendar → 立即预约 without payment → 我的预约', async () => {
    const { page } = j.phone;
    const s = shots('team');
    await openTeamLogin(page, s);

    // Nothing typed into the company: the spec's message, still on the login.
    await page.getByPlaceholder('请输入单位名称').fill('');
    expect(await messageAfterTap(page, '登录')).toBe('请输入完整信息');
    expect(route(page)).toBe('/TeamLogin');

    // A wrong phone number: the server's failure text (spec §7: an err entry shows its err text).
    await fillTeamLogin(page, { ...LI_MING, tel: '13912345699' });
    await clickText(page, '登录');
    expect(await dialogText(page)).toBe('未查询到您的团检信息，请核对单位、身份证号和手机号');
    await shot(page, s, 'login-wrong-phone');
    await closeAlert(page);
    expect(route(page)).toBe('/TeamLogin');

    // A company nobody knows by that name: told so, nothing else asked.
    await fillTeamLogin(page, { ...LI_MING, company: '不存在的公司' });
    const [byName] = await Promise.all([page.waitForRequest('**/api/UserInfoApi/GetTjLncListByName'), clickText(page, '登录')]);
    expect(JSON.parse(byName.postData() ?? '{}')).toEqual({ lnc_Name: '不存在的公司' });
    expect(await dialogText(page)).toBe('未找到该单位，请核对单位名称');
    await closeAlert(page);

    // The right member, the company by its name.
    const [login] = await Promise.all([page.waitForRequest('**/api/UserInfoApi/TeamLogin'), loginAs(page, s, LI_MING)]);
    expect(JSON.parse(login.postData() ?? '{}')).toMatchObject({ lnc_Code: LI_MING.lnc, idCard: LI_MING.idCard });

    // Tapping the card opens the package detail; 返回预约 comes back to the list.
    await page.locator('.adm-card').filter({ hasText: LI_MING.pkg }).first().getByText(LI_MING.pkg, { exact: true }).click();
    await waitRoute(page, '/TeamDetails');
    await waitText(page, '返回预约');
    // the 套餐简介 tab's text is server HTML, drawn once its sanitiser's chunk is in
    await page.getByText(/共\d+项检查/).first().waitFor({ state: 'visible', timeout: 10_000 });
    let text = await visibleText(page);
    expect(text).toContain('套餐简介');
    expect(text).toMatch(/套餐价格：¥\d+\.\d{2}（由单位支付）/);
    expect(text).toMatch(/共\d+项检查/);
    expect(text).toContain('体检须知');
    expect(text).toContain('腹部彩超（肝胆胰脾）'); // an item of T0001
    expect(text).toContain('前列腺彩超');
    await shot(page, s, 'details');
    await clickText(page, '返回预约');
    await waitRoute(page, '/TeamComboList');
    await waitText(page, LI_MING.pkg);

    // 去预约 → no extra items → the member's flag 普通体检 → the health questionnaire for the exam number.
    await bookWithoutExtras(page);
    // The member's health questionnaire is saved against the exam number too (SaveQuestions, kw 1).
    const [sync] = await Promise.all([page.waitForRequest('**/api/QuestionApi/SaveQuestions'), saveCompleteHealth(page)]);
    expect(JSON.parse(sync.postData() ?? '{}')).toMatchObject({ kw: '1', regno: expect.stringMatching(/\w+/) });

    const picked = await calendarToOrders(page, s);
    await expectOrderRows(page, LI_MING, picked, '无');
    await shot(page, s, 'orders');

    // 立即预约: the company pays the package, so success goes home (replaced after 2 s), no payment page.
    await clickText(page, '立即预约');
    await toastText(page, '预约成功');
    await shot(page, s, 'booked');
    const t0 = Date.now();
    await waitRoute(page, '/Index', 8_000);
    expect(Date.now() - t0).toBeGreaterThan(1_000);
    await waitText(page, '个人体检');
    expect(route(page)).toBe('/Index');

    // 我的预约 shows it: the member, the day and slot, nothing to pay, 预约成功.
    await clickText(page, '我的预约');
    await waitRoute(page, '/MyOrderList');
    await waitText(page, LI_MING.pkg, 15_000);
    const card = page.locator('.adm-card').filter({ hasText: LI_MING.pkg }).filter({ hasText: LI_MING.name }).first();
    text = await card.innerText();
    expect(text).toMatch(new RegExp(`体检人\\s*${LI_MING.name}`));
    expect(text).toMatch(new RegExp(`体检日期\\s*${picked.date} ${picked.slot}`));
    expect(text).toMatch(/金额\s*¥0\.00/);
    expect(text).toContain('预约成功');
    await shot(page, s, 'my-orders');

    // Logging in again, the member sees the booking (and may cancel it) instead of booking again.
    await openTeamLogin(page, s);
    await fillTeamLogin(page, LI_MING);
    await clickText(page, '登录');
    await waitRoute(page, '/TeamComboList');
    const booked = page.locator('.adm-card').filter({ hasText: LI_MING.pkg }).first();
    await booked.getByText('查看预约', { exact: true }).waitFor();
    expect(await booked.innerText()).toContain(`已预约`);
    expect(await booked.getByText('去预约', { exact: true }).count()).toBe(0);
    await shot(page, s, 'combo-booked');
    await booked.getByText('查看预约', { exact: true }).click();
    await waitRoute(page, '/OrderDetails');
    await clickText(page, '撤销预约');
    expect(await dialogText(page)).toBe('确认撤销订单？');
    const [cancel] = await Promise.all([page.waitForRequest('**/api/OrderListApi/TeamOrderCancel'), dialogButton(page, '确定')]);
    expect(JSON.parse(cancel.postData() ?? '{}')).toMatchObject({ regno: expect.any(String) });
    await waitRoute(page, '/MyOrderList');
    expect(j.app.sql<{ state: string }>(`SELECT state FROM orders WHERE type = 'group' AND name = ? ORDER BY created_at DESC LIMIT 1`, LI_MING.name)[0].state).toBe('C');
  });

  it('extra items (需要加项) → occupational questionnaire → calendar → 立即预约 → /TeamPayment → 模拟支付 确认支付', async () => {
    const { page } = j.phone;
    const s = shots('team-extras');
    await openTeamLogin(page, s);
    await loginAs(page, s, ZHAO_QIANG);
    await clickText(page, '去预约');
    expect(await dialogText(page)).toBe('是否需要增加套餐外的体检项目？');
    await dialogButton(page, '需要加项');

    // extra items for the member's package: two items, one on-site-only refused; the company pays none of them.
    await waitRoute(page, '/TeamAddClusItemToMe');
    await waitText(page, '合计：¥0.00');
    await shot(page, s, 'extras');
    await tickItem(page, '眼底照相');
    await tickItem(page, '眼压测定');
    await waitText(page, '合计：¥90.00');
    await waitText(page, '已选 2 项');
    await tickItem(page, '无痛胃镜');
    await toastText(page, '该项目需要到现场增加');
    await waitText(page, '已选 2 项');
    await clickText(page, '确定');
    await waitText(page, '确认项目');
    await shot(page, s, 'extras-confirm');
    await clickText(page, '确认预约');

    // flag 接触噪声作业 → the occupational questionnaire for the exam number, prefilled with the
    // member's own details. The demo account also has a saved answer of another person (陈刚's):
    // it must not replace 赵强's form (one account may fill for several members).
    await waitRoute(page, '/OccupationalDiseasesQs');
    expect(hashPath(page)).toMatch(/regNo=\w+/);
    await waitText(page, '基本信息');
    await page.waitForFunction(
      () => ((document.querySelector('#f-OccupationalDiseasesQs-basicInfo-name') as HTMLInputElement | null)?.value ?? '') !== '',
      undefined,
      { timeout: 10_000 },
    );
    await page.waitForTimeout(500); // the saved answer arrives after the prefill
    expect(await page.inputValue('#f-OccupationalDiseasesQs-basicInfo-name')).toBe(ZHAO_QIANG.name);
    expect(await page.inputValue('#f-OccupationalDiseasesQs-basicInfo-idCard')).toBe(ZHAO_QIANG.idCard);
    await shot(page, s, 'occupational');
    await clickText(page, '提交');
    // 问卷提交成功 shows at once and 同步成功 (SaveQuestions for the exam number) replaces it.
    await toastText(page, '同步成功');
    await waitRoute(page, '/TeamBookSum');

    const picked = await calendarToOrders(page, s);
    await expectOrderRows(page, ZHAO_QIANG, picked, '¥90.00');
    await shot(page, s, 'orders');

    await clickText(page, '立即预约');
    await toastText(page, '预约成功');
    const t0 = Date.now();
    await waitRoute(page, '/TeamPayment', 8_000);
    expect(Date.now() - t0).toBeGreaterThan(1_000);
    await waitText(page, '去支付');
    const text = await visibleText(page);
    expect(text).toMatch(new RegExp(`姓名\\s*${ZHAO_QIANG.name}`));
    expect(text).toMatch(new RegExp(`套餐名称\\s*${ZHAO_QIANG.pkg}`));
    expect(text).toMatch(new RegExp(`体检日期\\s*${picked.date} 星期`));
    expect(text).toMatch(new RegExp(`报到时间\\s*${picked.slot}`));
    expect(text).toContain('预约成功');
    expect(text).toMatch(/加项金额\s*¥90\.00/);
    expect(text).toMatch(/支付截止\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await shot(page, s, 'payment');

    expect(await pay(page, s, '确认支付')).toBe('支付成功');
    await closeAlert(page);
    await waitRoute(page, '/Index');

    // 我的预约: paid, so 预约成功 with the add-on amount.
    await clickText(page, '我的预约');
    await waitRoute(page, '/MyOrderList');
    await waitText(page, ZHAO_QIANG.pkg, 15_000);
    const card = page.locator('.adm-card').filter({ hasText: ZHAO_QIANG.pkg }).filter({ hasText: ZHAO_QIANG.name }).first();
    const cardText = await card.innerText();
    expect(cardText).toMatch(new RegExp(`体检日期\\s*${picked.date} ${picked.slot}`));
    expect(cardText).toMatch(/金额\s*¥90\.00/);
    expect(cardText).toContain('预约成功'); // paid: state F
    await shot(page, s, 'my-orders');
  });
});

async function tickItem(page: Page, name: string): Promise<void> {
  await page.locator('.adm-list-item').filter({ hasText: name }).first().click();
}
