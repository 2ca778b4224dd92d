/**
 * Finding a bookable day as a person would: look at the month shown; when it
 * has no selectable day of the wanted kind, turn the page and look again.
 * Why: bookings open tomorrow, so on the last days of a month the days left may
 * all be tight, full or holidays (27 Nov 2026: 28 tight, 29 Sunday, 30 full) —
 * a script that only waited for a 充足 day in the first month shown waited forever.
 */
import type { Page } from 'playwright-core';

export type WantedDay = 'plenty' | 'tight';

/** A calendar cell as the grid draws it (data-status, aria-disabled). */
export interface CellView {
  status: string;
  disabled: boolean;
}

/** Months looked at before giving up: this one and three more (bookings open for 60 days). */
export const MAX_MONTH_TURNS = 3;

/** 'pick' when the month shown has a selectable `wanted` day, else 'next-month'. */
export function calendarStep(cells: readonly CellView[], wanted: WantedDay): 'pick' | 'next-month' {
  return cells.some((c) => c.status === wanted && !c.disabled) ? 'pick' : 'next-month';
}

/** The cells of the month shown. */
export async function cellViews(page: Page): Promise<CellView[]> {
  return page.locator('[data-status]').evaluateAll((els) =>
    els.map((e) => ({ status: e.getAttribute('data-status') ?? '', disabled: e.getAttribute('aria-disabled') === 'true' })),
  );
}

/** The month title between the arrows (e.g. 2026年12月): the header's middle child. */
function monthTitle(page: Page) {
  return page.locator('[data-nav="next-month"]').locator('xpath=../../div[2]');
}

/**
 * Waits for the calendar, then turns to the first month (this one or a later
 * one) holding a selectable `wanted` day; returns how many pages were turned.
 * Each turn waits for the title to change, so the cells read are the new month's.
 */
export async function showMonthWith(page: Page, wanted: WantedDay = 'plenty'): Promise<number> {
  await page.locator('[data-status]').first().waitFor({ state: 'visible' });
  for (let turns = 0; ; turns++) {
    if (calendarStep(await cellViews(page), wanted) === 'pick') return turns;
    if (turns >= MAX_MONTH_TURNS) throw new Error(`no selectable ${wanted} day in ${turns + 1} months of the calendar`);
    const before = (await monthTitle(page).innerText()).trim();
    await page.locator('[data-nav="next-month"]').click();
    await monthTitle(page)
      .filter({ hasNotText: new RegExp(`^\\s*${before}\\s*$`) })
      .waitFor({ state: 'visible' });
  }
}

/** Taps the first selectable `wanted` day, turning the page when the month shown has none. */
export async function tapDay(page: Page, wanted: WantedDay = 'plenty'): Promise<void> {
  await showMonthWith(page, wanted);
  await page.locator(`[data-status="${wanted}"][aria-disabled="false"]`).first().click();
}
