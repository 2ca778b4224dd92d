/**
 * The recipes of docs/form-format.md ("Recipes"), taken from the guide as
 * written and put into the repository's config as an admin would (a sleep
 * questionnaire with an exclusive option and a consent box, saved with
 * `keep`, shown back in view mode, two branches in 我的问卷): the config checks
 * clean. And the mistakes the guide warns of are refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfigFiles, formatErrors, readConfigFiles, readMetaSchema } from '../../src/engine/config/check';
import { registriesFor } from '../../src/server/config-registries';

const REPO = join(import.meta.dirname, '../..');
const guide = readFileSync(join(REPO, 'docs/form-format.md'), 'utf8');
const recipes = guide.slice(guide.indexOf('### Recipes'), guide.indexOf('### What the checker does not check'));
/** The YAML blocks of the recipes, in order: the save, view mode, 我的问卷's branches. */
const blocks = [...recipes.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1].split('\n').map((l) => l.replace(/^ {2}/, '')).join('\n'));
const indent = (text: string, n: number) => text.split('\n').map((l) => (l ? ' '.repeat(n) + l : l)).join('\n');
const fixture = (name: string) => JSON.parse(readFileSync(join(REPO, 'tests/fixtures/schema-vocabulary', `${name}.json`), 'utf8')) as { properties: object; required: string[] };

function configWithRecipes(edit: (files: Record<string, string>) => void = () => {}) {
  const files = readConfigFiles(REPO);
  const [save, view, branches] = blocks;
  const exclusive = fixture('exclusive-option');
  const consent = fixture('consent');
  files['schemas/forms/sleep.json'] = JSON.stringify({ type: 'object', required: [...exclusive.required, ...consent.required], properties: { ...exclusive.properties, ...consent.properties } }, null, 2);
  files['flows/app.yaml'] = files['flows/app.yaml'].replace('questionnaires:\n', 'questionnaires:\n  sleep: { title: 睡眠质量自评, schema: forms/sleep.json, owner: openid, listed: true }\n');
  files['flows/messages.yaml'] = files['flows/messages.yaml'].replace('messages:\n', 'messages:\n  sleepScore: 您的睡眠得分 {score} 分：{band}\n');
  const step = view.replace('    # … validate, save\n', `    - validate: true\n${indent(save, 4)}`);
  files['flows/sleep.yaml'] = `flow: sleep\nsteps:\n  SleepQuestionnaire:\n    route: /SleepQuestionnaire\n    auth: true\n    title: 睡眠质量自评\n    screen: form\n${indent(step, 4)}`.replace("submitText: \"=query.mode == 'view' ? '返回' : '提交'\"", "submitText: \"=query.mode == 'view' ? '返回' : '提交'\"\n      submitEvent: submit");
  files['flows/questionnaires.yaml'] = files['flows/questionnaires.yaml'].replace('        - switch:\n', `        - switch:\n${indent(branches, 12)}`);
  edit(files);
  return checkConfigFiles(files, registriesFor(REPO), readMetaSchema());
}

describe('the guide’s recipes', () => {
  it('has the three YAML recipes', () => {
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toMatch(/keep: data\.saved/);
    expect(blocks[1]).toMatch(/readOnlyIf/);
    expect(blocks[2]).toMatch(/status == 'pending'/);
  });

  it('put into the config as written, they check clean', () => {
    const r = configWithRecipes();
    expect(formatErrors(r.errors)).toBe('');
    expect(r.config?.steps.SleepQuestionnaire).toBeTruthy();
  });

  it('a misspelt answer field after keep, an unknown qid, a status the list never has: refused', () => {
    const r = configWithRecipes((f) => {
      f['flows/sleep.yaml'] = f['flows/sleep.yaml'].replace('=data.saved.score"', '=data.saved.scor"').replace('qid: sleep', 'qid: slep');
      f['flows/questionnaires.yaml'] = f['flows/questionnaires.yaml'].replace("event.item.status == 'pending'", "event.item.status == '待填写'");
    });
    const text = formatErrors(r.errors);
    expect(text).toMatch(/flows\/sleep\.yaml:\d+:\d+ .*"data\.saved\.scor" 不存在.*是不是要写 "score"/);
    expect(text).toMatch(/flows\/sleep\.yaml:\d+:\d+ .*slep/);
    expect(text).toMatch(/flows\/questionnaires\.yaml:\d+:\d+ .*'待填写'/);
  });
});
