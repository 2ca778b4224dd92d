import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './core-helpers';
import { encryptBody } from '../../src/contract/rules/encry';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

describe('envelope and errors', () => {
  it('404 is an envelope', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/Nope/Nothing', payload: {} });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ success: false, returnMsg: '接口不存在', returnData: null });
  });
  it('bad JSON is a 400 envelope without stack', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/UserInfoApi/GetClusItemList', payload: '{bad', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ success: false, returnMsg: '请求格式错误', returnData: null });
    expect(r.body).not.toMatch(/stack|at \w+ \(/);
  });
  it('wrong body types never give 500', async () => {
    for (const payload of ['[]', '"x"', '123', 'null']) {
      const r = await t.app.inject({ method: 'POST', url: '/api/OrderListApi/PersonOrderAdd', payload, headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` } });
      expect(r.statusCode).toBeLessThan(500);
      expect(r.json().success).toBe(false);
    }
    const r2 = await t.call('PersonOrderAdd', { name: { a: 1 }, idCard: 5, price: [] });
    expect(r2.status).toBe(200);
    expect(r2.body.success).toBe(false);
    expect(typeof r2.body.returnMsg).toBe('string');
  });
  it('unsupported media type is 415 envelope', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/UserInfoApi/GetClusItemList', payload: 'x', headers: { 'content-type': 'image/png', authorization: `Bearer ${t.token}` } });
    expect(r.statusCode).toBe(415);
    expect(r.json().success).toBe(false);
  });
  it('validation errors come back in Chinese', async () => {
    const r = await t.call('GetClusItemList', { clus_type: '9' });
    expect(r.body).toEqual({ success: false, returnMsg: '体检类型错误', returnData: null });
    const r2 = await t.call('TeamLogin', { lnc_Code: 'L0001' });
    expect(r2.body.returnMsg).toBe('请输入完整信息');
  });
});

describe('auth', () => {
  it('401 without a bearer, with a bad one and with an expired one', async () => {
    const none = await t.call('GetClusItemList', { clus_type: '4' }, { token: null });
    expect(none.status).toBe(401);
    expect(none.body.success).toBe(false);
    expect(none.body.returnMsg).toBe('登录已过期，请重新登录');
    const bad = await t.call('GetClusItemList', { clus_type: '4' }, { token: 'nope' });
    expect(bad.status).toBe(401);
    // expiry: move the clock past the TTL
    t.clock.advance(t.config.tokenTtlSec * 1000 + 1);
    const expired = await t.call('GetClusItemList', { clus_type: '4' });
    expect(expired.status).toBe(401);
    t.clock.advance(-(t.config.tokenTtlSec * 1000 + 1));
    const ok = await t.call('GetClusItemList', { clus_type: '4' });
    expect(ok.status).toBe(200);
  });
  it('GetToken: password grant (JSON and form-encoded), wrong secret, openid refresh', async () => {
    const c = t.config.tokenClient;
    const json = await t.call('GetToken', { grant_type: 'password', client_id: c.client_id, client_secret: c.client_secret, name: c.name, password: c.password, scope: 'api1' }, { token: null });
    expect(json.body.success).toBe(true);
    expect(json.body.returnData).toMatchObject({ token_type: 'Bearer', expires_in: t.config.tokenTtlSec });
    expect(json.body.returnData.access_token.length).toBeGreaterThan(20);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/TokenApi/GetToken',
      payload: new URLSearchParams({ grant_type: 'password', client_id: c.client_id, client_secret: c.client_secret, name: c.name, password: c.password, scope: 'api1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.json().success).toBe(true);
    const wrong = await t.call('GetToken', { grant_type: 'password', client_id: c.client_id, client_secret: 'x', name: c.name, password: c.password, scope: 'api1' }, { token: null });
    expect(wrong.body).toEqual({ success: false, returnMsg: '客户端认证失败', returnData: null });
    const unknown = await t.call('GetToken', { openid: 'never-seen-openid' }, { token: null });
    expect(unknown.body.success).toBe(false);
    // by openid: only with the OAuth cookie proving it (see openid-binding.test.ts for the refusals)
    const byOpenid = await t.call('GetToken', { openid: 'demo-openid-0001' }, { token: null, headers: { cookie: await t.oauthCookie('demo-openid-0001') } });
    expect(byOpenid.body.success).toBe(true);
    const use = await t.call('GetClusItemList', { clus_type: '4' }, { token: byOpenid.body.returnData.access_token });
    expect(use.body.success).toBe(true);
  });
  it('userOpenid gives a token and the user', async () => {
    const r = await t.call('userOpenid', { openid: 'demo-openid-0001' });
    expect(r.body.success).toBe(true);
    expect(r.body.returnData.tokenInfo.token_type).toBe('Bearer');
    expect(r.body.returnData.user).toMatchObject({ openid: 'demo-openid-0001', name: '张伟', tel: '13800138000', tag: '1' });
    expect(r.body.returnData.registered).toBe(true);
    const fresh = await t.call('userOpenid', { openid: 'brand-new-openid' });
    expect(fresh.body.returnData.registered).toBe(false);
    expect(fresh.body.returnData.user.name).toBe('');
  });
  it('toWeChatOauth (sandbox) redirects back with the openid; refuses foreign targets', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/OAuthApi/toWeChatOauth?targetUrl=' + encodeURIComponent('/#/oauth?type=jump') });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/#/oauth?type=jump&success=true&type=oauth&returnMsg=&returnData=demo-openid-0001&openid=demo-openid-0001');
    const evil = await t.app.inject({ method: 'GET', url: '/api/OAuthApi/toWeChatOauth?targetUrl=' + encodeURIComponent('https://evil.example/x') });
    expect(evil.statusCode).toBe(200);
    expect(evil.json()).toEqual({ success: false, returnMsg: '微信授权失败', returnData: null });
    const missing = await t.app.inject({ method: 'GET', url: '/api/OAuthApi/toWeChatOauth' });
    expect(missing.json().success).toBe(false);
  });
});

describe('static and config', () => {
  it('GET /config.json with ?t= and /healthz', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/config.json?t=1700000000000' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const c = r.json();
    expect(c).toMatchObject({ IsUsePay: true, IsAddClusItem: true, payProvider: 'sandbox', cancelStartDaysPerson: 1, cancelStartDaysTeam: 1 });
    expect(c.branches.map((b: { hospCode: string }) => b.hospCode)).toEqual(['01', '02', '03']);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
  });
});

describe('encryStr bodies', () => {
  it('accepted when crypto is enabled, refused when it does not decrypt', async () => {
    const e = await makeTestApp({ crypto: { enabled: true, keySeed: 'test-seed', substitution: '' } }, { seed: true });
    try {
      const encryStr = encryptBody({ clus_type: '4' }, { keySeed: 'test-seed' }, e.clock.now());
      const ok = await e.call('GetClusItemList', { encryStr });
      expect(ok.body.success).toBe(true);
      expect(ok.body.returnData.m.length).toBeGreaterThan(0);
      const bad = await e.call('GetClusItemList', { encryStr: encryptBody({ clus_type: '4' }, { keySeed: 'other' }, e.clock.now()) });
      expect(bad.body.success).toBe(false);
      expect(bad.body.returnMsg).toBe('请求解密失败');
      const plain = await e.call('GetClusItemList', { clus_type: '4' });
      expect(plain.body.success).toBe(true);
    } finally {
      await e.close();
    }
  });
  it('is ignored when crypto is disabled (encryStr is then just an unknown field)', async () => {
    const r = await t.call('GetClusItemList', { encryStr: 'zzz' });
    expect(r.body.success).toBe(false);
  });
});

describe('logging', () => {
  it('never writes ID numbers, phones or names in clear', async () => {
    const { Writable } = await import('node:stream');
    const { buildServer, maskText } = await import('../../src/server/app');
    let out = '';
    const stream = new Writable({ write(c, _e, cb) { out += String(c); cb(); } });
    const app = await buildServer({ db: t.db, config: t.config, clock: t.clock, logger: { stream, level: 'debug' }, sweep: false });
    const id = '11010519491231002X';
    await app.inject({ method: 'POST', url: '/api/OrderListApi/PersonOrderAdd', payload: { name: '王小明', idCard: id, tel: '13812345678' }, headers: { authorization: `Bearer ${t.token}` } });
    await app.inject({ method: 'POST', url: '/api/OrderListApi/PersonOrderAdd', payload: '{"idCard":"' + id + '",', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` } });
    app.log.error({ err: new Error(`Key (id_card)=(${id}) tel 13812345678 exists`) }, 'x');
    await app.close();
    expect(out.length).toBeGreaterThan(0);
    expect(out).not.toContain(id);
    expect(out).not.toContain('13812345678');
    expect(out).not.toContain('王小明');
    expect(out).not.toContain(t.token);
    expect(maskText(`a ${id} b 13812345678`)).toBe('a 110105********002X b 138****5678');
  });
});
