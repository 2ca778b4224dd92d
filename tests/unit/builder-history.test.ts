/**
 * The questionnaire builder's undo history (src/studio/questionnaire/history.ts):
 * a step holds the changed files' texts before and after; typing in one input
 * is one step; undo and redo give the texts to write back, or refuse (and drop
 * the history) when a file was changed elsewhere since; at most MAX_STEPS are
 * kept. And describePatch, which says which question card changes are typing.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, MAX_STEPS, describePatch, record, redo, redoLabel, undo, undoLabel, type History } from '../../src/studio/questionnaire/history';
import type { Question } from '../../src/studio/questionnaire/model';

const F = 'schemas/forms/sleep.json';
const APP = 'flows/app.yaml';

/** Records typing `word` into one input, a letter every `gap` ms from `t0`: the file's text is the word so far. */
function type(h: History, from: string, word: string, t0: number, gap = 150, key = 'q1.label'): History {
  let text = from;
  [...word].forEach((ch, i) => {
    const next = text + ch;
    h = record(h, { [F]: text }, { [F]: next }, { label: '修改第 1 题的题目文字', key, now: t0 + i * gap });
    text = next;
  });
  return h;
}

describe('record', () => {
  it('typing a word in one input within a second between letters is one step; undo gives the text before the word', () => {
    const h = type(EMPTY_HISTORY, '', '常感到疲惫', 0);
    expect(h.done).toHaveLength(1);
    const u = undo(h, { [F]: '常感到疲惫' });
    expect(u).toMatchObject({ kind: 'apply', files: { [F]: '' }, label: '修改第 1 题的题目文字' });
    expect(u.history.done).toHaveLength(0);
  });

  it('the second counts from the last letter: slow steady typing stays one step, a pause over a second starts a new one', () => {
    expect(type(EMPTY_HISTORY, '', 'abcdef', 0, 900).done).toHaveLength(1);
    let h = type(EMPTY_HISTORY, '', 'ab', 0);
    h = type(h, 'ab', 'cd', 150 + 1001);
    expect(h.done).toHaveLength(2);
    expect(undo(h, { [F]: 'abcd' })).toMatchObject({ kind: 'apply', files: { [F]: 'ab' } });
  });

  it('another input, or a change without a key (a button, a checkbox), is a step of its own', () => {
    let h = type(EMPTY_HISTORY, '', 'ab', 0);
    h = type(h, 'ab', 'c', 200, 150, 'q2.label');
    expect(h.done).toHaveLength(2);
    h = record(h, { [F]: 'abc' }, { [F]: 'abc!' }, { label: '必填', now: 250 });
    h = record(h, { [F]: 'abc!' }, { [F]: 'abc!!' }, { label: '必填', now: 260 });
    expect(h.done.map((s) => s.label)).toEqual(['修改第 1 题的题目文字', '修改第 1 题的题目文字', '必填', '必填']);
  });

  it('a change that does not start where the last step ended (an edit came between) is not merged into it', () => {
    let h = type(EMPTY_HISTORY, '', 'ab', 0);
    h = record(h, { [F]: 'abX' }, { [F]: 'abXc' }, { label: 'x', key: 'q1.label', now: 300 });
    expect(h.done).toHaveLength(2);
  });

  it('typed and erased again within the run: no step is left', () => {
    let h = record(EMPTY_HISTORY, { [F]: 'a' }, { [F]: 'ab' }, { label: 'x', key: 'k', now: 0 });
    h = record(h, { [F]: 'ab' }, { [F]: 'a' }, { label: 'x', key: 'k', now: 100 });
    expect(h.done).toHaveLength(0);
    expect(undoLabel(h)).toBe('');
  });

  it('a change that changes nothing is no step; only the files that changed are kept', () => {
    expect(record(EMPTY_HISTORY, { [F]: 'a' }, { [F]: 'a' }, { label: 'x', now: 0 })).toBe(EMPTY_HISTORY);
    const h = record(EMPTY_HISTORY, { [F]: 'a', [APP]: 'y' }, { [F]: 'b', [APP]: 'y' }, { label: 'x', now: 0 });
    expect(h.done[0].before).toEqual({ [F]: 'a' });
    expect(h.done[0].after).toEqual({ [F]: 'b' });
  });

  it('a new change after an undo drops what could be redone, and is not merged into the step before', () => {
    let h = type(EMPTY_HISTORY, '', 'ab', 0);
    h = undo(h, { [F]: 'ab' }).history;
    expect(redoLabel(h)).toBe('修改第 1 题的题目文字');
    h = type(h, '', 'x', 400);
    expect(h.undone).toHaveLength(0);
    expect(h.done).toHaveLength(1);
    // and after an undo the last step stays closed even with the same key within the second
    let g = type(EMPTY_HISTORY, '', 'a', 0);
    g = type(g, 'a', 'b', 1500);
    g = undo(g, { [F]: 'ab' }).history;
    g = type(g, 'a', 'c', 1600);
    expect(g.done).toHaveLength(2);
    expect(undo(g, { [F]: 'ac' })).toMatchObject({ kind: 'apply', files: { [F]: 'a' } });
  });

  it(`keeps at most ${MAX_STEPS} steps, forgetting the oldest`, () => {
    let h = EMPTY_HISTORY;
    for (let i = 0; i < 150; i++) h = record(h, { [F]: String(i) }, { [F]: String(i + 1) }, { label: `step ${i}`, now: i * 10_000 });
    expect(h.done).toHaveLength(MAX_STEPS);
    let text = '150';
    let undone = 0;
    for (;;) {
      const u = undo(h, { [F]: text });
      if (u.kind !== 'apply') break;
      text = u.files[F]!;
      h = u.history;
      undone++;
    }
    expect(undone).toBe(MAX_STEPS);
    expect(text).toBe('50');
    expect(record(EMPTY_HISTORY, { [F]: 'a' }, { [F]: 'b' }, { label: 'x', now: 0, cap: 1 }).done).toHaveLength(1);
  });
});

