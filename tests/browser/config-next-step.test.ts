/**
 * "Live means live" on the phone (issue 24): the admin adds a home tile on a
 * running server while an examinee's app is open on another step; the very
 * next step — back to home — shows the new tile (no 10 s wait, no second
 * navigation), and the tile works. A step change with nothing changed costs a
 * HEAD of app-config.json, never the config itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyConfig, editConfigFile, startApp, type RunningApp } from './helpers/app';
import { clickText, hashPath, openPhone, waitText, type Phone } from './helpers/phone';

let dir = '';
let app: RunningApp;
let phone: Phone;
beforeAll(async () => {
  dir = copyConfig('checkup-next-step-');
  app = await startApp({ configDir: dir });
  phone = await openPhone(app.baseUrl);
}, 180_000);
afterAll(async () => {
  await phone?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const tileTexts = async () => (await phone.page.locator('.adm-grid-item button').allInnerTexts()).map((t) => t.trim());
const versionOf = async () => (await fetch(`${app.serverUrl}/app-config.json`, { method: 'HEAD' })).headers.get('x-config-version');

/**
 * What the page asks for the config (the method, and the version the answer named), from now on: app-config.json,
 * and the page itself, which carries the config inline (issue 27) — `GET /` is a reload taking it.
 */
function watchConfigRequests(): Array<{ method: string; version: Promise<string | null> }> {
  const seen: Array<{ method: string; version: Promise<string | null> }> = [];
  phone.page.on('request', (r: Request) => {
    const pathname = new URL(r.url()).pathname;
    if (pathname !== '/app-config.json' && !(pathname === '/' && r.resourceType() === 'document')) return;
    seen.push({ method: `${r.method()} ${pathname}`, version: r.response().then((a) => a?.headers()['x-config-version'] ?? null, () => null) });
  });
  return seen;
}

describe('a config edit reaches an open app on its next step', () => {
  it('a new home tile shows on the very next step after the edit, and works', async () => {
    const { page } = phone;
    const missing: string[] = [];
    page.on('response', (r) => r.status() === 404 && missing.push(r.url()));
    await page.goto('/');
    await waitText(page, '选择院区', 30_000); // through the sandbox OAuth round trip
    await page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
    await waitText(page, '个人体检', 20_000);
    const tilesBefore = await tileTexts();
    const v1 = await versionOf();
    const requests = watchConfigRequests();

    // A step change with nothing changed: one HEAD, not the config.
    await clickText(page, '体检须知');
    await waitText(page, '空腹要求', 20_000);
    await expect.poll(() => requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(requests.map((r) => r.method)).toEqual(['HEAD /app-config.json']);
    expect(await requests[0].version).toBe(v1);

    // The admin adds a tile while the examinee reads the notice; the server serves it (file watch).
    const tEdit = Date.now();
    editConfigFile(path.join(dir, 'flows/home.yaml'), '        - { text: 体检须知, icon: notice, event: notice }\n', '        - { text: 体检须知, icon: notice, event: notice }\n        - { text: 到院指引, icon: notice, event: notice }\n');
    await expect.poll(versionOf, { timeout: 20_000, interval: 100 }).not.toBe(v1);
    const v2 = await versionOf();
    const serverMs = Date.now() - tEdit;

    // The very next step: back to home — and only that one navigation.
    requests.length = 0;
    const t0 = Date.now();
    await page.goBack();
    await waitText(page, '到院指引', 8_000); // well inside the old 10 s throttle: it must not be what shows it
    const nextStepMs = Date.now() - t0;
    console.log(`config edit served by the server after ${serverMs} ms; the next step showed the new tile ${nextStepMs} ms after the navigation`);
    expect(hashPath(page)).toBe('/Index');
    // What happened: the step change asked (HEAD, named the new version), and the page took the new config once:
    // reloaded, the page is drawn from it (the tile shows in the drawing) and its script fetches that version's
    // flow config (which may come after the drawing is on screen).
    await expect.poll(() => requests.length, { timeout: 20_000 }).toBe(3);
    expect(requests.map((r) => r.method)).toEqual(['HEAD /app-config.json', 'GET /', 'GET /app-config.json']);
    for (const r of requests) expect(await r.version).toBe(v2);
    // The tiles the examinee had are all still there, the new one after 体检须知.
    const after = [...tilesBefore];
    after.splice(tilesBefore.indexOf('体检须知') + 1, 0, '到院指引');
    expect(await tileTexts()).toEqual(after);

    // The new tile works: its event opens the notice (its call answered).
    const notice = page.waitForResponse((r) => r.url().includes('GetNoticeInfo') && r.status() === 200);
    await clickText(page, '到院指引');
    await notice;
    await waitText(page, '空腹要求', 20_000);
    expect(hashPath(page)).toBe('/notice');
    // Nothing broke on the way (the browser's own /favicon.ico 404 on each page load is not the app's: not in `missing`).
    expect(missing).toEqual([]);
    expect(phone.problems.filter((p) => !/Failed to load resource: .* 404/.test(p))).toEqual([]);
  }, 180_000);
});
