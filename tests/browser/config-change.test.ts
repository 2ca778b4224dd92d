/**
 * A flow change with no code change: copy the config, edit one `go` target and
 * one message in YAML, start the real server on the copy, and walk the same
 * clicks as on the original config. The original shows 是否先填写健康问卷？ and
 * lands on 健康体检 (/PersonIndex); the edited copy shows the new text and
 * lands on 驾驶证体检 (/VehicleIndex). Same build of the app for both.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyConfig, editConfigFile, startApp, type RunningApp } from './helpers/app';
import { clickText, hashPath, openPhone, screenshot, waitText, type Phone } from './helpers/phone';

const running: Array<{ app: RunningApp; phone: Phone }> = [];
afterAll(async () => {
  for (const r of running) {
    await r.phone.close();
    await r.app.stop();
  }
});

/** Home → 个人体检 → 已婚 → 健康体检 → the questionnaire prompt; returns its text. */
async function choosePersonalType(configDir?: string): Promise<{ phone: Phone; prompt: string }> {
  const app = await startApp(configDir ? { configDir } : {});
  const phone = await openPhone(app.baseUrl);
  running.push({ app, phone });
  const { page } = phone;
  await page.goto('/');
  await waitText(page, '选择院区', 30_000); // through the sandbox OAuth round trip
  await page.getByText('（总院）').locator('visible=true').first().click(); // a part of the card's title
  await waitText(page, '个人体检');
  await clickText(page, '个人体检');
  await clickText(page, '已婚');
  await clickText(page, '健康体检');
  const dialog = page.locator('.adm-dialog-content');
  await dialog.waitFor({ state: 'visible', timeout: 10_000 });
  return { phone, prompt: (await dialog.innerText()).trim() };
}

describe('config change without code change', () => {
  it('original config: the prompt text and /PersonIndex', async () => {
    const { phone, prompt } = await choosePersonalType();
    expect(prompt).toBe('是否先填写健康问卷？');
    await clickText(phone.page, '直接预约');
    await waitText(phone.page, '健康体检');
    expect(hashPath(phone.page).split('?')[0]).toBe('/PersonIndex');
  });

  it('edited copy: the new message and the new next target', async () => {
    const dir = copyConfig();
    editConfigFile(path.join(dir, 'flows/messages.yaml'), 'takeQuestionnaire: 是否先填写健康问卷？', 'takeQuestionnaire: 先做个健康小问卷吗？');
    editConfigFile(path.join(dir, 'flows/home.yaml'), '- do: [ { go: PersonIndex } ]', '- do: [ { go: VehicleIndex } ]');
    const { phone, prompt } = await choosePersonalType(dir);
    expect(prompt).toBe('先做个健康小问卷吗？');
    await clickText(phone.page, '直接预约');
    await waitText(phone.page, '驾驶证体检');
    expect(hashPath(phone.page).split('?')[0]).toBe('/VehicleIndex');
    await screenshot(phone.page, 'config-change-vehicle');
  });
});
