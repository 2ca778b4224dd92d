/**
 * The admin's draft: every config file as text, the live version it started
 * from, kept in localStorage (a refresh or a closed tab loses nothing). Pure
 * helpers over a Storage-like object, unit-tested.
 */
import type { StudioFiles } from '../contract/api/studio';
import { diffLines } from './merge3';

export interface StoredDraft {
  /** The live version id the draft started from (publish sends it as baseVersion). */
  baseVersion: number;
  baseHash: string;
  files: StudioFiles;
  openFile?: string;
  savedAt: string;
}

export interface KeyValueStore {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}

export type FileChange = { path: string; status: 'added' | 'removed' | 'modified' };

const KEY = (user: string) => `checkup-studio:draft:${user}`;

export function readDraft(store: KeyValueStore, user: string): StoredDraft | null {
  try {
    const raw = store.getItem(KEY(user));
    if (!raw) return null;
    const d = JSON.parse(raw) as StoredDraft;
    if (!d || typeof d.baseVersion !== 'number' || !d.files || typeof d.files !== 'object') return null;
    return d;
  } catch {
    return null;
  }
}

/** Saves the draft; false when the browser refused (storage full). */
export function saveDraft(store: KeyValueStore, user: string, d: StoredDraft): boolean {
  try {
    store.setItem(KEY(user), JSON.stringify(d));
    return true;
  } catch {
    return false;
  }
}

export function dropDraft(store: KeyValueStore, user: string): void {
  store.removeItem(KEY(user));
}

/** What the draft changes against `base` (sorted by path). */
export function changesOf(base: StudioFiles, draft: StudioFiles): FileChange[] {
  const out: FileChange[] = [];
  for (const p of new Set([...Object.keys(base), ...Object.keys(draft)])) {
    if (!(p in draft)) out.push({ path: p, status: 'removed' });
    else if (!(p in base)) out.push({ path: p, status: 'added' });
    else if (base[p] !== draft[p]) out.push({ path: p, status: 'modified' });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The draft to start from, given what is live: the stored one when it started
 * from the live version; a stored one from an older version is kept too but
 * flagged `stale` (publishing it would be refused with 409 until the admin
 * chooses); else a fresh copy of the live files.
 */
export function resumeDraft(stored: StoredDraft | null, live: { id: number; hash: string }, liveFiles: StudioFiles): { draft: StoredDraft; stale: boolean; resumed: boolean } {
  if (stored && changesOf(liveFiles, stored.files).length === 0 && stored.baseVersion !== live.id) {
    // Same files as live (e.g. restored meanwhile): simply rebase.
    return { draft: { ...stored, baseVersion: live.id, baseHash: live.hash }, stale: false, resumed: true };
  }
  if (stored) return { draft: stored, stale: stored.baseVersion !== live.id, resumed: true };
  return { draft: { baseVersion: live.id, baseHash: live.hash, files: { ...liveFiles }, savedAt: new Date().toISOString() }, stale: false, resumed: false };
}

/** Simple line diff stats (added/removed lines) for the changes list: the rebase's line diff (./merge3.ts), counted. */
export function lineStats(before: string, after: string): { added: number; removed: number } {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length * b.length > 4_000_000) return { added: b.length, removed: a.length };
  let added = 0;
  let removed = 0;
  for (const h of diffLines(a, b)) {
    added += h.sEnd - h.sStart;
    removed += h.oEnd - h.oStart;
  }
  return { added, removed };
}
