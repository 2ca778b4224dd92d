/**
 * 导出 in the studio (业务与运营 → 导出), as the demo admin (配置 + 运营) on the demo data:
 * 1. downloads the bookings of the next 30 days (the download event), opens the file
 *    with exceljs: the header row and the demo orders, in exam-day order, full numbers;
 * 2. downloads the occupational questionnaire's answers: the schema's labels as
 *    headers, the demo answers as rows;
 * 3. makes a report client (the secret shown once, not stored), the hospital system
 *    pushes a report signed with it (stored), then revokes it after a confirm;
 * 4. 问卷统计: the occupational questionnaire's counts as bars (the request it made,
 *    an option's label and count), then 总院 only.
 * With STUDIO_DOC_SHOTS=1 it saves docs/img/studio/23-exports.png and 25-results.png.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_EXPORT_LEAD, BOOKING_EXPORT_HEADERS } from '../../src/contract/api/backoffice/exports';
import { REPORT_PUSH_PATH, reportPushSigningString } from '../../src/contract/api/report-push';
import { addDays, centreDay } from '../../src/contract/rules/centre-day';
import { makeIdCard } from '../../src/contract/rules/idcard';
import { DEMO } from '../../src/server/seed/data';
import { openStudioDesk, signInStudio, type StudioDesk } from './helpers/studio';
import { copyConfig, startApp, type RunningApp } from './helpers/app';
import { docShot, downloadWorkbook, openArea } from './helpers/backoffice';
import { screenshot } from './helpers/phone';

let dir = '';
let app: RunningApp;
let desk: StudioDesk;
let page: Page;

beforeAll(async () => {
  dir = copyConfig('checkup-exports-');
  app = await startApp({ configDir: dir });
  desk = await openStudioDesk(app.serverUrl);
  page = desk.page;
}, 240_000);

afterAll(async () => {
  await desk?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Clicks a download link and opens the file it gives with exceljs: rows as arrays of cell values. */
async function download(name: string): Promise<{ file: string; rows: unknown[][] }> {
  const { file, workbook } = await downloadWorkbook(page, page.getByRole('link', { name }));
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { file, rows };
}

