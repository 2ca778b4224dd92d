/**
 * The small pages a person may land on: the exam notice (its text from the server),
 * the not-registered page, the test page, the not-found page (its own route and an
 * unknown path), each with its way back home.
 */
import { describe, expect, it } from 'vitest';
import { journeyApp, route, waitRoute } from './helpers/journey';
import { clickText, screenshot, visibleText, waitText } from './helpers/phone';

const j = journeyApp('home-pages');

describe('home pages', () => {
  it('体检须知: the notice the server holds', async () => {
    const { page } = j.phone;
    const [req, res] = await Promise.all([
      page.waitForRequest('**/api/BackProtectApi/GetNoticeInfo'),
      page.waitForResponse('**/api/BackProtectApi/GetNoticeInfo'),
      clickText(page, '体检须知'),
    ]);
    expect(JSON.parse(req.postData() ?? '{}')).toMatchObject({ titleName: '体检须知' });
    expect((await res.json()).success).toBe(true);
    await waitRoute(page, '/notice');
    await waitText(page, '空腹');
    expect((await visibleText(page)).length).toBeGreaterThan(50);
    await screenshot(page, 'home-notice-375');
  });

  it('not registered, test and not-found pages lead home', async () => {
    const { page } = j.phone;
    for (const [path, text] of [
      ['/login', '您暂未注册'],
      ['/test', '测试页面'],
      ['/404', '页面不存在'],
    ] as const) {
      await page.evaluate((p) => {
        location.hash = `#${p}`;
      }, path);
      await waitRoute(page, path);
      await waitText(page, text);
      await clickText(page, '返回首页');
      await waitRoute(page, '/Index');
    }
    await page.evaluate(() => {
      location.hash = '#/no-such-page';
    });
    await waitText(page, '页面不存在');
    expect(route(page)).toBe('/no-such-page');
  });
});
