/**
 * The questionnaire builder as an admin works it, for the builder's browser
 * tests: its question cards, the check chip, the draft as saved, and the steps
 * every such test repeats (create a questionnaire, add a question, give it its
 * page and publish).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface BuilderKit {
  /** The i-th question card. */
  q(i: number): ReturnType<Page['locator']>;
  chip(): ReturnType<Page['getByTestId']>;
  /** A file of the admin's draft as saved in the browser. */
  draftFile(path: string): Promise<string | undefined>;
  /** 问卷设计 → a new questionnaire with this file name and title. */
  create(id: string, title: string): Promise<void>;
  /** A question of `type` added at the end, with its text and field name; its card's index. */
  add(type: string, label: string, key: string): Promise<number>;
  /** 在手机上 → 生成填写页面 (`pageName` appears), then 预览并发布 with `note`, waiting for 已发布版本 #version. */
  publishWithPage(pageName: string, note: string, version: number): Promise<void>;
}

export function builderKit(page: Page): BuilderKit {
  const q = (i: number) => page.locator('.st-question').nth(i);
  return {
    q,
    chip: () => page.getByTestId('check-chip'),
    draftFile: (path) => page.evaluate((p) => (JSON.parse(localStorage.getItem('checkup-studio:draft:admin') ?? '{"files":{}}') as { files: Record<string, string> }).files[p], path),
    async create(id, title) {
      await page.getByRole('button', { name: '问卷设计' }).click();
      await page.getByPlaceholder('例如 sleep').fill(id);
      await page.getByPlaceholder('例如 睡眠质量自评').fill(title);
      await page.getByRole('button', { name: '创建' }).click();
    },
    async add(type, label, key) {
      await page.getByLabel('新题目的题型').selectOption(type);
      await page.getByRole('button', { name: '添加题目' }).click();
      const i = (await page.locator('.st-question').count()) - 1;
      await q(i).getByLabel('题目', { exact: true }).fill(label);
      await q(i).getByLabel('字段名').fill(key);
      return i;
    },
    async publishWithPage(pageName, note, version) {
      const panel = page.getByLabel('在手机上');
      await panel.getByRole('button', { name: '生成填写页面' }).click();
      await expect.poll(() => panel.locator('[data-part="page"]').innerText()).toContain(pageName);
      await page.getByRole('button', { name: '预览并发布' }).click();
      await page.getByLabel('修改说明（会记在版本记录里）').fill(note);
      const publish = page.getByTestId('publish-button');
      await expect.poll(() => publish.isDisabled(), { timeout: 60_000 }).toBe(false);
      await publish.click();
      await expect.poll(() => page.locator('.st-banner-success').innerText(), { timeout: 30_000 }).toMatch(new RegExp(`已发布版本 #${version}`));
    },
  };
}
