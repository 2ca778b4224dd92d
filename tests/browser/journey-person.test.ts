/**
 * The personal journey, type 健康体检 (person), walked as a person does against
 * the real server and the repository's flows: questionnaire or not, extra items
 * or not, calendar, order form (every validation message in order), success,
 * the payment page and the sandbox pay sheet (ok / cancel / fail), the
 * married-only confirm and 订单已过期. One app + one browser for the file.
 */
import { describe, expect, it } from 'vitest';
import {
  answerQuestions,
  calendarCells,
  choosePersonal,
  clickText,
  closeAlert,
  submitValid,
  walkToOrder,
  dialogButton,
  dialogText,
  fillBasicInfo,
  fillOrder,
  freshId,
  freshPhone,
  home,
  login,
  noToast,
  pay,
  pickDayAndSlot,
  route,
  shot,
  submitOrderMessage,
  toastText,
  visibleText,
  waitRoute,
  waitText,
  journeyApp,
  type Shots,
} from './helpers/journey';
import { tapDay } from './helpers/calendar-turn';

const screenshots: string[] = [];
const shots = (prefix: string): Shots => ({ prefix, taken: screenshots });

const j = journeyApp('person', { loginShots: shots('person') });

describe('journey: 健康体检 (person)', () => {
  it('questionnaire + extra items + calendar + order + 确认支付', async () => {
    const { page } = j.phone;
    const s = shots('person');
    expect(await choosePersonal(page, s, '未婚', '健康体检')).toBe('是否先填写健康问卷？');
    await dialogButton(page, '填写问卷');
    await waitRoute(page, '/HealthQuestionnaire');
    expect(hashPath(page)).toContain('page=person');

    // basic info: 下一步 with nothing filled is refused with the spec's message
    await waitText(page, '民族');
    await clickText(page, '下一步');
    expect(await dialogText(page)).toBe('请完成基本信息！');
    await dialogButton(page, await firstButton(page));
    expect(route(page)).toBe('/HealthQuestionnaire');
    await fillBasicInfo(page, s, { sex: '男', hyzk: '未婚' });

    // the question flow: 是 on 手术 pulls its follow-up; no 婚育史 (unmarried) and no female section (男)
    const titles = await answerQuestions(page, s, { '您是否做过手术？': '是' }, { '请填写手术名称及时间': '阑尾切除 2015年' });
    expect(titles[0]).toBe('您目前是否患有以下慢性疾病？');
    expect(titles[titles.indexOf('您是否做过手术？') + 1]).toBe('请填写手术名称及时间');
    expect(titles).not.toContain('您的结婚年龄是？');
    expect(titles).not.toContain('您的初潮年龄是？');
    expect(await dialogText(page)).toBe('您已完成问卷，是否提交？');
    await shot(page, s, 'questionnaire-confirm');
    await dialogButton(page, '确定');
    await toastText(page, '感谢您的配合！');
    await waitRoute(page, '/PersonIndex');

    // the list: tabs 男/女 and search
    await waitText(page, '男士基础体检套餐');
    await shot(page, s, 'list-male');
    let text = await visibleText(page);
    expect(text).toContain('¥298.00');
    expect(text).not.toContain('女士基础体检套餐');
    await clickText(page, '女');
    await waitText(page, '女士基础体检套餐');
    expect(await visibleText(page)).not.toContain('男士基础体检套餐');
    await shot(page, s, 'list-female');
    await clickText(page, '男');
    await page.getByPlaceholder('搜索套餐名称').fill('肿瘤');
    await waitText(page, '男士肿瘤筛查套餐');
    await expect.poll(async () => (await visibleText(page)).includes('男士基础体检套餐')).toBe(false);
    await shot(page, s, 'list-search');
    await page.getByPlaceholder('搜索套餐名称').fill('');
    await clickText(page, '男士基础体检套餐');

    // detail
    await waitRoute(page, '/PersonDetails');
    await waitText(page, '立即预约');
    text = await visibleText(page);
    expect(text).toContain('套餐简介');
    expect(text).toContain('体检须知');
    expect(text).toMatch(/项目数量\s*\d+项/);
    await shot(page, s, 'details');
    await clickText(page, '立即预约');
    expect(await dialogText(page)).toBe('是否需要增加套餐外的体检项目？');
    await shot(page, s, 'extras-prompt');
    await dialogButton(page, '需要加项');

    // extra items: two items, an on-site-only one refused
    await waitRoute(page, '/addClusItem');
    await waitText(page, '合计：¥298.00');
    await shot(page, s, 'extras');
    await tickItem(page, '眼底照相');
    await tickItem(page, '眼压测定');
    await waitText(page, '合计：¥388.00');
    await waitText(page, '已选 2 项');
    await tickItem(page, '无痛胃镜');
    await toastText(page, '该项目需要到现场增加');
    await shot(page, s, 'extras-onsite-only');
    expect(await itemChecked(page, '无痛胃镜')).toBe(false);
    await waitText(page, '已选 2 项');
    await clickText(page, '确定');
    await waitText(page, '确认项目');
    await shot(page, s, 'extras-confirm');
    await clickText(page, '返回修改');
    await expect.poll(async () => (await visibleText(page)).includes('确认预约')).toBe(false);
    await clickText(page, '确定');
    await clickText(page, '确认预约');

    // calendar
    await waitRoute(page, '/PersonBookSum');
    await page.locator('[data-status]').first().waitFor();
    await shot(page, s, 'calendar');
    await checkCalendarStatuses(page, s);
    await noToast(page);
    await clickText(page, '确定');
    await toastText(page, '请选择体检日期');
    await tapDay(page, 'plenty');
    await page.locator('[aria-pressed]').first().waitFor();
    await noToast(page);
    await clickText(page, '确定');
    await toastText(page, '请选择报到时间');
    const { dateLine, slot } = await pickDayAndSlot(page, s);
    await clickText(page, '确定');

    // order form
    await waitRoute(page, '/PersonOrders');
    await waitText(page, '提交预约');
    text = await visibleText(page);
    expect(text).toContain('男士基础体检套餐');
    expect(text).toContain(dateLine);
    expect(text).toContain(slot);
    expect(text).toContain('眼底照相、眼压测定');
    expect(text).toContain('¥388.00');
    await shot(page, s, 'order');
    await expectOrderValidation(page, s, 'male');

    const id = freshId('male');
    await fillOrder(page, { name: '李雷', idCard: id, tel: freshPhone() });
    await shot(page, s, 'order-filled');
    await clickText(page, '提交预约');
    await toastText(page, '预约成功');
    await shot(page, s, 'order-success');
    const t0 = Date.now();
    await waitRoute(page, '/PersonPayment', 8_000);
    expect(Date.now() - t0).toBeGreaterThan(1_000); // replaced after the 2 s delay, not at once
    await waitText(page, '去支付');
    text = await visibleText(page);
    expect(text).toContain('李雷');
    expect(text).toContain(id);
    expect(text).toContain(dateLine.slice(0, 10));
    expect(text).toMatch(/订单金额\s*¥388\.00/);
    expect(text).toMatch(/加项金额\s*¥90\.00/);
    await shot(page, s, 'payment');
    // replaced, not pushed: back does not return to the order form
    expect(await pay(page, s, '确认支付')).toBe('支付成功');
    await dialogButton(page, await firstButton(page));
    await waitRoute(page, '/Index');
    await shot(page, s, 'after-pay');
  });
});

