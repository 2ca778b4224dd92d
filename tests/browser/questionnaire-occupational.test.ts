/**
 * The occupational questionnaire as a person fills it: prefill, typing, the
 * female-only sections and the smoking details appearing and disappearing,
 * adding/removing work experiences, drawing the signature with the pointer,
 * a reload mid-form (nothing lost), submit, then my questionnaires → view
 * mode by id shows the same values and the signature as an image.
 */
import { describe, expect, it } from 'vitest';
import { phoneApp } from './helpers/phone-app';
import { persistedSession } from './helpers/session';
import { clickText, hashPath, screenshot, visibleText, waitText } from './helpers/phone';

const t = phoneApp('occupational');

const P = '#f-OccupationalDiseasesQs-';

describe('occupational questionnaire', () => {
  it('fill, reload, submit, view', async () => {
    const { page } = t.phone;
    await page.goto('/');
    await waitText(page, '选择院区', 30_000);
    await page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
    await waitText(page, '个人体检');
    await page.goto('/#/OccupationalDiseasesQs?regNo=T000101');
    await waitText(page, '基本信息');
    // prefilled (saved answer / GetPatientinfo)
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value === '陈刚', `${P}basicInfo-name`, { timeout: 10_000 });

    await page.fill(`${P}basicInfo-name`, '测试员');
    await page.fill(`${P}workHistory-hazardTypes`, '噪声、粉尘');
    // female-only sections
    expect(await visibleText(page)).not.toContain('四、月经史');
    await clickText(page, '女');
    await waitText(page, '四、月经史');
    expect(await visibleText(page)).toContain('五、生育史');
    await page.fill(`${P}menstrualHistory-firstAge`, '13');
    await clickText(page, '男');
    await page.getByText('四、月经史').waitFor({ state: 'hidden' });
    await clickText(page, '女');
    await waitText(page, '四、月经史');
    expect(await page.inputValue(`${P}menstrualHistory-firstAge`)).toBe('13');

    // smoking / drinking details only when not 从不
    await page.getByText('从不', { exact: true }).first().click();
    await page.getByText('每天(支)').waitFor({ state: 'hidden' });
    await page.getByText('偶尔', { exact: true }).first().click();
    await waitText(page, '每天(支)');
    await page.fill(`${P}habits-smokingAmount`, '5');
    await page.getByText('从不', { exact: true }).nth(1).click();
    await page.getByText('每天(ml)').waitFor({ state: 'hidden' });

    // work experiences: add two, delete one (delete only while more than one)
    const dels = () => page.getByText('删除', { exact: true }).count();
    const before = await dels();
    await clickText(page, '添加工作经历');
    await clickText(page, '添加工作经历');
    expect(await dels()).toBeGreaterThanOrEqual(2);
    const entries = await page.locator(`[id^="f-OccupationalDiseasesQs-workHistory-experiences-"][id$="-company"]`).count();
    await page.locator(`[id^="f-OccupationalDiseasesQs-workHistory-experiences-"][id$="-company"]`).last().fill('第二车间单位');
    await page.getByText('删除', { exact: true }).first().click();
    // (polled: the list re-renders after the click's handler, and a loaded machine can count first)
    await expect.poll(() => page.locator(`[id^="f-OccupationalDiseasesQs-workHistory-experiences-"][id$="-company"]`).count()).toBe(entries - 1);
    expect(before === 0 || before >= 2).toBe(true);

    // signature with the pointer
    await page.click(`${P}signature-patient`);
    const canvas = page.locator('[data-testid=signature-canvas]');
    await canvas.waitFor();
    await page.waitForTimeout(300);
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 20);
    await page.mouse.down();
    for (let i = 0; i < 20; i++) await page.mouse.move(box.x + 20 + i * 10, box.y + 20 + (i % 5) * 15);
    await page.mouse.up();
    await page.getByText('确认', { exact: true }).click();
    await waitText(page, '点击重新签名');
    const sig = await page.locator(`${P}signature-patient img`).getAttribute('src');
    expect(sig).toMatch(/^data:image\/png;base64,/);
    // The signature in a box of its own size (a saved one decoding later moves nothing below it).
    await page.locator(`${P}signature-patient`).scrollIntoViewIfNeeded();
    expect((await page.locator(`${P}signature-patient img`).boundingBox())!.height).toBe(120);
    await screenshot(page, 'questionnaire-occupational-signature-375');

    // reload mid-form: nothing lost. Reload once the debounced draft holds the signature
    // (a fixed wait raced the debounce on a loaded machine).
    // (The draft already held the saved answer's signature: wait for the one just drawn.)
    await expect
      .poll(async () => JSON.stringify((await persistedSession(page)).drafts.occupationalQs ?? {}).includes(sig!), { timeout: 10_000 })
      .toBe(true);
    await page.reload();
    await waitText(page, '基本信息', 20_000);
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value === '测试员', `${P}basicInfo-name`, { timeout: 10_000 });
    expect(await page.inputValue(`${P}workHistory-hazardTypes`)).toBe('噪声、粉尘');
    expect(await page.inputValue(`${P}menstrualHistory-firstAge`)).toBe('13');
    expect(await page.inputValue(`${P}habits-smokingAmount`)).toBe('5');
    // (polled: the list re-renders after the click's handler, and a loaded machine can count first)
    await expect.poll(() => page.locator(`[id^="f-OccupationalDiseasesQs-workHistory-experiences-"][id$="-company"]`).count()).toBe(entries - 1);
    expect(await page.locator(`${P}signature-patient img`).getAttribute('src')).toBe(sig);

    // submit
    await clickText(page, '提交');
    await page.waitForFunction(() => location.hash.includes('/TeamBookSum'), undefined, { timeout: 15_000 });

    // my questionnaires → view mode by id
    await page.goto('/#/MyQuestionnaire');
    await waitText(page, '职业健康检查问卷', 15_000);
    await clickText(page, '职业健康检查问卷');
    await page.waitForFunction(() => location.hash.includes('mode=view'), undefined, { timeout: 10_000 });
    expect(hashPath(page)).toMatch(/id=[\w-]+/);
    await waitText(page, '测试员', 15_000);
    // rows below the first screen are drawn right after the first frame (src/widgets/form/first-rows.ts)
    for (const t of ['噪声、粉尘', '四、月经史', '第二车间单位']) await waitText(page, t, 10_000);
    const text = await visibleText(page);
    for (const t of ['测试员', '噪声、粉尘', '四、月经史', '第二车间单位']) expect(text, t).toContain(t);
    expect(await page.locator('input:visible').count()).toBe(0);
    expect(await page.locator(`img[src="${sig}"]`).count()).toBe(1);
    await screenshot(page, 'questionnaire-occupational-view');
    await page.setViewportSize({ width: 320, height: 568 });
    await page.locator(`img[src="${sig}"]`).scrollIntoViewIfNeeded();
    expect((await page.locator(`img[src="${sig}"]`).boundingBox())!.height).toBe(120);
    await screenshot(page, 'questionnaire-occupational-view-signature-320');
    await page.setViewportSize({ width: 375, height: 667 });
  });
});
