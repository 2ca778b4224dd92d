/**
 * The personal booking journey as a person walks it: tap visible Chinese
 * labels, read visible text. Shared by tests/browser/journey-*.test.ts.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { phoneApp, type PhoneApp } from './phone-app';
import { clickText, hashPath, screenshot, visibleText, waitText } from './phone';
import { tapDay } from './calendar-turn';

// ------------------------------------------------------------------ IDs

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** GB 11643 check character of the first 17 characters. */
export function idCheckChar(first17: string): string {
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(first17[i]) * WEIGHTS[i];
  return CHECK[s % 11];
}

let serial = 0;
/** A fresh valid ID (region 330102, born 1990-01-01 + n days); 17th digit odd = male. */
export function freshId(sex: 'male' | 'female', seed = Date.now() % 1000): string {
  serial++;
  const birth = new Date(Date.UTC(1980, 0, 1) + ((seed * 37 + serial * 101) % 7000) * 86_400_000);
  const ymd = birth.toISOString().slice(0, 10).replace(/-/g, '');
  const seq2 = String((serial * 7 + seed) % 100).padStart(2, '0');
  const parity = sex === 'male' ? 1 : 2;
  const first17 = `330102${ymd}${seq2}${(parity + 2 * (serial % 4)) % 10}`;
  return first17 + idCheckChar(first17);
}

export function freshPhone(): string {
  return `138${String(10_000_000 + ((Date.now() + serial++ * 7919) % 89_999_999)).slice(0, 8)}`;
}

// ------------------------------------------------------------------ page helpers

export const route = (page: Page) => hashPath(page).split('?')[0];

/** Waits until the hash route is `path`. */
export async function waitRoute(page: Page, path: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction((p) => location.hash.replace(/^#/, '').split('?')[0] === p, path, { timeout });
}

/** The open antd-mobile dialog's content text (waits for it). */
export async function dialogText(page: Page, timeout = 10_000): Promise<string> {
  const d = page.locator('.adm-dialog-content').locator('visible=true').last();
  await d.waitFor({ state: 'visible', timeout });
  return (await d.innerText()).trim();
}

/** Taps a button of the visible dialog. */
export async function dialogButton(page: Page, text: string): Promise<void> {
  const b = page.locator('.adm-dialog-footer, .adm-modal-footer').locator('visible=true').last().getByText(text, { exact: true });
  await b.click();
  await page.locator('.adm-dialog-content').locator('visible=true').first().waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});
}

/** Waits for a toast with exactly/containing `text`; returns its text. */
export async function toastText(page: Page, text: string, timeout = 10_000): Promise<string> {
  const t = page.locator('.adm-toast-main').filter({ hasText: text }).first();
  await t.waitFor({ state: 'visible', timeout });
  return (await t.innerText()).trim();
}

/** Waits until no toast is visible (so the next one read is new). */
export async function noToast(page: Page, timeout = 5_000): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.adm-toast-main'), null, { timeout }).catch(() => {});
}

// ------------------------------------------------------------------ the journey

export interface Shots {
  prefix: string;
  taken: string[];
}

export async function shot(page: Page, shots: Shots, step: string): Promise<void> {
  const name = `${shots.prefix}-${step}`;
  await screenshot(page, name);
  shots.taken.push(name);
}

/** `/` → OAuth sandbox → 选择院区 → （总院） → /Index. */
export async function login(page: Page, shots?: Shots): Promise<void> {
  await page.goto('/');
  await waitText(page, '选择院区', 30_000);
  if (shots) await shot(page, shots, 'branch');
  await page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
  await waitRoute(page, '/Index');
  await waitText(page, '个人体检');
}

/** To /Index through the app's own route. */
export async function home(page: Page): Promise<void> {
  if (route(page) !== '/Index') {
    await page.evaluate(() => {
      location.hash = '#/Index';
    });
    await waitRoute(page, '/Index');
  }
  await waitText(page, '个人体检');
}