async function firstButton(page: import('playwright-core').Page): Promise<string> {
  const btn = page.locator('.adm-dialog-footer').locator('visible=true').last().locator('button, .adm-dialog-button').first();
  return (await btn.innerText()).trim();
}

async function tickItem(page: import('playwright-core').Page, name: string): Promise<void> {
  await page.locator('.adm-list-item').filter({ hasText: name }).first().click();
}

async function itemChecked(page: import('playwright-core').Page, name: string): Promise<boolean> {
  return page.locator('.adm-list-item').filter({ hasText: name }).first().locator('input[type=checkbox]').isChecked();
}

/** Every status of the spec's table is drawn somewhere in the bookable window. */
async function checkCalendarStatuses(page: import('playwright-core').Page, s: Shots): Promise<void> {
  const seen = new Map<string, string>();
  for (let m = 0; m < 3; m++) {
    for (const c of await calendarCells(page)) {
      if (!seen.has(c.status)) seen.set(c.status, c.text);
      if (c.status === 'holiday') expect(c.text).toContain('休假');
      if (c.status === 'full') expect(c.text).toContain('约满');
      if (c.status === 'notOpen') expect(c.text).toContain('待开');
      if (c.status === 'tight') expect(c.text).toMatch(/紧张 余([1-9]|10)人/);
      if (c.status === 'plenty') expect(c.text).toMatch(/充足 余\d+人/);
      expect(c.disabled, `${c.day} ${c.status}`).toBe(!['tight', 'plenty'].includes(c.status));
    }
    if (['holiday', 'full', 'notOpen', 'tight', 'plenty'].every((k) => seen.has(k))) break;
    await page.locator('[data-nav="next-month"]').click();
    await page.waitForTimeout(300);
    await shot(page, s, `calendar-month${m + 2}`);
  }
  expect([...seen.keys()].sort()).toEqual(expect.arrayContaining(['full', 'holiday', 'notOpen', 'plenty', 'tight']));
  // back to the current month
  while ((await page.locator('[data-nav="prev-month"]').count()) > 0) {
    await page.locator('[data-nav="prev-month"]').click();
    await page.waitForTimeout(200);
  }
}

