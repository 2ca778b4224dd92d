/**
 * The request layer in the browser against the real server: progress bar while
 * a call is in flight, HTTP failures → the spec's texts (default onError alert),
 * HTTP 401 → GetToken → one retry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SHELL, startApp, type RunningApp } from './helpers/app';
import { clickText, openPhone, waitText, type Phone } from './helpers/phone';

let app: RunningApp;
let phone: Phone;
const NOTICE = '**/api/BackProtectApi/GetNoticeInfo';

beforeAll(async () => {
  app = await startApp({ configDir: FIXTURE_SHELL });
  phone = await openPhone(app.baseUrl);
  await phone.page.goto('/#/Index');
  await waitText(phone.page, '加载须知');
});
afterAll(async () => {
  await phone?.close();
  await app?.stop();
});

async function closeDialog() {
  await phone.page.locator('.adm-dialog-footer').getByText('确定', { exact: true }).click();
  await phone.page.locator('.adm-dialog').first().waitFor({ state: 'hidden' }).catch(() => {});
}

describe('shell: request layer in the browser', () => {
  it('a call answers through YAML, with the progress bar on while in flight', async () => {
    const { page } = phone;
    await page.route(NOTICE, async (r) => {
      await new Promise((res) => setTimeout(res, 1200));
      await r.continue();
    });
    await clickText(page, '加载须知');
    await page.locator('.cf-progress[data-active="1"]').waitFor({ state: 'attached', timeout: 1000 });
    await waitText(page, '已加载体检须知');
    await page.locator('.cf-progress[data-active="0"]').waitFor({ state: 'attached', timeout: 2000 });
    await page.unroute(NOTICE);
  });

  it('HTTP 5xx → alert 系统繁忙！请稍后再试', async () => {
    const { page } = phone;
    await page.route(NOTICE, (r) => r.fulfill({ status: 502, body: 'bad gateway' }));
    await clickText(page, '加载须知');
    await page.locator('.adm-dialog').getByText('系统繁忙！请稍后再试').waitFor({ state: 'visible' });
    await closeDialog();
    await page.unroute(NOTICE);
  });

  it('no answer → alert 网络异常！请稍后再试', async () => {
    const { page } = phone;
    await page.route(NOTICE, (r) => r.abort('connectionrefused'));
    await clickText(page, '加载须知');
    await page.locator('.adm-dialog').getByText('网络异常！请稍后再试').waitFor({ state: 'visible' });
    await closeDialog();
    await page.unroute(NOTICE);
  });

  it('HTTP 401 → GetToken → the call is retried once and succeeds', async () => {
    const { page } = phone;
    let notices = 0;
    const tokenBodies: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/TokenApi/GetToken')) tokenBodies.push(req.postData() ?? '');
    });
    await page.route(NOTICE, (r) => {
      notices += 1;
      if (notices === 1) {
        return r.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, returnMsg: '登录已过期，请重新登录', returnData: null }) });
      }
      return r.continue();
    });
    // the first test's toast (5 s) must be gone before this one can be seen
    await page.getByText('已加载体检须知').waitFor({ state: 'hidden', timeout: 8000 });
    await clickText(page, '加载须知');
    await waitText(page, '已加载体检须知');
    expect(notices).toBe(2);
    expect(tokenBodies).toHaveLength(1);
    // no openid in this session → the password grant
    expect(JSON.parse(tokenBodies[0])).toMatchObject({ grant_type: 'password', scope: 'api1' });
    await page.unroute(NOTICE);
  });
});
