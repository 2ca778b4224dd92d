/**
 * The builder's visual logic: a rule of clauses on other answers, joined by
 * AND (且) or OR (或), read from and written as the `x-visibleIf` expression a
 * person writes by hand (docs/flow-format.md), so the typed checker checks what
 * the builder wrote and a hand-written condition opens in the builder.
 *
 *   choice      为 / 不为 an option            form.a == 'x'   form.a != 'x'
 *   multiple    选了 / 没选 an option           includes(form.a, 'x')   !includes(…)
 *   number      > ≥ < ≤ = ≠ a number           form.a > 100   (a number kept as text: num(form.a) > 100; a rating too)
 *   date        早于 / 晚于 / 为 a date          form.a < '2020-01-01'  (ISO dates compare as text)
 *   yes/no      为 / 不为 是 or 否                form.a == true   form.a != false
 *   any kind    已填写 / 未填写                  !isEmpty(form.a)   isEmpty(form.a)
 *
 * One join per rule: an expression mixing && and || (or anything else the
 * builder cannot show as clauses) stays `{ raw }`, shown as written and kept.
 * Pure: no React.
 */

export type Op = 'eq' | 'ne' | 'has' | 'lacks' | 'gt' | 'ge' | 'lt' | 'le' | 'filled' | 'empty';

export interface Clause {
  /** The question's path as a condition names it: `key` or `section.key`. */
  question: string;
  op: Op;
  /** The option, number or date compared with; none for 已填写 / 未填写. */
  value?: string;
}

export interface Rule {
  join: 'and' | 'or';
  clauses: Clause[];
}

export type Condition = Rule | { raw: string };

/** What a clause can compare, by the kind of question it names. */
export type TargetKind = 'single' | 'multiple' | 'number' | 'numberText' | 'text' | 'date' | 'boolean';

/** A question a clause may name, as the editor offers it. */
export interface Target {
  path: string;
  label: string;
  kind: TargetKind;
  options: string[];
}

export const OPS_BY_KIND: Record<TargetKind, Op[]> = {
  single: ['eq', 'ne', 'filled', 'empty'],
  multiple: ['has', 'lacks', 'filled', 'empty'],
  number: ['gt', 'ge', 'lt', 'le', 'eq', 'ne', 'filled', 'empty'],
  numberText: ['gt', 'ge', 'lt', 'le', 'eq', 'ne', 'filled', 'empty'],
  text: ['filled', 'empty', 'eq', 'ne'],
  date: ['lt', 'gt', 'eq', 'filled', 'empty'],
  boolean: ['eq', 'ne', 'filled', 'empty'],
};

/** A yes/no answer is true or false; a clause holds it as the word the admin picked. */
export const YES_NO = ['是', '否'];
const BOOL_OF: Record<string, string> = { 是: 'true', 否: 'false' };

/** How a clause reads, by kind (a date is 早于 rather than <). */
export function opWord(op: Op, kind: TargetKind | undefined): string {
  if (kind === 'date') return ({ lt: '早于', gt: '晚于', eq: '为', filled: '已填写', empty: '未填写' } as Partial<Record<Op, string>>)[op] ?? op;
  const numeric = kind === 'number' || kind === 'numberText';
  const words: Record<Op, string> = {
    eq: numeric ? '=' : '为',
    ne: numeric ? '≠' : '不为',
    has: '选了',
    lacks: '没选',
    gt: '>',
    ge: '≥',
    lt: '<',
    le: '≤',
    filled: '已填写',
    empty: '未填写',
  };
  return words[op];
}

export const needsValue = (op: Op): boolean => op !== 'filled' && op !== 'empty';

/** Each comparing operator's symbol in an expression (the reading side inverts it). */
const OP_SYM: Partial<Record<Op, string>> = { eq: '==', ne: '!=', gt: '>', ge: '>=', lt: '<', le: '<=' };

const quote = (v: string): string => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const isNumberText = (v: string | undefined): boolean => v !== undefined && /^-?\d+(\.\d+)?$/.test(v.trim());

