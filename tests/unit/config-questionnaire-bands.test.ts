/**
 * A scored questionnaire's bands (flows/app.yaml `questionnaires.<id>.scoring`)
 * against the highest total its schema can give: a band that starts above it
 * never shows, and is refused at its line (issue 25: "a band above the maximum
 * possible score is not flagged").
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { checkConfigFiles, formatErrors, readConfigFiles, readMetaSchema } from '../../src/engine/config/check';
import { registriesFor } from '../../src/server/config-registries';

const REPO = join(import.meta.dirname, '../..');
const SCORE = { 从不: 0, 偶尔: 1, 经常: 2, 总是: 3 };
const schema = {
  type: 'object',
  properties: {
    late: { type: 'string', 'x-label': '晚睡', enum: Object.keys(SCORE), 'x-score': SCORE },
    wake: { type: 'string', 'x-label': '夜醒', enum: Object.keys(SCORE), 'x-score': SCORE },
    aids: { type: 'array', 'x-label': '助眠方式', uniqueItems: true, items: { type: 'string', enum: ['药物', '饮酒', '无'] }, 'x-score': { 药物: 2, 饮酒: 1, 无: 0 } },
  },
};

function check(bands: string) {
  const files = readConfigFiles(REPO);
  files['schemas/forms/sleep.json'] = JSON.stringify(schema, null, 2);
  files['flows/app.yaml'] = files['flows/app.yaml'].replace('questionnaires:\n', `questionnaires:\n  sleep:\n    title: 睡眠\n    schema: forms/sleep.json\n    owner: openid\n    scoring:\n      bands:\n${bands}`);
  return formatErrors(checkConfigFiles(files, registriesFor(REPO), readMetaSchema()).errors);
}

it('a band past the highest total (3 + 3 + 2 + 1 = 9) is refused; the bands up to it are fine', () => {
  expect(check('        - { max: 4, label: 良好 }\n        - { max: 9, label: 较差 }\n')).toBe('');
  const text = check('        - { max: 4, label: 良好 }\n        - { max: 9, label: 较差 }\n        - { max: 12, label: 很差 }\n');
  expect(text).toMatch(/^flows\/app\.yaml:\d+:\d+ {2}问卷 "sleep"：分数段 "很差" 永远不会出现：这份问卷最高只能得 9 分，前一段 "较差" 已经到 9 分/);
  expect(text.split('\n').filter(Boolean)).toHaveLength(1);
});