export type TypeLabel = '健康体检' | '健康证体检' | '驾驶证体检' | '入职体检';
export const LIST_ROUTE: Record<TypeLabel, string> = {
  健康体检: '/PersonIndex',
  健康证体检: '/HealthCertificate',
  驾驶证体检: '/VehicleIndex',
  入职体检: '/StaffIndex',
};
export const TYPE_CODE: Record<TypeLabel, string> = {
  健康体检: 'person',
  健康证体检: 'healthCertificate',
  驾驶证体检: 'vehicle',
  入职体检: 'staff',
};

/** Home → 个人体检 popup → marital → type → the questionnaire prompt (returns its text). */
export async function choosePersonal(page: Page, shots: Shots, marital: '未婚' | '已婚', type: TypeLabel): Promise<string> {
  await home(page);
  await shot(page, shots, 'home');
  await clickText(page, '个人体检');
  await waitText(page, '婚姻状况');
  await shot(page, shots, 'popup');
  await clickText(page, marital);
  await clickText(page, type);
  const prompt = await dialogText(page);
  await shot(page, shots, 'prompt');
  return prompt;
}

/** The basic-info form of /HealthQuestionnaire?page=<type>: fills every field, 下一步. */
export async function fillBasicInfo(page: Page, shots: Shots, info: { sex: '男' | '女'; hyzk: '未婚' | '已婚' | '其他' }): Promise<void> {
  await waitRoute(page, '/HealthQuestionnaire');
  await waitText(page, '基本信息').catch(() => {});
  await waitText(page, '民族');
  await shot(page, shots, 'basic-info');
  await clickText(page, info.sex);
  await clickText(page, '汉族');
  await clickText(page, info.hyzk);
  await pickOption(page, '文化程度', '初中');
  await pickOption(page, '职业', '国家公务员');
  await fillNear(page, '身高(cm)', '172');
  await fillNear(page, '体重(kg)', '65');
  await shot(page, shots, 'basic-info-filled');
  await clickText(page, '下一步');
  await waitRoute(page, '/Questionnaire');
}

/** Opens the picker of the row labelled `label` and confirms `option`. */
export async function pickOption(page: Page, label: string, option: string): Promise<void> {
  const row = page.locator('.adm-list-item, .adm-form-item').filter({ hasText: label }).locator('visible=true').first();
  await row.click();
  const popup = page.locator('.adm-picker').locator('visible=true').last();
  await popup.waitFor({ state: 'visible', timeout: 5_000 });
  const col = popup.locator('.adm-picker-view-column').first();
  const items = await col.locator('.adm-picker-view-column-item').allInnerTexts();
  const index = items.map((t) => t.trim()).indexOf(option);
  expect(index, `${option} in ${items.join(',')}`).toBeGreaterThanOrEqual(0);
  // Tapping a wheel row or dragging it with the mouse does not turn antd-mobile's wheel in
  // headless Chromium with touch; the tests confirm the wheel's first row.
  if (index !== 0) throw new Error(`pickOption: only the first row (${items[0]}) can be confirmed, not ${option}`);
  await popup.getByText('确定', { exact: true }).click();
  await popup.waitFor({ state: 'hidden', timeout: 5_000 });
  await expect.poll(() => row.innerText(), { timeout: 3_000 }).toContain(option);
}

/** Types into the input of the row labelled `label`. */
export async function fillNear(page: Page, label: string, value: string): Promise<void> {
  const row = page.locator('.adm-list-item, .adm-form-item').filter({ hasText: label }).locator('visible=true').first();
  const input = row.locator('input, textarea').first();
  await input.fill(value);
}

/**
 * Answers the /Questionnaire flow: for each question the last option that pulls
 * no follow-up (or `choose` when given for that title), fills blanks with 无.
 * Returns the question titles seen, in order. Ends at the confirm dialog.
 */
