/**
 * The journey changed in config only (no code change, same build): a copy of
 * flows/ and schemas/ where the question bank gains a first question with a
 * follow-up, and /PersonIndex's tabs are renamed and a third tab added. The app
 * on the copy asks the new question (and its follow-up) and shows the new tabs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyConfig, editConfigFile } from './helpers/app';
import {
  answerQuestions,
  choosePersonal,
  clickText,
  dialogButton,
  dialogText,
  fillBasicInfo,
  hashPath,
  journeyApp,
  shot,
  toastText,
  visibleText,
  waitRoute,
  waitText,
  type Shots,
} from './helpers/journey';

let dir: string;
const s: Shots = { prefix: 'config-journey', taken: [] };

function editedConfig(): string {
  dir = copyConfig('checkup-journey-config-');
  // question bank: a new first question whose 否 pulls in a follow-up
  const bankFile = path.join(dir, 'schemas/questionnaires/self-assessment.json');
  const bank = JSON.parse(fs.readFileSync(bankFile, 'utf8'));
  bank.sections[0].questions.unshift(
    { code: 'Q00', id: 'Q00', title: '您今天是否空腹？', wt_type: 'A', type: 1, answers: [{ ans: '是' }, { ans: '否', isNext: 'Q00A' }] },
    { code: 'Q00A', id: 'Q00A', title: '距上次进食几小时？', wt_type: 'B', type: 3, answers: [] },
  );
  fs.writeFileSync(bankFile, JSON.stringify(bank, null, 2));
  // /PersonIndex tabs: renamed, and a third one (married-only packages)
  editConfigFile(
    path.join(dir, 'flows/personal.yaml'),
    '        - { title: 男, items: "=data.packages.m" }\n        - { title: 女, items: "=data.packages.w" }\n      search:',
    '        - { title: 男士套餐, items: "=data.packages.m" }\n        - { title: 女士套餐, items: "=data.packages.w" }\n' +
      '        - { title: 已婚套餐, items: "=filter(data.packages.w, \'marr_status\', \'2\')" }\n      search:',
  );
  return dir;
}

const j = journeyApp('config-journey', { configDir: editedConfig });
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('journey: question bank and list tabs changed in config only', () => {
  it('asks the added question and its follow-up, then shows the renamed and added tabs', async () => {
    const { page } = j.phone;
    await choosePersonal(page, s, '未婚', '健康体检');
    await dialogButton(page, '填写问卷');
    await fillBasicInfo(page, s, { sex: '男', hyzk: '未婚' });
    await waitText(page, '您今天是否空腹？');
    await shot(page, s, 'new-question');
    // 否 pulls in the follow-up; 上一题 removes it and shows 否 again; 是 then goes straight on
    await clickText(page, '否');
    await clickText(page, '下一题');
    await waitText(page, '距上次进食几小时？');
    await shot(page, s, 'new-follow-up');
    await clickText(page, '上一题');
    await waitText(page, '您今天是否空腹？');
    expect(await page.locator('.cf-page .adm-radio-checked').innerText()).toBe('否');
    await clickText(page, '是');
    await clickText(page, '下一题');
    await waitText(page, '您目前是否患有以下慢性疾病？');
    expect(await visibleText(page)).toMatch(/2\/\d+/);
    const titles = await answerQuestions(page, s);
    expect(titles[0]).toBe('您目前是否患有以下慢性疾病？');
    expect(titles).not.toContain('距上次进食几小时？');
    expect(await dialogText(page)).toBe('您已完成问卷，是否提交？');
    await dialogButton(page, '确定');
    await toastText(page, '感谢您的配合！');
    await waitRoute(page, '/PersonIndex');
    await waitText(page, '男士套餐');
    const tabs = (await page.getByRole('tab').allInnerTexts()).map((t) => t.trim());
    expect(tabs).toEqual(['男士套餐', '女士套餐', '已婚套餐']);
    await clickText(page, '已婚套餐');
    await waitText(page, '女士全面体检套餐（已婚）');
    const text = await visibleText(page);
    expect(text).toContain('新婚孕前检查套餐');
    expect(text).not.toContain('女士基础体检套餐');
    expect(text).not.toContain('男士基础体检套餐');
    await shot(page, s, 'new-tabs');
  });
});
