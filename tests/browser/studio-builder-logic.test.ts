/**
 * The builder's logic and validators end to end (issue 25, parts 1–3), on
 * one running server:
 * 1. an admin builds, without the editor, a questionnaire with a 说明文字
 *    block, a number with a range and its own message, a choice, a question
 *    shown by an AND rule (体重 > 100 且 性别 为 女), a phone number with the
 *    手机号 preset shown by an OR rule, and a signature; the builder says each
 *    rule in words, the checker accepts, the admin generates its page and
 *    publishes;
 * 2. a phone fills it: the description shows, the range and the pattern are
 *    refused with the admin's messages, the questions appear as the rules say,
 *    and the server stores what was shown;
 * 3. the admin builds PHQ-9 as a scale group (nine rows, one scale edited
 *    once, five bands), publishes; the phone answers the nine rows and the
 *    server stores the total and its band; 问卷统计 charts it per option and band;
 * 4. the admin builds 吸烟情况 with a 必填条件 (每天几包 when 是), a 结束条件
 *    (否 ends it) and an option ticked alone (以上都没有); the phone shows the
 *    required mark as the answer makes it so, refuses the empty one, ticks
 *    以上都没有 alone, and on 否 hides the rest and stores only the answer.
 */
import fs from 'node:fs';
import { type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioDesk, signInStudio, type StudioDesk } from './helpers/studio';
import { builderKit, type BuilderKit } from './helpers/builder';
import { openArea } from './helpers/backoffice';
import { copyConfig, startApp, type RunningApp } from './helpers/app';
import { clickText, openPhone, screenshot, waitText, type Phone } from './helpers/phone';

let dir = '';
let app: RunningApp;
let page: Page;
let phone: Phone;
let desk: StudioDesk;

