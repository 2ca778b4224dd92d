/**
 * The official account against the local double of api.weixin.qq.com /
 * open.weixin.qq.com (tests/doubles/wechat-mp): OAuth chains for snsapi_base and
 * snsapi_userinfo followed redirect by redirect; a used (40163) or invalid (40029)
 * code ends in one fresh authorization and, failing again, in a success=false
 * redirect (never a 500); JsSdkConfig signs pages of this server only, with a
 * jsapi_ticket cached in the database, refreshed after expiry, fetched once by two
 * instances on one store, and re-fetched once when the access token is refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeTestApp, TEST_DB, type TestApp } from './core-helpers';
import { startWechatMpDouble, type WechatMpDouble } from '../doubles/wechat-mp/server';
import { buildServer } from '../../src/server/app';
import { openDb } from '../../src/server/db/index';
import { OAUTH_COOKIE } from '../../src/server/services/platform/oauth-session';
import { MSG_JSSDK_FOREIGN, MSG_JSSDK_SANDBOX } from '../../src/server/routes/auth/jssdk';
import type { ServerConfig } from '../../src/server/services/platform/config';
import { wechatMpProvider } from '../../src/server/providers/wechat-mp/wechat';

const APPID = 'wx0123456789abcdef';
const SECRET = 'double-secret-0123456789abcdef01';
const PUBLIC = 'https://tj.example.cn';
const OAUTH = '/api/OAuthApi/toWeChatOauth';

let clockNow = 0;
let double: WechatMpDouble;
beforeAll(async () => {
  double = await startWechatMpDouble({ appid: APPID, secret: SECRET, now: () => clockNow });
});
afterAll(async () => {
  await double.close();
});

const opened: TestApp[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

/**
 * A server whose official account is the double. Payment stays the sandbox: a server with
 * PAY_PROVIDER=wechat also builds the WeChat Pay client (its merchant keys are the pay
 * tests' concern), so the official account is injected as the dependency it is.
 */
async function mpApp(over: Partial<ServerConfig['wechat']> = {}, secret = SECRET): Promise<TestApp> {
  const t = await makeTestApp();
  const config = t.app.deps.config;
  config.publicUrl = PUBLIC;
  Object.assign(config.wechat, { appid: APPID, secret, oauthScope: 'snsapi_base', apiBaseUrl: double.url, oauthBaseUrl: double.url, ...over });
  t.app.deps.providers.mp = wechatMpProvider(config.wechat);
  // the double's clock is the server's test clock
  clockNow = t.clock.now();
  const advance = t.clock.advance.bind(t.clock);
  t.clock.advance = (ms: number) => {
    advance(ms);
    clockNow = t.clock.now();
  };
  opened.push(t);
  return t;
}

/** GET on the server (path + query of a PUBLIC_URL address). */
async function serverGet(app: FastifyInstance, url: string) {
  const u = new URL(url, PUBLIC);
  expect(u.origin).toBe(PUBLIC);
  return app.inject({ method: 'GET', url: u.pathname + u.search });
}

/** The double's authorize page: where it sends the browser back (our redirect_uri + code + state). */
async function authorize(location: string): Promise<{ back: string; scope: string; state: string }> {
  const u = new URL(location);
  expect(u.origin).toBe(double.url);
  expect(u.pathname).toBe('/connect/oauth2/authorize');
  expect(u.hash).toBe('#wechat_redirect');
  const r = await fetch(location.split('#')[0], { redirect: 'manual' });
  expect(r.status).toBe(302);
  return { back: r.headers.get('location')!, scope: u.searchParams.get('scope')!, state: u.searchParams.get('state')! };
}

/** The app's page params after the last redirect (they ride in the hash: `#/oauth?…`). */
function appParams(location: string): URLSearchParams {
  const hash = new URL(location, PUBLIC).hash;
  return new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
}

const TARGET = `${PUBLIC}/#/oauth?oauth=1`;

