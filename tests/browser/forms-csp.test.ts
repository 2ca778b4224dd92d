/**
 * Form validation under index.html's CSP (`script-src 'self'`, no 'unsafe-eval'):
 * the app validates with the server's pre-compiled validators
 * (GET schemas/<path>.js), never compiling a schema itself. Real flows: home →
 * 个人体检 popup (forms/personal-popup.json, submitOnChange: type).
 */
import { describe, expect, it } from 'vitest';
import { phoneApp } from './helpers/phone-app';
import { clickText, screenshot, waitText } from './helpers/phone';

const t = phoneApp('forms-csp');

describe('forms under the CSP', () => {
  it('the personal popup shows its validation message, then goes on once answered', async () => {
    const { page } = t.phone;
    const validators: string[] = [];
    page.on('response', (r) => {
      if (/\/schemas\/.+\.json\.js$/.test(r.url())) validators.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto('/');
    await waitText(page, '选择院区', 20_000);
    await clickText(page, '总院');
    await clickText(page, '个人体检');
    await waitText(page, '婚姻状况');
    // 健康体检 without 未婚/已婚: the schema's errorMessage, not 系统异常！
    await clickText(page, '健康体检');
    await waitText(page, '请完成婚姻状况调查！');
    await screenshot(page, 'forms-csp-marital');
    expect(await page.getByText('系统异常！').count()).toBe(0);
    await clickText(page, '确定'); // the alert's button
    await clickText(page, '已婚');
    await clickText(page, '健康体检');
    await waitText(page, '是否先填写健康问卷？');
    await screenshot(page, 'forms-csp-confirm');
    expect(validators).toEqual(['200 /schemas/forms/personal-popup.json.js']);
    const cspOrErrors = t.phone.problems.filter((p) => p.startsWith('pageerror') || /Content Security Policy|unsafe-eval|EvalError/i.test(p));
    expect(cspOrErrors).toEqual([]);
  });
});
