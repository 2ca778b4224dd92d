/**
 * The health questionnaire (ordinaryQs) in the browser, as the demo user
 * (sandbox OAuth): every spec message on submit (§5) with nothing typed lost
 * (nor by a reload mid-form),
 * a complete save checked by reopening it from my questionnaires in view mode,
 * then where the app goes after a save by the stored session type (§2), the
 * type set as a person sets it (home popup, or 团队体检 → team login → 去预约).
 * The config-edit case is tests/browser/questionnaire-config.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  bookWithoutExtras,
  choosePersonal,
  dialogButton,
  fillTeamLogin,
  home,
  journeyApp,
  LI_MING,
  LIST_ROUTE,
  route,
  waitRoute,
  type Shots,
  type TypeLabel,
} from './helpers/journey';
import { COMPLETE, answerHealth, expectShown, openLink, saveCompleteHealth, shownAnswer, submitHealth, waitHealthForm } from './helpers/questionnaire';
import { clickText, hashPath, visibleText, waitText } from './helpers/phone';
import { persistedSession } from './helpers/session';

const j = journeyApp('questionnaire-health');

describe('health questionnaire', () => {
  it('each message on submit, nothing typed lost; a complete answer saves and views as answered', async () => {
    const { page } = j.phone;
    await openLink(page, '/HealthQuestionnaire');
    await waitHealthForm(page);
    expect(await shownAnswer(page, 'company'), 'the demo user has no saved health answer: an empty form').toBe('');

    // A required question unanswered (the last one), with surgery 有 and no name yet:
    // the required message comes first (spec §5: required …, otherwise 请完整填写问卷信息; then the details).
    const typed = { ...COMPLETE, surgeryHistory: '有', recentAnxiety: undefined };
    await answerHealth(page, typed);
    expect(await submitHealth(page)).toBe('请完整填写问卷信息');
    await expectShown(page, typed);
    expect(await shownAnswer(page, 'recentAnxiety')).toBe('');

    await answerHealth(page, { recentAnxiety: '是' });
    expect(await submitHealth(page)).toBe('请填写手术名称');
    await expectShown(page, { ...typed, recentAnxiety: '是' });

    await answerHealth(page, { surgeryName: '阑尾切除术', allergyHistory: '有' });
    expect(await submitHealth(page)).toBe('请填写药物名称');
    await expectShown(page, { ...typed, recentAnxiety: '是', surgeryName: '阑尾切除术', allergyHistory: '有' });

    await answerHealth(page, { allergyName: '青霉素', smoking: '吸烟', smokingAmount: '10' });
    expect(await submitHealth(page), 'amount without years').toBe('请填写吸烟数量和年限');
    await answerHealth(page, { smokingAmount: '', smokingYears: '8' });
    expect(await submitHealth(page), 'years without amount').toBe('请填写吸烟数量和年限');

    const answered = { ...typed, recentAnxiety: '是', surgeryName: '阑尾切除术', allergyHistory: '有', allergyName: '青霉素', smoking: '吸烟', smokingAmount: '', smokingYears: '8' };
    await expectShown(page, answered);

    // A reload (a killed webview) mid-form loses nothing: the draft is in the persisted session.
    await expect.poll(async () => (await persistedSession(page)).drafts.healthQuestionnaire?.smokingYears, { timeout: 5_000 }).toBe('8');
    await page.reload();
    await waitHealthForm(page);
    await expectShown(page, answered);

    // Complete: saved (SaveGetQuestion), the success toast, then on (no session type yet → /PersonIndex).
    await answerHealth(page, { smokingAmount: '10' });
    expect(await submitHealth(page)).toBe('问卷提交成功');
    await waitRoute(page, '/PersonIndex');

    // The server has it: my questionnaires → 健康问卷 (已完成) → view mode by id shows the answers.
    await page.goto('/#/MyQuestionnaire');
    await waitText(page, '健康问卷', 15_000);
    const card = page.locator('.adm-card, .adm-list-item').filter({ hasText: '健康问卷' }).first();
    expect(await card.innerText()).toContain('已完成');
    await clickText(page, '健康问卷');
    await page.waitForFunction(() => location.hash.includes('mode=view'), undefined, { timeout: 10_000 });
    expect(hashPath(page)).toMatch(/id=[\w-]+/);
    await waitText(page, '阑尾切除术', 15_000);
    await expectShown(page, { ...answered, smokingAmount: '10' });
    expect(await page.locator('input:visible').count(), 'view mode: nothing editable').toBe(0);
  });

  describe('after a save, the next screen by the stored session type', () => {
    const shots: Shots = { prefix: 'questionnaire-health-route', taken: [] };

    /** Home → 个人体检 → the type → 直接预约 (stores session.type) → back home → the centre's link → save. */
    async function personalThenSave(type: TypeLabel): Promise<void> {
      const { page } = j.phone;
      expect(await choosePersonal(page, shots, '已婚', type)).toBe('是否先填写健康问卷？');
      await dialogButton(page, '直接预约');
      await waitRoute(page, LIST_ROUTE[type]);
      // From home, so a "back" after saving would not land on the list by chance.
      await home(page);
      await openLink(page, '/HealthQuestionnaire');
      await saveCompleteHealth(page);
    }

    it.each<[TypeLabel, string]>([
      ['驾驶证体检', '/VehicleIndex'],
      ['入职体检', '/StaffIndex'],
      ['健康证体检', '/HealthCertificate'],
      ['健康体检', '/PersonIndex'],
    ])('%s → %s', async (type, target) => {
      const { page } = j.phone;
      await personalThenSave(type);
      await waitRoute(page, target);
      expect(route(page)).toBe(target);
      await waitText(page, type); // the list screen's own heading
    });

    it('团队体检 (group) → /TeamBookSum', async () => {
      const { page } = j.phone;
      await home(page);
      await clickText(page, '团队体检');
      await waitRoute(page, '/TeamLogin');
      // A demo company member flagged 普通体检 (src/server/seed/data.ts).
      await fillTeamLogin(page, LI_MING);
      await clickText(page, '登录');
      await waitRoute(page, '/TeamComboList');
      await waitText(page, LI_MING.name);
      expect(await visibleText(page)).toContain('普通体检');
      await bookWithoutExtras(page);
      await saveCompleteHealth(page);
      await waitRoute(page, '/TeamBookSum');
      expect(route(page)).toBe('/TeamBookSum');
      await waitText(page, '选择体检日期');
    });
  });
});
