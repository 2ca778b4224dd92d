/**
 * Inside WeChat (a MicroMessenger user agent and a stand-in WeixinJSBridge), with the
 * server's official account pointed at the local double (PAY_PROVIDER=wechat,
 * WECHAT_API_BASE_URL / WECHAT_OAUTH_BASE_URL): the login goes through the double's
 * authorize page, and a report page hides WeChat's share items after a wx.config whose
 * signature the stand-in checks against the jsapi_ticket the double issued.
 *
 * The stand-in bridge answers preVerifyJSAPI by asking the test (an exposed function)
 * whether the signature verifies; later calls succeed only after a verified config,
 * as WeChat's own do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './helpers/app';
import { openPhone, clickText, waitText, type Phone } from './helpers/phone';
import { login, waitRoute } from './helpers/journey';
import { startWechatMpDouble, type WechatMpDouble } from '../doubles/wechat-mp/server';
import { makeIdCard } from '../../src/contract/rules/idcard';

const APPID = 'wx5f0c2d1b3a4e6f70';
const SECRET = 'browser-double-secret-0123456789a';
const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const LI_MING = { name: '李明', idCard: makeIdCard('110101', '19850315', '123'), tel: '13800138000' };

interface Invoke {
  name: string;
  params: Record<string, unknown>;
}

/** The page's WeixinJSBridge: records every invoke; preVerifyJSAPI is judged by the test. */
function bridgeStandIn(): void {
  const w = window as unknown as { __wxInvokes: Invoke[]; __wxVerified: boolean; __wxVerify(p: object): Promise<boolean>; WeixinJSBridge: unknown };
  w.__wxInvokes = [];
  w.__wxVerified = false;
  w.WeixinJSBridge = {
    invoke(name: string, params: Record<string, unknown>, cb?: (r: { err_msg: string }) => void) {
      w.__wxInvokes.push({ name, params: JSON.parse(JSON.stringify(params ?? {})) });
      const answer = (msg: string) => setTimeout(() => cb?.({ err_msg: msg }), 0);
      if (name === 'preVerifyJSAPI') {
        void w
          .__wxVerify({ url: location.href.split('#')[0], appId: params.verifyAppId, nonceStr: params.verifyNonceStr, timestamp: params.verifyTimestamp, signature: params.verifySignature })
          .then((ok) => {
            w.__wxVerified = ok;
            answer(ok ? 'preVerifyJSAPI:ok' : 'preVerifyJSAPI:fail, invalid signature');
          });
        return;
      }
      answer(w.__wxVerified ? `${name}:ok` : `${name}:fail, permission denied`);
    },
    on() {},
    call() {},
  };
}

let double: WechatMpDouble;
let app: RunningApp;
let phone: Phone;
let keyDir: string;

beforeAll(async () => {
  double = await startWechatMpDouble({ appid: APPID, secret: SECRET });
  double.setUser('o-browser-wechat-0001');
  // A server with PAY_PROVIDER=wechat builds the WeChat Pay client too: a merchant key of its own
  // (nothing is paid here; the pay API is never called).
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-mp-keys-'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  fs.writeFileSync(path.join(keyDir, 'apiclient_key.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  app = await startApp({
    env: {
      PAY_PROVIDER: 'wechat',
      WECHAT_APPID: APPID,
      WECHAT_SECRET: SECRET,
      WECHAT_API_BASE_URL: double.url,
      WECHAT_OAUTH_BASE_URL: double.url,
      WECHAT_MCH_ID: '1900000109',
      WECHAT_PAY_MCH_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHAT_PAY_PRIVATE_KEY_PATH: path.join(keyDir, 'apiclient_key.pem'),
      WECHAT_PAY_APIV3_KEY: 'abcdefghijklmnopqrstuvwxyz012345',
      WECHAT_PAY_BASE_URL: 'http://127.0.0.1:9',
      PAY_RECONCILE_MS: '0',
    },
  });
  phone = await openPhone(app.baseUrl, { userAgent: UA });
  await phone.page.exposeFunction('__wxVerify', (p: { url: string; nonceStr: string; timestamp: string; signature: string; appId: string }) => p.appId === APPID && double.verifySignature(p));
  await phone.page.addInitScript(bridgeStandIn);
}, 240_000);

