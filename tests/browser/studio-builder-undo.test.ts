/**
 * Undo, redo, delete-with-undo and drag-and-drop in the studio's questionnaire
 * builder (问卷设计), as an admin in a desktop Chromium:
 * 1. a new questionnaire with three questions; a word typed into a question's
 *    text is one step: 撤销 (the button, then Ctrl+Z in the input) brings the
 *    old text back whole, 重做 (the button, Ctrl+Shift+Z, Ctrl+Y) the word;
 * 2. 删除 deletes at once, with 已删除“…” and its 撤销: the question is back in
 *    its place, in the page and in the draft kept in localStorage;
 * 3. question 3's handle dragged onto question 1 puts it first (the draft's
 *    file has the new order), and 撤销 takes the move back.
 * The draft is saved 250 ms after the last change: the test polls it.
 */
import fs from 'node:fs';
import { type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioDesk, signInStudio, type StudioDesk } from './helpers/studio';
import { copyConfig, startApp, type RunningApp } from './helpers/app';
import { screenshot } from './helpers/phone';

const FILE = 'schemas/forms/sleep.json';
const WAIT = { timeout: 30_000 };

let dir = '';
let app: RunningApp;
let desk: StudioDesk;
let page: Page;

beforeAll(async () => {
  dir = copyConfig('checkup-studio-undo-');
  app = await startApp({ configDir: dir });
  desk = await openStudioDesk(app.serverUrl);
  page = desk.page;
}, 240_000);

