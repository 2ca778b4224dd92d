/**
 * The CodeMirror editor of the open file. One EditorState per file is kept
 * (undo history survives switching files); a file changed from outside the
 * editor (revert, restore, a new live version) gets its new text as one edit.
 * The newest check's problems of this file show at their lines once the check
 * is of the text on screen.
 */
import { useEffect, useMemo, useRef } from 'react';
import { EditorView } from '@codemirror/view';
import type { EditorState } from '@codemirror/state';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { createState, revealAt, showProblems, type EditorHooks } from '../editor/codemirror';
import type { CompletionEnv, EditorSchemas } from '../editor/complete';
import type { Json } from '../editor/schema-walk';
import { studio, useStudio } from '../store';
import { previewPanel } from '../preview/panel-store';

export function EditorPane() {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, EditorState>());
  const shownFile = useRef<string | null>(null);
  const revealed = useRef(0);
  const openFile = useStudio((s) => s.openFile);
  const text = useStudio((s) => (s.openFile ? s.draft?.files[s.openFile] : undefined));
  const check = useStudio((s) => s.check);
  const revision = useStudio((s) => s.revision);
  const reveal = useStudio((s) => s.reveal);
  const context = useStudio((s) => s.context);
  const shown = useStudio((s) => s.view === 'edit');

  const schemas = useMemo<EditorSchemas | null>(() => {
    if (!context) return null;
    const e = context.editor as Record<string, Json>;
    return { flow: e.flow ?? {}, form: e.form ?? {}, 'question-bank': e['question-bank'] ?? {}, draft07: draft07 as Json };
  }, [context]);

  const hooks = useMemo<EditorHooks>(
    () => ({
      env: (): CompletionEnv | null => {
        const s = useStudio.getState();
        if (!schemas || !s.context) return null;
        return { schemas, registries: s.context.registries, vocab: s.check.vocab };
      },
      onChange: (file, t) => studio.edit(file, t),
      onCursor: (file, line) => previewPanel.setCursor(file, line),
    }),
    [schemas],
  );

  // the view, once
  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({ parent: host.current });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
      shownFile.current = null;
    };
  }, []);

  // the open file's state (switching files, or its text changed from outside)
  useEffect(() => {
    const v = view.current;
    if (!v || !openFile || text === undefined) return;
    if (shownFile.current !== openFile) {
      if (shownFile.current) states.current.set(shownFile.current, v.state);
      let st = states.current.get(openFile);
      if (!st || st.doc.toString() !== text) st = createState(openFile, text, hooks);
      v.setState(st);
      shownFile.current = openFile;
      const s = useStudio.getState();
      if (s.check.revision === s.revision) showProblems(v, s.check.errors.filter((e) => e.file === openFile));
    } else if (v.state.doc.toString() !== text) {
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
    }
  }, [openFile, text, hooks]);

  // problems, when the check is of what is on screen
  useEffect(() => {
    const v = view.current;
    if (!v || !openFile || check.revision !== revision) return;
    showProblems(v, check.errors.filter((e) => e.file === openFile));
  }, [check, revision, openFile]);

  useEffect(() => {
    const v = view.current;
    if (!v || !reveal || reveal.seq === revealed.current || reveal.file !== openFile || shownFile.current !== openFile) return;
    revealed.current = reveal.seq;
    revealAt(v, reveal.line, reveal.column);
  }, [reveal, openFile, text]);

  // back in view (the editor stays mounted while hidden): measure again
  useEffect(() => {
    if (!shown || !view.current) return;
    const v = view.current;
    const raf = requestAnimationFrame(() => v.requestMeasure());
    return () => cancelAnimationFrame(raf);
  }, [shown]);

  // a file removed from the draft: forget its state
  useEffect(() => {
    const s = useStudio.getState();
    for (const f of states.current.keys()) if (!s.draft || !(f in s.draft.files)) states.current.delete(f);
  });

  return <div className="st-cm" ref={host} data-file={openFile ?? ''} />;
}
