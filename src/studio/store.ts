/**
 * The studio's state: who is signed in, what is live, the draft (kept in
 * localStorage), the newest check of the draft (run ~400 ms after the admin
 * stops typing, in the check worker), and what the page shows.
 */
import { useMemo } from 'react';
import { create } from 'zustand';
import type { StudioCheckContextRes, StudioConfigError, StudioConfigRes, StudioFiles, StudioLoginRes, StudioVersionInfo } from '../contract/api/studio';
import { StudioApiError, studioApi } from './api';
import { DraftChecker } from './check/client';
import type { CheckOutcome, PreviewConfig } from './check/run';
import { changesOf, dropDraft, readDraft, resumeDraft, saveDraft, type FileChange, type StoredDraft } from './draft';
import { EMPTY_VOCABULARY, type Vocabulary } from './editor/vocab-types';
import type { FlowGraph } from './graph/build';

export const CHECK_DELAY_MS = 400;
const SAVE_DELAY_MS = 250;

export type View = 'edit' | 'graph' | 'publish' | 'versions' | 'builder' | 'admins' | 'backoffice';

export interface CheckState {
  status: 'waiting' | 'checking' | 'done' | 'failed';
  errors: StudioConfigError[];
  graph: FlowGraph;
  vocab: Vocabulary;
  /** The draft revision these results are for. */
  revision: number;
  ms?: number;
  message?: string;
  /** The checked draft as the app loads it (the live phone preview renders it). */
  preview?: PreviewConfig;
}

export interface Notice {
  kind: 'info' | 'error' | 'success';
  text: string;
}

export interface StudioState {
  phase: 'loading' | 'login' | 'ready' | 'fatal';
  fatal?: string;
  user: StudioLoginRes | null;
  context: StudioCheckContextRes | null;
  live: StudioConfigRes | null;
  draft: StoredDraft | null;
  /** The draft started from an older live version. */
  stale: boolean;
  /** Edits since the page opened (checks echo it). */
  revision: number;
  check: CheckState;
  openFile: string | null;
  /** A place to show in the editor (a problem, a graph node); seq makes each request new. */
  reveal: { file: string; line: number; column: number; seq: number } | null;
  view: View;
  notice: Notice | null;
  /** The server's own errors from a refused publish (422). */
  publishErrors: StudioConfigError[];
  /** Someone else published since the draft started (409). */
  conflict: boolean;
  busy: boolean;
  savedOk: boolean;
  /** The publish note being written (kept while the admin switches views). */
  note: string;
}

const EMPTY_GRAPH: FlowGraph = { flows: [], nodes: [], edges: [] };

const initial: StudioState = {
  phase: 'loading',
  user: null,
  context: null,
  live: null,
  draft: null,
  stale: false,
  revision: 0,
  check: { status: 'waiting', errors: [], graph: EMPTY_GRAPH, vocab: EMPTY_VOCABULARY, revision: -1 },
  openFile: null,
  reveal: null,
  view: 'edit',
  notice: null,
  publishErrors: [],
  conflict: false,
  busy: false,
  savedOk: true,
  note: '',
};

export const useStudio = create<StudioState>(() => initial);
const set = useStudio.setState;
const get = useStudio.getState;

let checker: DraftChecker | null = null;
let checkTimer: ReturnType<typeof setTimeout> | undefined;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let revealSeq = 0;

const storage = () => window.localStorage;

function persistSoon(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(persistNow, SAVE_DELAY_MS);
}

export function persistNow(): void {
  clearTimeout(saveTimer);
  const { draft, user, openFile } = get();
  if (!draft || !user) return;
  const ok = saveDraft(storage(), user.username, { ...draft, openFile: openFile ?? undefined, savedAt: new Date().toISOString() });
  if (ok !== get().savedOk) set({ savedOk: ok });
}

function scheduleCheck(delay = CHECK_DELAY_MS): void {
  clearTimeout(checkTimer);
  set((s) => ({ check: { ...s.check, status: 'waiting' } }));
  checkTimer = setTimeout(() => {
    const { draft, revision } = get();
    if (!draft || !checker) return;
    set((s) => ({ check: { ...s.check, status: 'checking' } }));
    checker.check(draft.files, revision);
  }, delay);
}

function onChecked(outcome: CheckOutcome, revision: number): void {
  const current = get().revision === revision;
  set((s) => ({
    check: {
      status: current ? 'done' : s.check.status,
      errors: outcome.errors,
      graph: outcome.graph,
      vocab: outcome.vocab,
      revision,
      ms: outcome.ms,
      preview: outcome.preview,
    },
  }));
}