export async function answerQuestions(
  page: Page,
  shots: Shots,
  choose: Record<string, string> = {},
  fills: Record<string, string> = {},
): Promise<string[]> {
  await page.locator('text=/^\\d+\\/\\d+$/').first().waitFor({ state: 'visible' });
  await shot(page, shots, 'questionnaire');
  const titles: string[] = [];
  for (let i = 0; i < 200; i++) {
    const counter = page.locator('text=/^\\d+\\/\\d+$/').first();
    const pos = (await counter.innerText()).trim();
    const title = await page.locator('.cf-page div[style*="font-weight: 600"]').first().innerText();
    titles.push(title.trim());
    const radios = page.locator('.cf-page .adm-radio');
    const boxes = page.locator('.cf-page .adm-checkbox');
    if (choose[title.trim()]) await page.locator('.cf-page').getByText(choose[title.trim()], { exact: true }).click();
    else if ((await radios.count()) > 0) await radios.last().click();
    else if ((await boxes.count()) > 0) await boxes.last().click();
    else await page.locator('.cf-page input').first().fill(fills[title.trim()] ?? '无');
    const nextBtn = page.locator('.cf-page-footer button, .adm-button').filter({ hasText: /^(下一题|提交)$/ }).last();
    await nextBtn.click();
    const done = await Promise.race([
      page.locator('.adm-dialog-content').filter({ hasText: '是否提交' }).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true),
      expect.poll(() => counter.innerText(), { timeout: 5_000 }).not.toBe(pos).then(() => false),
    ]).catch(async (e) => {
      await screenshot(page, `${shots.prefix}-questionnaire-stuck`);
      throw new Error(`questionnaire stuck at ${pos} ${title}: ${(e as Error).message}`);
    });
    if (done) return titles;
  }
  throw new Error('questionnaire did not end');
}

/** Taps the package card titled `name` on a list. */
export async function choosePackage(page: Page, name: string): Promise<void> {
  await clickText(page, name);
}

