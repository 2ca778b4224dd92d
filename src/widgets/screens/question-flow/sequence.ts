/**
 * Question sequencing of the self-assessment flow (booking spec §3 "Questionnaire
 * question", §4 "Questionnaire"), pure so every branch is unit-tested:
 * - main questions (wt_type 'A') are asked one at a time, section by section;
 * - an answer with `isNext` pulls in, right after the current question, the
 *   follow-ups (wt_type 'B'/'C') whose `code` equals that isNext value;
 * - back removes what the previous question pulled in and restores its answer;
 * - multi-select needs ≥ 1 choice, other types a non-empty answer.
 * Sections/questions with `visibleIf: false` (evaluated by the runner) are skipped.
 */

export interface AnswerOption {
  ans: string;
  isNext?: string | null;
  /** Multiple choice: this option excludes every other (以上都没有 / 无). */
  exclusive?: boolean;
}

export interface Question {
  code: string;
  title: string;
  /** 'A' main; 'B'/'C' follow-ups (only asked when pulled in). Missing = main. */
  wt_type?: string;
  /** 1 single choice, 2 multiple choice, 3 fill-in (numbers or numeric strings). */
  type: number | string;
  answers?: AnswerOption[];
  visibleIf?: unknown;
}

export interface Section {
  title?: string;
  visibleIf?: unknown;
  questions?: Question[];
}

export interface Bank {
  sections?: Section[];
}

export type AnswerValue = string | string[];
export type QuestionKind = 'single' | 'multi' | 'fill';

/** One asked (or to-be-asked) question; `pulledBy` = id of the entry whose answer pulled it in. */
export interface Entry {
  id: number;
  section: number;
  question: Question;
  pulledBy?: number;
}

export interface FlowState {
  entries: Entry[];
  /** Index of the current entry; === entries.length when all are answered. */
  pos: number;
  /** Answers by entry id. */
  answers: Record<number, AnswerValue>;
  nextId: number;
}

export type AnswerError = 'multiRequired' | 'required';

export function questionKind(q: Question): QuestionKind {
  const t = Number(q.type);
  return t === 2 ? 'multi' : t === 3 ? 'fill' : 'single';
}

function isMain(q: Question): boolean {
  return !q.wt_type || String(q.wt_type).toUpperCase() === 'A';
}

/** Hidden only by an explicit false (the runner evaluates `visibleIf`). */
function visible(v: unknown): boolean {
  return v !== false;
}

function visibleSections(bank: Bank): Array<{ index: number; section: Section }> {
  return (bank.sections ?? []).map((section, index) => ({ index, section })).filter((s) => visible(s.section.visibleIf));
}

export function startFlow(bank: Bank): FlowState {
  const entries: Entry[] = [];
  let id = 0;
  for (const { index, section } of visibleSections(bank)) {
    for (const question of section.questions ?? []) {
      if (isMain(question) && visible(question.visibleIf)) entries.push({ id: id++, section: index, question });
    }
  }
  return { entries, pos: 0, answers: {}, nextId: id };
}

export function currentEntry(state: FlowState): Entry | undefined {
  return state.entries[state.pos];
}

export function isComplete(state: FlowState): boolean {
  return state.pos >= state.entries.length;
}

export function validateAnswer(q: Question, value: AnswerValue | undefined): AnswerError | null {
  if (questionKind(q) === 'multi') return Array.isArray(value) && value.length > 0 ? null : 'multiRequired';
  const v = Array.isArray(value) ? value.join('') : value;
  return typeof v === 'string' && v.trim() !== '' ? null : 'required';
}

/** The isNext codes the chosen option(s) carry. */
function pulledCodes(q: Question, value: AnswerValue): string[] {
  if (questionKind(q) === 'fill') return [];
  const chosen = Array.isArray(value) ? value : [value];
  const codes: string[] = [];
  for (const opt of q.answers ?? []) {
    if (chosen.includes(opt.ans) && opt.isNext && !codes.includes(opt.isNext)) codes.push(opt.isNext);
  }
  return codes;
}