afterAll(async () => {
  await phone?.close();
  await app?.stop();
  await double?.close();
  if (keyDir) fs.rmSync(keyDir, { recursive: true, force: true });
});

const invokes = () => phone.page.evaluate(() => (window as unknown as { __wxInvokes: Invoke[] }).__wxInvokes);

describe('WeChat JS-SDK in the app', () => {
  it('logs in through the double’s authorize page; a report page hides sharing after a wx.config whose signature verifies', async () => {
    const { page } = phone;
    await login(page);
    expect(double.calls['connect/oauth2/authorize']).toBeGreaterThanOrEqual(1);
    expect(double.calls['sns/oauth2/access_token']).toBeGreaterThanOrEqual(1);
    // no JS-SDK before a page asks for it
    expect((await invokes()).map((i) => i.name)).not.toContain('preVerifyJSAPI');
    expect(double.calls['cgi-bin/ticket/getticket'] ?? 0).toBe(0);

    await clickText(page, '我的报告');
    await waitRoute(page, '/ReportLogin');
    await waitText(page, '获取验证码');
    const input = (placeholder: string) => page.getByPlaceholder(placeholder).locator('visible=true').first();
    await input('请输入姓名').fill(LI_MING.name);
    await input('请输入身份证号').fill(LI_MING.idCard);
    await input('请输入手机号').fill(LI_MING.tel);
    await Promise.all([page.waitForResponse('**/api/ReportApi/SendVerifyCode'), clickText(page, '获取验证码')]);
    await expect.poll(() => app.sql<{ code: string }>('SELECT code FROM sms_outbox WHERE tel = ? ORDER BY created_at DESC LIMIT 1', LI_MING.tel).length).toBe(1);
    const code = app.sql<{ code: string }>('SELECT code FROM sms_outbox WHERE tel = ? ORDER BY created_at DESC LIMIT 1', LI_MING.tel)[0].code;
    await input('请输入验证码').fill(code);
    const [sign] = await Promise.all([page.waitForResponse('**/api/OAuthApi/JsSdkConfig', { timeout: 20_000 }), clickText(page, '查询报告')]);
    await waitRoute(page, '/ReportList');
    const signed = (await sign.json()) as { success: boolean; returnData: { appId: string; signature: string } };
    expect(signed.success).toBe(true);
    expect(signed.returnData.appId).toBe(APPID);

    await expect.poll(async () => (await invokes()).map((i) => i.name), { timeout: 15_000 }).toContain('hideMenuItems');
    const calls = await invokes();
    const config = calls.find((i) => i.name === 'preVerifyJSAPI')!;
    expect(config.params).toMatchObject({ verifyAppId: APPID, verifySignType: 'sha1', verifySignature: signed.returnData.signature });
    expect(config.params.verifyJsApiList).toEqual(expect.arrayContaining(['hideMenuItems', 'closeWindow']));
    expect(await page.evaluate(() => (window as unknown as { __wxVerified: boolean }).__wxVerified)).toBe(true);
    const hide = calls.find((i) => i.name === 'hideMenuItems')!;
    expect(hide.params.menuList).toEqual(expect.arrayContaining(['menuItem:share:appMessage', 'menuItem:share:timeline', 'menuItem:copyUrl']));
    // the call carries the verified config, as jweixin sends every call
    expect(hide.params.verifySignature).toBe(signed.returnData.signature);
    expect(double.calls['cgi-bin/ticket/getticket']).toBe(1);
    expect(app.sql<{ n: number }>(`SELECT COUNT(*) AS n FROM wechat_tokens WHERE kind = 'jsapi_ticket' AND value <> ''`)[0].n).toBe(1);

    // the next report page: the same config serves (one signature per page address), sharing hidden again
    const before = calls.filter((i) => i.name === 'hideMenuItems').length;
    await clickText(page, '健康体检报告');
    await waitRoute(page, '/ReportMian');
    await expect.poll(async () => (await invokes()).filter((i) => i.name === 'hideMenuItems').length).toBe(before + 1);
    expect((await invokes()).filter((i) => i.name === 'preVerifyJSAPI')).toHaveLength(1);
    expect(double.calls['cgi-bin/ticket/getticket']).toBe(1);
  });
});