function fail(e: unknown): void {
  const text = e instanceof StudioApiError ? e.message : e instanceof Error ? e.message : String(e);
  if (e instanceof StudioApiError && e.status === 401) {
    set({ phase: 'login', user: null, notice: { kind: 'error', text: '登录已过期，请重新登录' } });
    return;
  }
  set({ notice: { kind: 'error', text }, busy: false });
}

async function loadWorkspace(user: StudioLoginRes): Promise<void> {
  const [live, context] = await Promise.all([studioApi.config(), studioApi.checkContext()]);
  const { draft, stale } = resumeDraft(readDraft(storage(), user.username), live.live, live.files);
  checker?.dispose();
  checker = new DraftChecker({ registries: context.registries, meta: context.meta }, onChecked, (message) =>
    set((s) => ({ check: { ...s.check, status: 'failed', message } })),
  );
  const openFile = draft.openFile && draft.openFile in draft.files ? draft.openFile : 'flows/messages.yaml' in draft.files ? 'flows/messages.yaml' : (Object.keys(draft.files).sort()[0] ?? null);
  set({ phase: 'ready', user, live, context, draft, stale, openFile, conflict: false, publishErrors: [] });
  scheduleCheck(0);
}

export const studio = {
  async boot(): Promise<void> {
    try {
      const me = await studioApi.me();
      set({ user: me });
      await loadWorkspace(me);
    } catch (e) {
      if (e instanceof StudioApiError && e.status === 401) set({ phase: 'login' });
      else set({ phase: 'fatal', fatal: e instanceof Error ? e.message : String(e) });
    }
  },

  /** Throws StudioApiError (401 wrong password, 429 locked) for the sign-in form. */
  async login(username: string, password: string): Promise<void> {
    const me = await studioApi.login(username, password);
    set({ user: me, phase: 'loading', notice: null });
    try {
      await loadWorkspace(me);
    } catch (e) {
      set({ phase: 'fatal', fatal: e instanceof Error ? e.message : String(e) });
    }
  },

  async logout(): Promise<void> {
    persistNow();
    await studioApi.logout().catch(() => {});
    checker?.dispose();
    checker = null;
    set({ ...initial, phase: 'login' });
  },

  edit(path: string, text: string): void {
    const { draft } = get();
    if (!draft || draft.files[path] === text) return;
    set((s) => ({ draft: { ...draft, files: { ...draft.files, [path]: text } }, revision: s.revision + 1 }));
    persistSoon();
    scheduleCheck();
  },

  open(path: string, line?: number, column = 1): void {
    set({ openFile: path, view: 'edit', reveal: line ? { file: path, line, column, seq: ++revealSeq } : null });
    persistSoon();
  },

  setView(view: View): void {
    set({ view });
  },

  setNote(note: string): void {
    set({ note });
  },

  dismissNotice(): void {
    set({ notice: null });
  },

  notify(notice: Notice): void {
    set({ notice });
  },

  addFile(path: string, text: string): void {
    const { draft } = get();
    if (!draft) return;
    set((s) => ({ draft: { ...draft, files: { ...draft.files, [path]: text } }, revision: s.revision + 1, openFile: path, view: 'edit' }));
    persistSoon();
    scheduleCheck(0);
  },

  removeFile(path: string): void {
    const { draft, openFile } = get();
    if (!draft) return;
    const files = { ...draft.files };
    delete files[path];
    set((s) => ({ draft: { ...draft, files }, revision: s.revision + 1, openFile: openFile === path ? (Object.keys(files).sort()[0] ?? null) : openFile }));
    persistSoon();
    scheduleCheck(0);
  },

  /** The file as it is live (a file the draft added is removed). */
  revertFile(path: string): void {
    const { draft, live } = get();
    if (!draft || !live) return;
    const files = { ...draft.files };
    if (path in live.files) files[path] = live.files[path];
    else delete files[path];
    set((s) => ({ draft: { ...draft, files }, revision: s.revision + 1 }));
    persistSoon();
    scheduleCheck(0);
  },

  /**
   * The draft rebased on `live` (src/studio/rebase.ts: the admin's changes kept,
   * the other publish's taken, conflicts as the admin chose): one step, saved at once.
   */
  rebaseOnto(live: StudioConfigRes, files: StudioFiles, notice: Notice): void {
    const { draft } = get();
    if (!draft) return;
    const next: StoredDraft = { ...draft, baseVersion: live.live.id, baseHash: live.live.hash, files };
    const first = 'flows/messages.yaml' in files ? 'flows/messages.yaml' : (Object.keys(files).sort()[0] ?? null);
    set((s) => ({ live, draft: next, stale: false, conflict: false, publishErrors: [], revision: s.revision + 1, notice, openFile: s.openFile && s.openFile in files ? s.openFile : first }));
    persistNow();
    scheduleCheck(0);
  },

  /** Drops the draft and starts again from what is live now (fetched anew). */
  async startFromLive(): Promise<void> {
    const { user } = get();
    if (!user) return;
    try {
      set({ busy: true });
      const live = await studioApi.config();
      const draft: StoredDraft = { baseVersion: live.live.id, baseHash: live.live.hash, files: { ...live.files }, savedAt: new Date().toISOString() };
      dropDraft(storage(), user.username);
      set((s) => ({ live, draft, stale: false, conflict: false, publishErrors: [], revision: s.revision + 1, busy: false, openFile: s.openFile && s.openFile in draft.files ? s.openFile : 'flows/messages.yaml' }));
      persistNow();
      scheduleCheck(0);
    } catch (e) {
      fail(e);
    }
  },

  async publish(note: string): Promise<StudioVersionInfo | null> {
    const { draft } = get();
    if (!draft) return null;
    set({ busy: true, publishErrors: [], notice: null });
    try {
      const { version } = await studioApi.publish(draft.files, note, draft.baseVersion);
      const files = { ...draft.files };
      set((s) => ({
        busy: false,
        live: { live: version, files },
        draft: { ...draft, baseVersion: version.id, baseHash: version.hash },
        stale: false,
        conflict: false,
        notice: { kind: 'success', text: `已发布版本 #${version.id}，手机端下一步即生效` },
        note: '',
        revision: s.revision,
      }));
      persistNow();
      return version;
    } catch (e) {
      if (e instanceof StudioApiError && e.status === 422) set({ busy: false, publishErrors: e.errors, notice: { kind: 'error', text: e.message } });
      else if (e instanceof StudioApiError && e.status === 409) {
        // The conflict box says what happened and offers both ways on (keep my changes on the new live
        // version, or take it): the server's "请重新载入" beside it in red would contradict the first.
        set({ busy: false, conflict: true, stale: true, notice: null });
        // what is live now (the stale banner names it; keeping my changes starts from it)
        studioApi.config().then((live) => set({ live }), () => undefined);
      }
      else fail(e);
      return null;
    }
  },

  async restore(id: number, note: string): Promise<StudioVersionInfo | null> {
    set({ busy: true, notice: null });
    try {
      const { version } = await studioApi.restore(id, note);
      const live = await studioApi.config();
      const { user } = get();
      if (user) dropDraft(storage(), user.username);
      const draft: StoredDraft = { baseVersion: live.live.id, baseHash: live.live.hash, files: { ...live.files }, savedAt: new Date().toISOString() };
      set((s) => ({ busy: false, live, draft, stale: false, conflict: false, revision: s.revision + 1, notice: { kind: 'success', text: `已恢复版本 #${id}（新版本 #${version.id}）` } }));
      persistNow();
      scheduleCheck(0);
      return version;
    } catch (e) {
      fail(e);
      return null;
    }
  },

  fail,
};