describe(`WeChat OAuth through the double (${TEST_DB})`, () => {
  it('snsapi_base: authorize → code → openid, the OAuth cookie set, /sns/userinfo never asked', async () => {
    const t = await mpApp();
    double.setUser('o-base-user-0001');
    const before = double.calls['sns/userinfo'] ?? 0;
    const start = await t.app.inject({ method: 'GET', url: OAUTH, query: { targetUrl: TARGET } });
    expect(start.statusCode).toBe(302);
    const { back, scope, state } = await authorize(String(start.headers.location));
    expect(scope).toBe('snsapi_base');
    expect(state).toBe('oauth');
    expect(new URL(back).searchParams.get('targetUrl')).toBe(TARGET);
    const end = await serverGet(t.app, back);
    expect(end.statusCode).toBe(302);
    const p = appParams(String(end.headers.location));
    expect(Object.fromEntries(p)).toMatchObject({ success: 'true', openid: 'o-base-user-0001', returnData: 'o-base-user-0001' });
    expect(String(end.headers['set-cookie'])).toContain(`${OAUTH_COOKIE}=`);
    expect(await t.db.one('SELECT openid FROM users WHERE openid = $1', ['o-base-user-0001'])).toBeTruthy();
    expect(double.calls['sns/userinfo'] ?? 0).toBe(before);
  });

  it('snsapi_userinfo (configured): the person is asked with that scope; the openid comes from the code, nothing else is fetched', async () => {
    const t = await mpApp({ oauthScope: 'snsapi_userinfo' });
    double.setUser('o-info-user-0001');
    const before = double.calls['sns/userinfo'] ?? 0;
    const start = await t.app.inject({ method: 'GET', url: OAUTH, query: { targetUrl: TARGET } });
    const { back, scope } = await authorize(String(start.headers.location));
    expect(scope).toBe('snsapi_userinfo');
    const end = await serverGet(t.app, back);
    expect(Object.fromEntries(appParams(String(end.headers.location)))).toMatchObject({ success: 'true', openid: 'o-info-user-0001' });
    expect(double.calls['sns/userinfo'] ?? 0).toBe(before);
  });

  it('40163 (the OAuth address reloaded, its code already used): one fresh authorization, then a plain failure — never a dead page', async () => {
    const t = await mpApp();
    double.setUser('o-reload-0001');
    const start = await t.app.inject({ method: 'GET', url: OAUTH, query: { targetUrl: TARGET } });
    const first = await authorize(String(start.headers.location));
    expect(appParams(String((await serverGet(t.app, first.back)).headers.location)).get('success')).toBe('true');

    // the same address again: WeChat says 40163; the server starts a new authorization marked as the retry
    const reload = await serverGet(t.app, first.back);
    expect(reload.statusCode).toBe(302);
    const retry = await authorize(String(reload.headers.location));
    expect(retry.state).toBe('oauthretry');
    const ok = await serverGet(t.app, retry.back);
    expect(Object.fromEntries(appParams(String(ok.headers.location)))).toMatchObject({ success: 'true', openid: 'o-reload-0001' });

    // the retry's address reloaded: refused again, and this time the app is told (no loop)
    const again = await serverGet(t.app, retry.back);
    expect(again.statusCode).toBe(302);
    const loc = String(again.headers.location);
    expect(loc.startsWith(`${PUBLIC}/#/oauth?oauth=1&`)).toBe(true);
    expect(Object.fromEntries(appParams(loc))).toMatchObject({ success: 'false', returnMsg: '微信授权失败', openid: '' });
  });

  it('40029 (an invalid or expired code): one fresh authorization that logs in; an invalid code on the retry ends in success=false', async () => {
    const t = await mpApp();
    double.setUser('o-stale-0001');
    const stale = double.issueCode('o-stale-0001');
    t.clock.advance(6 * 60_000); // codes live 5 minutes
    const bogus = `${OAUTH}?${new URLSearchParams({ targetUrl: TARGET, code: stale, state: 'oauth' })}`;
    const r = await t.app.inject({ method: 'GET', url: bogus });
    expect(r.statusCode).toBe(302);
    const retry = await authorize(String(r.headers.location));
    expect(retry.state).toBe('oauthretry');
    expect(appParams(String((await serverGet(t.app, retry.back)).headers.location)).get('success')).toBe('true');

    const badRetry = await t.app.inject({ method: 'GET', url: `${OAUTH}?${new URLSearchParams({ targetUrl: TARGET, code: 'no-such-code', state: 'oauthretry' })}` });
    expect(badRetry.statusCode).toBe(302);
    expect(Object.fromEntries(appParams(String(badRetry.headers.location)))).toMatchObject({ success: 'false', returnMsg: '微信授权失败' });
  });

  it('a wrong app secret (40125) is not retried: success=false at once', async () => {
    const t = await mpApp({}, 'wrong-secret');
    const start = await t.app.inject({ method: 'GET', url: OAUTH, query: { targetUrl: TARGET } });
    const { back } = await authorize(String(start.headers.location));
    const end = await serverGet(t.app, back);
    expect(end.statusCode).toBe(302);
    expect(appParams(String(end.headers.location)).get('success')).toBe('false');
  });
});