describe('undo and redo', () => {
  it('undo gives the texts before, redo the texts after, over several files (a file the step created is removed)', () => {
    const page = 'flows/sleep.yaml';
    let h = record(EMPTY_HISTORY, { [APP]: 'a0', [page]: undefined }, { [APP]: 'a1', [page]: 'p1' }, { label: '生成填写页面', now: 0 });
    expect(undoLabel(h)).toBe('生成填写页面');
    const u = undo(h, { [APP]: 'a1', [page]: 'p1', [F]: 'other' });
    expect(u).toMatchObject({ kind: 'apply', files: { [APP]: 'a0', [page]: undefined } });
    h = u.history;
    expect(undoLabel(h)).toBe('');
    expect(redoLabel(h)).toBe('生成填写页面');
    const r = redo(h, { [APP]: 'a0' });
    expect(r).toMatchObject({ kind: 'apply', files: { [APP]: 'a1', [page]: 'p1' } });
    expect(undoLabel(r.history)).toBe('生成填写页面');
    expect(redoLabel(r.history)).toBe('');
  });

  it('nothing to undo or redo: none, the history as it was', () => {
    expect(undo(EMPTY_HISTORY, {})).toEqual({ kind: 'none', history: EMPTY_HISTORY });
    expect(redo(EMPTY_HISTORY, {})).toEqual({ kind: 'none', history: EMPTY_HISTORY });
  });

  it('refuses to undo when the file was changed elsewhere since (the text editor), and drops the history', () => {
    let h = type(EMPTY_HISTORY, '', 'ab', 0);
    h = record(h, { [F]: 'ab' }, { [F]: 'ab!' }, { label: '必填', now: 5000 });
    const u = undo(h, { [F]: 'ab! edited by hand' });
    expect(u).toEqual({ kind: 'refused', history: EMPTY_HISTORY, path: F });
    // a file the step created and someone removed since is a change too
    const g = record(EMPTY_HISTORY, { [F]: undefined }, { [F]: 'new' }, { label: 'x', now: 0 });
    expect(undo(g, {})).toMatchObject({ kind: 'refused', path: F });
  });

  it('refuses to redo when the file was changed elsewhere since the undo', () => {
    let h = type(EMPTY_HISTORY, '', 'ab', 0);
    h = undo(h, { [F]: 'ab' }).history;
    expect(redo(h, { [F]: 'typed in the editor' })).toEqual({ kind: 'refused', history: EMPTY_HISTORY, path: F });
    expect(redo(h, { [F]: '' })).toMatchObject({ kind: 'apply', files: { [F]: 'ab' } });
  });

  it('an edit elsewhere before a later builder step: undoing that step works, undoing past the edit is refused', () => {
    let h = record(EMPTY_HISTORY, { [F]: 'a' }, { [F]: 'b' }, { label: 'one', now: 0 });
    // someone edits b → c in the text editor, then the builder changes c → d
    h = record(h, { [F]: 'c' }, { [F]: 'd' }, { label: 'two', now: 5000 });
    const u = undo(h, { [F]: 'd' });
    expect(u).toMatchObject({ kind: 'apply', files: { [F]: 'c' } });
    expect(undo(u.history, { [F]: 'c' })).toMatchObject({ kind: 'refused', path: F });
  });
});

describe('describePatch: what a question card change is called, and which ones are typing', () => {
  const q: Question = {
    key: 'tired',
    label: '常感到疲惫',
    type: 'single',
    options: [{ value: '是', score: 1 }, { value: '否' }],
    required: false,
    requiredMessage: '',
    raw: {},
  };
  it('one text or number changed is typing (a key per input); options and their points each have their own', () => {
    expect(describePatch(2, q, { label: '常感到疲惫吗' })).toEqual({ label: '修改第 2 题的题目文字', key: 'q2.label' });
    expect(describePatch(2, q, { options: [{ value: '是的', score: 1 }, { value: '否' }] })).toEqual({ label: '修改第 2 题的选项 1 的文字', key: 'q2.options.0.value' });
    expect(describePatch(2, q, { options: [{ value: '是', score: 1 }, { value: '否', score: 3 }] })).toEqual({ label: '修改第 2 题的选项 2 的分数', key: 'q2.options.1.score' });
    // erasing the points altogether is still typing in that input
    expect(describePatch(2, q, { options: [{ value: '是', score: undefined }, { value: '否' }] }).key).toBe('q2.options.0.score');
  });
  it('a checkbox, a moved or added option, a type: a step of its own (no key)', () => {
    expect(describePatch(1, q, { required: true, requiredMessage: '' })).toEqual({ label: '修改第 1 题的必填、必填提示' });
    expect(describePatch(1, q, { options: [{ value: '否' }, { value: '是', score: 1 }] }).key).toBeUndefined();
    expect(describePatch(1, q, { options: [...q.options, { value: '选项3' }] }).key).toBeUndefined();
    expect(describePatch(1, q, { picker: true }).key).toBeUndefined();
  });
});
