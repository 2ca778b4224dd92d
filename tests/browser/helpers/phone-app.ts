/**
 * One running app and one phone per test file: started before the file's
 * tests, closed after them; a failed test leaves a screenshot and the visible
 * text. Test files read `t.app` / `t.phone` inside their tests.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startApp, type RunningApp, type StartOptions } from './app';
import { hashPath, openPhone, screenshot, visibleText, type Phone } from './phone';

export interface PhoneApp {
  app: RunningApp;
  phone: Phone;
}

export function phoneApp(label: string, opts: StartOptions | (() => StartOptions) = {}, then?: (t: PhoneApp) => Promise<void>): PhoneApp {
  const t = {} as PhoneApp;
  beforeAll(async () => {
    t.app = await startApp(typeof opts === 'function' ? opts() : opts);
    t.phone = await openPhone(t.app.baseUrl);
    await then?.(t);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail' || !t.phone) return;
    await screenshot(t.phone.page, `FAILED-${label}-${ctx.task.name.slice(0, 20)}`).catch(() => {});
    const text = (await visibleText(t.phone.page).catch(() => '')).slice(0, 1500);
    console.log(`[failed at ${hashPath(t.phone.page)}]\n${text}\nproblems: ${t.phone.problems.join('\n')}`);
  });
  afterAll(async () => {
    await t.phone?.close();
    await t.app?.stop();
  });
  return t;
}
