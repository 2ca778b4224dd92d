/**
 * Roles and the audit log in the studio (issue 23), as staff would:
 * 1. the demo admin adds `duzhe` with only 只读 (no role ticked is refused first),
 *    sees the chip, and signs out;
 * 2. duzhe signs in: 业务与运营, 管理员, 预览并发布 and 版本与导出 offer no change
 *    (absent or disabled, saying 需要「配置」角色); a change sent straight from the
 *    page (fetch with the session's CSRF) is refused 403 with the reason, and the
 *    database is unchanged;
 * 3. the demo admin changes duzhe to 运营 in place, opens 操作日志: the entries
 *    with duzhe's roles, one opened to before/after, filtered by 操作人, and the
 *    Excel export downloads and opens with exceljs with the expected header row.
 * With STUDIO_DOC_SHOTS=1 it saves docs/img/studio/23-audit.png.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_HEADERS } from '../../src/contract/api/backoffice/audit';
import { openStudioDesk, signInStudio, type StudioDesk } from './helpers/studio';
import { copyConfig, startApp, type RunningApp } from './helpers/app';
import { docShot, downloadWorkbook, openArea } from './helpers/backoffice';
import { screenshot } from './helpers/phone';

const DUZHE = 'duzhe';
const DUZHE_PASS = 'duzhe-password-2026';
/** Buttons that would change data in the back office's areas (their labels as the areas write them). */
const CHANGE_LABEL = /^(新增|添加|保存|删除|下架|上架|恢复|导入|应用|发布|退款|标记|修改)/;

let dir = '';
let app: RunningApp;
let desk: StudioDesk;
let page: Page;

beforeAll(async () => {
  dir = copyConfig('checkup-roles-audit-');
  app = await startApp({ configDir: dir });
  desk = await openStudioDesk(app.serverUrl);
  page = desk.page;
}, 180_000);

