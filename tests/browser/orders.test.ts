/**
 * After booking, as the demo examinee walks it: 我的预约 (upcoming first), each
 * order's details offering only what the server accepts, cancel (and its
 * cut-off), refund, 缴费记录 (refunds as refunds, no ¥0.00 rows, exam numbers
 * only), and scan-code payment in the sandbox (cancel, fail, ok → 支付成功 →
 * 缴费记录; expired; unknown exam number; already paid). Every step asserts what
 * the person reads and the call made or the row stored.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyApp, dialogButton, dialogText, noToast, toastText, waitRoute } from './helpers/journey';
import { clickText, screenshot, visibleText, waitText } from './helpers/phone';
import { centreDay } from '../../src/contract/rules/centre-day';

const j = journeyApp('orders');

interface Ord { id: string; state: string; pay_flag: string; begin_Time: string; type: string; price: string; clus_Name: string }

async function openMyOrders(page: Page): Promise<Ord[]> {
  await page.evaluate(() => {
    location.hash = '#/Index';
  });
  await waitText(page, '我的预约');
  const [res] = await Promise.all([page.waitForResponse('**/api/OrderListApi/FindByOrderList'), clickText(page, '我的预约')]);
  await waitRoute(page, '/MyOrderList');
  const orders = (await res.json()).returnData as Ord[];
  await page.locator('.adm-card').first().waitFor();
  return orders;
}

const footer = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.cf-step .adm-button')].map((b) => (b as HTMLElement).innerText.trim()).filter((t) => ['撤销预约', '去缴费', '申请退费', '返回'].includes(t)));

/** What the server accepts for an order (services/orders/), as buttons. */
function allowed(o: Ord): string[] {
  const paid = o.pay_flag === 'T';
  const out: string[] = [];
  if ((o.state === 'S' || o.state === 'F') && (!paid || o.type === 'group' || Number(o.price) === 0)) out.push('撤销预约');
  if (o.state === 'S' && !paid) out.push('去缴费');
  if (o.type !== 'group' && Number(o.price) > 0 && ((paid && !['C', 'Refund', 'export'].includes(o.state)) || (o.state === 'Refund' && o.pay_flag === 'RefundERR'))) out.push('申请退费');
  if (o.state === 'export') out.push('返回');
  return out;
}

