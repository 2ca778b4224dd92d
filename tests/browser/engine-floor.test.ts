/**
 * Older phones (docs/decisions-app.md "Older phones"), in a real Chromium:
 * - a current engine loads exactly the ES-module build plus the one small
 *   floor script, whose checks find nothing to fill in (natives untouched);
 * - the same engine with the built-ins above the floor removed before any page
 *   script runs (as on WeChat's X5 / Chromium 66, or iOS 12.2-15.3) walks home →
 *   questionnaire → package → calendar → order form → booked, on the floor script's fill-ins.
 */
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneApp } from './helpers/phone-app';
import { freshId, freshPhone, login, submitValid, waitText, walkToOrder, type Shots } from './helpers/journey';

/** What Chromium 66-72 / iOS 12.2 lack of what the bundle calls (scripts/vite-engine-floor.ts POLYFILLED). */
const STRIP_ABOVE_FLOOR = `delete Object.fromEntries; delete Object.hasOwn; delete Array.prototype.flat; delete Array.prototype.flatMap; delete window.structuredClone;`;

const shots: Shots = { prefix: 'engine-floor', taken: [] };

describe('older phones: a current Chromium', () => {
  const t = phoneApp('engine-floor-modern');

  it('loads the module build and the floor script, nothing else, and keeps its own built-ins', async () => {
    const { page } = t.phone;
    await login(page);
    // One load of the signed-in home page (login itself passes through the OAuth sandbox: two loads).
    const js: string[] = [];
    const onResponse = (r: Response) => {
      if (r.url().endsWith('.js')) js.push(new URL(r.url()).pathname);
    };
    page.on('response', onResponse);
    await page.reload();
    await waitText(page, '个人体检');
    page.off('response', onResponse);
    expect(js.filter((p) => /engine-floor-/.test(p))).toHaveLength(1);
    // No legacy/SystemJS bundle exists; every other script is a module chunk of today's build.
    expect(js.filter((p) => /legacy|polyfill|system/i.test(p))).toEqual([]);
    const state = await page.evaluate(() => ({
      native: [Object.hasOwn, Object.fromEntries, Array.prototype.flat, structuredClone].every((f) => /\[native code\]/.test(Function.prototype.toString.call(f))),
      tooOld: (window as unknown as { __checkupTooOld?: boolean }).__checkupTooOld ?? false,
      modules: [...document.scripts].filter((s) => s.type === 'module').length,
    }));
    expect(state).toEqual({ native: true, tooOld: false, modules: 1 });
    expect(t.phone.problems.filter((p) => /pageerror|Content Security Policy/i.test(p))).toEqual([]);
  });
});

describe('older phones: the floor engine (above-floor built-ins removed)', () => {
  const t = phoneApp('engine-floor-old', {}, async (app) => {
    await app.phone.page.addInitScript(STRIP_ABOVE_FLOOR);
    await login(app.phone.page);
  });

  it('walks home → questionnaire → package → calendar → order form → booked, on the fill-ins', async () => {
    const { page } = t.phone;
    const filled = await page.evaluate(() => !/\[native code\]/.test(Function.prototype.toString.call(Object.hasOwn)));
    expect(filled).toBe(true);
    await walkToOrder(page, shots, { type: '健康体检', marital: '未婚', questionnaire: { sex: '男', hyzk: '未婚' }, pkg: '入门通用体检套餐' });
    // The order form validates (structuredClone of its values) and books against the real server.
    expect(await submitValid(page, shots, { name: '刘旧机', idCard: freshId('male'), tel: freshPhone() })).toContain('返回首页');
    expect(t.phone.problems.filter((p) => /pageerror/i.test(p))).toEqual([]);
  });
});