/** Submits the order form step by step: each spec message, in the spec's order. */
async function expectOrderValidation(page: import('playwright-core').Page, s: Shots, pkgSex: 'male' | 'female'): Promise<void> {
  await fillOrder(page, { name: '', idCard: '', tel: '' });
  expect(await submitOrderMessage(page)).toBe('请输入姓名');
  await shot(page, s, 'order-error-name');
  await fillOrder(page, { name: '李雷' });
  expect(await submitOrderMessage(page)).toBe('请输入身份证件号码');
  await fillOrder(page, { idCard: '330102198805121311' });
  expect(await submitOrderMessage(page)).toBe('请输入手机号码');
  await fillOrder(page, { tel: '12345678901' });
  expect(await submitOrderMessage(page)).toBe('手机号码格式错误');
  await fillOrder(page, { tel: freshPhone(), idCard: '33010219880512' });
  expect(await submitOrderMessage(page)).toBe('你输入的身份证长度或格式错误');
  await fillOrder(page, { idCard: '990102198805121311' });
  expect(await submitOrderMessage(page)).toBe('你的身份证地区非法');
  await fillOrder(page, { idCard: '330102198813451311' });
  expect(await submitOrderMessage(page)).toBe('身份证上的出生日期非法');
  await fillOrder(page, { idCard: '330102198805121312' });
  expect(await submitOrderMessage(page)).toBe('你输入的身份证号非法');
  await fillOrder(page, { idCard: freshId(pkgSex === 'male' ? 'female' : 'male') });
  expect(await submitOrderMessage(page)).toBe('请选择对应性别的套餐！');
  await shot(page, s, 'order-error-sex');
  expect(route(page)).toBe('/PersonOrders');
}

void home;
import { hashPath } from './helpers/phone';

describe('journey: 健康体检 without questionnaire or extras', () => {
  it('married-only confirm (取消 / 继续), sex mismatch, success without extras, 取消支付 → /Index', async () => {
    const { page } = j.phone;
    const s = shots('person-direct');
    expect(await choosePersonal(page, s, '未婚', '健康体检')).toBe('是否先填写健康问卷？');
    await dialogButton(page, '直接预约');
    await waitRoute(page, '/PersonIndex');
    await clickText(page, '女');
    await waitText(page, '女士全面体检套餐（已婚）');
    await shot(page, s, 'list-female');
    // an unmarried visitor taps a married-only package (P4004)
    await clickText(page, '女士全面体检套餐（已婚）');
    expect(await dialogText(page)).toBe('这是已婚套餐，确认已婚可选择');
    await shot(page, s, 'married-only');
    await dialogButton(page, '取消');
    expect(route(page)).toBe('/PersonIndex');
    // P4009 (either sex, married-only) asks too
    await clickText(page, '新婚孕前检查套餐');
    expect(await dialogText(page)).toBe('这是已婚套餐，确认已婚可选择');
    await dialogButton(page, '取消');
    expect(route(page)).toBe('/PersonIndex');
    // a package without the flag goes straight on
    await clickText(page, '女士基础体检套餐');
    await waitRoute(page, '/PersonDetails');
    await page.goBack();
    await waitRoute(page, '/PersonIndex');
    await clickText(page, '女');
    await clickText(page, '女士全面体检套餐（已婚）');
    await dialogText(page);
    await dialogButton(page, '继续');
    await waitRoute(page, '/PersonDetails');
    await waitText(page, '女士全面体检套餐（已婚）');
    await clickText(page, '立即预约');
    await dialogButton(page, '不需要');
    await waitRoute(page, '/PersonBookSum');
    const { dateLine } = await pickDayAndSlot(page, s, { status: 'tight' });
    await clickText(page, '确定');
    await waitRoute(page, '/PersonOrders');
    await waitText(page, '提交预约');
    expect(await visibleText(page)).toMatch(/加项\s*无/);
    await fillOrder(page, { name: '韩梅梅', idCard: freshId('male'), tel: freshPhone() });
    expect(await submitOrderMessage(page)).toBe('请选择对应性别的套餐！');
    const id = freshId('female');
    const text = await submitValid(page, s, { name: '韩梅梅', idCard: id, tel: freshPhone() });
    expect(text).toContain(id);
    expect(text).toContain(dateLine.slice(0, 10));
    expect(text).toMatch(/订单金额\s*¥1280\.00/);
    expect(text).toMatch(/加项金额\s*无/);
    expect(await pay(page, s, '取消支付')).toBe('取消支付');
    await closeAlert(page);
    await waitRoute(page, '/Index');
  });

  it('支付失败: the failure alert listing the causes, the payment page stays', async () => {
    const { page } = j.phone;
    const s = shots('person-payfail');
    await walkToOrder(page, s, { type: '健康体检', marital: '已婚', pkg: '入门通用体检套餐' });
    await submitValid(page, s, { name: '王芳', idCard: freshId('female'), tel: freshPhone() });
    const alert = await pay(page, s, '支付失败');
    expect(alert).toContain('支付失败，可能的原因');
    expect(alert).toContain('签名错误');
    expect(alert).toContain('appid');
    await closeAlert(page);
    expect(route(page)).toBe('/PersonPayment');
    await waitText(page, '去支付');
  });

  it('订单已过期 on /PersonPayment without an order', async () => {
    const context = await j.phone.browser.newContext({ baseURL: j.app.baseUrl, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      await login(page);
      await page.evaluate(() => {
        location.hash = '#/PersonPayment';
      });
      await waitRoute(page, '/PersonPayment');
      await waitText(page, '订单已过期');
      expect(await visibleText(page)).not.toContain('去支付');
      await shot(page, shots('person'), 'payment-expired');
    } finally {
      await context.close();
    }
  });
});