/** One clause as an expression; null when it is not complete (no value yet, a number that is no number). */
export function clauseExpression(c: Clause, kind: TargetKind | undefined): string | null {
  const ref = `form.${c.question}`;
  if (c.op === 'filled') return `!isEmpty(${ref})`;
  if (c.op === 'empty') return `isEmpty(${ref})`;
  const v = c.value ?? '';
  if (kind === 'number' || kind === 'numberText') {
    if (!isNumberText(v)) return null;
    const sym = OP_SYM[c.op];
    if (!sym) return null;
    return `${kind === 'numberText' ? `num(${ref})` : ref} ${sym} ${Number(v)}`;
  }
  if (kind === 'boolean') {
    const sym = OP_SYM[c.op];
    return sym && BOOL_OF[v] ? `${ref} ${sym} ${BOOL_OF[v]}` : null;
  }
  if (c.op === 'has') return `includes(${ref}, ${quote(v)})`;
  if (c.op === 'lacks') return `!includes(${ref}, ${quote(v)})`;
  if (kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const sym = OP_SYM[c.op];
  return sym ? `${ref} ${sym} ${quote(v)}` : null;
}

/** The rule's expression (clauses not yet complete are left out), or undefined when none is. */
export function ruleExpression(rule: Rule, kindOf: (path: string) => TargetKind | undefined): string | undefined {
  const parts = rule.clauses.map((c) => clauseExpression(c, kindOf(c.question))).filter((x): x is string => !!x);
  return parts.length ? parts.join(rule.join === 'and' ? ' && ' : ' || ') : undefined;
}

// ------------------------------------------------------------------ reading

const STR = `'((?:[^'\\\\]|\\\\.)*)'`;
const PATH = `form\\.([A-Za-z_][\\w]*(?:\\.[A-Za-z_][\\w]*)?)`;
const unquote = (s: string): string => s.replace(/\\(.)/g, '$1');
const SYM_OP: Record<string, Op> = Object.fromEntries(Object.entries(OP_SYM).map(([op, sym]) => [sym, op as Op]));

function clauseOf(text: string): Clause | null {
  const t = text.trim();
  let m = new RegExp(`^(!)?\\s*isEmpty\\(\\s*${PATH}\\s*\\)$`).exec(t);
  if (m) return { question: m[2], op: m[1] ? 'filled' : 'empty' };
  m = new RegExp(`^(!)?\\s*includes\\(\\s*${PATH}\\s*,\\s*${STR}\\s*\\)$`).exec(t);
  if (m) return { question: m[2], op: m[1] ? 'lacks' : 'has', value: unquote(m[3]) };
  m = new RegExp(`^(?:num\\(\\s*${PATH}\\s*\\)|${PATH})\\s*(==|!=|>=|<=|>|<)\\s*(-?\\d+(?:\\.\\d+)?)$`).exec(t);
  if (m) return { question: m[1] ?? m[2], op: SYM_OP[m[3]], value: m[4] };
  m = new RegExp(`^${PATH}\\s*(==|!=|>=|<=|>|<)\\s*${STR}$`).exec(t);
  if (m) return { question: m[1], op: SYM_OP[m[2]], value: unquote(m[3]) };
  m = new RegExp(`^${PATH}\\s*(==|!=)\\s*(true|false)$`).exec(t);
  if (m) return { question: m[1], op: SYM_OP[m[2]], value: m[3] === 'true' ? '是' : '否' };
  return null;
}

/** Splits at a top-level `&&` or `||` outside quotes and brackets. */
function splitAt(text: string, sep: '&&' | '||'): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoteCh = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoteCh) {
      if (ch === '\\') i++;
      else if (ch === quoteCh) quoteCh = '';
    } else if (ch === "'" || ch === '"') quoteCh = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0 && text.startsWith(sep, i)) {
      out.push(text.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** An `x-visibleIf` as a rule, or `{ raw }` when the builder cannot show it as clauses. */
export function readCondition(v: unknown): Condition | undefined {
  if (typeof v !== 'string' || !v.trim()) return undefined;
  const and = splitAt(v, '&&');
  const or = splitAt(v, '||');
  if (and.length > 1 && or.length > 1) return { raw: v };
  const join = or.length > 1 ? 'or' : 'and';
  const clauses = (join === 'or' ? or : and).map(clauseOf);
  if (clauses.some((c) => !c)) return { raw: v };
  return { join, clauses: clauses as Clause[] };
}

/** The rule in words: 当 体重 > 100 且 性别 为 女 时显示. */
/** What a rule does: shows its question (x-visibleIf), makes it required (x-requiredIf), or ends the questionnaire after it (x-endIf). */
export type RulePurpose = 'show' | 'require' | 'end';

export const PURPOSE_WORDS: Record<RulePurpose, { name: string; then: string; none: string }> = {
  show: { name: '显示条件', then: '时显示', none: '始终显示' },
  require: { name: '必填条件', then: '时必填', none: '选填（可加必填条件）' },
  end: { name: '结束条件', then: '时结束问卷，后面的题目不再显示', none: '答完后继续下一题' },
};

export function ruleWords(rule: Rule, labelOf: (path: string) => string, kindOf: (path: string) => TargetKind | undefined, purpose: RulePurpose = 'show'): string {
  const parts = rule.clauses.map((c) => {
    const kind = kindOf(c.question);
    const value = needsValue(c.op) ? ` ${c.value ?? '…'}` : '';
    return `${labelOf(c.question)} ${opWord(c.op, kind)}${value}`;
  });
  return parts.length ? `当 ${parts.join(rule.join === 'and' ? ' 且 ' : ' 或 ')} ${PURPOSE_WORDS[purpose].then}` : PURPOSE_WORDS[purpose].none;
}

/** Renames the question a rule names (a renamed key); drops clauses naming a deleted one. */
export function mapRule(c: Condition | undefined, f: (path: string) => string | null): Condition | undefined {
  if (!c || 'raw' in c) return c;
  const clauses = c.clauses.flatMap((x) => {
    const to = f(x.question);
    return to === null ? [] : [{ ...x, question: to }];
  });
  return clauses.length ? { ...c, clauses } : undefined;
}
