/**
 * Reports as an examinee walks them: the SMS login (a bad phone is told and
 * nothing is sent; a good one is sent and only then counts down; a refusal shows
 * the server's words and frees the button), the list by year, the report's main
 * page with its cloud-film QR code (the imaging item's accession number, not the
 * report number), the details with their marks, conclusion, suggestions, guide
 * (and its lowercase alias), the PDF, and log-out. Each step asserts what the
 * person reads and the call made or the row stored.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { journeyApp, dialogButton, dialogText, noToast, route, toastText, waitRoute } from './helpers/journey';
import { clickText, screenshot, visibleText, waitText } from './helpers/phone';
import { makeIdCard } from '../../src/contract/rules/idcard';

const j = journeyApp('reports');
const LI_MING = { name: '李明', idCard: makeIdCard('110101', '19850315', '123'), tel: '13800138000' };

const callBody = (r: Request) => JSON.parse(r.postData() ?? '{}') as Record<string, unknown>;
const input = (page: Page, placeholder: string) => page.getByPlaceholder(placeholder).locator('visible=true').first();
const sendButton = (page: Page) => page.locator('.adm-button').filter({ hasText: /获取验证码|s后重新获取/ }).first();

async function atWidths(page: Page, name: string): Promise<void> {
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 667 });
    await page.waitForTimeout(150); // layout settles after the resize
    await screenshot(page, `reports-${name}-${width}`);
  }
}

describe('reports', () => {
  it('SMS login: phone checked first, code sent, countdown only after the server accepted, refusals shown', async () => {
    const { page } = j.phone;
    await clickText(page, '我的报告');
    await waitRoute(page, '/ReportLogin');
    await waitText(page, '获取验证码');
    await input(page, '请输入姓名').fill(LI_MING.name);
    await input(page, '请输入身份证号').fill(LI_MING.idCard);

    // a bad phone: its message, no call, the button stays free
    await input(page, '请输入手机号').fill('123');
    let sent = 0;
    const count = (r: Request) => {
      if (r.url().includes('/api/ReportApi/SendVerifyCode')) sent++;
    };
    page.on('request', count);
    await sendButton(page).click();
    expect(await toastText(page, '手机号码格式错误')).toBe('手机号码格式错误');
    expect(sent).toBe(0);
    expect(await sendButton(page).innerText()).toBe('获取验证码');
    expect(await sendButton(page).isEnabled()).toBe(true);
    await noToast(page);

    // a good phone: the call, the spec's message, then the countdown
    await input(page, '请输入手机号').fill(LI_MING.tel);
    const [req] = await Promise.all([page.waitForRequest('**/api/ReportApi/SendVerifyCode'), sendButton(page).click()]);
    expect(callBody(req)).toMatchObject({ tel: LI_MING.tel });
    expect(await toastText(page, '验证码发送成功')).toBe('验证码发送成功，5分钟内有效。');
    await expect.poll(() => sendButton(page).innerText()).toMatch(/^\d+s后重新获取$/);
    expect(await sendButton(page).isDisabled()).toBe(true);
    const stored = j.app.sql<{ n: number }>('SELECT COUNT(*) AS n FROM sms_outbox WHERE tel = ?', LI_MING.tel);
    expect(stored[0].n).toBe(1);
    page.off('request', count);
    await atWidths(page, 'login-countdown');
    await page.setViewportSize({ width: 375, height: 667 });

    // a refusal (the page reloaded, the 60 s are not over on the server): its message, the button free again
    await page.reload();
    await waitText(page, '获取验证码');
    await expect.poll(() => input(page, '请输入手机号').inputValue()).toBe(LI_MING.tel); // the draft survived
    await sendButton(page).click();
    expect(await dialogText(page)).toBe('验证码发送过于频繁，请60秒后再试');
    await dialogButton(page, await page.locator('.adm-dialog-footer .adm-dialog-button').last().innerText());
    expect(await sendButton(page).innerText()).toBe('获取验证码');
    expect(await sendButton(page).isEnabled()).toBe(true);
    expect(j.app.sql<{ n: number }>('SELECT COUNT(*) AS n FROM sms_outbox WHERE tel = ?', LI_MING.tel)[0].n).toBe(1);
  });

  it('login with the code → list → main page with the cloud-film QR → details, conclusion, suggestions, guide, PDF → log out', async () => {
    const { page } = j.phone;
    const code = j.app.sql<{ code: string }>('SELECT code FROM sms_outbox WHERE tel = ? ORDER BY created_at DESC LIMIT 1', LI_MING.tel)[0].code;
    await input(page, '请输入验证码').fill(code);
    const [check] = await Promise.all([page.waitForRequest('**/api/ReportApi/CheckVerifyCode'), clickText(page, '查询报告')]);
    expect(callBody(check)).toMatchObject({ tel: LI_MING.tel, code, name: LI_MING.name, idCard: LI_MING.idCard });
    await waitRoute(page, '/ReportList');
    await waitText(page, '健康体检报告');
    const list = await visibleText(page);
    expect(list).toContain('体检号');
    expect(list).toContain('入职体检报告'); // last year's too

    // open this year's report
    const year = new Date().getFullYear();
    // Both calls the tap leads to are awaited from before the tap: on a loaded machine the image call
    // can come in the same batch of browser events as the detail call, before a later wait would exist.
    const pacsCall = page.waitForRequest('**/api/ReportApi/GetPacsPhotoUrl');
    const [detail] = await Promise.all([page.waitForRequest('**/api/ReportApi/GetReportDetail'), clickText(page, '健康体检报告')]);
    const regNo = String(callBody(detail).regNo);
    expect(regNo).toContain(String(year));
    const [pacs] = await Promise.all([pacsCall, waitRoute(page, '/ReportMian')]);
    // the imaging item's accession number, not the report number
    expect(callBody(pacs).accessionNumber).toBe(`${regNo}-DR1`);
    await waitText(page, '李明');
    const qr = page.locator('figure[data-qr]');
    await qr.waitFor({ state: 'visible', timeout: 15_000 });
    const link = (await qr.getAttribute('data-qr'))!;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/home\/pacs\?code=/);
    expect(await qr.locator('svg').count()).toBe(1);
    await waitText(page, '扫码查看云胶片影像');
    // the link the QR carries opens the image
    const img = await page.request.get(link);
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toContain('image/svg+xml');
    expect(await page.locator('img[src=""]').count()).toBe(0);
    await atWidths(page, 'main');
    // footer labels never break inside a word
    for (const width of [320, 375, 414]) {
      await page.setViewportSize({ width, height: 667 });
      const broken = await page.evaluate(() =>
        // a label broken over two lines is an inline box with two client rects
        [...document.querySelectorAll('.adm-button > span')]
          .filter((s) => s.getClientRects().length > 1 || (s.parentElement as HTMLElement).scrollWidth > (s.parentElement as HTMLElement).clientWidth + 1)
          .map((s) => (s as HTMLElement).innerText),
      );
      expect(broken, `width ${width}`).toEqual([]);
    }
    await page.setViewportSize({ width: 375, height: 667 });

    // details: arrows and text hints marked, one-sided ranges read as such
    await clickText(page, '报告详情');
    await waitRoute(page, '/ReportDetails');
    await waitText(page, '血常规');
    const details = await visibleText(page);
    expect(details).toContain('≥1.0'); // HDL-C: a lower bound only
    expect(details).toContain('↑');
    const marked = await page.evaluate(() =>
      [...document.querySelectorAll('td span')].filter((s) => (s as HTMLElement).innerText.trim() === '异常').map((s) => getComputedStyle(s).color),
    );
    expect(marked.length).toBeGreaterThan(0);
    const arrowColor = await page.evaluate(() => {
      const s = [...document.querySelectorAll('td span')].find((x) => (x as HTMLElement).innerText.includes('↑'));
      return s ? getComputedStyle(s).color : '';
    });
    expect(marked[0]).toBe(arrowColor);
    await atWidths(page, 'details');
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goBack();
    await waitRoute(page, '/ReportMian');

    await clickText(page, '综述');
    await waitRoute(page, '/ReportFinal');
    await waitText(page, '血压偏高');
    await page.goBack();
    await clickText(page, '建议');
    await waitRoute(page, '/ReportSuggest');
    await waitText(page, '低盐低脂饮食');
    await page.goBack();
    await clickText(page, '报告解读');
    await waitRoute(page, '/ReportGuide');
    await waitText(page, '主检医生');
    await page.goBack();
    await waitRoute(page, '/ReportMian');
    // the lowercase alias of the guide lands on the same page
    await page.evaluate(() => {
      location.hash = '#/reportguide';
    });
    await waitText(page, '主检医生');
    await page.goBack();
    await waitRoute(page, '/ReportMian');
    await waitText(page, '下载PDF报告');

    // the PDF: the call, then the file itself (fetched for real; the phone is shown a stand-in
    // page, since Chromium's PDF viewer detaches the page a test drives)
    let pdf: { status: number; type: string } | null = null;
    await page.route('**/home/pdf**', async (r) => {
      const res = await r.fetch();
      pdf = { status: res.status(), type: res.headers()['content-type'] ?? '' };
      await r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><p>PDF</p>' });
    });
    const [pdfCall] = await Promise.all([page.waitForRequest('**/api/ReportApi/GetReportPDFUrl'), clickText(page, '下载PDF报告')]);
    expect(callBody(pdfCall)).toMatchObject({ regno: regNo });
    await expect.poll(() => pdf, { timeout: 20_000 }).not.toBeNull();
    expect(pdf!.status).toBe(200);
    expect(pdf!.type).toContain('application/pdf');
    await page.unroute('**/home/pdf**');
    await page.goBack();
    await waitRoute(page, '/ReportMian');
  });

  it('a report with no imaging item shows no QR and makes no photo call; log-out returns to the login', async () => {
    const { page } = j.phone;
    await page.evaluate(() => {
      location.hash = '#/ReportList';
    });
    await waitRoute(page, '/ReportList');
    // last year's 入职体检报告 (tj_cls 1: no PDF); strip its imaging items to stand for a report without any
    await waitText(page, '入职体检报告');
    await page.route('**/api/ReportApi/GetReportDetail', async (r) => {
      const res = await r.fetch();
      const body = await res.json();
      const data = JSON.parse(body.returnData);
      data.itemlist = data.itemlist.filter((i: { check_cls: string }) => i.check_cls !== '1');
      await r.fulfill({ response: res, json: { ...body, returnData: JSON.stringify(data) } });
    });
    let photoCalls = 0;
    const onReq = (r: Request) => {
      if (r.url().includes('GetPacsPhotoUrl')) photoCalls++;
    };
    page.on('request', onReq);
    await clickText(page, '入职体检报告');
    await waitRoute(page, '/ReportMian');
    await waitText(page, '体检号');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('figure[data-qr]').count()).toBe(0);
    expect(await page.locator('img').filter({ has: page.locator('[src=""]') }).count()).toBe(0);
    expect(photoCalls).toBe(0);
    expect(await visibleText(page)).not.toContain('下载PDF报告');
    page.off('request', onReq);
    await page.unroute('**/api/ReportApi/GetReportDetail');
    await page.goBack();
    await waitRoute(page, '/ReportList');
    await clickText(page, '退出');
    await waitRoute(page, '/ReportLogin');
    expect(route(page)).toBe('/ReportLogin');
  });
});
