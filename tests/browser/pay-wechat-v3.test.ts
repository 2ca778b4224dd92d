/**
 * Paying inside WeChat, for real: the server runs with PAY_PROVIDER=wechat, its WeChat Pay API v3
 * client pointed at the local v3 double (tests/doubles/wechatpay-v3) and its official account at the
 * OAuth double. The page has a MicroMessenger user agent and a stand-in WeixinJSBridge whose
 * getBrandWCPayRequest hands the params to the double (through the test: the page's CSP allows no
 * other origin), which checks paySign with the merchant public key as WeChat does, pays the trade
 * and posts the signed, encrypted notify to our server.
 *
 * 1. 去支付 → the sheet → 支付成功; the order row is paid, every call we made was signed.
 * 2. The examinee pays and the webview dies before it hears back, and the notify is lost: the
 *    reconciler asks WeChat and the order ends paid; 我的预约 says so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './helpers/app';
import { openPhone, screenshot, type Phone } from './helpers/phone';
import { clickText, closeAlert, dialogText, shot, freshId, freshPhone, login, submitValid, waitRoute, waitText, walkToOrder, type Shots } from './helpers/journey';
import { startWechatMpDouble, type WechatMpDouble } from '../doubles/wechat-mp/server';
import { makeMerchantKeys, startWechatPayDouble, type WechatPayDouble } from '../doubles/wechatpay-v3/index';

const APPID = 'wx8a1c2d3e4f5a6b7c';
const SECRET = 'pay-journey-double-secret-0123456';
const MCHID = '1900000109';
const APIV3_KEY = 'pay-journey-apiv3-key-0123456789';
const UA =
  'Mozilla/5.0 (Linux; Android 10; V2001A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230202 MicroMessenger/8.0.33.2320(0x28002151) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN';

/** What the stand-in sheet does: pay and report back, or pay with the notify lost and never report (webview killed). */
type SheetMode = 'pay' | 'pay-and-die';

/** The page's WeixinJSBridge: getBrandWCPayRequest goes to the test's __wxPaySheet; the rest is recorded. */
function bridgeStandIn(): void {
  const w = window as unknown as {
    __wxInvokes: string[];
    __wxPaySheet(params: object): Promise<{ ok: boolean; answer: boolean }>;
    WeixinJSBridge: unknown;
  };
  w.__wxInvokes = [];
  w.WeixinJSBridge = {
    invoke(name: string, params: Record<string, unknown>, cb?: (r: { err_msg: string }) => void) {
      w.__wxInvokes.push(name);
      if (name !== 'getBrandWCPayRequest') return setTimeout(() => cb?.({ err_msg: `${name}:ok` }), 0);
      void w.__wxPaySheet(JSON.parse(JSON.stringify(params))).then((r) => {
        if (r.answer) cb?.({ err_msg: r.ok ? 'get_brand_wcpay_request:ok' : 'get_brand_wcpay_request:fail' });
      });
    },
    on() {},
    call() {},
  };
}

let mp: WechatMpDouble;
let pay: WechatPayDouble;
let app: RunningApp;
let phone: Phone;
let keyDir: string;
let sheetMode: SheetMode = 'pay';
const sheetAnswers: Array<{ ok: boolean; error?: string }> = [];
const shots: Shots = { prefix: 'pay-v3', taken: [] };

