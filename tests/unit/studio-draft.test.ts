/** The studio's draft: kept per admin in localStorage, resumed against what is live, compared file by file. */
import { describe, expect, it } from 'vitest';
import { changesOf, dropDraft, lineStats, readDraft, resumeDraft, saveDraft, type KeyValueStore } from '../../src/studio/draft';
import { fileGroups, isConfigFilePath, newFileProblem, templateFor } from '../../src/studio/files';
import { isConfigPath } from '../../src/engine/config/check-files';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const live = { 'flows/app.yaml': 'start: A\n', 'flows/messages.yaml': 'messages:\n  a: 一\n' };

describe('the draft', () => {
  it('lists what changed: added, removed, modified', () => {
    expect(changesOf(live, { 'flows/app.yaml': 'start: B\n', 'schemas/forms/x.json': '{}' })).toEqual([
      { path: 'flows/app.yaml', status: 'modified' },
      { path: 'flows/messages.yaml', status: 'removed' },
      { path: 'schemas/forms/x.json', status: 'added' },
    ]);
  });

  it('is kept per admin and resumed when it started from the live version', () => {
    const store = memory();
    expect(resumeDraft(readDraft(store, 'admin'), { id: 3, hash: 'h3' }, live)).toMatchObject({ resumed: false, stale: false, draft: { baseVersion: 3, files: live } });
    const edited = { baseVersion: 3, baseHash: 'h3', files: { ...live, 'flows/app.yaml': 'start: B\n' }, savedAt: 'now' };
    expect(saveDraft(store, 'admin', edited)).toBe(true);
    expect(readDraft(store, 'other')).toBeNull();
    expect(resumeDraft(readDraft(store, 'admin'), { id: 3, hash: 'h3' }, live)).toMatchObject({ resumed: true, stale: false, draft: edited });
    // someone published meanwhile: kept, but flagged
    expect(resumeDraft(readDraft(store, 'admin'), { id: 4, hash: 'h4' }, live)).toMatchObject({ resumed: true, stale: true });
    dropDraft(store, 'admin');
    expect(readDraft(store, 'admin')).toBeNull();
  });

  it('an unchanged draft of an older version simply moves to the live one', () => {
    const r = resumeDraft({ baseVersion: 2, baseHash: 'h2', files: { ...live }, savedAt: 'x' }, { id: 5, hash: 'h5' }, live);
    expect(r).toMatchObject({ stale: false, draft: { baseVersion: 5, baseHash: 'h5' } });
  });

  it('a broken stored draft is ignored', () => {
    const store = memory();
    store.setItem('checkup-studio:draft:admin', '{not json');
    expect(readDraft(store, 'admin')).toBeNull();
  });

  it('counts added and removed lines', () => {
    expect(lineStats('a\nb\nc\n', 'a\nB\nc\nd\n')).toEqual({ added: 2, removed: 1 });
  });
});

describe('files', () => {
  it('groups the config for the tree', () => {
    const g = fileGroups(['flows/home.yaml', 'flows/messages.yaml', 'flows/app.yaml', 'schemas/forms/a.json', 'schemas/questionnaires/b.json']);
    expect(g.map((x) => [x.title, x.files])).toEqual([
      ['提示文字', ['flows/messages.yaml']],
      ['应用设置与问卷登记', ['flows/app.yaml']],
      ['流程', ['flows/home.yaml']],
      ['表单与问卷', ['schemas/forms/a.json']],
      ['题库', ['schemas/questionnaires/b.json']],
    ]);
  });
  it('new files: only where config is read, never twice', () => {
    expect(newFileProblem('schemas/forms/sleep.json', ['flows/app.yaml'])).toBe('');
    expect(newFileProblem('flows/sub/x.yaml', [])).toMatch(/路径不可用/);
    expect(newFileProblem('schemas/meta/x.json', [])).toMatch(/路径不可用/);
    expect(newFileProblem('flows/app.yaml', ['flows/app.yaml'])).toBe('已有同名文件');
    expect(JSON.parse(templateFor('schemas/forms/sleep.json'))).toMatchObject({ type: 'object', properties: {} });
    expect(templateFor('flows/sleep.yaml')).toMatch(/^# yaml-language-server[\s\S]*flow: sleep\n/);
  });
  it("the quick path check agrees with the checker's rule", () => {
    const paths = ['flows/a.yaml', 'flows/a.yml', 'flows/x/a.yaml', 'flows/.a.yaml', 'schemas/a.json', 'schemas/forms/a.json', 'schemas/forms/deep/a.json', 'schemas/meta/a.json', 'schemas/api/a.json', 'schemas/forms/a.yaml', 'other/a.json', 'schemas/forms/a:b.json', 'schemas/forms/a .json', 'flows/../a.yaml'];
    for (const p of paths) expect(isConfigFilePath(p), p).toBe(isConfigPath(p));
  });
});
