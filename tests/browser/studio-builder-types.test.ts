/**
 * The question types health questionnaires use (issue 25, part 1) end to end,
 * on one running server:
 * 1. an admin builds, without the editor, a questionnaire with a 评分 0–10
 *    with its end labels, a 是/否, a 可搜索的下拉 of the 31 provinces, and two
 *    questions shown by rules on them (为 是; ≤ 6); the builder says each rule
 *    in words, the file is the JSON a person would write, the checker
 *    accepts; the admin generates its page and publishes;
 * 2. a phone fills it: taps 8 on the rating (3 shows the follow-up, 8 hides
 *    it), taps 是 (its follow-up shows), opens the dropdown's sheet, searches
 *    (没有找到, then 江 leaves four provinces), picks one; submits, reads
 *    问卷提交成功, and the server stored exactly those answers. The rating and
 *    the open sheet are photographed at 375 and 320 px wide and measured: no
 *    control under 44 px, nothing wider than the screen, the sheet whole.
 */
import fs from 'node:fs';
import { type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioDesk, signInStudio, type StudioDesk } from './helpers/studio';
import { builderKit, type BuilderKit } from './helpers/builder';
import { openArea } from './helpers/backoffice';
import { copyConfig, startApp, type RunningApp } from './helpers/app';
import { clickText, openPhone, screenshot, waitText, type Phone } from './helpers/phone';

const PROVINCES = ['北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '上海', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南', '湖北', '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州', '云南', '西藏', '陕西', '甘肃', '青海', '宁夏', '新疆'];
const NPS = '您有多大可能向亲友推荐本中心？';

let dir = '';
let app: RunningApp;
let page: Page;
let phone: Phone;
let desk: StudioDesk;

beforeAll(async () => {
  dir = copyConfig('checkup-studio-types-');
  app = await startApp({ configDir: dir });
  desk = await openStudioDesk(app.serverUrl);
  page = desk.page;
  kit = builderKit(page);
}, 240_000);

afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

let kit: BuilderKit;
const chip = () => kit.chip();
const q = (i: number) => kit.q(i);
const draftFile = (path: string) => kit.draftFile(path);
const add = (type: string, label: string, key: string) => kit.add(type, label, key);

