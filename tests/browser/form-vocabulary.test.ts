/**
 * A form written as ordinary JSON Schema (tests/fixtures/schema-vocabulary/phone-form.json:
 * a plain enum, oneOf titles, oneOf alternatives told apart by a const, a multiple choice, a list of strings and a list of
 * objects, a local $ref, if/then adding a field, readOnly, description, date
 * and time, a negative number) placed as a questionnaire step in a config copy,
 * on a phone at 375×667: everything it asks for is on screen and can be
 * answered; the app's first message and the server's (Ajv on the same file)
 * are the same; what is stored is what Ajv accepts. In the studio, the same
 * file with a keyword the phone cannot show is refused at its line in Chinese.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyConfig, editConfigFile, REPO, startApp, type RunningApp } from './helpers/app';
import { login } from './helpers/journey';
import { hashPath, openPhone, screenshot, visibleText, waitText, type Phone } from './helpers/phone';
import { findEditorLine, openStudioDesk, openStudioFile, signInStudio } from './helpers/studio';
import { openLink } from './helpers/questionnaire';
import { createAjv } from '../../src/engine/schema/ajv';

const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO, 'tests/fixtures/schema-vocabulary/phone-form.json'), 'utf8')) as Record<string, unknown>;

const FLOW = `flow: vocab
steps:
  VocabForm:
    route: /VocabForm
    auth: true
    entry: true
    title: 就诊登记
    screen: form
    form: { schema: forms/vocab.json }
    props: { submitEvent: submit, submitText: 提交 }
    on:
      submit:
        - validate: true
          show: alert
        - call: SaveQuestionnaire
          body: { openId: "=session.openid", qid: vocab, answers: "=toJson(form)" }
          onFail: [ { toast: questionnaireSaveFailed }, { stop: true } ]
          onError: [ { toast: questionnaireSaveFailed }, { stop: true } ]
        - alert: questionnaireSaved
`;

let dir = '';
let app: RunningApp;
let phone: Phone;
beforeAll(async () => {
  dir = copyConfig('checkup-vocab-');
  fs.writeFileSync(path.join(dir, 'schemas/forms/vocab.json'), JSON.stringify(SCHEMA, null, 2));
  fs.writeFileSync(path.join(dir, 'flows/vocab.yaml'), FLOW);
  editConfigFile(path.join(dir, 'flows/app.yaml'), 'questionnaires:\n', 'questionnaires:\n  vocab:\n    title: 就诊登记\n    schema: forms/vocab.json\n    owner: openid\n');
  app = await startApp({ configDir: dir });
  phone = await openPhone(app.baseUrl);
}, 180_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail' || !phone) return;
  await screenshot(phone.page, 'FAILED-form-vocabulary').catch(() => {});
  console.log(`[failed at ${hashPath(phone.page)}]\n${(await visibleText(phone.page).catch(() => '')).slice(0, 1500)}\n${app?.logs()}`);
});
afterAll(async () => {
  await phone?.close();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('ordinary JSON Schema as a form step on a phone', () => {
  it('shows every field it asks for, fills and submits; the app, the server and Ajv agree', async () => {
    const { page } = phone;
    const field = (p: string) => page.locator(`#f-VocabForm-${p.replace(/\./g, '-')}`);
    const tap = (p: string, text: string) => field(p).getByText(text, { exact: true }).click();
    const alertText = async () => {
      const dialog = page.locator('.adm-dialog-content');
      await dialog.waitFor({ state: 'visible', timeout: 15_000 });
      const text = (await dialog.innerText()).trim();
      await page.locator('.adm-dialog').getByText('确定', { exact: true }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
      return text;
    };
    /** Confirms the open wheel at what it shows. */
    const confirmWheel = async () => {
      const popup = page.locator('.adm-picker').locator('visible=true').last();
      await popup.waitFor({ state: 'visible', timeout: 10_000 });
      await popup.getByText('确定', { exact: true }).click();
      await popup.waitFor({ state: 'hidden', timeout: 10_000 });
    };

    await login(page);
    await openLink(page, '/VocabForm');
    await waitText(page, '请按实际情况填写。', 20_000);

    // What the schema asks for is on screen: labels, choices with their titles, the read-only value, the description.
    expect(await field('regno').evaluate((e) => `${e.tagName}:${e.textContent}`)).toBe('SPAN:R-001');
    expect(await field('sex').innerText()).toMatch(/男\s*女/);
    expect(await field('payment').innerText()).toMatch(/自费\s*医保/);
    expect(await field('contact.via').innerText()).toMatch(/电话\s*邮箱/);
    expect(await field('symptoms').innerText()).toMatch(/头痛\s*咳嗽\s*发热/);
    expect(await field('smoker').innerText()).toMatch(/是\s*否/);
    await waitText(page, '大约几点到');
    expect(await field('medicines.0').count()).toBe(1);
    expect(await page.getByText('每天几支').count(), 'the then-field waits for 是').toBe(0);
    await screenshot(page, 'form-vocabulary-empty');

    // The first missing answer, in display order.
    await page.getByText('提交', { exact: true }).click();
    expect(await alertText()).toBe('请填写性别');

    await tap('sex', '女');
    await tap('payment', '医保');
    await tap('contact.via', '邮箱');
    await field('contact.email').fill('li@example.com');
    await tap('contact.via', '电话');
    expect(await field('contact.email').count(), 'the other alternative’s field goes').toBe(0);
    await field('contact.phone').fill('13800001111');
    await tap('symptoms', '咳嗽');
    await field('medicines.0').fill('阿司匹林');
    await page.getByText('添加药名', { exact: true }).click();
    await field('medicines.1').fill('二甲双胍');
    await page.getByText('添加手术史', { exact: true }).click();
    await field('surgeries.0.name').fill('阑尾切除');
    await field('surgeries.0.year').fill('2010');
    await tap('smoker', '是');
    await waitText(page, '每天几支');
    await field('visitDay').click();
    await confirmWheel();
    await field('arrive').click();
    await confirmWheel();
    await field('temp').fill('-50');
    await expect.poll(() => field('arrive').innerText()).toBe('08:00');
    await screenshot(page, 'form-vocabulary-filled');

    // The then-field, asked by the app…
    await page.getByText('提交', { exact: true }).click();
    expect(await alertText()).toBe('请填写每天几支');
    expect(app.sql(`SELECT id FROM questionnaire_answers WHERE kind = 'vocab'`)).toEqual([]);

    // …then answered: stored as sent, and what was stored is what Ajv accepts.
    await field('perDay').fill('5');
    const [request] = await Promise.all([page.waitForRequest('**/api/QuestionApi/SaveQuestionnaire'), page.getByText('提交', { exact: true }).click()]);
    expect(await alertText()).toBe('问卷提交成功');
    const sent = JSON.parse(request.postData() ?? '{}') as { openId: string; answers: string };
    const answers = JSON.parse(sent.answers) as Record<string, unknown>;
    expect(answers).toMatchObject({
      regno: 'R-001', sex: '女', payment: 'insurance', contact: { via: 'phone', phone: '13800001111' }, symptoms: ['咳嗽'], medicines: ['阿司匹林', '二甲双胍'],
      surgeries: [{ name: '阑尾切除', year: 2010 }], smoker: '是', perDay: 5, temp: -50, arrive: '08:00:00+08:00',
    });
    expect(answers.visitDay).toMatch(/^\d{4}-\d\d-\d\d$/);
    const [row] = app.sql<{ body: string }>(`SELECT body FROM questionnaire_answers WHERE kind = 'vocab'`);
    expect(JSON.parse(row!.body)).toEqual(answers);
    const ajv = createAjv().compile(SCHEMA);
    expect(ajv(structuredClone(answers)), JSON.stringify(ajv.errors)).toBe(true);

    // The server, given what the app refused, refuses it with the app's words.
    // The app's own call, its token included, with other answers.
    const headers = await request.allHeaders();
    const auth = Object.fromEntries(Object.entries(headers).filter(([k]) => k === 'authorization' || k === 'content-type'));
    const save = async (a: Record<string, unknown>) =>
      (await (await page.request.post(request.url(), { headers: auth, data: { openId: sent.openId, qid: 'vocab', answers: JSON.stringify(a) } })).json()) as { success: boolean; returnMsg: string };
    const { perDay: _perDay, ...withoutPerDay } = answers;
    expect(await save(withoutPerDay)).toMatchObject({ success: false, returnMsg: '请填写每天几支' });
    expect(await save({ ...answers, temp: -51 })).toMatchObject({ success: false, returnMsg: '室温应当为 >= -50' });
    expect(await save({ ...answers, contact: { via: 'email' } })).toMatchObject({ success: false, returnMsg: '请填写邮箱' });
    expect(ajv(withoutPerDay)).toBe(false);
  }, 240_000);

  it('in the studio, a keyword the phone cannot show is refused at its line, in Chinese', async () => {
    const desk = await openStudioDesk(app.baseUrl);
    try {
      const { page } = desk;
      await signInStudio(page);
      await openStudioFile(page, 'schemas/forms/vocab.json');
      const text = JSON.stringify(SCHEMA, null, 2).split('\n');
      const lineNo = text.findIndex((l) => l.includes('"format": "time"')) + 1;
      await (await findEditorLine(page, /"format": "time"/)).click();
      await page.keyboard.press('End');
      for (const key of ['ArrowLeft', 'ArrowLeft', 'Backspace', 'Backspace', 'Backspace', 'Backspace']) await page.keyboard.press(key);
      await page.keyboard.type('data-url');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('check-chip').innerText(), { timeout: 30_000 }).toBe('1 个问题');
      const problem = page.locator('.st-problem').first();
      expect(await problem.locator('.st-loc').innerText()).toMatch(new RegExp(`^schemas/forms/vocab\\.json:${lineNo}:\\d+$`));
      expect(await problem.locator('.st-msg').innerText()).toBe('字段 "arrive"：手机上还不能上传文件（"format": "data-url"）；请改成文字说明，或删掉这个字段');
      await screenshot(page, 'form-vocabulary-studio-refused');
      expect(desk.problems).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 120_000);
});