afterAll(async () => {
  await desk?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const q = (i: number) => page.locator('.st-question').nth(i);
const labelInput = (i: number) => q(i).getByLabel('题目', { exact: true });
/** The questions' texts as the page shows them, in order. */
const shownLabels = () => page.locator('.st-question').evaluateAll((els) => els.map((e) => (e.querySelector('input[aria-label="题目"]') as HTMLInputElement).value));
const head = () => page.locator('.st-builder-head');
const undoButton = () => head().getByRole('button', { name: '撤销', exact: true });
const redoButton = () => head().getByRole('button', { name: '重做', exact: true });
const notice = () => page.locator('.st-builder-main [role="status"]');

/** The questionnaire's file as the draft in localStorage holds it: [field name, question text] in order. */
async function savedQuestions(): Promise<Array<[string, unknown]>> {
  const text = await page.evaluate((f) => {
    const raw = localStorage.getItem('checkup-studio:draft:admin');
    return raw ? ((JSON.parse(raw) as { files: Record<string, string> }).files[f] ?? null) : null;
  }, FILE);
  if (!text) return [];
  const schema = JSON.parse(text) as { properties?: Record<string, { 'x-label'?: unknown }> };
  return Object.entries(schema.properties ?? {}).map(([k, p]) => [k, p['x-label']]);
}

describe('the questionnaire builder: undo and redo, delete with undo, drag and drop', () => {
  it('a typed word is one step: 撤销 and Ctrl+Z bring the old text back whole, 重做 / Ctrl+Shift+Z / Ctrl+Y the word', async () => {
    await signInStudio(page);
    await page.getByRole('button', { name: '问卷设计' }).click();
    await page.getByPlaceholder('例如 sleep').fill('sleep');
    await page.getByPlaceholder('例如 睡眠质量自评').fill('睡眠自评');
    await page.getByRole('button', { name: '创建' }).click();
    await page.getByRole('button', { name: '添加第一道题' }).click(WAIT);
    // nothing happened in this questionnaire's builder before: nothing to undo or redo
    await page.getByRole('button', { name: '添加题目' }).click(WAIT);
    await page.getByRole('button', { name: '添加题目' }).click();
    await expect.poll(() => page.locator('.st-question').count(), WAIT).toBe(3);
    expect(await redoButton().isDisabled()).toBe(true);
    expect(await undoButton().getAttribute('title')).toMatch(/^撤销：添加题目（(Ctrl\+|⌘)Z）$/);

    await labelInput(1).fill('睡眠不好');
    await labelInput(2).fill('容易醒');
    // a person typing: one change per letter
    await labelInput(0).click();
    await page.keyboard.press('Control+A');
    await labelInput(0).pressSequentially('常感到疲惫');
    await expect.poll(shownLabels, WAIT).toEqual(['常感到疲惫', '睡眠不好', '容易醒']);
    expect(await undoButton().getAttribute('title')).toContain('撤销：修改第 1 题的题目文字');
    await screenshot(page, 'studio-builder-undo-head');

    // the button: one undo takes the whole word back, not one letter
    await undoButton().click();
    await expect.poll(shownLabels, WAIT).toEqual(['新题目', '睡眠不好', '容易醒']);
    expect(await redoButton().getAttribute('title')).toContain('重做：修改第 1 题的题目文字');
    await redoButton().click();
    await expect.poll(shownLabels, WAIT).toEqual(['常感到疲惫', '睡眠不好', '容易醒']);
    expect(await redoButton().isDisabled()).toBe(true);

    // the keys, with the focus in the input itself (the browser's own input undo does not get in the way)
    await labelInput(0).click();
    await page.keyboard.press('Control+Z');
    await expect.poll(shownLabels, WAIT).toEqual(['新题目', '睡眠不好', '容易醒']);
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(shownLabels, WAIT).toEqual(['常感到疲惫', '睡眠不好', '容易醒']);
    await page.keyboard.press('Control+Z');
    await expect.poll(shownLabels, WAIT).toEqual(['新题目', '睡眠不好', '容易醒']);
    await page.keyboard.press('Control+Y');
    await expect.poll(shownLabels, WAIT).toEqual(['常感到疲惫', '睡眠不好', '容易醒']);
    await expect.poll(savedQuestions, WAIT).toEqual([['q1', '常感到疲惫'], ['q2', '睡眠不好'], ['q3', '容易醒']]);
  }, 180_000);

  it('删除 deletes at once with a notice; its 撤销 puts the question back in its place, in the draft too', async () => {
    await q(1).getByRole('button', { name: '删除题目' }).click();
    await expect.poll(shownLabels, WAIT).toEqual(['常感到疲惫', '容易醒']);
    await expect.poll(() => notice().innerText(), WAIT).toContain('已删除“睡眠不好”');
    await screenshot(page, 'studio-builder-undo-notice');
    // the pointer on the notice keeps it while the draft is saved
    await notice().hover();
    await expect.poll(savedQuestions, WAIT).toEqual([['q1', '常感到疲惫'], ['q3', '容易醒']]);

    await notice().getByRole('button', { name: '撤销', exact: true }).click();
    await expect.poll(shownLabels, WAIT).toEqual(['常感到疲惫', '睡眠不好', '容易醒']);
    await expect.poll(() => notice().innerText(), WAIT).toBe('');
    await expect.poll(savedQuestions, WAIT).toEqual([['q1', '常感到疲惫'], ['q2', '睡眠不好'], ['q3', '容易醒']]);
  }, 120_000);

  it('question 3 dragged by its handle onto question 1 goes first, in the draft too; 撤销 takes the move back', async () => {
    const handles = page.getByLabel('拖动排序');
    expect(await handles.count()).toBe(3);
    // Every card on screen, as a person drags (Chromium's drag and drop ends when the page scrolls under it).
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: size.width, height: 1400 });
    await q(0).scrollIntoViewIfNeeded();
    await handles.nth(2).dragTo(q(0), { targetPosition: { x: 60, y: 12 } });
    await expect.poll(shownLabels, WAIT).toEqual(['容易醒', '常感到疲惫', '睡眠不好']);
    await expect.poll(savedQuestions, WAIT).toEqual([['q3', '容易醒'], ['q1', '常感到疲惫'], ['q2', '睡眠不好']]);
    expect(await undoButton().getAttribute('title')).toContain('撤销：移动第 3 题“容易醒”');

    await undoButton().click();
    await expect.poll(shownLabels, WAIT).toEqual(['常感到疲惫', '睡眠不好', '容易醒']);
    await expect.poll(savedQuestions, WAIT).toEqual([['q1', '常感到疲惫'], ['q2', '睡眠不好'], ['q3', '容易醒']]);

    // by hand, downwards: while over question 3 a line below it says where question 1 lands
    await handles.nth(0).hover();
    await page.mouse.down();
    await q(2).hover({ position: { x: 60, y: 12 } });
    await q(2).hover({ position: { x: 80, y: 16 } });
    await expect.poll(() => page.locator('.st-qslot-below').count(), WAIT).toBe(1);
    expect(await page.locator('.st-qslot').nth(2).getAttribute('class')).toContain('st-qslot-below');
    await screenshot(page, 'studio-builder-undo-drag');
    await page.mouse.up();
    await expect.poll(shownLabels, WAIT).toEqual(['睡眠不好', '容易醒', '常感到疲惫']);
    await expect.poll(savedQuestions, WAIT).toEqual([['q2', '睡眠不好'], ['q3', '容易醒'], ['q1', '常感到疲惫']]);
    expect(await page.locator('.st-qslot-below, .st-qslot-above, .st-qslot-dragging').count()).toBe(0);
    expect(desk.problems).toEqual([]);
    await page.setViewportSize(size);
  }, 120_000);
});
