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
    // No hydration warning anywhere (issue 27): React reports a drawing it could not take over as a recoverable error.
    const hydration = (t.phone?.problems ?? []).filter(isHydrationProblem);
    await t.phone?.close();
    await t.app?.stop();
    if (hydration.length) throw new Error(`${label}: hydration problems:\n${hydration.join('\n')}`);
  });
  return t;
}

/** React's hydration errors and warnings (production codes 418, 419, 421, 422, 423, 425 and their texts). */
export function isHydrationProblem(p: string): boolean {
  return /hydrat|Minified React error #(418|419|421|422|423|425)\b|did not match|server HTML/i.test(p);
}