/** Follow-up questions carrying one of `codes`, in bank order. */
function followUps(bank: Bank, codes: string[]): Array<{ section: number; question: Question }> {
  if (codes.length === 0) return [];
  const out: Array<{ section: number; question: Question }> = [];
  for (const { index, section } of visibleSections(bank)) {
    for (const question of section.questions ?? []) {
      if (!isMain(question) && codes.includes(question.code) && visible(question.visibleIf)) out.push({ section: index, question });
    }
  }
  return out;
}

/** Ids of everything `id` pulled in, transitively. */
function descendants(entries: Entry[], id: number): Set<number> {
  const out = new Set<number>();
  let frontier = [id];
  while (frontier.length) {
    const next: number[] = [];
    for (const e of entries) if (e.pulledBy !== undefined && frontier.includes(e.pulledBy) && !out.has(e.id)) (out.add(e.id), next.push(e.id));
    frontier = next;
  }
  return out;
}

function withoutPulledBy(state: FlowState, id: number): FlowState {
  const drop = descendants(state.entries, id);
  if (drop.size === 0) return state;
  const answers: Record<number, AnswerValue> = {};
  for (const [k, v] of Object.entries(state.answers)) if (!drop.has(Number(k))) answers[Number(k)] = v;
  return { ...state, entries: state.entries.filter((e) => !drop.has(e.id)), answers };
}

/**
 * Answer the current question: validate, record, replace what it pulled in
 * before (re-answer after back), pull in follow-ups right after it, advance.
 */
export function answerCurrent(state: FlowState, bank: Bank, value: AnswerValue): { state: FlowState; error?: AnswerError } {
  const entry = currentEntry(state);
  if (!entry) return { state };
  const error = validateAnswer(entry.question, value);
  if (error) return { state, error };

  let next = withoutPulledBy(state, entry.id);
  const pos = next.entries.findIndex((e) => e.id === entry.id);
  const already = new Set(next.entries.map((e) => e.question));
  let nextId = next.nextId;
  const pulled: Entry[] = followUps(bank, pulledCodes(entry.question, value))
    .filter((f) => !already.has(f.question))
    .map((f) => ({ id: nextId++, section: f.section, question: f.question, pulledBy: entry.id }));
  const entries = [...next.entries.slice(0, pos + 1), ...pulled, ...next.entries.slice(pos + 1)];
  next = { entries, pos: pos + 1, answers: { ...next.answers, [entry.id]: value }, nextId };
  return { state: next };
}

/** Back one question: it becomes current with its answer kept (restored), and what it pulled in is removed. */
export function goBack(state: FlowState): FlowState {
  if (state.pos <= 0) return state;
  const prev = state.entries[state.pos - 1];
  const next = withoutPulledBy(state, prev.id);
  return { ...next, pos: next.entries.findIndex((e) => e.id === prev.id) };
}

/** After "all answered", return to the last question (the submit confirm was cancelled). */
export function reopenLast(state: FlowState): FlowState {
  return isComplete(state) && state.entries.length > 0 ? { ...state, pos: state.entries.length - 1 } : state;
}

/** The recorded answer of the current entry (what the UI pre-selects). */
export function currentAnswer(state: FlowState): AnswerValue | undefined {
  const e = currentEntry(state);
  return e ? state.answers[e.id] : undefined;
}

export interface QuestionAnswer {
  code: string;
  title: string;
  answer: string;
}

/** The result: question/answer pairs in asked order; multi-select answers joined by `separator`. */
export function collectAnswers(state: FlowState, separator = ','): QuestionAnswer[] {
  return state.entries
    .filter((e) => state.answers[e.id] !== undefined)
    .map((e) => {
      const a = state.answers[e.id];
      return { code: e.question.code, title: e.question.title, answer: Array.isArray(a) ? a.join(separator) : a };
    });
}
