/**
 * 号源容量 as the centre's staff use it, and what the examinee's phone then shows:
 * the demo admin sets next week's capacity for 个人体检 by a bulk rule (weekdays
 * 07:30-09:30 40 + 09:30-11:30 30, Saturday 20: preview "将影响 6 天", apply) and
 * closes one weekday of it; the rows are checked in the database; a phone on the
 * personal booking calendar sees 余70人 on a weekday, and the closed day as 休假,
 * not selectable. Holds on any date (next week may cross a month end: both the
 * studio's grid and the phone's calendar turn the page). With STUDIO_DOC_SHOTS=1
 * it saves docs/img/studio/23-capacity.png (else test-artifacts/).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, centreDay } from '../../src/contract/rules/centre-day';
import { docShot, openArea } from './helpers/backoffice';
import { choosePersonal, dialogButton, dialogText, login, waitRoute, type Shots } from './helpers/journey';
import { phoneApp } from './helpers/phone-app';
import { clickText, screenshot, waitText } from './helpers/phone';
import { openStudioDesk, signInStudio, type StudioDesk } from './helpers/studio';

const t = phoneApp('capacity');
let desk: StudioDesk;
let page: Page;

// Next week, Monday to Sunday, on the centre's clock.
const today = centreDay(Date.now());
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
const monday = addDays(today, (8 - weekday(today)) % 7 || 7);
const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
// Two weekdays of one month (the phone shows a month at a time), not the day 10 days ahead the demo seed closes.
const seedHoliday = addDays(today, 10);
const weekdays = week.slice(0, 5).filter((d) => d !== seedHoliday);
const sameMonth = [...new Set(weekdays.map((d) => d.slice(0, 7)))].map((m) => weekdays.filter((d) => d.startsWith(m))).sort((a, b) => b.length - a.length)[0];
const [shown, closed] = sameMonth;

beforeAll(async () => {
  // The seed's made-up bookings on next week's slots would (rightly) refuse a rule that drops those slots.
  t.app.sql(`UPDATE calendar_slots SET surplus = total WHERE scope = 'P:person' AND day >= ? AND day <= ?`, week[0], week[6]);
  desk = await openStudioDesk(t.app.serverUrl);
  page = desk.page;
}, 180_000);
afterAll(async () => desk?.close());

const slotsOf = (day: string) =>
  t.app.sql<{ code: string; name: string; total: number; surplus: number }>(`SELECT code, name, total, surplus FROM calendar_slots WHERE scope = 'P:person' AND day = ? ORDER BY sort`, day);

/** The studio's grid turned to the month of `day`. */
async function studioMonthOf(day: string): Promise<void> {
  const title = `${day.slice(0, 4)}年${Number(day.slice(5, 7))}月`;
  if ((await page.locator('.bo-capacity-month').innerText()) !== title) await page.getByRole('button', { name: '下个月' }).click();
  await expect.poll(() => page.locator('.bo-capacity-month').innerText()).toBe(title);
}