describe('my bookings and payments', () => {
  it('我的预约: upcoming first; each order offers only what the server accepts; empty rows hidden', async () => {
    const { page } = j.phone;
    const orders = await openMyOrders(page);
    const today = centreDay(Date.now());
    const ahead = orders.map((o) => o.begin_Time >= today && !['C', 'Refund'].includes(o.state));
    expect(ahead.indexOf(false)).toBeGreaterThan(0);
    expect(ahead.slice(ahead.indexOf(false))).not.toContain(true); // all upcoming before the rest
    const upcomingDays = orders.filter((_, i) => ahead[i]).map((o) => o.begin_Time);
    expect(upcomingDays).toEqual([...upcomingDays].sort());
    await screenshot(page, 'orders-list-375');
    await page.setViewportSize({ width: 320, height: 568 });
    await screenshot(page, 'orders-list-320');
    await page.setViewportSize({ width: 375, height: 667 });

    for (const [i, o] of orders.entries()) {
      const [items] = await Promise.all([page.waitForRequest('**/api/UserInfoApi/GetItemCombList').catch(() => null), page.locator('.adm-card').nth(i).click()]);
      await waitRoute(page, '/OrderDetails');
      await waitText(page, '订单状态');
      expect(items, 'package items requested').not.toBeNull();
      expect(await footer(page), `${o.id} ${o.state}/${o.pay_flag}`).toEqual(allowed(o));
      const text = await visibleText(page);
      expect(text).not.toMatch(/¥\s*(\n|$)/); // no lone ¥
      if (o.state === 'E') expect(text).toContain('异常原因');
      else expect(text).not.toContain('异常原因');
      if (o.type !== 'group') expect(text).not.toMatch(/单位\s*\n/);
      if (o.id === 'DEMO0005') await screenshot(page, 'orders-detail-abnormal-375');
      await page.goBack();
      await waitRoute(page, '/MyOrderList');
      await page.locator('.adm-card').first().waitFor();
    }
  });

  it('cancel: confirm, the call, the order cancelled; past the cut-off nothing is sent', async () => {
    const { page } = j.phone;
    let orders = await openMyOrders(page);
    const unpaid = orders.findIndex((o) => o.id === 'DEMO0002');
    await page.locator('.adm-card').nth(unpaid).click();
    await waitRoute(page, '/OrderDetails');
    await clickText(page, '撤销预约');
    expect(await dialogText(page)).toBe('确认撤销订单？');
    const [req] = await Promise.all([page.waitForRequest('**/api/OrderListApi/PersonOrderCancel'), dialogButton(page, '确定')]);
    expect(JSON.parse(req.postData() ?? '{}')).toMatchObject({ id: 'DEMO0002' });
    await toastText(page, '撤销成功');
    await waitRoute(page, '/MyOrderList');
    expect(j.app.sql<{ state: string }>('SELECT state FROM orders WHERE id = ?', 'DEMO0002')[0].state).toBe('C');

    // the exam is today: past the cut-off (00:00 of the exam day)
    j.app.sql('UPDATE orders SET begin_time = ?, tj_date = ? WHERE id = ?', centreDay(Date.now()), centreDay(Date.now()), 'DEMO0003');
    orders = await openMyOrders(page);
    await page.locator('.adm-card').nth(orders.findIndex((o) => o.id === 'DEMO0003')).click();
    await waitRoute(page, '/OrderDetails');
    let sent = 0;
    const count = (r: { url(): string }) => {
      if (r.url().includes('PersonOrderCancel')) sent++;
    };
    page.on('request', count);
    await clickText(page, '撤销预约');
    expect(await dialogText(page)).toBe('已过有效取消时间，无法取消！');
    await dialogButton(page, await page.locator('.adm-dialog-footer .adm-dialog-button').last().innerText());
    expect(sent).toBe(0);
    page.off('request', count);
    expect(j.app.sql<{ state: string }>('SELECT state FROM orders WHERE id = ?', 'DEMO0003')[0].state).toBe('S');
  });

  it('refund: confirm, the call, the order refunded; 缴费记录 shows refunds as refunds, no ¥0.00 rows, exam numbers only', async () => {
    const { page } = j.phone;
    const orders = await openMyOrders(page);
    await page.locator('.adm-card').nth(orders.findIndex((o) => o.id === 'DEMO0001')).click();
    await waitRoute(page, '/OrderDetails');
    await clickText(page, '申请退费');
    expect(await dialogText(page)).toBe('确认申请退费？');
    const [req] = await Promise.all([page.waitForRequest('**/api/OrderListApi/PersonOrderRefund'), dialogButton(page, '确定')]);
    expect(JSON.parse(req.postData() ?? '{}')).toMatchObject({ id: 'DEMO0001' });
    await dialogText(page);
    await dialogButton(page, await page.locator('.adm-dialog-footer .adm-dialog-button').last().innerText());
    await waitRoute(page, '/MyOrderList');
    expect(j.app.sql<{ state: string; pay_flag: string }>('SELECT state, pay_flag FROM orders WHERE id = ?', 'DEMO0001')[0]).toEqual({ state: 'Refund', pay_flag: 'TJServeERR' });

    // 缴费记录 from 我的预约
    const [res] = await Promise.all([page.waitForResponse('**/api/PayRecordApi/GetPayRecordList'), clickText(page, '缴费记录')]);
    await waitRoute(page, '/PayRecord');
    const records = (await res.json()).returnData as Array<{ regno: string; PayAmount: string; pay_flag: string }>;
    await page.locator('.adm-card').first().waitFor();
    const text = await visibleText(page);
    expect(records.some((r) => r.PayAmount === '0.00')).toBe(false);
    expect(text).not.toContain('0.00 ');
    expect(text).not.toMatch(/DEMO\d{4}/); // never an internal id
    expect(records.filter((r) => r.pay_flag === 'Refund').length).toBeGreaterThanOrEqual(2); // DEMO0001 just now, DEMO0007
    expect(text).toContain('已退款');
    expect(text).toContain('退款失败');
    await screenshot(page, 'orders-payrecords-375');
    await page.setViewportSize({ width: 320, height: 568 });
    await screenshot(page, 'orders-payrecords-320');
    await page.setViewportSize({ width: 375, height: 667 });
  });

  it('scan-code payment in the sandbox: cancel, fail, ok → 支付成功 → 缴费记录 paid; expired, unknown and paid bills', async () => {
    const { page } = j.phone;
    const open = async (regno: string) => {
      const [res] = await Promise.all([
        page.waitForResponse('**/api/PayRecordApi/GetInforMation'),
        page.evaluate((r) => {
          location.hash = `#/SweepCodePay?regno=${r}`;
        }, regno),
      ]);
      await waitRoute(page, '/SweepCodePay');
      return JSON.parse((await res.json()).returnData)[0];
    };
    const sheet = async (outcome: '确认支付' | '取消支付' | '支付失败') => {
      const [req] = await Promise.all([page.waitForRequest('**/api/PayRecordApi/SweepCodePay'), clickText(page, '确认支付')]);
      expect(JSON.parse(req.postData() ?? '{}')).toMatchObject({ regno: 'P000201', price: '268.00' });
      await waitText(page, '模拟支付');
      const [result] = await Promise.all([page.waitForRequest('**/api/PayApi/SandboxPayResult'), page.locator('.adm-action-sheet').getByText(outcome, { exact: true }).click()]);
      expect(JSON.parse(result.postData() ?? '{}')).toMatchObject({ id: 'P000201' });
      return dialogText(page, 15_000);
    };

    let row = await open('P000201');
    expect(row.pay_flag).toBe('F');
    await waitText(page, '¥268.00');
    await screenshot(page, 'orders-scanpay-375');
    await page.setViewportSize({ width: 320, height: 568 });
    await screenshot(page, 'orders-scanpay-320');
    await page.setViewportSize({ width: 375, height: 667 });
    expect(await sheet('取消支付')).toBe('取消支付');
    await dialogButton(page, await page.locator('.adm-dialog-footer .adm-dialog-button').last().innerText());
    await waitRoute(page, '/PayRecord');

    row = await open('P000201');
    expect(await sheet('支付失败')).toContain('支付失败');
    await dialogButton(page, await page.locator('.adm-dialog-footer .adm-dialog-button').last().innerText());
    expect(j.app.sql<{ pay_state: string }>('SELECT pay_state FROM pay_records WHERE reg_no = ?', 'P000201')[0].pay_state).toBe('F');

    expect(await sheet('确认支付')).toBe('支付成功');
    await dialogButton(page, await page.locator('.adm-dialog-footer .adm-dialog-button').last().innerText());
    await waitRoute(page, '/PayRecord');
    expect(j.app.sql<{ pay_state: string }>('SELECT pay_state FROM pay_records WHERE reg_no = ?', 'P000201')[0].pay_state).toBe('T');
    await page.locator('.adm-card').filter({ hasText: 'P000201' }).first().waitFor();
    expect(await page.locator('.adm-card').filter({ hasText: 'P000201' }).first().innerText()).toContain('已支付');

    // already paid: said at once, the button disabled before anyone presses it
    row = await open('P000203');
    await waitText(page, '该订单已支付');
    expect(await page.locator('.adm-button').filter({ hasText: '确认支付' }).first().isDisabled()).toBe(true);
    // expired
    await open('P000202');
    await waitText(page, '订单已过期');
    // an exam number nobody has
    await Promise.all([
      page.waitForResponse('**/api/PayRecordApi/GetInforMation'),
      page.evaluate(() => {
        location.hash = '#/SweepCodePay?regno=NOPE0001';
      }),
    ]);
    expect(await dialogText(page)).toBe('该体检人不存在');
    await dialogButton(page, await page.locator('.adm-dialog-footer .adm-dialog-button').last().innerText());
    await noToast(page);
  });
});
