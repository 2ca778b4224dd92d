/**
 * "在线上最新版本上保留我的改动": fetches what is live and the version the
 * draft started from, plans the rebase (./rebase.ts) and, when no file
 * conflicts, applies it at once; otherwise holds the plan while the admin
 * picks 保留我的 / 采用线上的 per conflicting file, then applies it in one step
 * (store.rebaseOnto). The picks so far are kept in localStorage, per admin and
 * per (from, to) versions: a reload in the middle loses none of them.
 */
import { create } from 'zustand';
import type { StudioConfigRes } from '../contract/api/studio';
import { studioApi } from './api';
import { applyRebase, planRebase, type RebaseChoice, type RebasePlan } from './rebase';
import { studio, useStudio } from './store';
import { changesOf } from './draft';

export interface RebaseState {
  phase: 'idle' | 'loading' | 'choosing';
  plan: RebasePlan | null;
  live: StudioConfigRes | null;
  /** The version the draft started from. */
  from: number;
  choices: Record<string, RebaseChoice>;
  /** The conflicting file whose two sides the diff shows. */
  shown: string | null;
}

const IDLE: RebaseState = { phase: 'idle', plan: null, live: null, from: 0, choices: {}, shown: null };

export const useRebase = create<RebaseState>(() => IDLE);

const KEY = (user: string) => `checkup-studio:rebase:${user}`;
interface SavedChoices {
  from: number;
  to: number;
  choices: Record<string, RebaseChoice>;
}

function readChoices(user: string): SavedChoices | null {
  try {
    const raw = window.localStorage.getItem(KEY(user));
    const v = raw ? (JSON.parse(raw) as SavedChoices) : null;
    return v && typeof v.from === 'number' && typeof v.to === 'number' && v.choices && typeof v.choices === 'object' ? v : null;
  } catch {
    return null;
  }
}

function writeChoices(user: string, v: SavedChoices | null): void {
  try {
    if (v) window.localStorage.setItem(KEY(user), JSON.stringify(v));
    else window.localStorage.removeItem(KEY(user));
  } catch {
    /* storage full: the picks live in the page only */
  }
}

function summary(plan: RebasePlan, live: StudioConfigRes): string {
  const merged = plan.outcomes.filter((o) => o.outcome === 'merged').length;
  const theirs = plan.outcomes.filter((o) => o.outcome === 'theirs').length;
  const parts = [`已在线上版本 #${live.live.id} 上保留你的改动`];
  if (theirs) parts.push(`采用了线上的 ${theirs} 个文件`);
  if (merged) parts.push(`自动合并了 ${merged} 个双方都改过的文件`);
  if (plan.conflicts.length) parts.push(`${plan.conflicts.length} 个冲突文件按你的选择处理`);
  return `${parts.join('，')}。草稿正在重新检查。`;
}

function finishWith(plan: RebasePlan, live: StudioConfigRes, choices: Record<string, RebaseChoice>): boolean {
  const files = applyRebase(plan, choices);
  if (!files) return false;
  const user = useStudio.getState().user;
  studio.rebaseOnto(live, files, { kind: 'success', text: summary(plan, live) });
  if (user) writeChoices(user.username, null);
  useRebase.setState(IDLE);
  return true;
}

export const rebase = {
  /** Plans the rebase; applies it at once when nothing conflicts. */
  async start(): Promise<void> {
    const { draft, user } = useStudio.getState();
    if (!draft || !user || useRebase.getState().phase === 'loading') return;
    useRebase.setState({ ...IDLE, phase: 'loading', from: draft.baseVersion });
    try {
      const [live, base] = await Promise.all([studioApi.config(), studioApi.version(draft.baseVersion)]);
      // the draft as it is now (the dialog keeps the editor out of reach until it is done)
      const mine = useStudio.getState().draft?.files ?? draft.files;
      if (live.live.id === draft.baseVersion) {
        useRebase.setState(IDLE);
        studio.rebaseOnto(live, mine, { kind: 'info', text: '草稿已基于线上最新版本' });
        return;
      }
      const plan = planRebase(base.files, mine, live.files);
      if (!plan.conflicts.length) {
        finishWith(plan, live, {});
        return;
      }
      const saved = readChoices(user.username);
      const choices: Record<string, RebaseChoice> = {};
      if (saved && saved.from === draft.baseVersion && saved.to === live.live.id)
        for (const c of plan.conflicts) if (saved.choices[c.path]) choices[c.path] = saved.choices[c.path];
      useRebase.setState({ phase: 'choosing', plan, live, from: draft.baseVersion, choices, shown: plan.conflicts[0].path });
    } catch (e) {
      useRebase.setState(IDLE);
      studio.fail(e);
    }
  },

  choose(path: string, choice: RebaseChoice): void {
    const s = useRebase.getState();
    const user = useStudio.getState().user;
    if (s.phase !== 'choosing' || !s.live) return;
    const choices = { ...s.choices, [path]: choice };
    useRebase.setState({ choices, shown: path });
    if (user) writeChoices(user.username, { from: s.from, to: s.live.live.id, choices });
  },

  show(path: string): void {
    useRebase.setState({ shown: path });
  },

  /** Applies the plan with the admin's picks (every conflict must have one). */
  finish(): boolean {
    const s = useRebase.getState();
    if (s.phase !== 'choosing' || !s.plan || !s.live) return false;
    return finishWith(s.plan, s.live, s.choices);
  },

  /** Closes the dialog; the draft is as before (the picks stay saved for the next try). */
  cancel(): void {
    useRebase.setState(IDLE);
  },

  /**
   * Asks which version is live (a small answer: GET /versions); when it is not the
   * one the draft started from, what is live is fetched and the draft flagged stale
   * (the banner shows) — or, when the draft changes nothing, it follows the live
   * version at once. Skipped while a publish, restore or rebase is under way.
   */
  async checkLive(): Promise<void> {
    const idle = () => {
      const s = useStudio.getState();
      return s.phase === 'ready' && !s.busy && !s.stale && !!s.draft && useRebase.getState().phase === 'idle';
    };
    if (!idle() || document.visibilityState !== 'visible') return;
    try {
      const { live } = await studioApi.versions();
      if (!idle() || live === useStudio.getState().draft?.baseVersion) return;
      const config = await studioApi.config();
      const { draft, live: was } = useStudio.getState();
      if (!idle() || !draft || config.live.id === draft.baseVersion) return;
      // A draft with nothing changed simply follows what is live: there is nothing to keep.
      if (was && changesOf(was.files, draft.files).length === 0) await studio.startFromLive();
      else useStudio.setState({ live: config, stale: true });
    } catch {
      /* offline or signed out: the next try, or the publish, will tell */
    }
  },

  /** Picks saved for this draft's rebase by an earlier page (a reload in the middle). */
  hasSavedChoices(): boolean {
    const { draft, user, live } = useStudio.getState();
    if (!draft || !user || !live) return false;
    const saved = readChoices(user.username);
    return !!saved && saved.from === draft.baseVersion && saved.to === live.live.id && Object.keys(saved.choices).length > 0;
  },
};
