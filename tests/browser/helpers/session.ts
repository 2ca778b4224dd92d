/** Reads the persisted session (localStorage `checkup-session`) from a page. */
import type { Page } from 'playwright-core';

export async function persistedSession(page: Page): Promise<{ values: Record<string, unknown>; drafts: Record<string, Record<string, unknown>> }> {
  const raw = await page.evaluate(() => localStorage.getItem('checkup-session'));
  const parsed = raw ? (JSON.parse(raw) as { state?: { values?: Record<string, unknown>; drafts?: Record<string, Record<string, unknown>> } }) : {};
  return { values: parsed.state?.values ?? {}, drafts: parsed.state?.drafts ?? {} };
}
