/** Keeping a stale draft's work on the newest live version: the line merge (diff3) and the per-file plan. */
import { describe, expect, it } from 'vitest';
import { diffLines, merge3 } from '../../src/studio/merge3';
import { applyRebase, planRebase } from '../../src/studio/rebase';

const lines = (...xs: string[]) => xs.join('\n') + '\n';
const BASE = lines('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');

describe('diffLines', () => {
  it('finds no hunk in equal texts, and one per changed stretch', () => {
    expect(diffLines(['a', 'b'], ['a', 'b'])).toEqual([]);
    expect(diffLines(['a', 'b', 'c'], ['a', 'X', 'c'])).toEqual([{ oStart: 1, oEnd: 2, sStart: 1, sEnd: 2 }]);
    expect(diffLines(['a', 'c'], ['a', 'b', 'c'])).toEqual([{ oStart: 1, oEnd: 1, sStart: 1, sEnd: 2 }]);
    expect(diffLines(['a', 'b', 'c'], ['a', 'c'])).toEqual([{ oStart: 1, oEnd: 2, sStart: 1, sEnd: 1 }]);
    expect(diffLines(['a', 'b', 'c', 'd', 'e'], ['X', 'b', 'c', 'd', 'Y'])).toEqual([
      { oStart: 0, oEnd: 1, sStart: 0, sEnd: 1 },
      { oStart: 4, oEnd: 5, sStart: 4, sEnd: 5 },
    ]);
    expect(diffLines([], ['a'])).toEqual([{ oStart: 0, oEnd: 0, sStart: 0, sEnd: 1 }]);
  });

  it('replays: applying the hunks to a gives b', () => {
    const a = 'q w e r t y u i o p'.split(' ');
    const b = 'q W e r y u NEW i p Z'.split(' ');
    const out: string[] = [];
    let at = 0;
    for (const h of diffLines(a, b)) {
      out.push(...a.slice(at, h.oStart), ...b.slice(h.sStart, h.sEnd));
      at = h.oEnd;
    }
    out.push(...a.slice(at));
    expect(out).toEqual(b);
  });
});

