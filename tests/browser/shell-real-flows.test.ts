/**
 * Smoke test of the shell with the repository's real flows (flows/, schemas/):
 * `/` → (auth guard → OAuth sandbox round trip) → the start step, with its title,
 * and no page errors. Assertions come from the loaded config, not from copies of it.
 */
import { describe, expect, it } from 'vitest';
import { REPO, configJson } from './helpers/app';
import { phoneApp } from './helpers/phone-app';
import { hashPath, screenshot, waitText } from './helpers/phone';

let cfg: { app: { start: string }; steps: Record<string, { route: string; title?: string; auth: boolean }> };

const t = phoneApp('real-flows', {}, async () => {
  cfg = (await configJson(REPO)) as typeof cfg;
});

describe('shell: real flows', () => {
  it('the start step renders (through the OAuth round trip when it needs a user)', async () => {
    const start = cfg.steps[cfg.app.start];
    const { page } = t.phone;
    await page.goto('/');
    // The page's frame shows the step's title at once; the step itself comes after the OAuth round trip.
    await page.waitForFunction((r) => (location.hash.replace(/^#/, '').split('?')[0] || '/') === r && !document.querySelector('.cf-frame'), start.route, { timeout: 20_000 });
    if (start.title) await waitText(page, start.title, 20_000);
    expect(hashPath(page).split('?')[0]).toBe(start.route);
    await screenshot(page, 'shell-real-start');
    expect(t.phone.problems.filter((p) => p.startsWith('pageerror') || /Content Security Policy/.test(p))).toEqual([]);
  });

  it('a link opened after another (no history state of ours) runs its own step', async () => {
    // Both entries carry the router's "default" key; the second must still be a new visit that loads.
    const { page } = t.phone;
    await page.goto('/#/Index');
    await page.reload();
    // no branch chosen yet: the chooser asks first, then /Index
    await waitText(page, '选择院区', 20_000);
    await page.getByText('（总院）').first().click();
    await waitText(page, '个人体检', 20_000);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
    });
    await page.goto('/#/MyQuestionnaire');
    await waitText(page, cfg.steps.MyQuestionnaire.title!, 10_000);
    await expect.poll(() => calls.some((c) => c.endsWith('/GetQuestionList')), { timeout: 10_000 }).toBe(true);
    await waitText(page, '健康问卷', 10_000); // the demo user's list, not the empty text
  });
});
