/**
 * The builder's "在手机上" panel (src/studio/questionnaire/wiring.ts): a new
 * questionnaire's page, home tile and 我的问卷 branch are written into the
 * repository's own flows, the rest of each file stays byte for byte, the
 * config checker accepts the result, and the wiring reads back as complete.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { readConfigFiles } from '../../src/engine/config/read-files';
import { checkConfigFiles } from '../../src/engine/config/check-files';
import { readMetaSchema } from '../../src/engine/config/check';
import { registriesFor } from '../../src/server/config-registries';
import { toFileText, writeQuestionnaire, type Questionnaire, type RegistryEntry } from '../../src/studio/questionnaire/model';
import { addQuestion, updateQuestion } from '../../src/studio/questionnaire/edit';
import { writeRegistry } from '../../src/studio/questionnaire/registry';
import { addListBranch, addMessage, addPage, addTile, readWiring } from '../../src/studio/questionnaire/wiring';

const ROOT = path.resolve(__dirname, '../..');
const ENTRY: RegistryEntry = { id: 'stress', title: '压力自评', schema: 'forms/stress.json', owner: 'openid', listed: true, bands: [{ max: 1, label: '轻' }, { max: 5, label: '重' }] };

function withQuestionnaire(entry = ENTRY): Record<string, string> {
  const files = readConfigFiles(ROOT);
  let qn: Questionnaire = { title: entry.title, sections: [], raw: {} };
  qn = addQuestion(qn, 0, 'single');
  qn = updateQuestion(qn, 0, 0, { key: 'tired', label: '常感到疲惫', options: [{ value: '是', score: 2 }, { value: '否', score: 0 }] });
  files[`schemas/${entry.schema}`] = toFileText(writeQuestionnaire(qn));
  files['flows/app.yaml'] = writeRegistry(files['flows/app.yaml'], entry);
  return files;
}

const check = (files: Record<string, string>) => checkConfigFiles(files, registriesFor(ROOT), readMetaSchema()).errors;

/** `after` is `before` with only `added` lines put in (nothing else changed). */
function onlyAdded(before: string, after: string, added: string[]): void {
  const b = before.split('\n');
  const a = after.split('\n');
  expect(a.filter((l) => !added.includes(l))).toEqual(b);
  for (const l of added) expect(a).toContain(l);
}

describe('the builder wires a questionnaire into the phone', () => {
  it('reads what a registered questionnaire lacks, and what the shipped ones have', () => {
    const files = withQuestionnaire();
    const w = readWiring(files, ENTRY);
    expect(w.page).toBeNull();
    expect(w.home?.id).toBe('Index');
    expect(w.list?.id).toBe('MyQuestionnaire');
    expect(w.tile).toBeNull();
    expect(w.listBranch).toBe(false);
    expect(w.cannotGenerate).toBeNull();
    const health = readWiring(files, { ...ENTRY, id: 'health', schema: 'forms/health-questionnaire.json' });
    expect(health.page?.id).toBe('HealthQuestionnaire');
    expect(health.listBranch).toBe(true);
    expect(readWiring(files, { ...ENTRY, owner: 'regno' }).cannotGenerate).toMatch(/团检/);
  });

  it('adds the page, the tile and the branch; the checker accepts each step of the way', () => {
    const files = withQuestionnaire();
    const before = { ...files };
    Object.assign(files, addPage(files, ENTRY, '压力自评'));
    expect(check(files)).toEqual([]);
    let w = readWiring(files, ENTRY);
    expect(w.page).toMatchObject({ id: 'StressQuestionnaire', file: 'flows/stress.yaml' });
    expect(w.page!.step).toMatchObject({ route: '/StressQuestionnaire', auth: true, screen: 'form', title: '压力自评' });
    onlyAdded(before['flows/messages.yaml'], files['flows/messages.yaml'], ['  stressScore: 压力自评得分 {score} 分：{band}']);

    Object.assign(files, addTile(files, w, '压力自评', 'report'));
    expect(check(files)).toEqual([]);
    onlyAdded(before['flows/home.yaml'], files['flows/home.yaml'], ['        - { text: 压力自评, icon: report, event: stress }', '      stress: [ { go: StressQuestionnaire } ]']);
    w = readWiring(files, ENTRY);
    expect(w.tile).toEqual({ text: '压力自评' });
    // before the tiles only approvers see
    const tiles = (parseDocument(files['flows/home.yaml']).toJS() as { steps: { Index: { props: { tiles: Array<{ text: string }> } } } }).steps.Index.props.tiles.map((t) => t.text);
    expect(tiles.indexOf('压力自评')).toBe(tiles.indexOf('免费审核') - 1);

    Object.assign(files, addListBranch(files, w, ENTRY));
    expect(check(files)).toEqual([]);
    onlyAdded(before['flows/questionnaires.yaml'], files['flows/questionnaires.yaml'], [
      `            - when: "event.item.kind == 'stress'"`,
      '              do: [ { go: StressQuestionnaire, query: { id: "=event.item.id", mode: view } } ]',
    ]);
    w = readWiring(files, ENTRY);
    expect(w.listBranch).toBe(true);
    // the catch-all stays last
    const sw = (parseDocument(files['flows/questionnaires.yaml']).toJS() as { steps: { MyQuestionnaire: { on: { open: Array<{ switch: Array<{ when?: string }> }> } } } }).steps.MyQuestionnaire.on.open[0].switch;
    expect(sw.map((c) => c.when ?? null)).toEqual(["event.item.kind == 'health'", "event.item.kind == 'occupational'", "event.item.kind == 'stress'", null]);
  });

  it('picks free names when the obvious ones are taken', () => {
    const files = withQuestionnaire({ ...ENTRY, id: 'notice-check', schema: 'forms/notice-check.json' });
    files['flows/notice-check.yaml'] = 'flow: x\nsteps: {}\n';
    const entry = { ...ENTRY, id: 'notice-check', schema: 'forms/notice-check.json' };
    Object.assign(files, addPage(files, entry, '须知确认'));
    const w = readWiring(files, entry);
    expect(w.page).toMatchObject({ id: 'NoticeCheckQuestionnaire', file: 'flows/notice-check2.yaml' });
    Object.assign(files, addTile(files, w, '须知确认', 'notice'));
    // "notice" is the 体检须知 tile's event: the new one gets its own
    expect(files['flows/home.yaml']).toContain('noticeCheck: [ { go: NoticeCheckQuestionnaire } ]');
    expect(check(files).filter((e) => e.file !== 'flows/notice-check.yaml')).toEqual([]);
  });

  it('appends a message as the last of messages:, keeping the rest of the file', () => {
    const text = '# head\nmessages:\n  a: 一\n  # tail comment\n  b: 二\n\n\n# server texts\nserver:\n  x: {}\n';
    expect(addMessage(text, 'c', '三')).toBe('# head\nmessages:\n  a: 一\n  # tail comment\n  b: 二\n  c: 三\n\n\n# server texts\nserver:\n  x: {}\n');
  });
});