describe(`JsSdkConfig through the double (${TEST_DB})`, () => {
  const PAGE = `${PUBLIC}/?v=1.2.3`;
  const ticketRow = (t: TestApp) => t.db.one<{ value: string; expires_at: number | string }>(`SELECT value, expires_at FROM wechat_tokens WHERE appid = $1 AND kind = 'jsapi_ticket'`, [APPID]);
  const count = (p: string) => double.calls[p] ?? 0;

  it('signs this server’s page: the signature verifies with the ticket the double issued, which is kept in the database and reused', async () => {
    const t = await mpApp();
    const [tk, tt] = [count('cgi-bin/ticket/getticket'), count('cgi-bin/stable_token')];
    const r = await t.call('JsSdkConfig', { url: `${PAGE}#/ReportList` });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const c = r.body.returnData as { appId: string; timestamp: number; nonceStr: string; signature: string };
    expect(c.appId).toBe(APPID);
    expect(c.timestamp).toBe(Math.floor(t.clock.now() / 1000));
    expect(c.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(double.verifySignature({ url: PAGE, ...c })).toBe(true);
    expect(double.verifySignature({ url: `${PAGE}&x=1`, ...c })).toBe(false);
    expect((await ticketRow(t))?.value).toBe(double.tickets().at(-1));
    expect(count('cgi-bin/ticket/getticket')).toBe(tk + 1);
    expect(count('cgi-bin/stable_token')).toBe(tt + 1);

    // more pages, later: the cached ticket and token serve
    t.clock.advance(60 * 60_000);
    for (const url of [PAGE, `${PUBLIC}/`, `${PUBLIC}/index.html?from=menu`]) {
      const again = await t.call('JsSdkConfig', { url });
      expect(again.body.success).toBe(true);
      expect(double.verifySignature({ url, ...again.body.returnData })).toBe(true);
    }
    expect(count('cgi-bin/ticket/getticket')).toBe(tk + 1);
    expect(count('cgi-bin/stable_token')).toBe(tt + 1);
  });

  it('refreshes the ticket 5 minutes before it expires (the test clock moved), and stores the new one', async () => {
    const t = await mpApp();
    await t.call('JsSdkConfig', { url: PAGE });
    const first = (await ticketRow(t))!;
    const tk = count('cgi-bin/ticket/getticket');
    t.clock.advance(7200_000 - 5 * 60_000 - 1000); // still outside the early window
    expect((await t.call('JsSdkConfig', { url: PAGE })).body.success).toBe(true);
    expect(count('cgi-bin/ticket/getticket')).toBe(tk);
    t.clock.advance(2000); // inside it
    const r = await t.call('JsSdkConfig', { url: PAGE });
    expect(r.body.success).toBe(true);
    expect(count('cgi-bin/ticket/getticket')).toBe(tk + 1);
    const second = (await ticketRow(t))!;
    expect(second.value).not.toBe(first.value);
    expect(Number(second.expires_at)).toBe(t.clock.now() + 7200_000);
    expect(double.verifySignature({ url: PAGE, ...r.body.returnData })).toBe(true);
  });

  it('a ticket fetch refused with 40001 (the access token revoked) fetches a new token once and succeeds', async () => {
    const t = await mpApp();
    await t.call('JsSdkConfig', { url: PAGE });
    double.revokeAccessTokens();
    await t.db.run(`UPDATE wechat_tokens SET expires_at = 0 WHERE kind = 'jsapi_ticket'`);
    const [tk, tt] = [count('cgi-bin/ticket/getticket'), count('cgi-bin/stable_token')];
    const r = await t.call('JsSdkConfig', { url: PAGE });
    expect(r.body.success).toBe(true);
    expect(double.verifySignature({ url: PAGE, ...r.body.returnData })).toBe(true);
    expect(count('cgi-bin/ticket/getticket')).toBe(tk + 2); // refused, then answered
    expect(count('cgi-bin/stable_token')).toBe(tt + 1); // force_refresh, once
  });

  it('two server instances on one store fetch the token and the ticket once', async () => {
    const t = await mpApp();
    const db2 = await openDb(TEST_DB === 'postgres' ? { databaseUrl: t.store.env.DATABASE_URL } : { dataDir: t.store.env.DATA_DIR, databaseUrl: '' });
    const app2 = await buildServer({ db: db2, config: t.app.deps.config, providers: { ...t.app.deps.providers }, clock: t.clock, logger: false, sweep: false });
    await app2.ready();
    try {
      const [tk, tt] = [count('cgi-bin/ticket/getticket'), count('cgi-bin/stable_token')];
      const ask = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/api/OAuthApi/JsSdkConfig', payload: { url: PAGE }, headers: { authorization: `Bearer ${t.token}` } }).then((r) => r.json());
      const answers = await Promise.all([ask(t.app), ask(app2), ask(t.app), ask(app2), ask(app2), ask(t.app)]);
      for (const a of answers) {
        expect(a.success).toBe(true);
        expect(double.verifySignature({ url: PAGE, ...a.returnData })).toBe(true);
      }
      expect(count('cgi-bin/ticket/getticket')).toBe(tk + 1);
      expect(count('cgi-bin/stable_token')).toBe(tt + 1);
    } finally {
      await app2.close();
      await db2.close();
    }
  });

  it('refuses pages of other sites (and non-http addresses) without asking WeChat', async () => {
    const t = await mpApp();
    const tk = count('cgi-bin/ticket/getticket');
    for (const url of ['https://evil.example.com/?v=1', 'https://tj.example.cn.evil.com/', 'javascript:alert(1)', 'not a url', `https://user:pw@tj.example.cn/`]) {
      const r = await t.call('JsSdkConfig', { url });
      expect(r.status, url).toBe(200);
      expect(r.body, url).toMatchObject({ success: false, returnMsg: MSG_JSSDK_FOREIGN });
    }
    expect(count('cgi-bin/ticket/getticket')).toBe(tk);
    // the request's own origin is this server too
    const own = await t.call('JsSdkConfig', { url: 'http://tj.lan:8080/?v=1' }, { headers: { host: 'tj.lan:8080' } });
    expect(own.body.success).toBe(true);
  });

  it('needs the service token, and the sandbox (no official account) refuses in words', async () => {
    const t = await mpApp();
    expect((await t.call('JsSdkConfig', { url: PAGE }, { token: null })).status).toBe(401);
    const sandbox = await makeTestApp();
    opened.push(sandbox);
    expect((await sandbox.call('JsSdkConfig', { url: PAGE })).body).toMatchObject({ success: false, returnMsg: MSG_JSSDK_SANDBOX });
  });
});
