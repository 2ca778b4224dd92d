/** A half-filled form survives a reload (draft in the persisted session); submit clears it. */
import { describe, expect, it } from 'vitest';
import { FIXTURE_SHELL } from './helpers/app';
import { phoneApp } from './helpers/phone-app';
import { screenshot, waitText } from './helpers/phone';
import { persistedSession } from './helpers/session';

const t = phoneApp('shell-draft', { configDir: FIXTURE_SHELL });

describe('shell: form drafts', () => {
  it('typed values are restored after a reload', async () => {
    const { page } = t.phone;
    await page.goto('/#/Draft');
    const name = page.getByPlaceholder('请输入姓名');
    await name.waitFor({ state: 'visible', timeout: 15_000 });
    await name.fill('张三');
    await page.getByPlaceholder('请输入备注').fill('上午方便');
    await expect.poll(async () => (await persistedSession(page)).drafts.shellDraft, { timeout: 5_000 }).toMatchObject({ name: '张三', note: '上午方便' });
    await page.reload();
    await page.getByPlaceholder('请输入姓名').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.getByPlaceholder('请输入姓名').inputValue()).toBe('张三');
    expect(await page.getByPlaceholder('请输入备注').inputValue()).toBe('上午方便');
    await screenshot(page, 'shell-draft-restored');
  });

  // Needs form validation to run under the CSP (script-src 'self', no 'unsafe-eval'):
  // fails while src/widgets/form/validate.ts compiles Ajv validators at run time (new Function).
  it('validation (under the CSP) blocks an empty required field with its message', async () => {
    const { page } = t.phone;
    await page.getByPlaceholder('请输入姓名').fill('');
    await page.locator('.adm-button').getByText('提交', { exact: true }).click();
    await page.locator('.adm-dialog').getByText('请输入姓名').waitFor({ state: 'visible', timeout: 10_000 });
    await screenshot(page, 'shell-draft-validate');
    await page.locator('.adm-dialog-footer').getByText('确定', { exact: true }).click();
    expect(t.phone.problems.filter((p) => /unsafe-eval|Content Security Policy/.test(p))).toEqual([]);
  });

  it('clearDraft after finishing removes the draft for good (no late re-save on leaving)', async () => {
    const { page } = t.phone;
    await page.goto('/#/Index');
    await page.goto('/#/Draft');
    await page.getByPlaceholder('请输入姓名').fill('李四');
    await expect.poll(async () => (await persistedSession(page)).drafts.shellDraft, { timeout: 5_000 }).toMatchObject({ name: '李四' });
    await page.getByPlaceholder('请输入备注').fill('尽快');
    // finish at once: a change may still be pending in the form's debounce
    await page.getByText('直接完成', { exact: true }).click();
    await waitText(page, '提交成功');
    await waitText(page, '弹出提示'); // back on Index: the form unmounted (and flushed)
    await page.waitForTimeout(500);
    expect((await persistedSession(page)).drafts.shellDraft).toBeUndefined();
    await page.goto('/#/Draft');
    await page.getByPlaceholder('请输入姓名').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.getByPlaceholder('请输入姓名').inputValue()).toBe('');
  });
});
