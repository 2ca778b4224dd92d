/**
 * Browser smoke check of the widgets jsdom cannot exercise (antd pickers, the
 * signature canvas), on the demo page at 375×667 in Chromium:
 *
 *   node --import tsx bench/form/smoke.ts      # exit 1 on the first failed check
 *
 * Screenshots go to .tmp/form-smoke/*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT, buildBenchPage, launchChromium, serveDir } from './page-server';

const OUT = join(PROJECT_ROOT, '.tmp/form-smoke');

function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) process.exitCode = 1;
}

await buildBenchPage(join(OUT, 'site'));
await mkdir(OUT, { recursive: true });
const { server, url } = await serveDir(join(OUT, 'site'));
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}?impl=demo`);
  await page.waitForSelector('#cf-name');

  await page.getByText('提交').click();
  // validate() is async (the Ajv chunk loads on first use): wait for the messages.
  await page.locator('.adm-form-item-feedback-error').nth(1).waitFor({ timeout: 5000 }).catch(() => undefined);
  check((await page.locator('.adm-form-item-feedback-error').allTextContents()).join('|') === '请输入姓名|请输入手机号码', 'submit: inline required messages in field order');
  await page.fill('#cf-name', '张三');
  check((await page.locator('.adm-form-item-feedback-error').count()) === 1, 'typing clears that field\'s message');

  await page.getByText('女', { exact: true }).click();
  check((await page.locator('text=初潮年龄').count()) === 1, 'x-visibleIf section appears for 女');

  await page.click('#cf-edu');
  await page.getByText('确定').click();
  await page.waitForTimeout(300);
  check((await page.locator('#cf-edu').textContent()) === '初中', 'picker confirms the first choice');

  await page.click('#cf-birth');
  await page.waitForTimeout(300);
  await page.getByText('确定').last().click();
  await page.waitForTimeout(300);
  check((await page.locator('#cf-birth').textContent()) === '2000-01-01', 'date picker starts at x-options.default');

  await page.click('#cf-sign');
  const canvas = page.locator('[data-testid=signature-canvas]');
  await canvas.waitFor();
  await page.waitForTimeout(300);
  const box = (await canvas.boundingBox())!;
  check(Math.round(box.width) === 375 - 40 + 2, `signature canvas width = window − 40 (+2 px border): ${box.width}`);
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.down();
  for (let i = 0; i < 20; i++) await page.mouse.move(box.x + 20 + i * 10, box.y + 20 + (i % 5) * 15);
  await page.mouse.up();
  await page.screenshot({ path: join(OUT, 'signature.png') });
  await page.getByText('确认', { exact: true }).click();
  await page.waitForTimeout(300);
  const src = await page.locator('#cf-sign img').getAttribute('src');
  check(!!src?.startsWith('data:image/png;base64,'), 'signature value is a PNG data URL');
  check((await page.locator('text=点击重新签名').count()) === 1, 'shows 点击重新签名 once signed');

  await page.getByText('添加工作经历').click();
  check((await page.getByText('删除', { exact: true }).count()) === 2, 'list: two entries, two delete buttons');
  await page.getByText('删除', { exact: true }).first().click();
  check((await page.getByText('删除', { exact: true }).count()) === 0, 'list: back to one entry, no delete button');

  await page.waitForTimeout(400);
  const values = (await page.evaluate(() => (window as unknown as { __values?: Record<string, unknown> }).__values)) ?? {};
  check(values.name === '张三' && values.gender === '女' && values.edu === '初中' && values.birth === '2000-01-01', 'onChange carries the cleaned values');
  await page.screenshot({ path: join(OUT, 'demo.png'), fullPage: true });

  await page.goto(`${url}?impl=view`);
  await page.waitForSelector('#cf-name');
  check((await page.locator('input, textarea').count()) === 0 && (await page.locator('#cf-category').textContent()) === '上岗前、离岗时', 'view mode: text only, checkbox values joined by 、');
  await page.screenshot({ path: join(OUT, 'view.png'), fullPage: true });
  check(errors.length === 0, `no page errors ${errors.join('; ')}`);
} finally {
  await browser.close();
  server.close();
}