afterAll(async () => {
  await desk?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const count = (table: string) => app.sql<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)[0].n;
const admins = () => app.sql<{ username: string; roles: string }>('SELECT username, roles FROM studio_admins ORDER BY username');

async function tab(p: Page, name: string): Promise<void> {
  await p.getByRole('navigation', { name: '视图' }).getByRole('button', { name }).click();
}

async function area(p: Page, name: string): Promise<void> {
  await openArea(p, name);
  await p.getByRole('region', { name }).locator('.bo-title').waitFor({ timeout: 15_000 });
  await expect.poll(() => p.getByRole('region', { name }).getByText('正在载入…').count(), { timeout: 20_000 }).toBe(0);
}

async function signOut(p: Page): Promise<void> {
  await p.getByRole('button', { name: '退出' }).click();
  await p.getByRole('button', { name: '登录' }).waitFor({ timeout: 10_000 });
}

describe('roles and the audit log', () => {
  it('the demo admin adds duzhe with only 只读; no role ticked is refused first', async () => {
    await signInStudio(page);
    await tab(page, '管理员');
    const form = page.getByRole('form', { name: '添加管理员' });
    await form.getByLabel('用户名', { exact: true }).fill(DUZHE);
    await form.getByLabel('密码', { exact: true }).fill(DUZHE_PASS);
    await form.getByLabel('再输入一次密码', { exact: true }).fill(DUZHE_PASS);
    await form.getByRole('button', { name: '添加管理员' }).click();
    await expect.poll(() => form.getByRole('group', { name: '角色' }).getByRole('alert').innerText().catch(() => ''), { timeout: 10_000 }).toBe('请至少选择一个角色');
    expect(admins().map((a) => a.username)).toEqual(['admin']); // nothing was sent

    await form.getByRole('checkbox', { name: /^配置/ }).check();
    await form.getByRole('checkbox', { name: /^只读/ }).check(); // 只读 stands alone: 配置 is cleared
    expect(await form.getByRole('checkbox', { name: /^配置/ }).isChecked()).toBe(false);
    await form.getByRole('button', { name: '添加管理员' }).click();
    await expect.poll(() => form.getByRole('status').innerText().catch(() => ''), { timeout: 10_000 }).toBe(`已添加管理员 ${DUZHE}，请把用户名和密码当面告诉 TA。`);
    const row = page.locator(`tr[data-admin="${DUZHE}"]`);
    await row.waitFor();
    expect(await row.locator('.st-roles-chips').innerText()).toBe('只读');
    expect(admins()).toEqual([
      { username: 'admin', roles: 'config,ops' },
      { username: DUZHE, roles: 'readonly' },
    ]);
    await signOut(page);
  }, 180_000);

  it('duzhe (只读) is offered no change, and a change sent straight from the page is refused 403 and stores nothing', async () => {
    await page.getByLabel('用户名').fill(DUZHE);
    await page.getByLabel('密码').fill(DUZHE_PASS);
    await page.getByRole('button', { name: '登录' }).click();
    await page.locator('.st-cm .cm-content').waitFor({ timeout: 30_000 });
    expect(await page.locator('.st-who').innerText()).toContain(`${DUZHE}（只读）`);

    // 业务与运营: the areas' change buttons are absent or disabled
    for (const name of ['院区与套餐', '导入', '操作日志']) {
      await area(page, name);
      const enabled = await page
        .getByRole('region', { name })
        .getByRole('button')
        .evaluateAll((els, re) => els.filter((b) => !(b as HTMLButtonElement).disabled && new RegExp(re).test((b.textContent ?? '').trim())).map((b) => b.textContent), CHANGE_LABEL.source);
      expect(enabled, name).toEqual([]);
    }

    // 管理员: the list, no add form, no 删除 / 修改角色; the reason said once
    await tab(page, '管理员');
    await page.locator(`tr[data-admin="${DUZHE}"]`).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('form', { name: '添加管理员' }).count()).toBe(0);
    expect(await page.locator('.st-admins tbody').getByRole('button').count()).toBe(0);
    expect(await page.getByTestId('admins-readonly-note').innerText()).toContain('需要「配置」角色');
    expect(await page.getByRole('form', { name: '修改我的密码' }).count()).toBe(1); // their own password stays theirs

    // 预览并发布 and 版本与导出: disabled, saying why
    await tab(page, '预览并发布');
    const publish = page.getByTestId('publish-button');
    expect([await publish.isDisabled(), await publish.getAttribute('title')]).toEqual([true, '需要「配置」角色']);
    await tab(page, '版本与导出');
    const writeOut = page.getByRole('button', { name: '写入服务器的配置目录' });
    await writeOut.waitFor({ timeout: 15_000 });
    expect([await writeOut.isDisabled(), await writeOut.getAttribute('title')]).toEqual([true, '需要「配置」角色']);

    // straight from the page, with the session's CSRF: refused with the reason
    const before = { admins: admins(), versions: count('studio_versions'), audit: count('audit_log') };
    const answers = await page.evaluate(async () => {
      const me = (await (await fetch('/api/studio/me')).json()) as { csrf: string };
      const post = async (url: string, body: unknown) => {
        const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-studio-csrf': me.csrf }, body: JSON.stringify(body) });
        return [url, r.status, ((await r.json()) as { error: string }).error] as const;
      };
      const live = (await (await fetch('/api/studio/config')).json()) as { live: { id: number }; files: Record<string, string> };
      return [
        await post('/api/studio/admins', { username: 'qinru', password: 'qinru-password-2026', roles: ['config'] }),
        await post(`/api/studio/admins/duzhe/roles`, { roles: ['config'] }),
        await post('/api/studio/publish', { files: live.files, note: '越权发布', baseVersion: live.live.id }),
        await post('/api/studio/versions/1/restore', {}),
      ];
    });
    expect(answers).toEqual([
      ['/api/studio/admins', 403, '没有权限：需要「配置」角色'],
      ['/api/studio/admins/duzhe/roles', 403, '没有权限：需要「配置」角色'],
      ['/api/studio/publish', 403, '没有权限：需要「配置」角色'],
      ['/api/studio/versions/1/restore', 403, '没有权限：需要「配置」角色'],
    ]);
    expect({ admins: admins(), versions: count('studio_versions'), audit: count('audit_log') }).toEqual(before);
    await signOut(page);
  }, 180_000);

  it('the demo admin changes duzhe to 运营, then reads the log: filtered by 操作人, one entry opened, exported to Excel', async () => {
    await signInStudio(page);
    await tab(page, '管理员');
    const row = page.locator(`tr[data-admin="${DUZHE}"]`);
    await row.getByRole('button', { name: `修改 ${DUZHE} 的角色` }).click();
    const picker = row.getByRole('group', { name: `${DUZHE} 的角色` });
    await picker.getByRole('checkbox', { name: /^运营/ }).check(); // clears 只读
    await row.getByRole('button', { name: '保存角色' }).click();
    await expect.poll(() => row.locator('.st-roles-chips').innerText().catch(() => ''), { timeout: 10_000 }).toBe('运营');
    expect(admins().find((a) => a.username === DUZHE)!.roles).toBe('ops');

    await area(page, '操作日志');
    const region = page.getByRole('region', { name: '操作日志' });
    const rows = region.locator('tr.bo-audit-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(/admin\s+修改角色\s+管理员\s+duzhe\s+修改管理员 duzhe 的角色：只读 → 运营/);
    expect(await rows.nth(1).innerText()).toMatch(/admin\s+新增\s+管理员\s+duzhe\s+新增管理员 duzhe（只读）/);

    // by 操作人: duzhe changed nothing, admin both
    await region.getByLabel('操作人').selectOption(DUZHE);
    await region.getByText('没有符合条件的操作记录。').waitFor({ timeout: 10_000 });
    await region.getByLabel('操作人').selectOption('admin');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);

    // one entry opened: before and after side by side, the changed field marked
    await rows.nth(0).getByRole('button', { name: /查看修改前后/ }).click();
    const diff = region.getByRole('table', { name: '修改前后对比' });
    await diff.waitFor();
    const changed = diff.locator('tr[data-changed="true"]');
    expect(await changed.count()).toBe(1);
    expect(await changed.innerText()).toMatch(/^角色\s+只读\s+运营$/);
    await docShot(page, '23-audit');
    await screenshot(page, 'studio-23-audit');

    // the export with the filter shown: opens with exceljs, the header row, the two entries
    const link = region.getByRole('link', { name: '导出 Excel' });
    expect(await link.getAttribute('href')).toBe('/api/studio/audit/export.xlsx?actor=admin');
    const { file, workbook } = await downloadWorkbook(page, link);
    expect(file).toMatch(/^操作日志-最早-\d{4}-\d\d-\d\d\.xlsx$/);
    const ws = workbook.getWorksheet('操作日志')!;
    const values = (i: number) => (ws.getRow(i).values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)));
    expect(values(1)).toEqual([...AUDIT_EXPORT_HEADERS]);
    expect(ws.rowCount).toBe(3);
    expect(values(2).slice(1, 6)).toEqual(['admin', '修改角色', '管理员', DUZHE, '修改管理员 duzhe 的角色：只读 → 运营']);
    expect(JSON.parse(values(2)[7])).toEqual({ username: DUZHE, roles: ['ops'] });
    expect(values(3)[5]).toBe('新增管理员 duzhe（只读）');

    // the refusals the test asked for (403) and the one it made (a role-less add) are logged by Chromium as failed loads; nothing else
    expect(desk.problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
  }, 180_000);
});