describe('exports in the studio', () => {
  it('the admin downloads the bookings of the next 30 days: the header row and the demo orders in exam-day order', async () => {
    await signInStudio(page);
    await openArea(page, '导出');
    await page.getByRole('heading', { name: '预约订单' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('note').innerText(), { timeout: 20_000 }).toContain('完整的身份证号和手机号');
    const today = centreDay(Date.now());
    expect(await page.getByLabel('预约订单开始日期').inputValue()).toBe(today);
    expect(await page.getByLabel('预约订单结束日期').inputValue()).toBe(addDays(today, 30));

    const { file, rows } = await download('下载预约订单 Excel');
    expect(file).toBe(`预约订单_${today}_${addDays(today, 30)}.xlsx`);
    expect(rows[0]).toEqual([...BOOKING_EXPORT_HEADERS]);
    const stored = app.sql<{ id: string }>(`SELECT id FROM orders WHERE begin_time >= ? AND begin_time <= ? ORDER BY begin_time, sumtime_code, created_at, id`, today, addDays(today, 30));
    expect(rows.slice(1).map((r) => r[0])).toEqual(stored.map((o) => o.id));
    // the demo orders: DEMO0004 in 2 days … DEMO0002 in 7
    expect(rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(['DEMO0004', 'DEMO0005', 'DEMO0001', 'DEMO0003', 'DEMO0002']));
    const demo1 = rows.find((r) => r[0] === 'DEMO0001')!;
    expect(demo1.slice(1, 8)).toEqual([DEMO.name, DEMO.idCard, DEMO.tel, '健康体检', expect.any(String), addDays(today, 5), '08:30-09:30']);
    expect(demo1.slice(9, 11)).toEqual(['预约成功', '已支付']);
    expect(typeof demo1[8]).toBe('number');
    expect(rows.find((r) => r[0] === 'DEMO0004')!.slice(4, 11)).toEqual(['健康证体检', expect.any(String), addDays(today, 2), '08:30-09:30', expect.any(Number), '已导入', '已支付']);
  });

  it('the admin downloads the answers of the occupational questionnaire: its labels as headers, one row per answer', async () => {
    const select = page.getByRole('region', { name: '问卷答案' }).getByRole('combobox', { name: '问卷' });
    await expect.poll(() => select.locator('option').allInnerTexts(), { timeout: 20_000 }).toEqual(['职业健康检查问卷（2 份）']);
    const { rows } = await download('下载问卷答案 Excel');
    expect(rows[0].slice(0, 9)).toEqual([...ANSWER_EXPORT_LEAD, '单位', '体检日期', '姓名', '性别']);
    expect(rows[0]).toEqual(expect.arrayContaining(['体检类别', '工作经历', '25. 耳鸣', '受检者签名']));
    expect(rows).toHaveLength(3);
    const col = (r: unknown[], h: string) => r[rows[0].indexOf(h)];
    const member = rows.slice(1).find((r) => r[4] === 'T000101')!;
    expect(member.slice(1, 3)).toEqual(['陈刚', makeIdCard('320102', '19860412', '071')]);
    expect(col(member, '体检类别')).toBe('在岗期间');
    expect(col(member, '25. 耳鸣')).toBe('+');
    expect(col(member, '受检者签名')).toBe('已签名');
    expect(String(col(member, '工作经历'))).toContain('工种：冲压工');
  });

  it('报告接口客户端: a new client shows its secret once; a report pushed with it is stored; revoked after a confirm', async () => {
    const section = page.getByRole('region', { name: '报告接口客户端' });
    await section.getByLabel('客户端名称').fill('院内 HIS');
    await section.getByRole('button', { name: '新建客户端' }).click();
    const id = (await section.getByTestId('new-client-id').innerText()).trim();
    const secret = (await section.getByTestId('new-client-secret').innerText()).trim();
    expect(id).toMatch(/^his-[a-z0-9]{10}$/);
    expect(secret).toMatch(/^[\w-]{43}$/);
    const row = app.sql<Record<string, unknown>>(`SELECT * FROM report_clients WHERE id = ?`, id);
    expect(row).toHaveLength(1);
    expect(JSON.stringify(row)).not.toContain(secret);

    // the hospital system pushes one report with it
    const today = centreDay(Date.now());
    const body = Buffer.from(
      JSON.stringify({
        reportNo: 'HISBROWSER01',
        person: { name: '孙推送', idCard: makeIdCard('110101', '19800101', '017'), phone: '13711112222' },
        examDate: today,
        hospCode: '01',
        reportName: '健康体检报告',
        conclusion: '未见明显异常',
        advice: '每年体检',
        groups: [{ category: 'lab', name: '空腹血糖', items: [{ name: '葡萄糖(GLU)', result: '5.3', unit: 'mmol/L', refLower: '3.9', refUpper: '6.1' }] }],
      }),
    );
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const sig = createHmac('sha256', secret).update(reportPushSigningString('POST', REPORT_PUSH_PATH, ts, nonce, createHash('sha256').update(body).digest('hex'))).digest('hex');
    const r = await fetch(`${app.serverUrl}${REPORT_PUSH_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-his-client-id': id, 'x-his-timestamp': ts, 'x-his-nonce': nonce, 'x-his-signature': sig },
      body,
    });
    expect(r.status).toBe(201);
    expect(app.sql(`SELECT report_name FROM reports WHERE reg_no = 'HISBROWSER01'`)).toEqual([{ report_name: '健康体检报告' }]);

    await section.getByRole('button', { name: '我已保存，关闭' }).click();
    await expect.poll(() => section.getByTestId('new-client-secret').count()).toBe(0);
    const clientRow = section.locator('tbody tr', { hasText: id });
    await expect.poll(() => clientRow.innerText()).toContain('启用');
    // closing the box reloads the list: the push just made is its last use
    await expect.poll(() => clientRow.locator('td').nth(3).innerText(), { timeout: 15_000 }).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    await docShot(page, '23-exports');
    await screenshot(page, 'studio-23-exports');

    await clientRow.getByRole('button', { name: '停用 院内 HIS' }).click();
    await clientRow.getByRole('button', { name: '确认停用' }).click();
    await expect.poll(() => clientRow.innerText(), { timeout: 15_000 }).toContain('已停用');
    expect(app.sql<{ revoked_by: string }>(`SELECT revoked_by FROM report_clients WHERE id = ?`, id)).toEqual([{ revoked_by: 'admin' }]);
    expect(desk.problems).toEqual([]);
  });

  it('问卷统计: the occupational answers of the last 30 days as bars, then of 总院 only', async () => {
    const today = centreDay(Date.now());
    const asked = (branch: string) =>
      page.waitForResponse((r) => {
        const u = new URL(r.url());
        return u.pathname === '/api/studio/results' && u.searchParams.get('branch') === branch;
      }, { timeout: 60_000 });
    const all = asked('');
    await openArea(page, '问卷统计');
    const first = await all;
    expect(first.status()).toBe(200);
    expect(Object.fromEntries(new URL(first.url()).searchParams)).toEqual({ questionnaire: 'occupational', from: addDays(today, -30), to: today, branch: '' });
    const area = page.getByRole('region', { name: '问卷统计' });
    expect(await area.getByRole('combobox', { name: '问卷' }).locator('option:checked').innerText()).toBe('职业健康检查问卷');
    await expect.poll(() => area.getByTestId('results-completed').innerText(), { timeout: 30_000 }).toBe('2');
    // the two demo answers: 体检类别 在岗期间 (a multiple choice in 基本信息), 性别 男; the regno one has no report yet
    const row = (question: string, option: string) => area.getByRole('article', { name: question, exact: true }).getByRole('row', { name: new RegExp(`^${option} `) });
    expect((await row('体检类别', '在岗期间').innerText()).replace(/\s+/g, ' ')).toBe('在岗期间 2 份 100%');
    expect((await row('体检类别', '离岗时').innerText()).replace(/\s+/g, ' ')).toBe('离岗时 0 份 0%');
    expect((await row('性别', '男').innerText()).replace(/\s+/g, ' ')).toBe('男 2 份 100%');
    expect(await area.getByText('其中 1 份无法确定院区').count()).toBe(1);
    const link = area.getByRole('link', { name: '导出这些答案（Excel）' });
    expect(await link.getAttribute('href')).toBe(`/api/studio/exports/answers.xlsx?questionnaire=occupational&from=${addDays(today, -30)}&to=${today}`);
    await docShot(page, '25-results', 'studio-25-results');

    // 总院: the demo account's answer (it has bookings there), not the exam number's
    const only01 = asked('01');
    await area.getByRole('combobox', { name: '院区' }).selectOption('01');
    expect((await only01).status()).toBe(200);
    await expect.poll(() => area.getByTestId('results-completed').innerText(), { timeout: 30_000 }).toBe('1');
    expect((await row('性别', '男').innerText()).replace(/\s+/g, ' ')).toBe('男 1 份 100%');
    expect(desk.problems).toEqual([]);
  });
});
