/**
 * App shell against the fixture config (tests/fixtures/app-shell): start-up,
 * home page, dialogs from YAML, not-found, CSP (no unsafe-eval needed).
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_SHELL } from './helpers/app';
import { phoneApp } from './helpers/phone-app';
import { clickText, hashPath, screenshot, visibleText, waitText } from './helpers/phone';

const t = phoneApp('shell-home', { configDir: FIXTURE_SHELL });

describe('shell: home', () => {
  it('boots to the start step and renders Chinese text', async () => {
    const { page } = t.phone;
    await page.goto('/');
    await waitText(page, '体检中心测试院区');
    expect(hashPath(page)).toBe('/Index');
    const text = await visibleText(page);
    expect(text).toContain('健康体检'); // step title in the NavBar
    expect(text).toContain('弹出提示');
    expect(text).toContain('未登录');
    // a tile whose visibleIf is false is not shown
    expect(text).not.toContain('审核');
    await screenshot(page, 'shell-home');
  });

  it('root font size scales with width (375 → 16px)', async () => {
    const fs = await t.phone.page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(fs).toBe('16px');
  });

  it('the document is zh-CN, titled 体检预约, under a CSP without unsafe-eval', async () => {
    const { page } = t.phone;
    expect(await page.title()).toBe('体检预约');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(t.phone.problems.filter((p) => /Content Security Policy|pageerror/i.test(p))).toEqual([]);
  });

  it('alert from YAML shows its message and closes with 确定', async () => {
    const { page } = t.phone;
    await clickText(page, '弹出提示');
    await waitText(page, '这是一条提示信息');
    await screenshot(page, 'shell-alert');
    await clickText(page, '确定');
    await page.getByText('这是一条提示信息').waitFor({ state: 'hidden' });
  });

  it('confirm uses the YAML okText and runs `then`; toast shows its text', async () => {
    const { page } = t.phone;
    await clickText(page, '确认对话');
    await waitText(page, '确认继续吗？');
    expect(await visibleText(page)).toContain('取消');
    await page.locator('.adm-dialog-footer').getByText('您已确认', { exact: true }).click();
    await waitText(page, '您已确认'); // the toast
    await clickText(page, '确认对话');
    await waitText(page, '确认继续吗？');
    await page.locator('.adm-dialog-footer').getByText('取消', { exact: true }).click();
    await waitText(page, '您已取消');
    await clickText(page, '轻提示');
    await waitText(page, '操作成功');
    await screenshot(page, 'shell-toast');
  });

  it('wechatPay outside WeChat shows the sandbox sheet 模拟支付 and maps the choice to the YAML outcome', async () => {
    const { page } = t.phone;
    await page.goto('/#/Index');
    await clickText(page, '模拟付款');
    await waitText(page, '模拟支付');
    await screenshot(page, 'shell-sandbox-pay');
    await clickText(page, '确认支付');
    await page.locator('.adm-dialog').getByText('支付成功').waitFor({ state: 'visible' });
    await page.locator('.adm-dialog-footer').getByText('确定', { exact: true }).click();
    await clickText(page, '模拟付款');
    await clickText(page, '取消支付');
    await waitText(page, '取消支付'); // the toast
    await clickText(page, '模拟付款');
    await page.locator('.adm-action-sheet').getByText('支付失败', { exact: true }).locator('visible=true').last().click();
    await page.locator('.adm-dialog').getByText('签名错误', { exact: false }).waitFor({ state: 'visible' });
    await page.locator('.adm-dialog-footer').getByText('确定', { exact: true }).click();
  });

  it('sheet: a popup form with its title and initial values; closing it stops the list', async () => {
    const { page } = t.phone;
    await page.goto('/#/Index');
    await page.getByText('操作成功').waitFor({ state: 'hidden', timeout: 8000 }).catch(() => {});
    await clickText(page, '弹出表单');
    await waitText(page, '补充信息');
    const name = page.locator('.adm-popup').getByPlaceholder('请输入姓名');
    await name.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await name.inputValue()).toBe('王五');
    expect(await page.locator('.adm-popup').getByText('保存', { exact: true }).count()).toBe(1);
    await screenshot(page, 'shell-sheet');
    await page.locator('.adm-popup .adm-mask').click({ position: { x: 20, y: 20 } });
    await page.getByText('补充信息').waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    // the actions after the cancelled sheet did not run
    expect(await page.getByText('操作成功').count()).toBe(0);
  });

  it('an unknown path shows the notFound step', async () => {
    const { page } = t.phone;
    await page.goto('/#/no-such-page');
    await waitText(page, '页面不存在');
    expect(await visibleText(page)).toContain('出错了');
  });
});
