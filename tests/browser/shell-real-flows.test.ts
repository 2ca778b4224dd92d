/**
 * Smoke test of the shell with the repository's real flows (flows/, schemas/):
 * `/` → (auth guard → OAuth sandbox round trip) → the start step, with its title,
 * and no page errors. Assertions come from the loaded config, not from copies of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, configJson, startApp, type RunningApp } from './helpers/app';
import { hashPath, openPhone, screenshot, waitText, type Phone } from './helpers/phone';

let app: RunningApp;
let phone: Phone;
let cfg: { app: { start: string }; steps: Record<string, { route: string; title?: string; auth: boolean }> };

beforeAll(async () => {
  cfg = (await configJson(REPO)) as typeof cfg;
  app = await startApp();
  phone = await openPhone(app.baseUrl);
});
afterAll(async () => {
  await phone?.close();
  await app?.stop();
});

describe('shell: real flows', () => {
  it('the start step renders (through the OAuth round trip when it needs a user)', async () => {
    const start = cfg.steps[cfg.app.start];
    const { page } = phone;
    await page.goto('/');
    if (start.title) await waitText(page, start.title, 20_000);
    expect(hashPath(page).split('?')[0]).toBe(start.route);
    await screenshot(page, 'shell-real-start');
    expect(phone.problems.filter((p) => p.startsWith('pageerror') || /Content Security Policy/.test(p))).toEqual([]);
  });
});
