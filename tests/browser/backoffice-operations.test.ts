/**
 * 运营看板 as staff use it (issue 23), with the real WeChat Pay v3 client against the local v3
 * double (the sandbox refunds every stray payment at once, so it never leaves one to refund):
 * an examinee books, opens the payment, cancels, and the payment still arrives — the product
 * records it and asks WeChat for the refund, which WeChat refuses (基本账户余额不足). Then the
 * demo admin opens 运营看板: the chart is drawn, the anomaly is in the queue with what WeChat
 * said; 退款 → the confirm step states the amount → WeChat answers PROCESSING (退款中), the
 * reconciler's query finds it settled → the anomaly leaves 待处理 and shows 已退款 under 已处理; the refund row, the
 * anomaly and the audit entry are in the database, and the booking stays cancelled. A seeded
 * refund failure is marked 已处理 (the note is required), and the search finds the examinee.
 * With STUDIO_DOC_SHOTS=1 it saves docs/img/studio/23-operations.png (else test-artifacts/).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, type CallName } from '../../src/contract/calls';
import { makeIdCard } from '../../src/contract/rules/idcard';
import { copyConfig, startApp, type RunningApp } from './helpers/app';
import { docShot, openArea } from './helpers/backoffice';
import { screenshot } from './helpers/phone';
import { openStudioDesk, signInStudio, type StudioDesk } from './helpers/studio';
import { startWechatMpDouble, type WechatMpDouble } from '../doubles/wechat-mp/server';
import { makeMerchantKeys, startWechatPayDouble, type WechatPayDouble } from '../doubles/wechatpay-v3/index';

const APPID = 'wx5e0c1d2a3b4f5a6c';
const SECRET = 'ops-view-double-secret-012345678';
const MCHID = '1900000109';
const APIV3_KEY = 'ops-view-apiv3-key-0123456789abc';
const OPENID = 'o-ops-view-examinee-0001';
const NAME = '孙丽';
const ID_CARD = makeIdCard('110101', '19880315', '042');
const TEL = '13912345678';
let dir = '';
let keyDir = '';
let mp: WechatMpDouble;
let pay: WechatPayDouble;
let app: RunningApp;
let desk: StudioDesk;
let page: Page;
let order = { id: '', trade: '' };

/** A call as the examinee's phone makes it (bearer token of the openid). */
async function call<T = unknown>(name: CallName, body: unknown, token: string): Promise<{ success: boolean; returnMsg: string; returnData: T }> {
  const r = await fetch(`${app.serverUrl}/api/${CALLS[name].path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return (await r.json()) as { success: boolean; returnMsg: string; returnData: T };
}

/** The examinee signs in through WeChat OAuth (the double's code) and gets the app's token. */
async function examineeToken(): Promise<string> {
  const oauth = await fetch(`${app.serverUrl}/api/${CALLS.toWeChatOauth.path}?${new URLSearchParams({ targetUrl: '/#/oauth', code: mp.issueCode(OPENID) })}`, { redirect: 'manual' });
  expect(oauth.status).toBe(302);
  const cookie = oauth.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const r = await fetch(`${app.serverUrl}/api/${CALLS.GetToken.path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ openid: OPENID }) });
  const tk = (await r.json()) as { returnData: { access_token: string } };
  return tk.returnData.access_token;
}

