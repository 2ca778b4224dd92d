/**
 * CodeMirror 6 for config files: YAML or JSON highlighting, completion and
 * hover from ./complete.ts (editor schemas + the draft's names), the checker's
 * problems as lint diagnostics at their line and column, and one editor state
 * per file (each file keeps its own undo history while the admin switches).
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, startCompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import {
  EditorView,
  crosshairCursor,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  hoverTooltip,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import type { StudioConfigError } from '../../contract/api/studio';
import { complete, hoverAt, type CompletionEnv } from './complete';

export interface EditorHooks {
  /** The completion environment now (schemas, registries, the draft's names). */
  env(): CompletionEnv | null;
  onChange(file: string, text: string): void;
  /** The cursor moved (or the text changed): its 1-based line (the live phone preview shows the step there). */
  onCursor?(file: string, line: number): void;
}

export function languageOf(file: string): Extension {
  return file.endsWith('.json') ? json() : yaml();
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Noto Sans Mono CJK SC", monospace', lineHeight: '1.55' },
  '.cm-tooltip-hover': { maxWidth: '440px', padding: '6px 10px', whiteSpace: 'pre-wrap' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li': { padding: '2px 8px' },
  '.cm-completionDetail': { marginLeft: '10px', color: '#5c6670', fontStyle: 'normal' },
  '.cm-completionInfo': { maxWidth: '380px', whiteSpace: 'pre-wrap' },
});

/** CodeMirror's own words (search panel, folding, lint) in Chinese. */
const PHRASES: Record<string, string> = {
  Find: '查找',
  Replace: '替换',
  next: '下一个',
  previous: '上一个',
  all: '全部',
  'match case': '区分大小写',
  regexp: '正则表达式',
  'by word': '整词',
  replace: '替换',
  'replace all': '全部替换',
  close: '关闭',
  'current match': '当前匹配',
  'replaced match on line $': '已替换第 $ 行的匹配',
  'replaced $ matches': '已替换 $ 处',
  'on line': '在行',
  'Go to line': '跳到行',
  go: '跳转',
  'Folded lines': '已折叠的行',
  'Unfolded lines': '已展开的行',
  to: '到',
  'folded code': '折叠的内容',
  unfold: '展开',
  'Fold line': '折叠此行',
  'Unfold line': '展开此行',
  Diagnostics: '问题',
  'No diagnostics': '没有问题',
  'Control character': '控制字符',
  'Selection deleted': '已删除选中内容',
  Completions: '补全',
  '$ unchanged lines': '$ 行未改动',
  'Accept': '接受',
  'Reject': '拒绝',
};

/** The Chinese phrases, for other CodeMirror views (the diff). */
export const chinesePhrases = EditorState.phrases.of(PHRASES);

function completionSource(file: string, hooks: EditorHooks) {
  return (ctx: CompletionContext): CompletionResult | null => {
    const env = hooks.env();
    if (!env) return null;
    const r = complete(file, ctx.state.doc.toString(), ctx.pos, env);
    if (!r) return null;
    if (!ctx.explicit && r.context.prefix === '' && r.context.kind === 'key' && !ctx.matchBefore(/[\s{,[]$/)) return null;
    return {
      from: r.from,
      to: Math.max(r.to, ctx.pos),
      options: r.options.map((o) => ({ label: o.label, apply: o.insert, detail: o.detail, info: o.info, type: o.type, boost: o.boost })),
      validFor: /^[\p{L}\p{N}_.\-/@$]*$/u,
    };
  };
}

function hover(file: string, hooks: EditorHooks) {
  return hoverTooltip((view, pos) => {
    const env = hooks.env();
    if (!env) return null;
    const h = hoverAt(file, view.state.doc.toString(), pos, env);
    if (!h) return null;
    return {
      pos: h.from,
      end: h.to,
      above: true,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 'studio-hover';
        const t = document.createElement('strong');
        t.textContent = h.title;
        dom.appendChild(t);
        if (h.body) {
          const b = document.createElement('div');
          b.textContent = h.body;
          dom.appendChild(b);
        }
        return { dom };
      },
    };
  });
}

/** After `key: ` (typed space after a colon), offer the values at once. */
const openAfterColon = EditorView.updateListener.of((u) => {
  if (!u.docChanged || !u.transactions.some((t) => t.isUserEvent('input.type'))) return;
  const pos = u.state.selection.main.head;
  const before = u.state.sliceDoc(Math.max(0, pos - 2), pos);
  if (before === ': ') setTimeout(() => startCompletion(u.view), 0);
});

export function editorExtensions(file: string, hooks: EditorHooks): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    bracketMatching(),
    closeBrackets(),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    EditorState.tabSize.of(2),
    chinesePhrases,
    indentUnit.of('  '),
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, indentWithTab]),
    languageOf(file),
    autocompletion({ override: [completionSource(file, hooks)], activateOnTyping: true, maxRenderedOptions: 80, icons: false }),
    hover(file, hooks),
    openAfterColon,
    lintGutter(),
    EditorView.lineWrapping,
    theme,
    EditorView.updateListener.of((u) => {
      if (u.docChanged) hooks.onChange(file, u.state.doc.toString());
      if ((u.docChanged || u.selectionSet) && hooks.onCursor) hooks.onCursor(file, u.state.doc.lineAt(u.state.selection.main.head).number);
    }),
    EditorView.contentAttributes.of({ 'aria-label': `编辑 ${file}` }),
  ];
}

export function createState(file: string, text: string, hooks: EditorHooks): EditorState {
  return EditorState.create({ doc: text, extensions: editorExtensions(file, hooks) });
}

/** The checker's problems of one file as diagnostics (1-based line/column → offsets). */
export function diagnosticsFor(state: EditorState, errors: StudioConfigError[]): Diagnostic[] {
  const doc = state.doc;
  return errors.map((e) => {
    const line = doc.line(Math.min(Math.max(1, e.line), doc.lines));
    const from = Math.min(line.from + Math.max(0, e.column - 1), line.to);
    // underline the word (or quoted value) at the place, else to the line's end
    const rest = doc.sliceString(from, line.to);
    const m = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^\s,}\]]+)/.exec(rest);
    const to = m ? from + m[0].length : line.to;
    return { from, to: to > from ? to : Math.min(from + 1, doc.length), severity: 'error', message: e.message, source: '配置检查' };
  });
}

export function showProblems(view: EditorView, errors: StudioConfigError[]): void {
  view.dispatch(setDiagnostics(view.state, diagnosticsFor(view.state, errors)));
}

/** Moves the cursor to line:column and scrolls it to the middle. */
export function revealAt(view: EditorView, line: number, column: number): void {
  const doc = view.state.doc;
  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
  const pos = Math.min(l.from + Math.max(0, column - 1), l.to);
  view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
  view.focus();
}
