/**
 * Undo and redo in the questionnaire builder: every builder change goes
 * through `change` (the files it writes, what it is called), which records the
 * step (../questionnaire/history.ts) and writes the draft; 撤销 / 重做 in the
 * head row, Ctrl+Z / Cmd+Z and Ctrl+Shift+Z / Ctrl+Y while focus is in the
 * builder, and the notice after a delete with its own 撤销.
 *
 * The history lives in the Editor of one questionnaire and goes with it: switching
 * to another questionnaire, or to another view, starts afresh. An undo then only
 * ever changes what is on the screen (never a questionnaire the admin is not
 * looking at), and after the text editor the files would have changed under the
 * history anyway (history.ts refuses such an undo).
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { EMPTY_HISTORY, record, redo, redoLabel, undo, undoLabel, type FileTexts, type History, type StepName } from '../questionnaire/history';
import { studio, useStudio } from '../store';

/** How long the notice after a delete stays (while the pointer or focus is not on it). */
const NOTICE_MS = 10_000;

export interface ChangeHow extends StepName {
  /** A delete: the notice to show with its 撤销 (已删除“睡眠不好”). */
  deleted?: string;
}

/** Writes the files' new texts into the draft as one builder step. */
export type BuilderChange = (files: Record<string, string>, how: ChangeHow) => void;

export interface BuilderNotice {
  kind: 'deleted' | 'warn';
  text: string;
}

export interface BuilderHistory {
  history: History;
  change: BuilderChange;
  undo(): void;
  redo(): void;
  notice: BuilderNotice | null;
  /** Shows a warning (a move that cannot be done). */
  warn(text: string): void;
  dismiss(): void;
}

const draftFiles = (): FileTexts => useStudio.getState().draft?.files ?? {};

function write(files: FileTexts): void {
  for (const [path, text] of Object.entries(files)) {
    if (text === undefined) studio.removeFile(path);
    else studio.edit(path, text);
  }
}

export function useBuilderHistory(): BuilderHistory {
  // a ref, not state: several changes can come before React renders again, each recorded on the one before
  const ref = useRef<History>(EMPTY_HISTORY);
  const [, rendered] = useReducer((n: number) => n + 1, 0);
  const [notice, setNotice] = useState<BuilderNotice | null>(null);

  const change = useCallback<BuilderChange>((files, how) => {
    const current = draftFiles();
    // nothing changes (↑ on the first question): no step, and the notice stays
    if (Object.keys(files).every((p) => current[p] === files[p])) return;
    const before = Object.fromEntries(Object.keys(files).map((p) => [p, current[p]]));
    ref.current = record(ref.current, before, files, { label: how.label, key: how.key, now: Date.now() });
    write(files);
    // the delete notice stays until the next change: its 撤销 takes back the last step, which must be the delete
    setNotice(how.deleted ? { kind: 'deleted', text: how.deleted } : null);
    rendered();
  }, []);

  const step = useCallback((which: 'undo' | 'redo') => {
    const out = (which === 'undo' ? undo : redo)(ref.current, draftFiles());
    ref.current = out.history;
    if (out.kind === 'apply') {
      write(out.files);
      setNotice(null);
    } else if (out.kind === 'refused')
      setNotice({ kind: 'warn', text: `${out.path} 在别处改过（例如在编辑器中），为了不覆盖那次修改，撤销记录已清空` });
    rendered();
  }, []);

  // Ctrl+Z / Cmd+Z, Ctrl+Shift+Z / Cmd+Shift+Z / Ctrl+Y while focus is in the builder; the text editor keeps its own
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.isComposing) return;
      const k = e.key.toLowerCase();
      const which = k === 'z' ? (e.shiftKey ? 'redo' : 'undo') : k === 'y' && !e.shiftKey ? 'redo' : null;
      const target = e.target instanceof Element ? e.target : null;
      // inputs whose text is not in the draft (the new questionnaire's name) keep the browser's own undo
      if (!which || !target?.closest('.st-builder') || target.closest('.cm-editor, [data-own-undo]')) return;
      // the browser's own undo in a text field would fight ours (and knows nothing of the draft)
      e.preventDefault();
      step(which);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [step]);

  const dismiss = useCallback(() => setNotice(null), []);
  return {
    history: ref.current,
    change,
    undo: () => step('undo'),
    redo: () => step('redo'),
    notice,
    warn: (text) => setNotice({ kind: 'warn', text }),
    dismiss,
  };
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl+';

/** 撤销 and 重做 for the builder's head row, each titled with what it would do. */
export function HistoryButtons({ h }: { h: BuilderHistory }) {
  const u = undoLabel(h.history);
  const r = redoLabel(h.history);
  return (
    <span className="st-row st-history" role="group" aria-label="撤销与重做">
      <button className="st-btn st-small" onClick={h.undo} disabled={!u} title={u ? `撤销：${u}（${MOD}Z）` : '没有可以撤销的修改'} aria-keyshortcuts="Control+Z Meta+Z">
        撤销
      </button>
      <button className="st-btn st-small" onClick={h.redo} disabled={!r} title={r ? `重做：${r}（${MOD}Shift+Z）` : '没有可以重做的修改'} aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z">
        重做
      </button>
    </span>
  );
}

/**
 * The builder's notice: after a delete, 已删除“…” with its 撤销 (so a delete
 * needs no confirm); or why an undo or a move was refused. Gone at the next
 * change, with ×, or after NOTICE_MS while neither the pointer nor the focus
 * is on it (someone reaching for 撤销 keeps it).
 */
export function BuilderNoticeBar({ h }: { h: BuilderHistory }) {
  const [held, setHeld] = useState(false);
  const { notice, dismiss } = h;
  useEffect(() => {
    if (!notice || held) return;
    // each notice is a new object: a second delete restarts the time
    const t = setTimeout(dismiss, NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice, held, dismiss]);
  return (
    <div
      className={`st-builder-notice${notice ? ` st-builder-notice-${notice.kind}` : ''}`}
      role="status"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {notice ? (
        <>
          <span className="st-grow">{notice.text}</span>
          {notice.kind === 'deleted' ? (
            <button className="st-btn st-small st-primary" onClick={h.undo}>
              撤销
            </button>
          ) : null}
          <button className="st-link" onClick={dismiss} aria-label="关闭提示">
            ×
          </button>
        </>
      ) : null}
    </div>
  );
}
