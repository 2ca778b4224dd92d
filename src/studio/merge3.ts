/**
 * A line-based three-way merge (diff3) for the studio's rebase (./rebase.ts):
 * the changes from `base` to `mine` and from `base` to `theirs` are both
 * applied when they touch different lines; a stretch of the base both sides
 * changed (or two changes that touch: adjacent lines, an insertion at the
 * same place) is a conflict unless both made it the same. Pure, no DOM.
 *
 * Written here rather than taken from a library: it is ~100 lines over an
 * LCS line diff (which also gives the publish view its line counts), while node-diff3 and
 * the like bring API surface (merge markers, patches) the studio does not
 * use; `@codemirror/merge` only diffs two documents.
 */

/** A changed stretch: base lines [oStart, oEnd) became side lines [sStart, sEnd). */
export interface Hunk {
  oStart: number;
  oEnd: number;
  sStart: number;
  sEnd: number;
}

/** Above this many LCS cells (after the common head and tail are trimmed) the middle counts as one change. */
const MAX_CELLS = 4_000_000;

/** The hunks turning `a` into `b` (line arrays), in order. */
export function diffLines(a: readonly string[], b: readonly string[]): Hunk[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n === 0 && m === 0) return [];
  if (n === 0 || m === 0 || n * m > MAX_CELLS) return [{ oStart: head, oEnd: head + n, sStart: head, sEnd: head + m }];
  // LCS table of the middle, rows from the end (dp[i][j] = LCS of a[i..], b[j..]).
  const dp = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const ai = a[head + i];
    for (let j = m - 1; j >= 0; j--) dp[i][j] = ai === b[head + j] ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
  }
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: Hunk | null = null;
  const close = () => {
    if (open) hunks.push(open);
    open = null;
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[head + i] === b[head + j]) {
      close();
      i++;
      j++;
    } else if (j < m && (i === n || dp[i][j + 1] >= dp[i + 1][j])) {
      open ??= { oStart: head + i, oEnd: head + i, sStart: head + j, sEnd: head + j };
      open.sEnd = head + ++j;
    } else {
      open ??= { oStart: head + i, oEnd: head + i, sStart: head + j, sEnd: head + j };
      open.oEnd = head + ++i;
    }
  }
  close();
  return hunks;
}

export type Merge3 = { ok: true; text: string } | { ok: false; conflicts: Array<{ baseLine: number }> };

/** The side's lines standing for base lines [start, end), given its hunks inside that stretch (in order). */
function sideText(base: readonly string[], side: readonly string[], hunks: Hunk[], start: number, end: number): string[] {
  if (!hunks.length) return base.slice(start, end);
  const first = hunks[0];
  const last = hunks[hunks.length - 1];
  return side.slice(first.sStart - (first.oStart - start), last.sEnd + (end - last.oEnd));
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Merges the texts line by line. Every change of one side that no change of
 * the other touches is applied; changes that overlap or touch are a conflict
 * unless identical. `conflicts` give each one's first base line (1-based).
 */
export function merge3(base: string, mine: string, theirs: string): Merge3 {
  if (mine === theirs) return { ok: true, text: mine };
  if (mine === base) return { ok: true, text: theirs };
  if (theirs === base) return { ok: true, text: mine };
  const o = base.split('\n');
  const a = mine.split('\n');
  const b = theirs.split('\n');
  const all = [...diffLines(o, a).map((h) => ({ h, side: 0 as const })), ...diffLines(o, b).map((h) => ({ h, side: 1 as const }))].sort(
    (x, y) => x.h.oStart - y.h.oStart || x.h.oEnd - y.h.oEnd,
  );
  const out: string[] = [];
  const conflicts: Array<{ baseLine: number }> = [];
  let at = 0; // base lines before `at` are written
  let k = 0;
  while (k < all.length) {
    // A group: hunks whose base stretches overlap or touch (a change right next to another is not merged blindly).
    const start = all[k].h.oStart;
    let end = all[k].h.oEnd;
    const group = [all[k]];
    k++;
    while (k < all.length && all[k].h.oStart <= end) {
      end = Math.max(end, all[k].h.oEnd);
      group.push(all[k]);
      k++;
    }
    out.push(...o.slice(at, start));
    at = end;
    const mineHunks = group.filter((g) => g.side === 0).map((g) => g.h);
    const theirHunks = group.filter((g) => g.side === 1).map((g) => g.h);
    const mineText = sideText(o, a, mineHunks, start, end);
    const theirText = sideText(o, b, theirHunks, start, end);
    if (!theirHunks.length) out.push(...mineText);
    else if (!mineHunks.length) out.push(...theirText);
    else if (same(mineText, theirText)) out.push(...mineText);
    else conflicts.push({ baseLine: start + 1 });
  }
  out.push(...o.slice(at));
  return conflicts.length ? { ok: false, conflicts } : { ok: true, text: out.join('\n') };
}