describe('号源容量', () => {
  it('the admin sets next week by a bulk rule and closes one day; the rows are stored', async () => {
    await signInStudio(page);
    await openArea(page, '号源容量');
    await page.locator('.bo-capacity-grid').waitFor({ timeout: 20_000 });
    expect(await page.locator('.bo-capacity-scope select option:checked').innerText()).toBe('个人体检');

    await page.getByRole('tab', { name: '批量设置' }).click();
    const rule = page.getByRole('region', { name: '批量设置' });
    await rule.getByLabel('开始日期').fill(week[0]);
    await rule.getByLabel('结束日期').fill(week[6]);
    const g1 = rule.getByRole('group', { name: '第 1 组' });
    await g1.getByLabel('第 1 组时段 1 名额').fill('40');
    await g1.getByRole('button', { name: '添加时段' }).click();
    await g1.getByLabel('第 1 组时段 2 时间').fill('09:30-11:30');
    await g1.getByLabel('第 1 组时段 2 名额').fill('30');
    await rule.getByRole('button', { name: '添加一组' }).click();
    const g2 = rule.getByRole('group', { name: '第 2 组' });
    await g2.getByLabel('周六').check();
    await g2.getByLabel('第 2 组时段 1 时间').fill('07:30-09:30');
    await g2.getByLabel('第 2 组时段 1 名额').fill('20');
    await rule.getByRole('button', { name: '预览' }).click();
    await expect.poll(() => rule.locator('.bo-capacity-affected').innerText(), { timeout: 15_000 }).toBe('将影响 6 天');
    await rule.getByRole('button', { name: '应用' }).click();
    await expect.poll(() => rule.getByRole('status').last().innerText(), { timeout: 15_000 }).toContain('已应用：批量设置号源 个人体检');

    for (const d of week.slice(0, 5)) {
      expect(slotsOf(d), d).toEqual([
        { code: '0730', name: '07:30-09:30', total: 40, surplus: 40 },
        { code: '0930', name: '09:30-11:30', total: 30, surplus: 30 },
      ]);
    }
    expect(slotsOf(week[5])).toEqual([{ code: '0730', name: '07:30-09:30', total: 20, surplus: 20 }]);
    expect(t.app.sql(`SELECT action, actor FROM audit_log WHERE entity = 'capacity'`)).toEqual([{ action: 'rule', actor: 'admin' }]);

    // One weekday closed from its cell in the grid.
    await studioMonthOf(closed);
    await page.locator(`[data-day="${closed}"]`).click();
    const dayPanel = page.getByRole('region', { name: new RegExp(`^${closed}`) });
    await dayPanel.getByLabel('休息日名称（可空）').fill('设备检修');
    await dayPanel.getByRole('button', { name: '关闭这一天' }).click();
    await expect.poll(() => dayPanel.getByRole('status').innerText(), { timeout: 15_000 }).toBe('已关闭');
    await expect.poll(() => page.locator(`[data-day="${closed}"] .bo-capacity-main`).innerText()).toBe('设备检修');
    expect(t.app.sql(`SELECT d.flag, n.note FROM calendar_days d JOIN calendar_day_notes n ON n.scope = d.scope AND n.day = d.day WHERE d.scope = 'P:person' AND d.day = ?`, closed)).toEqual([
      { flag: 'T', note: '设备检修' },
    ]);

    // The weekday shown on the phone, open beside the grid: what the doc's screenshot shows.
    await studioMonthOf(shown);
    await page.locator(`[data-day="${shown}"]`).click();
    await expect.poll(() => page.locator(`[data-day="${shown}"] .bo-capacity-main`).innerText()).toBe('0/70');
    await page.getByRole('region', { name: new RegExp(`^${shown}`) }).getByText('开放预约').waitFor();
    await docShot(page, '23-capacity');
    await screenshot(page, 'studio-23-capacity');
    expect(desk.problems).toEqual([]);
  });

  it('the phone shows the places on a weekday and the closed day as 休假, not selectable', async () => {
    const p = t.phone.page;
    const shots: Shots = { prefix: 'capacity-phone', taken: [] };
    await login(p);
    expect(await choosePersonal(p, shots, '未婚', '健康体检')).toBe('是否先填写健康问卷？');
    await dialogButton(p, '直接预约');
    await waitRoute(p, '/PersonIndex');
    await clickText(p, '男士基础体检套餐');
    await waitRoute(p, '/PersonDetails');
    await clickText(p, '立即预约');
    expect(await dialogText(p)).toBe('是否需要增加套餐外的体检项目？');
    await dialogButton(p, '不需要');
    await waitRoute(p, '/PersonBookSum');
    const cells = p.locator('[data-status]');
    await cells.first().waitFor();
    const cellOf = (day: string) => cells.nth(Number(day.slice(8)) - 1);
    if (shown.slice(0, 7) !== today.slice(0, 7)) {
      // The month title between the arrows (as helpers/calendar-turn.ts reads it).
      const title = p.locator('[data-nav="next-month"]').locator('xpath=../../div[2]');
      const first = await title.innerText();
      await p.locator('[data-nav="next-month"]').click();
      await expect.poll(() => title.innerText()).not.toBe(first);
    }
    await expect.poll(() => cellOf(shown).getAttribute('data-status'), { timeout: 15_000 }).toBe('plenty');
    expect((await cellOf(shown).innerText()).replace(/\s+/g, '')).toBe(`${Number(shown.slice(8))}充足余70人`);
    expect(await cellOf(closed).getAttribute('data-status')).toBe('holiday');
    expect(await cellOf(closed).getAttribute('aria-disabled')).toBe('true');
    expect((await cellOf(closed).innerText()).replace(/\s+/g, '')).toBe(`${Number(closed.slice(8))}休假`);
    // A tap on it chooses nothing: no slots appear.
    await cellOf(closed).click({ force: true }); // aria-disabled: a person's tap, without Playwright's enabled check
    expect(await p.getByText('07:30-09:30').count()).toBe(0);
    await cellOf(shown).click();
    await waitText(p, '07:30-09:30');
    await waitText(p, '09:30-11:30');
    await screenshot(p, 'capacity-phone-calendar');
  });
});
