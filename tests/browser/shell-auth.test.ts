/**
 * Auth guard and OAuth round trip (sandbox provider answers at once), and the
 * version guard, against the fixture config.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_SHELL } from './helpers/app';
import { phoneApp } from './helpers/phone-app';
import { hashPath, openPhone, screenshot, visibleText, waitText } from './helpers/phone';
import { persistedSession } from './helpers/session';

describe('shell: auth guard + OAuth return', () => {
  const t = phoneApp('shell-auth', { configDir: FIXTURE_SHELL });

  it('an auth route without a user stores the wanted path and goes to /oauth?type=jump', async () => {
    const { page } = t.phone;
    const oauthCalls: string[] = [];
    // Answer the provider redirect with 204 (the browser stays on the page) so the guard's work can be looked at.
    await page.route('**/api/OAuthApi/toWeChatOauth**', (r) => {
      oauthCalls.push(r.request().url());
      return r.fulfill({ status: 204, body: '' });
    });
    await page.goto('/#/Secret?tab=2');
    await expect.poll(() => oauthCalls.length, { timeout: 15_000 }).toBe(1);
    expect(hashPath(page)).toBe('/oauth?type=jump');
    const s = await persistedSession(page);
    expect(s.values.redirectPath).toBe('/Secret?tab=2');
    expect(s.values.isOauth).toBe('1');
    expect(s.values.user).toBeUndefined();
    const target = new URL(oauthCalls[0]).searchParams.get('targetUrl')!;
    expect(target).toBe(`${t.app.baseUrl}/#/oauth?oauth=1`);
    await page.unroute('**/api/OAuthApi/toWeChatOauth**');
  });

  it('back is blocked on the noBack login step', async () => {
    const other = await openPhone(t.app.baseUrl); // a fresh browser: no user, clean history
    try {
      const { page } = other;
      await page.route('**/api/OAuthApi/toWeChatOauth**', (r) => r.fulfill({ status: 204, body: '' }));
      await page.goto('/#/Index');
      await page.getByText('我的订单', { exact: true }).click();
      await expect.poll(() => hashPath(page), { timeout: 10_000 }).toBe('/oauth?type=jump');
      // The address changes before the step renders and arms its blocker (a slow CI machine shows the gap).
      await waitText(page, '正在登录…', 10_000);
      await page.evaluate(() => history.back());
      await page.waitForTimeout(700);
      expect(hashPath(page)).toBe('/oauth?type=jump');
    } finally {
      await other.close();
    }
  });

  it('the OAuth return stores the user and restores the stored path', async () => {
    const { page } = t.phone;
    await page.goto('/#/Secret?tab=2');
    await waitText(page, '受保护页面 tab=2', 20_000);
    expect(hashPath(page)).toBe('/Secret?tab=2');
    const s = await persistedSession(page);
    expect(s.values.isOauth).toBe('0');
    expect(s.values.redirectPath).toBe('');
    expect(s.values.openid).toBeTruthy();
    expect(typeof s.values.user).toBe('object');
    expect((s.values.token as { access_token?: string })?.access_token).toBeTruthy();
    // the provider's parameters are gone from the address
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'shell-after-oauth');
  });

  it('a logged-in user enters auth routes directly; back never returns to /oauth', async () => {
    const { page } = t.phone;
    await page.goto('/#/Index');
    await waitText(page, '我的订单');
    await page.getByText('我的订单', { exact: true }).click();
    await waitText(page, '受保护页面 tab=2');
    expect(hashPath(page)).toBe('/Secret?tab=2');
    await page.goBack();
    await waitText(page, '弹出提示');
    expect(hashPath(page)).toBe('/Index');
    expect(await visibleText(page)).not.toContain('正在登录');
  });
});

describe('shell: version guard', () => {
  const t = phoneApp('shell-version', { configDir: FIXTURE_SHELL, env: { APP_VERSION: '9.9.9' } });

  it('reloads with v=<version>, keeping the route', async () => {
    const { page } = t.phone;
    await page.goto('/#/Draft');
    // The page may show its drawing before the app has booted: the redirect is what to wait for.
    await page.waitForURL((u) => u.searchParams.get('v') === '9.9.9');
    await waitText(page, '填写信息');
    const u = new URL(page.url());
    expect(u.searchParams.get('v')).toBe('9.9.9');
    expect(u.hash).toBe('#/Draft');
  });

  it('does nothing when the address already has it', async () => {
    const { page } = t.phone;
    const navs: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navs.push(f.url());
    });
    await page.goto('/?v=9.9.9#/Index');
    await waitText(page, '弹出提示');
    expect(navs.length).toBeGreaterThan(0);
    expect(navs.every((n) => new URL(n).searchParams.get('v') === '9.9.9')).toBe(true);
  });
});