export function draftChanges(s: Pick<StudioState, 'live' | 'draft'>): FileChange[] {
  return s.live && s.draft ? changesOf(s.live.files, s.draft.files) : [];
}

/** The draft's changes against live, recomputed only when either changes. */
export function useChanges(): FileChange[] {
  const live = useStudio((s) => s.live);
  const draft = useStudio((s) => s.draft);
  return useMemo(() => (live && draft ? changesOf(live.files, draft.files) : []), [live, draft]);
}

/** Why publishing is not possible now ('' when it is). */
export function publishBlocker(s: StudioState, note: string): string {
  if (!s.draft || !s.live) return '正在载入…';
  if (s.conflict || s.stale) return `已有人发布了新版本（线上 #${s.live.live.id}），请先在线上最新版本上保留你的改动`;
  if (draftChanges(s).length === 0) return '草稿与线上版本相同，没有可发布的改动';
  if (s.check.status === 'failed') return `检查未能完成：${s.check.message ?? ''}`;
  if (s.check.revision !== s.revision || s.check.status !== 'done') return '正在检查草稿…';
  if (s.check.errors.length) return `还有 ${s.check.errors.length} 个问题，修正后才能发布`;
  if (!note.trim()) return '请填写本次修改的说明';
  return '';
}

export function filesOf(s: StudioState): StudioFiles {
  return s.draft?.files ?? {};
}