/** The calendar's cells: [{day, status, text}]. */
export async function calendarCells(page: Page): Promise<Array<{ day: string; status: string; text: string; disabled: boolean }>> {
  return page.locator('[data-status]').evaluateAll((els) =>
    els.map((e) => ({
      day: (e.firstElementChild?.textContent ?? '').trim(),
      status: e.getAttribute('data-status') ?? '',
      text: (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      disabled: e.getAttribute('aria-disabled') === 'true',
    })),
  );
}

/** Taps the first selectable day (充足 preferred) after today, turning the page when needed, and the first open slot; returns the chosen date line. */
export async function pickDayAndSlot(
  page: Page,
  shots: Shots,
  opts: { status?: 'plenty' | 'tight'; /** the calendar's route; /PersonBookSum unless given */ route?: string } = {},
): Promise<{ dateLine: string; slot: string }> {
  await waitRoute(page, opts.route ?? '/PersonBookSum');
  await tapDay(page, opts.status ?? 'plenty');
  const slot = page.locator('[aria-pressed][aria-disabled="false"]').first();
  await slot.waitFor({ state: 'visible' });
  const dateLine = (await page.locator('text=/^\\d{4}-\\d{2}-\\d{2} 星期.$/').first().innerText()).trim();
  await shot(page, shots, 'calendar-day');
  const slotText = (await slot.locator('div').first().innerText()).trim();
  await slot.click();
  await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
  await shot(page, shots, 'calendar-slot');
  return { dateLine, slot: slotText };
}

/** Fills the order form fields (only those given). */
export async function fillOrder(page: Page, v: { name?: string; idCard?: string; tel?: string }): Promise<void> {
  if (v.name !== undefined) await page.getByPlaceholder('请输入姓名').fill(v.name);
  if (v.idCard !== undefined) await page.getByPlaceholder('请输入身份证号').fill(v.idCard);
  if (v.tel !== undefined) await page.getByPlaceholder('请输入手机号').fill(v.tel);
}

/** Taps 提交预约 and returns the first message shown (toast or alert). */
export async function submitOrderMessage(page: Page): Promise<string> {
  return messageAfterTap(page, '提交预约');
}

/** Taps the button labelled `button` and returns the first message shown (toast, or alert — closed with its first button). */
export async function messageAfterTap(page: Page, button: string): Promise<string> {
  await noToast(page);
  await clickText(page, button);
  const toast = page.locator('.adm-toast-main').first();
  const dialog = page.locator('.adm-dialog-content').locator('visible=true').first();
  await Promise.race([toast.waitFor({ state: 'visible', timeout: 10_000 }), dialog.waitFor({ state: 'visible', timeout: 10_000 })]);
  if (await dialog.isVisible()) {
    const t = (await dialog.innerText()).trim();
    await dialogButton(page, await firstDialogButton(page));
    return t;
  }
  return (await toast.innerText()).trim();
}

async function firstDialogButton(page: Page): Promise<string> {
  const btn = page.locator('.adm-dialog-footer').locator('visible=true').last().locator('button, .adm-dialog-button').first();
  return (await btn.innerText()).trim();
}

/** /PersonPayment 去支付 → the sandbox sheet → `outcome`; returns the alert text shown after. */
export async function pay(page: Page, shots: Shots, outcome: '确认支付' | '取消支付' | '支付失败'): Promise<string> {
  await clickText(page, '去支付');
  await waitText(page, '模拟支付');
  await shot(page, shots, 'pay-sheet');
  await page.locator('.adm-action-sheet').getByText(outcome, { exact: true }).click();
  const text = await dialogText(page, 15_000);
  await shot(page, shots, `pay-${outcome}`);
  return text;
}

export { clickText, visibleText, waitText, hashPath };

export interface WalkOptions {
  type: TypeLabel;
  marital: '未婚' | '已婚';
  /** Fill the questionnaire (basic info + questions) first; otherwise 直接预约. */
  questionnaire?: { sex: '男' | '女'; hyzk: '未婚' | '已婚' | '其他' };
  tab?: '男' | '女';
  pkg: string;
  /** Extra items to tick (needs 需要加项); none → 不需要. */
  extras?: string[];
  status?: 'plenty' | 'tight';
}

/** Home → type → (questionnaire) → list → package → detail → (extras) → calendar → /PersonOrders. */
export async function walkToOrder(page: Page, s: Shots, o: WalkOptions): Promise<{ dateLine: string; slot: string; titles: string[] }> {
  expect(await choosePersonal(page, s, o.marital, o.type)).toBe('是否先填写健康问卷？');
  let titles: string[] = [];
  if (o.questionnaire) {
    await dialogButton(page, '填写问卷');
    await waitRoute(page, '/HealthQuestionnaire');
    expect(hashPath(page)).toContain(`page=${TYPE_CODE[o.type]}`);
    await fillBasicInfo(page, s, o.questionnaire);
    titles = await answerQuestions(page, s);
    expect(await dialogText(page)).toBe('您已完成问卷，是否提交？');
    await shot(page, s, 'questionnaire-confirm');
    await dialogButton(page, '确定');
    await toastText(page, '感谢您的配合！');
  } else {
    await dialogButton(page, '直接预约');
  }
  await waitRoute(page, LIST_ROUTE[o.type]);
  await waitText(page, o.type);
  if (o.tab) await clickText(page, o.tab);
  await waitText(page, o.pkg);
  await shot(page, s, 'list');
  await clickText(page, o.pkg);
  await waitRoute(page, '/PersonDetails');
  await waitText(page, '立即预约');
  await shot(page, s, 'details');
  await clickText(page, '立即预约');
  expect(await dialogText(page)).toBe('是否需要增加套餐外的体检项目？');
  if (o.extras?.length) {
    await dialogButton(page, '需要加项');
    await waitRoute(page, '/addClusItem');
    await waitText(page, '合计：');
    for (const name of o.extras) await page.locator('.adm-list-item').filter({ hasText: name }).first().click();
    await waitText(page, `已选 ${o.extras.length} 项`);
    await shot(page, s, 'extras');
    await clickText(page, '确定');
    await waitText(page, '确认项目');
    await shot(page, s, 'extras-confirm');
    await clickText(page, '确认预约');
  } else {
    await dialogButton(page, '不需要');
  }
  await waitRoute(page, '/PersonBookSum');
  await shot(page, s, 'calendar');
  const picked = await pickDayAndSlot(page, s, { status: o.status });
  await clickText(page, '确定');
  await waitRoute(page, '/PersonOrders');
  await waitText(page, '提交预约');
  await shot(page, s, 'order');
  return { ...picked, titles };
}

/** Fills a valid order, 提交预约: the server's 预约成功 toast, then /PersonPayment (replaced after 2 s). */
export async function submitValid(page: Page, s: Shots, v: { name: string; idCard: string; tel: string }): Promise<string> {
  await fillOrder(page, v);
  await shot(page, s, 'order-filled');
  await clickText(page, '提交预约');
  await toastText(page, '预约成功');
  await shot(page, s, 'order-success');
  await waitRoute(page, '/PersonPayment', 8_000);
  await waitText(page, '返回首页');
  await shot(page, s, 'payment');
  return visibleText(page);
}

/** Taps the visible dialog's only/first button (an alert's 确定). */
export async function closeAlert(page: Page): Promise<void> {
  const btn = page.locator('.adm-dialog-footer').locator('visible=true').last().locator('button, .adm-dialog-button').first();
  await dialogButton(page, (await btn.innerText()).trim());
}

/**
 * One app and one logged-in phone for a journey test file: started before its
 * tests, closed after them; a failing test leaves a FAILED-<label> screenshot
 * and the page's text in the log.
 */
export function journeyApp(label: string, opts: { configDir?: () => string; loginShots?: Shots } = {}): PhoneApp {
  return phoneApp(label, () => (opts.configDir ? { configDir: opts.configDir() } : {}), (t) => login(t.phone.page, opts.loginShots));
}

// ------------------------------------------------------------------ group members

/** Seeded members (src/server/seed/data.ts MEMBERS). */
export const LI_MING = {
  lnc: 'L0001',
  company: '杭州明远科技有限公司',
  name: '李明',
  idCard: '330105198502141138',
  tel: '13912345601',
  pkg: '单位年度体检套餐（男）',
  flag: '普通体检',
};
export const ZHAO_QIANG = {
  lnc: 'L0002',
  company: '浙江华东建设集团有限公司',
  name: '赵强',
  idCard: '330108198009053176',
  tel: '13712345604',
  pkg: '职业健康体检（接触噪声作业）',
  flag: '接触噪声作业',
};
export type TeamMember = typeof LI_MING;

/** Fills /TeamLogin's three fields: the company by its name (GetTjLncListByName), ID and phone. */
export async function fillTeamLogin(page: Page, v: { company: string; idCard: string; tel: string }): Promise<void> {
  await page.getByPlaceholder('请输入单位名称').fill(v.company);
  await page.getByPlaceholder('请输入身份证号').fill(v.idCard);
  await page.getByPlaceholder('请输入手机号').fill(v.tel);
}

/** /TeamComboList → 去预约 → 不需要 (no extra items): the member's 普通体检 flag leads to the health questionnaire for the exam number. */
export async function bookWithoutExtras(page: Page): Promise<void> {
  await clickText(page, '去预约');
  expect(await dialogText(page)).toBe('是否需要增加套餐外的体检项目？');
  await dialogButton(page, '不需要');
  await waitRoute(page, '/HealthQuestionnaire');
  expect(hashPath(page)).toMatch(/regNo=\w+/);
}