describe('评分, 是/否 and a searchable dropdown, from the builder to a phone and the database', () => {
  it('the admin builds them without the editor, with rules on the yes/no and the rating, and publishes', async () => {
    await signInStudio(page);
    await kit.create('satisfaction', '体检满意度调查');
    await page.getByRole('button', { name: '添加第一道题' }).click();
    await q(0).getByLabel('题型').selectOption({ label: '评分' });

    // 评分 0–10 with its end labels
    await q(0).getByLabel('题目', { exact: true }).fill(NPS);
    await q(0).getByLabel('字段名').fill('nps');
    expect(await q(0).getByLabel('最高分', { exact: true }).inputValue()).toBe('5'); // a new rating is 1–5
    await q(0).getByRole('button', { name: '0–10 分' }).click();
    await expect.poll(() => q(0).getByLabel('最低分', { exact: true }).inputValue()).toBe('0');
    expect(await q(0).getByLabel('最高分', { exact: true }).inputValue()).toBe('10');
    await q(0).getByLabel('最低分的说明').fill('不可能');
    await q(0).getByLabel('最高分的说明').fill('非常可能');
    await q(0).getByText('必填', { exact: true }).click();

    // 是/否, and a question shown when it is 是
    const s = await add('yesno', '您吸烟吗？', 'smoke');
    await q(s).getByText('必填', { exact: true }).click();
    const c = await add('text', '每天大约吸几支？', 'cigs');
    await q(c).getByRole('button', { name: '添加显示条件' }).click();
    await q(c).getByLabel('条件 1 的题目').selectOption({ label: '您吸烟吗？' });
    await q(c).getByLabel('条件 1 的值').selectOption('是');
    await expect.poll(() => q(c).getByLabel(/的显示条件$/).locator('.st-rule-words').innerText()).toBe('当 “您吸烟吗？” 为 是 时显示');

    // a number rule on the rating
    const m = await add('text', '哪些方面需要改进？', 'improve');
    await q(m).getByRole('button', { name: '添加显示条件' }).click();
    await q(m).getByLabel('条件 1 的题目').selectOption({ label: NPS });
    await q(m).getByLabel('条件 1 的比较').selectOption({ label: '≤' });
    await q(m).getByLabel('条件 1 的值').fill('6');
    await expect.poll(() => q(m).getByLabel(/的显示条件$/).locator('.st-rule-words').innerText()).toBe(`当 “${NPS}” ≤ 6 时显示`);

    // a searchable dropdown of the 31 provinces
    const p = await add('single', '您的籍贯（省份）', 'province');
    await q(p).getByLabel('选项 1', { exact: true }).fill(PROVINCES[0]);
    await q(p).getByLabel('选项 2', { exact: true }).fill(PROVINCES[1]);
    for (let i = 2; i < PROVINCES.length; i++) {
      await q(p).getByRole('button', { name: '添加选项' }).click();
      await q(p).getByLabel(`选项 ${i + 1}`, { exact: true }).fill(PROVINCES[i]);
    }
    expect(await q(p).getByLabel('显示为').inputValue()).toBe('radio');
    await q(p).getByLabel('显示为').selectOption({ label: '可搜索的下拉' });
    await q(p).getByText('必填', { exact: true }).click();

    await expect.poll(() => chip().innerText(), { timeout: 60_000 }).toBe('检查通过');
    expect(await page.locator('.st-builder-main [role="alert"]').count()).toBe(0);
    await q(0).scrollIntoViewIfNeeded();
    await screenshot(page, 'studio-builder-types');

    // the file is what a person would write
    await expect.poll(async () => JSON.parse((await draftFile('schemas/forms/satisfaction.json')) ?? '{}').properties?.province?.['x-options'], { timeout: 15_000 }).toEqual({ search: true });
    const schema = JSON.parse((await draftFile('schemas/forms/satisfaction.json'))!) as { required: string[]; properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.nps).toEqual({ 'x-label': NPS, 'x-options': { minLabel: '不可能', maxLabel: '非常可能' }, minimum: 0, maximum: 10, type: 'integer', 'x-widget': 'rating' });
    expect(schema.properties.smoke).toEqual({ 'x-label': '您吸烟吗？', type: 'boolean' });
    expect(schema.properties.cigs['x-visibleIf']).toBe('form.smoke == true');
    expect(schema.properties.improve['x-visibleIf']).toBe('form.nps <= 6');
    expect(schema.properties.province).toMatchObject({ type: 'string', 'x-widget': 'picker', 'x-options': { search: true }, enum: PROVINCES });
    expect(schema.required).toEqual(['nps', 'smoke', 'province']);

    // its page, then publish
    await kit.publishWithPage('SatisfactionQuestionnaire', '新增体检满意度调查', 2);
  }, 300_000);

  it('a phone taps 8 and 是, searches the provinces and picks one, and the server stores the answers', async () => {
    phone = await openPhone(app.baseUrl);
    const ph = phone.page;
    await ph.goto('/');
    await waitText(ph, '选择院区', 30_000);
    await ph.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
    await waitText(ph, '个人体检', 30_000);
    await ph.evaluate(() => (location.hash = '#/SatisfactionQuestionnaire'));
    await waitText(ph, NPS, 30_000);
    const field = (key: string) => ph.locator(`#f-SatisfactionQuestionnaire-${key}`);
    const shown = async (key: string) => (await field(key).count()) > 0 && field(key).isVisible();
    const rating = field('nps'); // the radiogroup, labelled by its row's label

    // the rating: eleven buttons 0–10, the end labels under them, none chosen yet
    expect(await rating.getByRole('radio').allInnerTexts()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(await rating.getByRole('radio', { name: '0 不可能' }).count()).toBe(1);
    expect(await ph.locator('.cf-rating-ends').innerText()).toMatch(/^不可能\s+非常可能$/);
    expect(await rating.getByRole('radio', { checked: true }).count()).toBe(0);
    // 3 shows the follow-up (≤ 6), 8 hides it again
    await rating.getByRole('radio', { name: '3', exact: true }).click();
    await expect.poll(() => shown('improve'), { timeout: 30_000 }).toBe(true);
    await rating.getByRole('radio', { name: '8', exact: true }).click();
    await expect.poll(() => shown('improve'), { timeout: 30_000 }).toBe(false);
    expect(await rating.getByRole('radio', { checked: true }).allInnerTexts()).toEqual(['8']);

    // 是 shows how many a day
    expect(await shown('cigs')).toBe(false);
    await field('smoke').getByText('是', { exact: true }).click();
    await expect.poll(() => shown('cigs'), { timeout: 30_000 }).toBe(true);
    await ph.locator('input#f-SatisfactionQuestionnaire-cigs, #f-SatisfactionQuestionnaire-cigs input').first().fill('10');

    // at 375 and 320 px: the rating's buttons are at least 44 px, and nothing is wider than the screen
    for (const width of [375, 320]) {
      await ph.setViewportSize({ width, height: width === 320 ? 568 : 667 });
      await rating.scrollIntoViewIfNeeded();
      expect(await ph.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
      const boxes = await rating.getByRole('radio').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height, right: r.right })));
      for (const b of boxes) {
        expect(b.w).toBeGreaterThanOrEqual(44);
        expect(b.h).toBeGreaterThanOrEqual(44);
        expect(b.right).toBeLessThanOrEqual(width);
      }
      await screenshot(ph, `studio-builder-types-rating-${width}`);
    }

    // the searchable dropdown: a sheet with 搜索, 没有找到 for nothing, 江 leaves four
    const sheet = ph.locator('.cf-search-sheet');
    const options = sheet.getByRole('option');
    for (const width of [320, 375]) {
      await ph.setViewportSize({ width, height: width === 320 ? 568 : 667 });
      await field('province').scrollIntoViewIfNeeded();
      expect(await field('province').innerText()).toBe('请选择您的籍贯（省份）');
      await field('province').click();
      await sheet.waitFor({ state: 'visible', timeout: 30_000 });
      await expect.poll(() => options.count(), { timeout: 30_000 }).toBe(PROVINCES.length);
      // the whole sheet is on the screen once it has slid up: its bottom at the screen's, its top on it
      const height = width === 320 ? 568 : 667;
      await expect.poll(async () => { const b = await sheet.boundingBox(); return b ? b.y + b.height : Infinity; }, { timeout: 10_000 }).toBeLessThanOrEqual(height + 1);
      const box = (await sheet.boundingBox())!;
      expect(box.y).toBeGreaterThan(height * 0.2);
      expect(box.height).toBeGreaterThan(height * 0.6);
      await ph.getByPlaceholder('搜索').fill('青藏');
      await expect.poll(() => sheet.innerText(), { timeout: 10_000 }).toContain('没有找到');
      expect(await options.count()).toBe(0);
      await ph.getByPlaceholder('搜索').fill('江');
      await expect.poll(() => options.allInnerTexts(), { timeout: 10_000 }).toEqual(['黑龙江', '江苏', '浙江', '江西']);
      await screenshot(ph, `studio-builder-types-search-${width}`);
      if (width === 320) {
        // closed without choosing: nothing chosen, and the next opening starts from the whole list
        await sheet.getByRole('button', { name: '取消' }).click();
        await sheet.waitFor({ state: 'hidden', timeout: 30_000 });
      }
    }
    await options.filter({ hasText: '江苏' }).click();
    await sheet.waitFor({ state: 'hidden', timeout: 30_000 });
    expect(await field('province').innerText()).toBe('江苏');

    await clickText(ph, '提交');
    await waitText(ph, '问卷提交成功', 30_000);
    await expect.poll(() => app.sql<{ body: string }>(`SELECT body FROM questionnaire_answers WHERE kind = 'satisfaction'`).length, { timeout: 30_000 }).toBe(1);
    const body = JSON.parse(app.sql<{ body: string }>(`SELECT body FROM questionnaire_answers WHERE kind = 'satisfaction'`)[0].body) as Record<string, unknown>;
    expect(body).toEqual({ nps: 8, smoke: true, cigs: '10', province: '江苏' });
    expect(phone.problems.filter((x) => x.startsWith('pageerror'))).toEqual([]);

    // 问卷统计 charts the rating per point (all eleven listed) and the yes/no per answer
    await openArea(page, '问卷统计');
    const area = page.getByRole('region', { name: '问卷统计' });
    await area.getByRole('combobox', { name: '问卷' }).selectOption({ label: '体检满意度调查' });
    await expect.poll(() => area.getByTestId('results-completed').innerText(), { timeout: 30_000 }).toBe('1');
    const npsCard = area.getByRole('article', { name: NPS, exact: true });
    await expect.poll(() => npsCard.getByRole('row').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(11);
    expect((await npsCard.getByRole('row', { name: /^8 / }).innerText()).replace(/\s+/g, ' ')).toBe('8 1 份 100%');
    expect(await npsCard.innerText()).toMatch(/评分[\s\S]*1 份作答\s*，平均 8 分/);
    expect((await area.getByRole('article', { name: '您吸烟吗？', exact: true }).getByRole('row', { name: /^是 / }).innerText()).replace(/\s+/g, ' ')).toBe('是 1 份 100%');
    await screenshot(page, 'studio-builder-types-results');
    expect(desk.problems).toEqual([]);
  }, 240_000);
});
