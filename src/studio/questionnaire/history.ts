/**
 * The questionnaire builder's undo and redo. Pure: no React, no DOM, no clock
 * (the caller passes the time), so every rule here is unit-tested.
 *
 * A step is the texts of the files one builder change wrote, before and after
 * (undefined: the file did not exist). Texts rather than questionnaire models
 * because a change may write several files (the schema, flows/app.yaml, a
 * generated page) and because the draft holds texts: undoing writes back
 * exactly what was there, key order and formatting included.
 *
 * Typing a word is one step, not one per letter: records with the same key
 * (one input of one question) less than COALESCE_MS apart merge into the
 * last step. An undo or redo closes the last step, so typing on afterwards
 * starts a new one.
 *
 * The draft can also change outside the builder (the text editor, a rebase on
 * a newer live version). Undo only writes a step back when the files are still
 * as the step left them; otherwise it refuses and the whole history is dropped:
 * writing the old text would silently throw away that other edit, and every
 * older step would lead back through it.
 *
 * describePatch (at the end) names a question card's change and says which
 * changes are typing (one step per run).
 */
import type { Question } from './model';

/** Files' texts by path; undefined: the file does not exist. */
export type FileTexts = Readonly<Record<string, string | undefined>>;

export interface Step {
  before: FileTexts;
  after: FileTexts;
  /** What the step did, for the buttons' titles (撤销：删除题目“睡眠不好”). */
  label: string;
  /** Records with this key close together merge into this step. */
  key?: string;
  /** When it was last recorded into (ms). */
  at: number;
}

export interface History {
  /** Oldest first; the last one is what 撤销 takes back. */
  done: readonly Step[];
  /** What 重做 does again, the last one first. */
  undone: readonly Step[];
  /** The last step may take in the next record (false after an undo or redo). */
  open: boolean;
}

export const COALESCE_MS = 1000;
/** Steps kept; older ones are forgotten (a long session should not hold every keystroke's file text). */
export const MAX_STEPS = 100;

export const EMPTY_HISTORY: History = { done: [], undone: [], open: false };

export interface RecordOptions {
  label: string;
  key?: string;
  /** The time of the change (ms). */
  now: number;
  coalesceMs?: number;
  cap?: number;
}

export type Outcome =
  /** Nothing to undo (or redo). */
  | { kind: 'none'; history: History }
  /** Write `files` into the draft (undefined: remove the file). */
  | { kind: 'apply'; history: History; files: FileTexts; label: string }
  /** `path` was changed elsewhere since: nothing is written and the history is dropped. */
  | { kind: 'refused'; history: History; path: string };

const has = (o: FileTexts, p: string) => Object.prototype.hasOwnProperty.call(o, p);
const textOf = (files: FileTexts, p: string) => (has(files, p) ? files[p] : undefined);

/** A change from `before` to `after` (only the files that differ are kept); a change that changes nothing is no step. */
export function record(h: History, before: FileTexts, after: FileTexts, opts: RecordOptions): History {
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((p) => textOf(before, p) !== textOf(after, p));
  if (!paths.length) return h;
  const b = Object.fromEntries(paths.map((p) => [p, textOf(before, p)]));
  const a = Object.fromEntries(paths.map((p) => [p, textOf(after, p)]));
  const last = h.done[h.done.length - 1];
  const window = opts.coalesceMs ?? COALESCE_MS;
  // merge only a change that starts where the last step ended (nothing came between)
  const continues = last && paths.every((p) => !has(last.after, p) || last.after[p] === b[p]);
  if (h.open && last && opts.key !== undefined && last.key === opts.key && opts.now - last.at <= window && continues) {
    const merged: Step = { ...last, before: { ...b, ...last.before }, after: { ...last.after, ...a }, label: opts.label, at: opts.now };
    const rest = h.done.slice(0, -1);
    // typed and erased again: the step changes nothing any more
    const noop = Object.keys(merged.after).every((p) => textOf(merged.before, p) === textOf(merged.after, p));
    return { done: noop ? rest : [...rest, merged], undone: [], open: !noop };
  }
  const step: Step = { before: b, after: a, label: opts.label, key: opts.key, at: opts.now };
  return { done: [...h.done, step].slice(-(opts.cap ?? MAX_STEPS)), undone: [], open: true };
}

