/**
 * The health questionnaire (/HealthQuestionnaire, ordinaryQs) as a person fills
 * it: type into a text field, tap a choice; read back what the screen shows.
 * Shared by tests/browser/questionnaire-{health,config}.test.ts.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { messageAfterTap, waitRoute } from './journey';
import { clickText, waitText } from './phone';

/** The step's form id: fields are `#f-HealthQuestionnaire-<path with . → ->`. */
const FORM_ID = 'f-HealthQuestionnaire';

/** Field path → text to type or choice to tap; `undefined` leaves the field alone. */
export type HealthAnswers = Record<string, string | undefined>;

/** Every required answer, and no detail asked for (no surgery, allergy or smoking). */
export const COMPLETE: HealthAnswers = {
  company: '杭州明远科技有限公司',
  name: '张测试',
  contact: '13700001111',
  healthStatus: '好',
  surgeryHistory: '无',
  allergyHistory: '无',
  diseaseHistory: '无',
  smoking: '不吸烟',
  drinking: '偶尔',
  dietHabit: '荤素均衡',
  sleepHours: '6-8小时',
  sleepQuality: '一般',
  workSchedule: '规律',
  exerciseFrequency: '偶尔',
  anxious: '否',
  recentAnxiety: '否',
};

const field = (page: Page, path: string) => page.locator(`#${FORM_ID}-${path.replace(/\./g, '-')}`);

/** Opens a link as a person would (a fresh page load of `/#<route>`), keeping the stored session. */
export async function openLink(page: Page, route: string): Promise<void> {
  await page.goto(`/#${route}`);
  await page.reload();
}

/** Waits for the editable health questionnaire (its first and last questions). */
export async function waitHealthForm(page: Page): Promise<void> {
  await waitRoute(page, '/HealthQuestionnaire');
  await field(page, 'company').waitFor({ state: 'visible', timeout: 20_000 });
  await waitText(page, '近两周是否感到焦虑或情绪低落');
}

/** Types into text fields (an empty string clears one) and taps choices, in the order given. */
export async function answerHealth(page: Page, answers: HealthAnswers): Promise<void> {
  for (const [path, value] of Object.entries(answers)) {
    if (value === undefined) continue;
    const el = field(page, path);
    await el.waitFor({ state: 'visible', timeout: 5_000 });
    const tag = await el.evaluate((e) => e.tagName);
    if (tag === 'INPUT' || tag === 'TEXTAREA') await el.fill(value);
    else await el.getByText(value, { exact: true }).click();
  }
}

/** What a field shows: an input's text, the ticked choice, or the view-mode text ('' when none). */
export async function shownAnswer(page: Page, path: string): Promise<string> {
  const el = field(page, path);
  if ((await el.count()) === 0) return '';
  const tag = await el.evaluate((e) => e.tagName);
  if (tag === 'INPUT' || tag === 'TEXTAREA') return el.inputValue();
  if (tag === 'SPAN') return (await el.innerText()).trim();
  const ticked = el.locator('.adm-radio-checked');
  return (await ticked.count()) ? (await ticked.first().innerText()).trim() : '';
}

/** Every given answer is still on the screen as given. */
export async function expectShown(page: Page, answers: HealthAnswers): Promise<void> {
  for (const [path, value] of Object.entries(answers)) {
    if (value !== undefined) expect(await shownAnswer(page, path), path).toBe(value);
  }
}

/** Taps 提交问卷; returns the message shown (the alert's or toast's text). */
export async function submitHealth(page: Page): Promise<string> {
  return messageAfterTap(page, '提交问卷');
}

/** Fills a complete answer, submits: the 问卷提交成功 toast. Leaves the app where it goes next. */
export async function saveCompleteHealth(page: Page, extra: HealthAnswers = {}): Promise<void> {
  await waitHealthForm(page);
  await answerHealth(page, { ...COMPLETE, ...extra });
  await clickText(page, '提交问卷');
  // 问卷提交成功; for a group member 同步成功 (the exam number's copy) may already have replaced it
  await page.locator('.adm-toast-main').filter({ hasText: /问卷提交成功|同步成功/ }).first().waitFor({ state: 'visible', timeout: 10_000 });
}
