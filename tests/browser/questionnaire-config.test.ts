/**
 * A health-questionnaire edit by config only, on live data: the demo user saves
 * an answer; the centre then edits schemas/forms/health-questionnaire.json in a
 * config copy (a new section with a new question; a new surgery message) and
 * the app restarts on the same database with the edited config. The form
 * follows the edit (new section shown, new message on submit) and the answer
 * saved before still opens from my questionnaires in view mode as it was
 * answered: the old version's questions, without the new section.
 * Server side of versions: tests/server/questionnaires-versions.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { copyConfig, editConfigFile, startApp, type RunningApp } from './helpers/app';
import { login, waitRoute } from './helpers/journey';
import { clickText, hashPath, openPhone, screenshot, visibleText, waitText, type Phone } from './helpers/phone';
import { answerHealth, expectShown, openLink, saveCompleteHealth, shownAnswer, submitHealth, waitHealthForm } from './helpers/questionnaire';

const NEW_SECTION = '八、疫苗接种';
const NEW_QUESTION = '近一年是否接种流感疫苗';
const NEW_SURGERY_MESSAGE = '请写明做过的手术名称';

const configDir = copyConfig('checkup-hq-config-');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkup-hq-data-'));
let app: RunningApp | undefined;
let phone: Phone | undefined;

async function open(): Promise<Phone> {
  app = await startApp({ configDir, dataDir });
  phone = await openPhone(app.baseUrl);
  await login(phone.page);
  return phone;
}
async function close(): Promise<void> {
  await phone?.close();
  await app?.stop();
  phone = undefined;
  app = undefined;
}

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail' || !phone) return;
  await screenshot(phone.page, 'FAILED-questionnaire-config').catch(() => {});
  console.log(`[failed at ${hashPath(phone.page)}]\n${(await visibleText(phone.page).catch(() => '')).slice(0, 1500)}\n${app?.logs()}`);
});
afterAll(async () => {
  await close();
  fs.rmSync(configDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('health questionnaire: config edit on live data', () => {
  it('the form follows the edited schema; an answer saved before views in its own version', async () => {
    // Before the edit: the demo user answers (with a surgery) and saves.
    let { page } = await open();
    await openLink(page, '/HealthQuestionnaire');
    await saveCompleteHealth(page, { surgeryHistory: '有', surgeryName: '胆囊切除术', sleepQuality: '差' });
    expect(await visibleText(page)).not.toContain(NEW_SECTION);
    await close();

    // The centre's edit, in config only.
    const file = path.join(configDir, 'schemas/forms/health-questionnaire.json');
    editConfigFile(file, '"errorMessage": "请填写手术名称"', `"errorMessage": "${NEW_SURGERY_MESSAGE}"`);
    editConfigFile(
      file,
      '"recentAnxiety": {',
      JSON.stringify({
        vaccination: {
          type: 'object',
          'x-label': NEW_SECTION,
          properties: { flu: { type: 'string', 'x-label': NEW_QUESTION, 'x-widget': 'radio', enum: ['是', '否'] } },
        },
      }).slice(1, -1) + ',\n    "recentAnxiety": {',
    );

    // Same database, edited config.
    ({ page } = await open());

    // The answer saved before: my questionnaires → view mode, the old version's questions and values.
    // openLink is a fresh page load: the link opened again after the restart.
    await openLink(page, '/MyQuestionnaire');
    await waitText(page, '健康问卷', 15_000);
    await clickText(page, '健康问卷');
    await page.waitForFunction(() => location.hash.includes('mode=view'), undefined, { timeout: 10_000 });
    await waitText(page, '胆囊切除术', 15_000);
    await expectShown(page, { surgeryHistory: '有', surgeryName: '胆囊切除术', sleepQuality: '差', company: '杭州明远科技有限公司' });
    const viewed = await visibleText(page);
    expect(viewed).toContain('手术名称');
    expect(viewed, 'the old version has no new section').not.toContain(NEW_SECTION);
    expect(viewed).not.toContain(NEW_QUESTION);
    expect(await page.locator('input:visible').count(), 'view mode: nothing editable').toBe(0);
    await screenshot(page, 'questionnaire-config-view-old');

    // The form now: the new section and question, and the new surgery message on submit.
    await openLink(page, '/HealthQuestionnaire');
    await waitHealthForm(page);
    await waitText(page, NEW_SECTION);
    await waitText(page, NEW_QUESTION);
    expect(await shownAnswer(page, 'surgeryName'), 'the saved answer fills the form').toBe('胆囊切除术');
    await answerHealth(page, { surgeryName: '', 'vaccination.flu': '是' });
    expect(await submitHealth(page)).toBe(NEW_SURGERY_MESSAGE);
    await expectShown(page, { surgeryHistory: '有', surgeryName: '', 'vaccination.flu': '是' });
    await screenshot(page, 'questionnaire-config-new-form');

    // Saved in the new version; the new answer views with its new section.
    await answerHealth(page, { surgeryName: '疝气修补术' });
    expect(await submitHealth(page)).toBe('问卷提交成功');
    await waitRoute(page, '/PersonIndex');
    await openLink(page, '/MyQuestionnaire');
    await waitText(page, '健康问卷', 15_000);
    await clickText(page, '健康问卷');
    await page.waitForFunction(() => location.hash.includes('mode=view'), undefined, { timeout: 10_000 });
    await waitText(page, '疝气修补术', 15_000);
    await waitText(page, NEW_SECTION);
    await expectShown(page, { surgeryName: '疝气修补术', 'vaccination.flu': '是' });
  });
});