beforeAll(async () => {
  mp = await startWechatMpDouble({ appid: APPID, secret: SECRET });
  const merchant = makeMerchantKeys();
  pay = await startWechatPayDouble({ mchid: MCHID, appid: APPID, apiV3Key: APIV3_KEY, merchant: { serial: merchant.serial, publicKeyPem: merchant.publicKeyPem }, verifyWith: 'certificate' });
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cf-ops-view-'));
  fs.writeFileSync(path.join(keyDir, 'apiclient_key.pem'), merchant.privateKeyPem, { mode: 0o600 });
  dir = copyConfig('checkup-ops-view-');
  app = await startApp({
    configDir: dir,
    env: {
      // no PUBLIC_URL: a refund then has no notify_url, and the reconciler's query settles it
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
      PAY_RECONCILE_MS: '2000',
    },
  });

  // The examinee: books, opens the payment, cancels; the payment arrives anyway and WeChat refuses the refund.
  const token = await examineeToken();
  const [slot] = app.sql<{ day: string; code: string; name: string }>(
    `SELECT day, code, name FROM calendar_slots WHERE scope = 'P:person' AND surplus > 0 AND day > date('now', '+2 day') ORDER BY day, sort LIMIT 1`,
  );
  const add = await call<{ ord: { id: string; idCard: string } }>('PersonOrderAdd', {
    openid: OPENID, name: NAME, idCard: ID_CARD, tel: TEL, clus_Name: '入门通用体检套餐', clus_Code: 'P4005', begin_Time: slot.day, type: 'person',
    sumtime_Code: slot.code, sumtime_Name: slot.name, price: '199.00', choose_comb_code: '', hflag: '', job: '', hospCode: '01', marr_status: '1', questionZC: '',
  }, token);
  expect(add.returnMsg).toBe('预约成功');
  const ord = add.returnData.ord;
  expect((await call('PersonOrderPay', { id: ord.id, idCard: ord.idCard }, token)).success).toBe(true);
  expect((await call('PersonOrderCancel', { id: ord.id, idCard: ord.idCard }, token)).returnMsg).toBe('撤销成功');
  const trade = app.sql<{ out_trade_no: string }>('SELECT out_trade_no FROM payments WHERE order_id = ?', ord.id)[0].out_trade_no;
  order = { id: ord.id, trade };
  pay.failNext('/v3/refund/domestic/refunds', { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' });
  expect((await pay.pay(trade))?.status).toBeLessThan(300);
  expect(app.sql('SELECT kind, refund_state FROM payment_anomalies WHERE out_trade_no = ?', trade)).toEqual([{ kind: 'order_cancelled', refund_state: 'refund_failed' }]);

  desk = await openStudioDesk(app.serverUrl);
  page = desk.page;
}, 240_000);

afterAll(async () => {
  await desk?.close();
  await app?.stop();
  await pay?.close();
  await mp?.close();
  for (const d of [dir, keyDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

describe('运营看板', () => {
  it('the chart is drawn; the paid-after-cancel anomaly is in the queue; 退款 → confirm → refunded through WeChat', async () => {
    await signInStudio(page);
    await openArea(page);
    await page.getByRole('heading', { name: '运营看板' }).waitFor({ timeout: 20_000 });
    // the chart: 28 days drawn on the canvas (some pixels painted)
    const canvas = page.locator('.bo-operations-chart canvas');
    await expect.poll(() => canvas.getAttribute('data-days'), { timeout: 20_000 }).toBe('28');
    const painted = await canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(1000);
    expect(await canvas.getAttribute('aria-label')).toMatch(/^全部每日预约与号源：.+号源 \d+，已预约 \d+$/);

    const row = page.locator(`tr[data-anomaly="pay:${order.trade}"]`);
    await row.waitFor({ timeout: 20_000 });
    const text = await row.innerText();
    for (const s of ['撤销后付款', order.id, NAME, ID_CARD, TEL, '¥199.00', '退款失败', 'NOT_ENOUGH 基本账户余额不足']) expect(text).toContain(s);

    await row.getByRole('button', { name: '退款' }).click();
    await expect.poll(() => row.locator('.bo-operations-confirm').innerText(), { timeout: 10_000 }).toBe(`确认退款 ¥199.00 给 ${NAME}？款项将原路退回付款人。`);
    expect(app.sql('SELECT COUNT(*) AS n FROM pay_refunds WHERE out_trade_no = ? AND state = ?', order.trade, 'SUCCESS')).toEqual([{ n: 0 }]); // nothing before the confirm
    await docShot(page, '23-operations');
    await screenshot(page, 'studio-23-operations');

    const answered = page.waitForResponse((r) => r.url().includes('/api/studio/operations/anomalies/') && r.url().endsWith('/refund'));
    await row.getByRole('button', { name: '确认退款 ¥199.00' }).click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => page.locator('.bo-section [role="status"]').first().innerText(), { timeout: 10_000 }).toMatch(/^(已向微信支付申请退款 ¥199\.00，正在处理，结果会自动更新|已退款 ¥199\.00，款项原路退回)$/);
    // WeChat settles it (the reconciler asks): the queue looks again and the anomaly leaves 待处理
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(0);
    await page.getByRole('group', { name: '异常订单范围' }).getByRole('button', { name: '已处理' }).click();
    const done = page.locator(`tr[data-anomaly="pay:${order.trade}"]`);
    await done.waitFor({ timeout: 10_000 });
    expect(await done.innerText()).toMatch(/已退款[\s\S]*admin 于 \d{4}-\d\d-\d\d \d\d:\d\d 发起/);

    // the effect: one refund asked of WeChat, settled; the anomaly refunded; the booking still cancelled; audited
    const refunds = [...pay.refunds.values()].filter((r) => r.outTradeNo === order.trade);
    expect(refunds.map((r) => [r.refund, r.state])).toEqual([[19900, 'SUCCESS']]);
    expect(app.sql('SELECT purpose, amount_cents, state FROM pay_refunds WHERE out_trade_no = ?', order.trade)).toEqual([{ purpose: 'anomaly', amount_cents: 19900, state: 'SUCCESS' }]);
    expect(app.sql('SELECT refund_state FROM payment_anomalies WHERE out_trade_no = ?', order.trade)).toEqual([{ refund_state: 'refunded' }]);
    expect(app.sql('SELECT state FROM orders WHERE id = ?', order.id)).toEqual([{ state: 'C' }]);
    expect(app.sql(`SELECT actor, action, entity_key FROM audit_log WHERE entity = 'anomaly'`)).toEqual([{ actor: 'admin', action: 'refund', entity_key: `pay:${order.trade}` }]);
  });

  it('标记已处理 needs a note; the search finds the examinee by phone', async () => {
    await page.getByRole('group', { name: '异常订单范围' }).getByRole('button', { name: '待处理' }).click();
    const seeded = page.locator('tr[data-anomaly="order:DEMO0008"]'); // the demo's refund the gateway refused
    await seeded.waitFor({ timeout: 10_000 });
    await seeded.getByRole('button', { name: '标记已处理' }).click();
    await seeded.getByRole('button', { name: '确认标记' }).click();
    expect(await seeded.getByRole('alert').innerText()).toBe('请填写处理说明');
    await seeded.getByLabel('处理说明（必填）').fill('已在柜台现金退回，顾客已签字');
    await seeded.getByRole('button', { name: '确认标记' }).click();
    await expect.poll(() => seeded.count(), { timeout: 10_000 }).toBe(0);
    expect(app.sql(`SELECT resolved_by, note FROM ops_anomalies WHERE id = 'order:DEMO0008'`)).toEqual([{ resolved_by: 'admin', note: '已在柜台现金退回，顾客已签字' }]);

    const box = page.getByRole('search').getByRole('textbox');
    await box.fill('孙');
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    expect(await page.locator(`[id="${await box.getAttribute('aria-describedby')}"]`).innerText()).toBe('请至少输入 2 个字符');
    await box.fill(TEL);
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    const hit = page.locator(`[data-testid="ops-search"] tr[data-order="${order.id}"]`);
    await hit.waitFor({ timeout: 10_000 });
    expect(await hit.innerText()).toMatch(new RegExp(`${NAME}\\s+${ID_CARD}\\s+${TEL}[\\s\\S]*¥199\\.00\\s+已撤销`));
    await page.locator('[data-testid="ops-money"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'studio-23-operations-tables');
    await hit.scrollIntoViewIfNeeded();
    await screenshot(page, 'studio-23-operations-search');
    expect(desk.problems).toEqual([]);
  });
});
