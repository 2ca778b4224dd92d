/**
 * A 量表 drawn as a grid on a phone (issue 25: the matrix): a questionnaire
 * whose section says `"x-options": { "matrix": true }` — PHQ-9's nine rows
 * sharing 完全不会 / 好几天 / 一半以上的天数 / 几乎每天, plus a tenth row shown only
 * after 几乎每天 on the first — placed in a config copy. The phone shows the
 * options once as a header and one radio cell per option in each row; a
 * submit with nothing answered shows the required message on the first row,
 * scrolled to, and stores nothing; a tap per row then stores the answers and
 * the server's score. At 320 and 375 px wide nothing is clipped and nothing
 * scrolls sideways (screenshots in test-artifacts/).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { copyConfig, editConfigFile, startApp, type RunningApp } from './helpers/app';
import { login } from './helpers/journey';
import { hashPath, openPhone, screenshot, visibleText, waitText, type Phone } from './helpers/phone';
import { openLink } from './helpers/questionnaire';

const SCALE = ['完全不会', '好几天', '一半以上的天数', '几乎每天'];
const POINTS = { 完全不会: 0, 好几天: 1, 一半以上的天数: 2, 几乎每天: 3 };
const ROWS = ['做事时提不起劲或没有兴趣', '感到心情低落、沮丧或绝望', '入睡困难、睡不安稳或睡眠过多', '感觉疲倦或没有活力', '食欲不振或吃太多', '觉得自己很糟，或觉得自己很失败，或让自己或家人失望', '对事物专注有困难，例如阅读报纸或看电视时', '动作或说话速度缓慢到别人已经觉察，或正好相反——烦躁或坐立不安、动来动去的情况更胜于平常', '有不如死掉或用某种方式伤害自己的念头'];
const LABELS = ROWS.map((r, i) => `${i + 1}. ${r}`);
const LATER = '10. 这种情况已经持续一个月以上';

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'PHQ-9 抑郁筛查',
  type: 'object',
  properties: {
    phq: {
      type: 'object',
      'x-label': '过去两周，您有多少时候受到以下问题困扰？',
      'x-options': { matrix: true },
      properties: {
        ...Object.fromEntries(LABELS.map((label, i) => [`q${i + 1}`, { type: 'string', 'x-label': label, 'x-widget': 'radio', enum: SCALE, 'x-score': POINTS }])),
        // same options, no points: drawn only while its condition holds
        q10: { type: 'string', 'x-label': LATER, 'x-widget': 'radio', enum: SCALE, 'x-visibleIf': "form.phq.q1 == '几乎每天'" },
      },
      required: LABELS.map((_, i) => `q${i + 1}`),
    },
  },
  required: ['phq'],
};

const FLOW = `flow: matrix
steps:
  MatrixForm:
    route: /MatrixForm
    auth: true
    entry: true
    title: PHQ-9 抑郁筛查
    screen: form
    form: { schema: forms/phq-grid.json }
    props: { submitEvent: submit, submitText: 提交 }
    on:
      submit:
        - validate: true
          show: alert
        - call: SaveQuestionnaire
          body: { openId: "=session.openid", qid: phqgrid, answers: "=toJson(form)" }
          keep: data.saved
          onFail: [ { toast: questionnaireSaveFailed }, { stop: true } ]
          onError: [ { toast: questionnaireSaveFailed }, { stop: true } ]
        - alert: matrixScore
          params: { score: "=data.saved.score", band: "=data.saved.scoreLabel" }
`;

let dir = '';
let app: RunningApp;
let phone: Phone;
beforeAll(async () => {
  dir = copyConfig('checkup-matrix-');
  fs.writeFileSync(path.join(dir, 'schemas/forms/phq-grid.json'), JSON.stringify(SCHEMA, null, 2));
  fs.writeFileSync(path.join(dir, 'flows/matrix.yaml'), FLOW);
  editConfigFile(path.join(dir, 'flows/messages.yaml'), 'messages:\n', 'messages:\n  matrixScore: 得分 {score} 分：{band}\n');
  const bands = ['        - { max: 4, label: 无 }', '        - { max: 9, label: 轻度 }', '        - { max: 14, label: 中度 }', '        - { max: 19, label: 中重度 }', '        - { max: 27, label: 重度 }'];
  editConfigFile(path.join(dir, 'flows/app.yaml'), 'questionnaires:\n', ['questionnaires:', '  phqgrid:', '    title: PHQ-9 抑郁筛查', '    schema: forms/phq-grid.json', '    owner: openid', '    scoring:', '      bands:', ...bands, ''].join('\n'));
  app = await startApp({ configDir: dir });
  phone = await openPhone(app.baseUrl);
}, 180_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail' || !phone) return;
  await screenshot(phone.page, 'FAILED-form-matrix').catch(() => {});
  console.log(`[failed at ${hashPath(phone.page)}]\n${(await visibleText(phone.page).catch(() => '')).slice(0, 1500)}\n${app?.logs()}`);
});
afterAll(async () => {
  await phone?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const cell = (page: Page, row: string, option: string) => page.getByRole('radio', { name: `${row}：${option}`, exact: true });

/** The dialog's text, closed with 确定. */
async function alertText(page: Page): Promise<string> {
  const dialog = page.locator('.adm-dialog-content');
  await dialog.waitFor({ state: 'visible', timeout: 15_000 });
  const text = (await dialog.innerText()).trim();
  await page.locator('.adm-dialog').getByText('确定', { exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  return text;
}

/**
 * What would be wrong with the grid at this width: the page scrolling sideways,
 * a header label or row label cut off or outside the screen, a header column
 * not over its cells.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    const texts = [...document.querySelectorAll<HTMLElement>('.cf-matrix-head-cell, .cf-matrix-label')];
    for (const el of texts) {
      const r = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) out.push(`clipped: ${el.textContent}`);
      if (r.left < 0 || r.right > vw + 0.5) out.push(`off screen: ${el.textContent} (${r.left}–${r.right})`);
    }
    const head = [...document.querySelectorAll<HTMLElement>('.cf-matrix-head-cell')].map((e) => e.getBoundingClientRect());
    for (const row of document.querySelectorAll<HTMLElement>('.cf-matrix-cells')) {
      [...row.querySelectorAll<HTMLElement>('[role="radio"]')].forEach((c, i) => {
        const r = c.getBoundingClientRect();
        const mid = (r.left + r.right) / 2;
        if (!head[i] || Math.abs(mid - (head[i].left + head[i].right) / 2) > 1) out.push(`cell ${i} of ${row.getAttribute('aria-label')} not under its header`);
        if (r.height < 44) out.push(`cell ${i} of ${row.getAttribute('aria-label')} is ${r.height}px tall`);
      });
    }
    return out;
  });
}

describe('a 量表 drawn as a grid on a phone', () => {
  it('shows the header and the rows, refuses an empty submit on the first row, stores the answers and the score', async () => {
    const { page } = phone;
    await login(page);
    await openLink(page, '/MatrixForm');
    await waitText(page, '过去两周，您有多少时候受到以下问题困扰？', 20_000);

    // The header (the options once) and every row with its label and one radio per option.
    expect(await page.locator('.cf-matrix-head-cell').allInnerTexts()).toEqual(SCALE);
    expect((await page.locator('.cf-matrix-label').allInnerTexts()).map((t) => t.replace(/\u2060/g, ''))).toEqual(LABELS.map((l) => `${l}*`));
    for (const label of LABELS) for (const option of SCALE) expect(await cell(page, label, option).count(), `${label}：${option}`).toBe(1);
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await page.getByText(LATER).count(), 'a row hidden by its condition is not drawn').toBe(0);

    // Nothing answered: the first row's required message, on that row, scrolled to; nothing stored.
    await page.getByText('提交', { exact: true }).scrollIntoViewIfNeeded();
    await page.getByText('提交', { exact: true }).click();
    const first = await alertText(page);
    expect(first).toBe(`请填写${LABELS[0]}`);
    const row1 = page.locator('.cf-matrix-row[data-path="phq.q1"]');
    await expect.poll(() => row1.locator('.adm-form-item-feedback-error').innerText()).toBe(first);
    expect(await page.locator('#f-MatrixForm-phq-q1').evaluate((e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);
    expect(app.sql(`SELECT id FROM questionnaire_answers WHERE kind = 'phqgrid'`)).toEqual([]);
    await screenshot(page, 'form-matrix-375-required');

    // A tap per row: 几乎每天 ×3, 一半以上的天数 ×2, 好几天 ×2, 完全不会 ×2 = 9 + 4 + 2 = 15 → 中重度.
    const picks = ['几乎每天', '几乎每天', '几乎每天', '一半以上的天数', '一半以上的天数', '好几天', '好几天', '完全不会', '完全不会'];
    await cell(page, LABELS[0], picks[0]).click();
    await expect.poll(() => row1.locator('.adm-form-item-feedback-error').count(), { message: 'the answer clears its message' }).toBe(0);
    expect(await cell(page, LABELS[0], picks[0]).getAttribute('aria-checked')).toBe('true');
    // the condition holds now: the tenth row is drawn, in the grid
    await cell(page, LATER, '好几天').waitFor({ state: 'visible', timeout: 10_000 });
    await cell(page, LATER, '好几天').click();
    for (let i = 1; i < LABELS.length; i++) await cell(page, LABELS[i], picks[i]).click();
    await expect.poll(() => page.getByRole('radio', { checked: true }).count()).toBe(10);
    await screenshot(page, 'form-matrix-375-filled');

    const [request] = await Promise.all([page.waitForRequest('**/api/QuestionApi/SaveQuestionnaire'), page.getByText('提交', { exact: true }).click()]);
    expect(await alertText(page)).toBe('得分 15 分：中重度');
    const answers = JSON.parse((JSON.parse(request.postData() ?? '{}') as { answers: string }).answers) as Record<string, unknown>;
    const expected = { phq: { ...Object.fromEntries(picks.map((p, i) => [`q${i + 1}`, p])), q10: '好几天' } };
    expect(answers).toEqual(expected);
    const rows = app.sql<{ score: number; score_label: string; body: string }>(`SELECT score, score_label, body FROM questionnaire_answers WHERE kind = 'phqgrid'`);
    expect(rows.map((r) => ({ ...r, body: JSON.parse(r.body) as unknown }))).toEqual([{ score: 15, score_label: '中重度', body: expected }]);
    expect(phone.problems.filter((x) => x.startsWith('pageerror'))).toEqual([]);
  }, 240_000);

  it('reads whole at 320 and 375 px wide: nothing clipped, no sideways scroll, every cell under its header', async () => {
    const { page } = phone;
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 640 });
      await openLink(page, '/MatrixForm');
      await waitText(page, LABELS[0], 20_000);
      await page.locator('.cf-matrix-row').nth(LABELS.length - 1).waitFor({ state: 'visible' });
      expect(await layoutProblems(page), `${width} px`).toEqual([]);
      await page.locator('.cf-matrix-head').scrollIntoViewIfNeeded();
      await screenshot(page, `form-matrix-${width}`);
      // scrolled into the rows, the header stays on top of them
      await page.locator('.cf-matrix-row[data-path="phq.q8"]').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      // the header sticks just under the step's title bar
      const nav = (await page.locator('.cf-navbar').boundingBox())!;
      await expect.poll(async () => Math.round((await page.locator('.cf-matrix-head').boundingBox())!.y - (nav.y + nav.height)), { message: `${width} px: sticky header` }).toBe(0);
      expect((await page.locator('.cf-matrix-row[data-path="phq.q1"]').boundingBox())!.y, 'scrolled past the first rows').toBeLessThan(0);
      await screenshot(page, `form-matrix-${width}-scrolled`);
    }
  }, 120_000);
});