beforeAll(async () => {
  mp = await startWechatMpDouble({ appid: APPID, secret: SECRET });
  mp.setUser('o-pay-v3-journey-0001');
  const merchant = makeMerchantKeys();
  pay = await startWechatPayDouble({ mchid: MCHID, appid: APPID, apiV3Key: APIV3_KEY, merchant: { serial: merchant.serial, publicKeyPem: merchant.publicKeyPem }, verifyWith: 'certificate' });
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-pay-v3-'));
  fs.writeFileSync(path.join(keyDir, 'apiclient_key.pem'), merchant.privateKeyPem, { mode: 0o600 });
  app = await startApp({
    env: {
      PAY_PROVIDER: 'wechat',
      WECHAT_APPID: APPID,
      WECHAT_SECRET: SECRET,
      WECHAT_API_BASE_URL: mp.url,
      WECHAT_OAUTH_BASE_URL: mp.url,
      WECHAT_MCH_ID: MCHID,
      WECHAT_PAY_MCH_SERIAL: merchant.serial,
      WECHAT_PAY_PRIVATE_KEY_PATH: path.join(keyDir, 'apiclient_key.pem'),
      WECHAT_PAY_APIV3_KEY: APIV3_KEY,
      WECHAT_PAY_BASE_URL: pay.baseUrl,
      // the platform certificate is downloaded from the double (no WECHAT_PAY_PLATFORM_CERT_PATH)
      PAY_RECONCILE_MS: '1000',
    },
  });
  phone = await openPhone(app.baseUrl, { userAgent: UA });
  // The sheet: the double checks the params as WeChat does, pays, and (unless lost) posts the notify and waits for our answer.
  await phone.page.exposeFunction('__wxPaySheet', async (params: Record<string, unknown>) => {
    const lost = sheetMode === 'pay-and-die';
    const r = await fetch(`${pay.baseUrl}/__double/bridge/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ params, notify: !lost }),
    });
    const body = (await r.json()) as { ok: boolean; error?: string };
    sheetAnswers.push(body);
    return { ok: body.ok, answer: !lost };
  });
  await phone.page.addInitScript(bridgeStandIn);
}, 240_000);

afterAll(async () => {
  await phone?.close();
  await app?.stop();
  await pay?.close();
  await mp?.close();
  if (keyDir) fs.rmSync(keyDir, { recursive: true, force: true });
});

const orderOf = (idCard: string) =>
  app.sql<{ id: string; state: string; pay_flag: string; price_cents: number }>('SELECT id, state, pay_flag, price_cents FROM orders WHERE id_card = ?', idCard)[0];
const paymentOf = (orderId: string) => app.sql<{ out_trade_no: string; state: string; transaction_id: string }>('SELECT out_trade_no, state, transaction_id FROM payments WHERE order_id = ?', orderId)[0];

async function bookUnpaid(name: string, idCard: string): Promise<void> {
  const { page } = phone;
  await page.goto('/#/Index');
  await waitText(page, '个人体检');
  await walkToOrder(page, shots, { type: '健康体检', marital: '已婚', pkg: '入门通用体检套餐' });
  await submitValid(page, shots, { name, idCard, tel: freshPhone() });
  await waitText(page, '去支付');
  expect(orderOf(idCard)).toMatchObject({ state: 'S', pay_flag: 'F' });
}

describe('paying in WeChat through the WeChat Pay v3 double', () => {
  it('去支付 → WeChat’s sheet → 支付成功: the order is paid, the trade is the double’s, every request was signed', async () => {
    const { page } = phone;
    await login(page);
    expect(mp.calls['sns/oauth2/access_token']).toBeGreaterThanOrEqual(1);
    const idCard = freshId('female');
    await bookUnpaid('王芳', idCard);
    const order = orderOf(idCard);

    await clickText(page, '去支付');
    expect(await dialogText(page, 30_000)).toBe('支付成功');
    await shot(page, shots, 'paid');
    await closeAlert(page);
    await waitRoute(page, '/Index');
    expect(sheetAnswers.at(-1)).toEqual(expect.objectContaining({ ok: true }));
    expect(orderOf(idCard)).toMatchObject({ state: 'F', pay_flag: 'T' });
    const payment = paymentOf(order.id);
    expect(payment.state).toBe('T');
    const trade = pay.trades.get(payment.out_trade_no)!;
    expect(trade).toMatchObject({ state: 'SUCCESS', total: Number(order.price_cents), openid: 'o-pay-v3-journey-0001', appid: APPID, mchid: MCHID });
    expect(payment.transaction_id).toBe(trade.transactionId);
    // the notify was answered as the v3 docs require (2xx), and every call we made verified at the double
    const notify = (pay.notifies ?? []).find((n) => n.key === payment.out_trade_no && n.kind === 'pay');
    expect(notify?.answer.status).toBeGreaterThanOrEqual(200);
    expect(notify?.answer.status).toBeLessThan(300);
    expect(pay.requests.length).toBeGreaterThanOrEqual(2);
    expect(pay.requests.filter((r) => !r.authOk)).toEqual([]);
    expect(pay.requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/v3/certificates', '/v3/pay/transactions/jsapi']));
  });

  it('paid, then the webview dies and the notify is lost: the reconciler asks WeChat and the order ends paid', async () => {
    const { page } = phone;
    const idCard = freshId('female', 7);
    await bookUnpaid('赵敏', idCard);
    const order = orderOf(idCard);
    sheetMode = 'pay-and-die';
    const answered = sheetAnswers.length;
    await clickText(page, '去支付');
    await expect.poll(() => sheetAnswers.length, { timeout: 30_000 }).toBe(answered + 1);
    expect(sheetAnswers.at(-1)).toEqual(expect.objectContaining({ ok: true }));
    const outTradeNo = paymentOf(order.id).out_trade_no;
    expect(pay.trades.get(outTradeNo)?.state).toBe('SUCCESS');
    expect((pay.notifies ?? []).filter((n) => n.key === outTradeNo)).toEqual([]);
    await page.close(); // the webview is gone: nothing on the page will ask for this order again

    // The reconciler leaves a fresh trade 30 s to its notify, then asks (GET …/out-trade-no/{}) and applies SUCCESS.
    await expect.poll(() => orderOf(idCard).pay_flag, { timeout: 90_000, interval: 1000 }).toBe('T');
    expect(orderOf(idCard).state).toBe('F');
    expect(paymentOf(order.id).state).toBe('T');
    expect(pay.requests.some((r) => r.method === 'GET' && r.path.startsWith(`/v3/pay/transactions/out-trade-no/${outTradeNo}`) && r.authOk)).toBe(true);

    // The examinee opens the app again: 我的预约 → the order → 支付状态 已支付.
    sheetMode = 'pay';
    const again = await phone.context.newPage();
    await again.goto('/#/Index');
    await waitText(again, '个人体检', 30_000);
    await clickText(again, '我的预约');
    await waitText(again, '赵敏', 30_000);
    await again.getByText('赵敏', { exact: true }).first().click();
    await waitRoute(again, '/OrderDetails');
    await waitText(again, '支付状态', 30_000);
    expect(await again.locator('body').innerText()).toMatch(/支付状态\s*已支付/);
    await screenshot(again, 'pay-v3-order-paid-375');
    await again.setViewportSize({ width: 320, height: 568 });
    await screenshot(again, 'pay-v3-order-paid-320');
  });
});
