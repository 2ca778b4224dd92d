/**
 * The type checker's sentences (infer*.ts), in the admin's words: what is not
 * there, what the options are, what two sides are. Names stay as written, in
 * ASCII quotes; at most a dozen options are listed.
 */
import { suggest } from '../config/suggest';
import type { Node } from './compile';
import type { Type } from './types';

const MAX_LISTED = 12;

/** The field names of an object type (for "可以写"). */
export function fieldChoices(t: Extract<Type, { k: 'object' }>): string[] {
  return Object.keys(t.fields);
}

/** `（可以写：a、b、c 等 20 个）`. */
export function listed(names: readonly string[], label = '可以写'): string {
  if (!names.length) return '（这里没有任何字段）';
  const shown = names.slice(0, MAX_LISTED).join('、');
  return `（${label}：${shown}${names.length > MAX_LISTED ? ` 等 ${names.length} 个` : ''}）`;
}

/**
 * `（是不是要写 "X"？）` only when one candidate is clearly meant: the same
 * name in other letter case, or the single closest (a tie — '有' for '是'/'否' —
 * says nothing: the list of what may be written follows anyway).
 */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const sameLetters = candidates.filter((c) => c !== name && c.toLowerCase() === name.toLowerCase());
  if (sameLetters.length === 1) return `（是不是要写 "${sameLetters[0]}"？）`;
  const a = suggest(name, candidates);
  return a && a === suggest(name, [...candidates].reverse()) ? a : '';
}

/** For infer.ts: `的 "{full}" 不存在："{path}" 没有字段 "x"（是不是要写 "y"？）（可以写：…）`. */
export function missingFieldText(key: string, fields: string[]): string {
  return `的 "{full}" 不存在："{path}" 没有字段 "${key}"${didYouMean(key, fields)}${listed(fields)}`;
}

/** `"是"、"否"`: an enum's values as written in an expression. */
export function valuesText(values: ReadonlyArray<string | number>): string {
  return values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join('、');
}

/** How a node reads in a message: `form.a.b`, `data.list[0]`, `len(…)`. */
export function pathText(n: Node): string {
  switch (n.t) {
    case 'id': return n.name;
    case 'lit': return JSON.stringify(n.v) ?? 'undefined';
    case 'mem':
      if (!n.computed && n.prop.t === 'lit') return `${pathText(n.obj)}.${String(n.prop.v)}`;
      if (n.prop.t === 'lit' && typeof n.prop.v === 'number') return `${pathText(n.obj)}[${n.prop.v}]`;
      if (n.prop.t === 'lit') return `${pathText(n.obj)}['${String(n.prop.v)}']`;
      return `${pathText(n.obj)}[…]`;
    case 'call': return `${n.name}(…)`;
    default: return '…';
  }
}