beforeAll(async () => {
  dir = copyConfig('checkup-studio-logic-');
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

describe('rules in words and validators with their messages, from the builder to a phone and the database', () => {
  it('the admin builds the questionnaire with an AND rule, an OR rule, a range and a pattern, and publishes', async () => {
    await signInStudio(page);
    await kit.create('weight', '体重管理');
    await page.getByRole('button', { name: '添加第一道题' }).click();
    await q(0).getByLabel('题型').selectOption('description');
    await q(0).getByLabel('题目', { exact: true }).fill('请如实填写，约需 2 分钟。');
    await q(0).getByLabel('字段名').fill('intro');

    const w = await add('number', '体重（公斤）', 'weight');
    await q(w).getByText('必填', { exact: true }).click();
    await q(w).getByLabel('必填提示').fill('请填写体重');
    await q(w).locator('summary', { hasText: '校验' }).click();
    await q(w).getByLabel('最大值', { exact: true }).fill('300');
    await q(w).getByLabel('最大值的提示').fill('体重不超过 300 公斤');
    await q(w).getByLabel('最小值', { exact: true }).fill('20');

    const g = await add('single', '性别', 'gender');
    await q(g).getByLabel('选项 1', { exact: true }).fill('男');
    await q(g).getByLabel('选项 2', { exact: true }).fill('女');

    const p = await add('text', '减重计划', 'plan');
    await q(p).getByRole('button', { name: '添加显示条件' }).click();
    await q(p).getByLabel('条件 1 的题目').selectOption({ label: '体重（公斤）' });
    await q(p).getByLabel('条件 1 的比较').selectOption({ label: '>' });
    await q(p).getByLabel('条件 1 的值').fill('100');
    await q(p).getByRole('button', { name: '添加显示条件' }).click();
    await q(p).getByLabel('条件 2 的题目').selectOption({ label: '性别' });
    await q(p).getByLabel('条件 2 的值').selectOption('女');
    await expect.poll(() => q(p).getByLabel(/的显示条件$/).locator('.st-rule-words').innerText()).toBe('当 “体重（公斤）” > 100 且 “性别” 为 女 时显示');
    await q(p).getByText('必填', { exact: true }).click();

    const t = await add('text', '联系电话', 'phone');
    await q(t).locator('summary', { hasText: '校验' }).click();
    await q(t).getByLabel('格式', { exact: true }).selectOption({ label: '手机号' });
    await q(t).getByRole('button', { name: '添加显示条件' }).click();
    await q(t).getByLabel('条件 1 的题目').selectOption({ label: '体重（公斤）' });
    await q(t).getByLabel('条件 1 的比较').selectOption({ label: '≥' });
    await q(t).getByLabel('条件 1 的值').fill('150');
    await q(t).getByRole('button', { name: '添加显示条件' }).click();
    await q(t).getByLabel('条件 2 的题目').selectOption({ label: '减重计划' });
    await q(t).getByLabel('条件的组合').selectOption('or');
    await expect.poll(() => q(t).getByLabel(/的显示条件$/).locator('.st-rule-words').innerText()).toBe('当 “体重（公斤）” ≥ 150 或 “减重计划” 已填写 时显示');
    expect(await q(t).locator('summary', { hasText: '校验' }).innerText()).toBe('校验：手机号');

    // a calculated value shown to the examinee: BMI from height and weight
    await add('number', '身高（厘米）', 'height');
    const b = await add('calculated', '体重指数 BMI', 'bmi');
    await q(b).getByLabel('公式', { exact: true }).selectOption('bmi');
    await q(b).getByLabel('身高题').selectOption({ label: '身高（厘米）' });
    await q(b).getByLabel('体重题').selectOption({ label: '体重（公斤）' });
    await expect.poll(() => q(b).getByLabel('计算公式').locator('.st-rule-words').innerText()).toBe('BMI = “体重（公斤）” ÷ (“身高（厘米）” ÷ 100)²，保留一位小数');
    await add('signature', '本人签名', 'sign');
    // a repeatable group: one entry per past illness
    await page.getByRole('button', { name: '添加可重复的分组' }).click();
    const repeat = page.getByRole('group', { name: '分组 新的可重复分组' });
    await repeat.getByLabel('分组标题').fill('既往病史');
    const illnesses = page.getByRole('group', { name: '分组 既往病史' });
    await illnesses.getByLabel('新题目的题型').selectOption('text');
    await illnesses.getByRole('button', { name: '添加题目' }).click();
    await illnesses.locator('.st-question').getByLabel('题目', { exact: true }).fill('疾病名称');
    await illnesses.locator('.st-question').getByLabel('字段名').fill('disease');
    await illnesses.locator('.st-question').getByText('必填', { exact: true }).click();
    expect(await illnesses.innerText()).toContain('可重复');
    await expect.poll(() => chip().innerText(), { timeout: 60_000 }).toBe('检查通过');
    expect(await page.locator('.st-builder-main [role="alert"]').count()).toBe(0);
    await q(p).scrollIntoViewIfNeeded();
    await screenshot(page, 'studio-builder-logic');

    // the file is what a person would write: the rules as expressions the checker typed
    await expect.poll(async () => JSON.parse((await draftFile('schemas/forms/weight.json')) ?? '{}').properties?.phone?.['x-visibleIf'], { timeout: 15_000 }).toBe('form.weight >= 150 || !isEmpty(form.plan)');
    const schema = JSON.parse((await draftFile('schemas/forms/weight.json'))!) as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.weight).toMatchObject({ type: 'number', minimum: 20, maximum: 300, errorMessage: { maximum: '体重不超过 300 公斤' } });
    expect(schema.properties.plan['x-visibleIf']).toBe("form.weight > 100 && form.gender == '女'");
    expect(schema.properties.phone).toMatchObject({ pattern: '^1[3-9]\\d{9}$', errorMessage: { pattern: '请输入 11 位手机号' } });
    expect(schema.properties.section1).toMatchObject({ type: 'array', 'x-widget': 'list', 'x-label': '既往病史', items: { properties: { disease: { 'x-label': '疾病名称' } }, required: ['disease'] } });
    expect(schema.properties.bmi).toMatchObject({ 'x-widget': 'display', 'x-options': { text: '=round(form.weight / ((form.height / 100) * (form.height / 100)), 1)' } });
    expect(schema.properties.intro).toMatchObject({ 'x-widget': 'display', 'x-options': { text: '请如实填写，约需 2 分钟。' } });

    // its page, then publish
    await kit.publishWithPage('WeightQuestionnaire', '新增体重管理问卷', 2);
  }, 240_000);

  it('a phone is refused with the admin’s messages, sees the questions the rules show, and the server stores what was shown', async () => {
    phone = await openPhone(app.baseUrl);
    const ph = phone.page;
    await ph.goto('/');
    await waitText(ph, '选择院区', 30_000);
    await ph.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
    await waitText(ph, '个人体检', 30_000);
    await ph.evaluate(() => (location.hash = '#/WeightQuestionnaire'));
    await waitText(ph, '请如实填写，约需 2 分钟。', 30_000);
    const field = (key: string) => ph.locator(`#f-WeightQuestionnaire-${key}`);
    const input = (key: string) => ph.locator(`#f-WeightQuestionnaire-${key} input, input#f-WeightQuestionnaire-${key}`).first();
    const shown = async (key: string) => (await field(key).count()) > 0 && field(key).isVisible();
    const alertText = async () => {
      const dialog = ph.locator('.adm-dialog-content');
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      const text = (await dialog.innerText()).trim();
      await ph.locator('.adm-dialog').getByText('确定', { exact: true }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
      return text;
    };

    expect(await shown('plan')).toBe(false);
    expect(await shown('phone')).toBe(false);
    await clickText(ph, '提交');
    expect(await alertText()).toBe('请填写体重');
    await input('weight').fill('500');
    await clickText(ph, '提交');
    expect(await alertText()).toBe('体重不超过 300 公斤');
    expect(app.sql(`SELECT id FROM questionnaire_answers WHERE kind = 'weight'`)).toEqual([]);

    // 且: over 100 but a man — no plan; a woman — the plan shows
    await input('weight').fill('120');
    // BMI is blank until both are known, then follows each keystroke
    expect((await field('bmi').innerText()).trim()).toBe('');
    await input('height').fill('170');
    await expect.poll(() => field('bmi').innerText(), { timeout: 30_000 }).toBe('41.5');
    await field('gender').getByText('男', { exact: true }).click();
    expect(await shown('plan')).toBe(false);
    await field('gender').getByText('女', { exact: true }).click();
    await expect.poll(() => shown('plan'), { timeout: 30_000 }).toBe(true);
    expect(await shown('phone')).toBe(false);
    // 或: the plan filled shows the phone number; a wrong one is refused with the preset's message
    await input('plan').fill('每周跑步三次');
    await expect.poll(() => shown('phone'), { timeout: 30_000 }).toBe(true);
    await input('phone').fill('12345');
    await screenshot(ph, 'studio-builder-logic-phone');
    await ph.setViewportSize({ width: 320, height: 568 });
    expect(await ph.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(ph, 'studio-builder-logic-phone-320');
    await ph.setViewportSize({ width: 375, height: 667 });
    await clickText(ph, '提交');
    expect(await alertText()).toBe('请输入 11 位手机号');
    await input('phone').fill('13800138000');
    // the repeatable group, twice
    for (const [i, illness] of ['高血压', '糖尿病'].entries()) {
      await clickText(ph, '添加既往病史');
      const entry = ph.locator('.cf-list-entry').nth(i);
      await entry.waitFor({ timeout: 30_000 });
      await entry.locator('input').first().fill(illness);
    }
    await clickText(ph, '提交');
    await expect.poll(() => app.sql<{ body: string }>(`SELECT body FROM questionnaire_answers WHERE kind = 'weight'`).length, { timeout: 30_000 }).toBe(1);
    const body = JSON.parse(app.sql<{ body: string }>(`SELECT body FROM questionnaire_answers WHERE kind = 'weight'`)[0].body) as Record<string, unknown>;
    expect(body).toEqual({ weight: 120, gender: '女', plan: '每周跑步三次', phone: '13800138000', height: 170, section1: [{ disease: '高血压' }, { disease: '糖尿病' }] });
    expect(phone.problems.filter((x) => x.startsWith('pageerror'))).toEqual([]);
    expect(desk.problems).toEqual([]);
  }, 240_000);

  it('PHQ-9 as a scale group: built once for nine rows, scored by the server', async () => {
    const ROWS = ['做事时提不起劲或没有兴趣', '感到心情低落、沮丧或绝望', '入睡困难、睡不安稳或睡眠过多', '感觉疲倦或没有活力', '食欲不振或吃太多', '觉得自己很糟', '对事物专注有困难', '动作或说话速度缓慢或烦躁', '有不如死掉或伤害自己的念头'];
    await kit.create('phq9', 'PHQ-9 抑郁筛查');
    await page.getByRole('button', { name: '添加分组' }).click();
    await page.getByLabel('分组标题').fill('过去两周，您有多少时候受到以下问题困扰？');
    await page.getByRole('button', { name: '设为量表（各题共用选项）' }).click();
    const scale = page.locator('.st-scale');
    await expect.poll(() => scale.getByLabel('量表选项 4', { exact: true }).inputValue()).toBe('几乎每天');
    while ((await page.locator('.st-question').count()) < ROWS.length) await scale.getByRole('button', { name: '添加一行' }).click();
    for (let i = 0; i < ROWS.length; i++) {
      await q(i).getByLabel('题目', { exact: true }).fill(`${i + 1}. ${ROWS[i]}`);
      await q(i).getByLabel('字段名').fill(`phq${i + 1}`);
    }
    // the scale edited once: every row follows
    await scale.getByLabel('量表选项 4', { exact: true }).fill('几乎每天都有');
    await expect.poll(() => scale.innerText()).toContain('下面 9 道题共用这组选项和分数');
    await expect.poll(() => page.locator('.st-registry').innerText()).toContain('当前题目可得 0–27 分');
    for (const [i, max, label] of [[1, 4, '无'], [2, 9, '轻度'], [3, 14, '中度'], [4, 19, '中重度'], [5, 27, '重度']] as const) {
      await page.getByRole('button', { name: '添加计分段' }).click();
      await page.getByLabel(`第 ${i} 段最高分`).fill(String(max));
      await page.getByLabel(`第 ${i} 段结论`).fill(label);
    }
    await expect.poll(() => chip().innerText(), { timeout: 60_000 }).toBe('检查通过');
    await scale.scrollIntoViewIfNeeded();
    await screenshot(page, 'studio-builder-scale');
    await expect.poll(async () => Object.keys(JSON.parse((await draftFile('schemas/forms/phq9.json')) ?? '{}').properties?.section1?.properties ?? {}).length, { timeout: 15_000 }).toBe(9);
    const schema = JSON.parse((await draftFile('schemas/forms/phq9.json'))!) as { properties: { section1: { properties: Record<string, { enum: string[] }> } } };
    for (const row of Object.values(schema.properties.section1.properties)) expect(row.enum).toEqual(['完全不会', '好几天', '一半以上的天数', '几乎每天都有']);

    await kit.publishWithPage('Phq9Questionnaire', '新增 PHQ-9', 3);

    const ph = phone.page;
    await ph.goto(`${app.baseUrl}/#/Index`);
    await waitText(ph, '个人体检', 30_000);
    await ph.evaluate(() => (location.hash = '#/Phq9Questionnaire'));
    await waitText(ph, '1. 做事时提不起劲或没有兴趣', 30_000);
    // 4 × 几乎每天都有 (3) + 2 × 好几天 (1) + 3 × 完全不会 (0) = 14 → 中度
    for (let i = 1; i <= 9; i++) {
      const pick = i <= 4 ? '几乎每天都有' : i <= 6 ? '好几天' : '完全不会';
      // a scale group is drawn as a grid: one radio cell per option, named "<row>：<option>"
      await ph.getByRole('radio', { name: `${i}. ${ROWS[i - 1]}：${pick}`, exact: true }).click();
    }
    await screenshot(ph, 'studio-builder-scale-phone');
    await clickText(ph, '提交');
    const dialog = ph.locator('.adm-dialog-content');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await dialog.innerText()).toMatch(/14 分：中度/);
    const rows = app.sql<{ score: number; score_label: string }>(`SELECT score, score_label FROM questionnaire_answers WHERE kind = 'phq9'`);
    expect(rows).toEqual([{ score: 14, score_label: '中度' }]);

    // results at a glance: the admin reads the answer counted per option and per band
    await openArea(page, '问卷统计');
    const area = page.getByRole('region', { name: '问卷统计' });
    await area.getByRole('combobox', { name: '问卷' }).selectOption({ label: 'PHQ-9 抑郁筛查' });
    await expect.poll(() => area.getByTestId('results-completed').innerText(), { timeout: 30_000 }).toBe('1');
    const bandRow = area.getByRole('table', { name: '得分分级' }).getByRole('row', { name: /^中度/ });
    await expect.poll(async () => (await bandRow.innerText()).replace(/\s+/g, ' '), { timeout: 30_000 }).toMatch(/^中度.* 1 份 100%$/);
    const row1 = area.getByRole('article', { name: '1. 做事时提不起劲或没有兴趣', exact: true }).getByRole('row', { name: /^几乎每天都有 / });
    expect((await row1.innerText()).replace(/\s+/g, ' ')).toBe('几乎每天都有 1 份 100%');
    await screenshot(page, 'studio-builder-results');
  }, 300_000);

  it('a question required only when a rule holds, and an answer that ends the questionnaire', async () => {
    await kit.create('smoking', '吸烟情况');
    await page.getByRole('button', { name: '添加第一道题' }).click();
    await q(0).getByLabel('题目', { exact: true }).fill('是否吸烟');
    await q(0).getByLabel('字段名').fill('smoker');
    await q(0).getByLabel('选项 1', { exact: true }).fill('是');
    await q(0).getByLabel('选项 2', { exact: true }).fill('否');
    await q(0).getByText('必填', { exact: true }).click();
    const more0 = q(0).locator('details', { hasText: '按条件必填、结束问卷' });
    await more0.locator('summary').click();
    await more0.getByRole('button', { name: '添加结束条件' }).click();
    await more0.getByLabel('结束条件 1 的值').selectOption('否');
    await expect.poll(() => more0.locator('summary').innerText()).toBe('按条件必填、结束问卷：当 “是否吸烟” 为 否 时结束问卷，后面的题目不再显示');
    const k = await add('number', '每天几包', 'packs');
    const moreK = q(k).locator('details', { hasText: '按条件必填、结束问卷' });
    await moreK.locator('summary').click();
    await moreK.getByRole('button', { name: '添加必填条件' }).click();
    await moreK.getByLabel('必填条件 1 的值').selectOption('是');
    await expect.poll(() => moreK.getByLabel(/的必填条件$/).locator('.st-rule-words').innerText()).toBe('当 “是否吸烟” 为 是 时必填');
    const m = await add('multiple', '近来的症状', 'signs');
    await q(m).getByRole('button', { name: '添加选项' }).click();
    for (const [i, v] of ['咳嗽', '气短', '以上都没有'].entries()) await q(m).getByLabel(`选项 ${i + 1}`, { exact: true }).fill(v);
    await q(m).getByLabel('选项 3 只能单独选').check();
    await add('text', '其他说明', 'note');
    await expect.poll(() => chip().innerText(), { timeout: 60_000 }).toBe('检查通过');
    await expect.poll(async () => JSON.parse((await draftFile('schemas/forms/smoking.json')) ?? '{}').properties?.packs?.['x-requiredIf'], { timeout: 15_000 }).toBe("form.smoker == '是'");
    const file = JSON.parse((await draftFile('schemas/forms/smoking.json'))!) as { properties: Record<string, Record<string, unknown>> };
    expect(file.properties.smoker['x-endIf']).toBe("form.smoker == '否'");
    expect(file.properties.signs['x-exclusive']).toEqual(['以上都没有']);
    await kit.publishWithPage('SmokingQuestionnaire', '新增吸烟情况问卷', 4);

    const ph = phone.page;
    await ph.goto(`${app.baseUrl}/#/Index`);
    await waitText(ph, '个人体检', 30_000);
    await ph.evaluate(() => (location.hash = '#/SmokingQuestionnaire'));
    await waitText(ph, '是否吸烟', 30_000);
    const field = (key: string) => ph.locator(`#f-SmokingQuestionnaire-${key}`);
    const row = (key: string) => ph.locator(`[data-path="${key}"]`);
    const shown = async (key: string) => (await field(key).count()) > 0 && field(key).isVisible();
    // 是: the packs become required (their mark follows the answer), and an empty one is refused
    expect(await row('packs').locator('.adm-form-item-required-asterisk').count()).toBe(0);
    await field('smoker').getByText('是', { exact: true }).click();
    await expect.poll(() => row('packs').locator('.adm-form-item-required-asterisk').count(), { timeout: 30_000 }).toBe(1);
    await clickText(ph, '提交');
    const dialog = ph.locator('.adm-dialog-content');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    expect((await dialog.innerText()).trim()).toBe('请填写每天几包');
    await ph.locator('.adm-dialog').getByText('确定', { exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    expect(app.sql(`SELECT id FROM questionnaire_answers WHERE kind = 'smoking'`)).toEqual([]);
    await ph.locator('#f-SmokingQuestionnaire-packs input, input#f-SmokingQuestionnaire-packs').first().fill('2');
    // 以上都没有 is ticked alone
    const sign = (v: string) => field('signs').locator('.adm-checkbox', { hasText: v });
    await sign('咳嗽').click();
    await sign('以上都没有').click();
    await expect.poll(async () => [await sign('咳嗽').getAttribute('class'), await sign('以上都没有').getAttribute('class')].map((c) => /adm-checkbox-checked/.test(c ?? '')), { timeout: 30_000 }).toEqual([false, true]);
    // 否 ends it: what follows goes, and what was typed there is not sent
    await field('smoker').getByText('否', { exact: true }).click();
    await expect.poll(() => shown('packs'), { timeout: 30_000 }).toBe(false);
    expect(await shown('note')).toBe(false);
    expect(await shown('signs')).toBe(false);
    await screenshot(ph, 'studio-builder-end-phone');
    await clickText(ph, '提交');
    await expect.poll(() => app.sql<{ body: string }>(`SELECT body FROM questionnaire_answers WHERE kind = 'smoking'`).length, { timeout: 30_000 }).toBe(1);
    expect(JSON.parse(app.sql<{ body: string }>(`SELECT body FROM questionnaire_answers WHERE kind = 'smoking'`)[0].body)).toEqual({ smoker: '否' });
    expect(phone.problems.filter((x) => x.startsWith('pageerror'))).toEqual([]);
  }, 240_000);
});