/** The first file of `expected` whose text in `current` differs, or null. */
function changedElsewhere(expected: FileTexts, current: FileTexts): string | null {
  return Object.keys(expected).find((p) => textOf(current, p) !== expected[p]) ?? null;
}

/** Takes back the last step: its files' texts before it, or a refusal when one was changed elsewhere since. */
export function undo(h: History, current: FileTexts): Outcome {
  const step = h.done[h.done.length - 1];
  if (!step) return { kind: 'none', history: h };
  const path = changedElsewhere(step.after, current);
  if (path) return { kind: 'refused', history: EMPTY_HISTORY, path };
  return { kind: 'apply', history: { done: h.done.slice(0, -1), undone: [...h.undone, step], open: false }, files: step.before, label: step.label };
}

/** Does the last undone step again, or refuses when one of its files was changed elsewhere since the undo. */
export function redo(h: History, current: FileTexts): Outcome {
  const step = h.undone[h.undone.length - 1];
  if (!step) return { kind: 'none', history: h };
  const path = changedElsewhere(step.before, current);
  if (path) return { kind: 'refused', history: EMPTY_HISTORY, path };
  return { kind: 'apply', history: { done: [...h.done, step], undone: h.undone.slice(0, -1), open: false }, files: step.after, label: step.label };
}

/** What 撤销 / 重做 would do now ('' when nothing). */
export const undoLabel = (h: History): string => h.done[h.done.length - 1]?.label ?? '';
export const redoLabel = (h: History): string => h.undone[h.undone.length - 1]?.label ?? '';

// ------------------------------------------------------------------ naming the builder's changes

/** What a change is called, and the key that makes a run of them one step. */
export interface StepName {
  /** For the buttons' titles: 删除第 2 题“睡眠不好”. */
  label: string;
  /** Records with the same key close together are one step (typing in one input). */
  key?: string;
}

const FIELD_NAMES: Record<string, string> = {
  label: '题目文字',
  key: '字段名',
  type: '题型',
  required: '必填',
  requiredMessage: '必填提示',
  placeholder: '输入框提示',
  multiline: '多行',
  picker: '显示方式',
  search: '显示方式',
  rating: '评分',
  options: '选项',
  visibleIf: '显示条件',
  requiredIf: '必填条件',
  endIf: '结束条件',
  validation: '校验',
};

const isPlain = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isText = (v: unknown) => typeof v === 'string' || typeof v === 'number';

/** The leaves (`options.1.value`) where `a` and `b` differ; a list that grew or shrank is one leaf. */
function changedLeaves(a: unknown, b: unknown, path: string, out: Array<{ path: string; a: unknown; b: unknown }>): void {
  if (Object.is(a, b)) return;
  const lists = Array.isArray(a) && Array.isArray(b) && a.length === b.length;
  if (lists || (isPlain(a) && isPlain(b))) {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) changedLeaves(x[k], y[k], path ? `${path}.${k}` : k, out);
  } else out.push({ path, a, b });
}

/**
 * What a question card's patch is called (修改第 2 题的题目文字) and its key. A
 * patch that changes one piece of text or one number (the label, an option's
 * text or points, a validator's message, a condition's value) is typing: a run
 * of them in the same place is one step. A checkbox, an added or moved option,
 * a new condition is a step of its own.
 */
export function describePatch(n: number, old: Question, patch: Partial<Question>): StepName {
  const fields = Object.keys(patch) as Array<keyof Question>;
  const leaves: Array<{ path: string; a: unknown; b: unknown }> = [];
  for (const f of fields) changedLeaves(old[f], patch[f], f, leaves);
  const option = leaves.length === 1 ? /^options\.(\d+)\.(value|score)$/.exec(leaves[0].path) : null;
  const what = option ? `选项 ${Number(option[1]) + 1} 的${option[2] === 'score' ? '分数' : '文字'}` : [...new Set(fields.map((f) => FIELD_NAMES[f] ?? f))].join('、'); // 显示方式 is two fields, named once
  const label = `修改第 ${n} 题的${what}`;
  const typed = leaves.length === 1 && (isText(leaves[0].b) || (leaves[0].b === undefined && isText(leaves[0].a)));
  return typed ? { label, key: `q${n}.${leaves[0].path}` } : { label };
}