describe('merge3', () => {
  it('takes the only side that changed, or either when both made the same change', () => {
    expect(merge3(BASE, BASE, BASE)).toEqual({ ok: true, text: BASE });
    const mine = BASE.replace('c\n', 'C\n');
    expect(merge3(BASE, mine, BASE)).toEqual({ ok: true, text: mine });
    expect(merge3(BASE, BASE, mine)).toEqual({ ok: true, text: mine });
    expect(merge3(BASE, mine, mine)).toEqual({ ok: true, text: mine });
  });

  it('applies both sides’ changes to different lines', () => {
    const mine = lines('a', 'B', 'c', 'd', 'e', 'f', 'g', 'h');
    const theirs = lines('a', 'b', 'c', 'd', 'e', 'f', 'G', 'h');
    expect(merge3(BASE, mine, theirs)).toEqual({ ok: true, text: lines('a', 'B', 'c', 'd', 'e', 'f', 'G', 'h') });
  });

  it('merges insertions and deletions apart from each other', () => {
    const mine = lines('top', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'); // a line added at the top
    const theirs = lines('a', 'b', 'c', 'd', 'e', 'h', 'end'); // f, g deleted, a line added at the end
    expect(merge3(BASE, mine, theirs)).toEqual({ ok: true, text: lines('top', 'a', 'b', 'c', 'd', 'e', 'h', 'end') });
  });

  it('keeps an identical change both made in the same place, next to other changes', () => {
    const mine = lines('A', 'b', 'c', 'D', 'e', 'f', 'g', 'h');
    const theirs = lines('a', 'b', 'c', 'D', 'e', 'f', 'g', 'H');
    expect(merge3(BASE, mine, theirs)).toEqual({ ok: true, text: lines('A', 'b', 'c', 'D', 'e', 'f', 'g', 'H') });
  });

  it('is a conflict when both changed the same line differently', () => {
    const r = merge3(BASE, BASE.replace('d\n', 'mine\n'), BASE.replace('d\n', 'theirs\n'));
    expect(r).toEqual({ ok: false, conflicts: [{ baseLine: 4 }] });
  });

  it('is a conflict when the changes touch (adjacent lines, insertions at the same place)', () => {
    expect(merge3(BASE, BASE.replace('d\n', 'D\n'), BASE.replace('e\n', 'E\n')).ok).toBe(false);
    expect(merge3(BASE, BASE.replace('d\n', 'd\nmine\n'), BASE.replace('d\n', 'd\ntheirs\n')).ok).toBe(false);
    // one deletes a stretch the other edits inside
    expect(merge3(BASE, lines('a', 'b', 'g', 'h'), BASE.replace('e\n', 'E\n')).ok).toBe(false);
  });

  it('keeps a file’s end as it is (no newline at the end, CRLF lines)', () => {
    expect(merge3('a\nb\nc', 'A\nb\nc', 'a\nb\nC')).toEqual({ ok: true, text: 'A\nb\nC' });
    expect(merge3('a\r\nb\r\nc\r\n', 'A\r\nb\r\nc\r\n', 'a\r\nb\r\nC\r\n')).toEqual({ ok: true, text: 'A\r\nb\r\nC\r\n' });
  });

  it('merges a YAML messages file edited in two places by two admins', () => {
    const base = 'messages:\n  a: 一\n  b: 二\n  c: 三\n  d: 四\n  e: 五\n';
    const mine = 'messages:\n  a: 一（我）\n  b: 二\n  c: 三\n  d: 四\n  e: 五\n';
    const theirs = 'messages:\n  a: 一\n  b: 二\n  c: 三\n  d: 四\n  e: 五（他）\n  f: 六\n';
    expect(merge3(base, mine, theirs)).toEqual({ ok: true, text: 'messages:\n  a: 一（我）\n  b: 二\n  c: 三\n  d: 四\n  e: 五（他）\n  f: 六\n' });
  });

  it('treats a huge changed middle as one change: still correct, just coarser', () => {
    const big = Array.from({ length: 3000 }, (_, i) => `line ${i}`);
    const mine = [...big];
    mine[10] = 'mine 10';
    mine[2980] = 'mine 2980'; // the middle between is ~3000×3000 lines: one hunk
    const outside = [...big];
    outside[2995] = 'theirs';
    const expected = [...mine];
    expected[2995] = 'theirs';
    expect(merge3(big.join('\n'), mine.join('\n'), outside.join('\n'))).toEqual({ ok: true, text: expected.join('\n') });
    const inside = [...big];
    inside[1500] = 'theirs';
    expect(merge3(big.join('\n'), mine.join('\n'), inside.join('\n')).ok).toBe(false);
  });
});

describe('planRebase', () => {
  const base = { 'flows/app.yaml': 'start: A\n', 'flows/messages.yaml': BASE, 'flows/old.yaml': 'x\n', 'schemas/forms/f.json': '{}\n' };

  it('decides each file: mine, theirs, both the same, merged; added and deleted files too', () => {
    const mine = { ...base, 'flows/messages.yaml': BASE.replace('b\n', 'B\n'), 'flows/mine.yaml': 'new\n', 'schemas/forms/f.json': '{"a":1}\n' };
    delete (mine as Record<string, string>)['flows/old.yaml'];
    const theirs = { ...base, 'flows/app.yaml': 'start: B\n', 'flows/messages.yaml': BASE.replace('g\n', 'G\n'), 'flows/theirs.yaml': 'theirs\n', 'schemas/forms/f.json': '{"a":1}\n' };
    const plan = planRebase(base, mine, theirs);
    expect(plan.conflicts).toEqual([]);
    expect(plan.files).toEqual({
      'flows/app.yaml': 'start: B\n',
      'flows/messages.yaml': BASE.replace('b\n', 'B\n').replace('g\n', 'G\n'),
      'flows/mine.yaml': 'new\n',
      'flows/theirs.yaml': 'theirs\n',
      'schemas/forms/f.json': '{"a":1}\n',
    });
    expect(plan.outcomes).toEqual([
      { path: 'flows/app.yaml', outcome: 'theirs' },
      { path: 'flows/messages.yaml', outcome: 'merged' },
      { path: 'flows/mine.yaml', outcome: 'mine' },
      { path: 'flows/old.yaml', outcome: 'mine' },
      { path: 'flows/theirs.yaml', outcome: 'theirs' },
      { path: 'schemas/forms/f.json', outcome: 'both-same' },
    ]);
    expect(applyRebase(plan, {})).toEqual(plan.files);
  });

  it('they deleted a file I did not touch: it stays deleted; both deleted it: gone', () => {
    const theirs = { ...base } as Record<string, string>;
    delete theirs['flows/old.yaml'];
    expect(planRebase(base, base, theirs).files).toEqual(theirs);
    expect(planRebase(base, theirs, theirs).outcomes).toEqual([{ path: 'flows/old.yaml', outcome: 'both-same' }]);
  });

  it('lists the conflicts (overlapping edits, edit against delete, two different new files) and applies the admin’s choices', () => {
    const mine = { ...base, 'flows/messages.yaml': BASE.replace('d\n', 'mine\n'), 'flows/old.yaml': 'x mine\n', 'flows/new.yaml': 'mine\n' };
    const theirs = { ...base, 'flows/messages.yaml': BASE.replace('d\n', 'theirs\n'), 'flows/new.yaml': 'theirs\n' } as Record<string, string>;
    delete theirs['flows/old.yaml'];
    const plan = planRebase(base, mine, theirs);
    expect(plan.conflicts.map((c) => [c.path, c.mine, c.theirs])).toEqual([
      ['flows/messages.yaml', BASE.replace('d\n', 'mine\n'), BASE.replace('d\n', 'theirs\n')],
      ['flows/new.yaml', 'mine\n', 'theirs\n'],
      ['flows/old.yaml', 'x mine\n', null],
    ]);
    expect(plan.conflicts[0].reason).toMatch(/第 4 行/);
    expect(plan.conflicts[2].reason).toBe('你修改了这个文件，线上版本删除了它');
    expect(applyRebase(plan, { 'flows/messages.yaml': 'mine' })).toBeNull();
    expect(applyRebase(plan, { 'flows/messages.yaml': 'mine', 'flows/new.yaml': 'theirs', 'flows/old.yaml': 'theirs' })).toEqual({
      'flows/app.yaml': 'start: A\n',
      'flows/messages.yaml': BASE.replace('d\n', 'mine\n'),
      'flows/new.yaml': 'theirs\n',
      'schemas/forms/f.json': '{}\n',
    });
    expect(applyRebase(plan, { 'flows/messages.yaml': 'theirs', 'flows/new.yaml': 'mine', 'flows/old.yaml': 'mine' })).toMatchObject({
      'flows/messages.yaml': BASE.replace('d\n', 'theirs\n'),
      'flows/new.yaml': 'mine\n',
      'flows/old.yaml': 'x mine\n',
    });
  });
});
