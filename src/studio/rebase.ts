/**
 * Keeping the admin's draft when someone else published meanwhile: every file
 * of the version the draft started from (base), the draft (mine) and what is
 * live now (theirs) is decided on its own — only I changed it: mine; only they
 * did: theirs; both the same way: that; both differently: a line merge
 * (./merge3.ts), and when the changes overlap a conflict the admin settles,
 * file by file, with 保留我的 or 采用线上的. Added and deleted files follow
 * the same rules (absent = deleted). Pure, unit-tested.
 */
import type { StudioFiles } from '../contract/api/studio';
import { merge3 } from './merge3';

export type RebaseOutcome = 'unchanged' | 'mine' | 'theirs' | 'both-same' | 'merged' | 'conflict';

/** A file both changed in ways that do not merge; null = the side deleted it. */
export interface RebaseConflict {
  path: string;
  mine: string | null;
  theirs: string | null;
  /** Why (shown to the admin). */
  reason: string;
}

export interface RebasePlan {
  /** Every file decided without the admin (conflicting ones not included). */
  files: StudioFiles;
  /** What happened to each file that either side changed (sorted by path). */
  outcomes: Array<{ path: string; outcome: RebaseOutcome }>;
  conflicts: RebaseConflict[];
}

export type RebaseChoice = 'mine' | 'theirs';

const has = (f: StudioFiles, p: string) => Object.prototype.hasOwnProperty.call(f, p);
const get = (f: StudioFiles, p: string): string | null => (has(f, p) ? f[p] : null);

export function planRebase(base: StudioFiles, mine: StudioFiles, theirs: StudioFiles): RebasePlan {
  const files: StudioFiles = {};
  const outcomes: RebasePlan['outcomes'] = [];
  const conflicts: RebaseConflict[] = [];
  const paths = [...new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])].sort((a, b) => a.localeCompare(b));
  for (const p of paths) {
    const b = get(base, p);
    const m = get(mine, p);
    const t = get(theirs, p);
    const put = (text: string | null, outcome: RebaseOutcome) => {
      if (text !== null) files[p] = text;
      if (outcome !== 'unchanged') outcomes.push({ path: p, outcome });
    };
    if (m === t) put(m, m === b ? 'unchanged' : 'both-same');
    else if (m === b) put(t, 'theirs');
    else if (t === b) put(m, 'mine');
    else if (b !== null && m !== null && t !== null) {
      const r = merge3(b, m, t);
      if (r.ok) put(r.text, 'merged');
      else {
        outcomes.push({ path: p, outcome: 'conflict' });
        conflicts.push({ path: p, mine: m, theirs: t, reason: `你和线上版本改动了相同的行（第 ${r.conflicts.map((c) => c.baseLine).join('、')} 行附近）` });
      }
    } else {
      outcomes.push({ path: p, outcome: 'conflict' });
      const reason = b === null ? '你和线上版本都新建了这个文件，内容不同' : m === null ? '你删除了这个文件，线上版本修改了它' : '你修改了这个文件，线上版本删除了它';
      conflicts.push({ path: p, mine: m, theirs: t, reason });
    }
  }
  return { files, outcomes, conflicts };
}

/** The rebased draft's files: the plan's, plus each conflict as chosen; null while one is not chosen. */
export function applyRebase(plan: RebasePlan, choices: Readonly<Record<string, RebaseChoice | undefined>>): StudioFiles | null {
  const files: StudioFiles = { ...plan.files };
  for (const c of plan.conflicts) {
    const choice = choices[c.path];
    if (!choice) return null;
    const text = choice === 'mine' ? c.mine : c.theirs;
    if (text !== null) files[c.path] = text;
  }
  return files;
}
