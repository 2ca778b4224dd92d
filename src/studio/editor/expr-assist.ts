/**
 * Expressions in the editor, typed as the checker types them (the draft's
 * ExprTypes, built with the check): after `form.` the form's fields, after
 * `session.` the declared keys, after `item.` a row's fields…, each with its
 * type; at the start of a name the roots and the functions (with their
 * signatures); under the mouse a path's type or a function's signature.
 *
 * An expression is a value starting with `=`, or a condition (`if`, `when`,
 * `pick`, any key ending in `If`, `x-visibleIf`).
 */
import { inferExpr } from '../../engine/expr/infer';
import { EXPR_ROOTS } from '../../engine/expr/check';
import { ANY, members, present, typeLabel, typeWords, type Type } from '../../engine/expr/types';
import type { DocContext, PathSeg } from './doc-context';
import type { ExprTypes } from './vocab-types';

/** A completion option (the shape complete.ts's Suggestion has; not imported: complete.ts imports this file). */
export interface Suggestion {
  label: string;
  insert: string;
  type: 'property' | 'variable' | 'function';
  detail?: string;
  info?: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Whether the value at this place is an expression (the typed text decides for `=`). */
export function isExpression(ctx: DocContext): boolean {
  const last = ctx.path[ctx.path.length - 1];
  if (ctx.prefix.startsWith('=')) return true;
  return typeof last === 'string' && (/If$/.test(last) || last === 'if' || last === 'when' || last === 'pick');
}

/** The roots at a place: a step's form/data/item/event, a call's result, a schema's form. */
export function rootsAt(file: string, path: readonly PathSeg[], types: ExprTypes, dataAt: (p: readonly PathSeg[]) => unknown): Record<string, Type> {
  const roots: Record<string, Type> = { ...types.base };
  if (file.startsWith('schemas/')) {
    roots.form = types.schemas[file.replace(/^schemas\//, '')] ?? ANY;
    return roots;
  }
  if (path[0] !== 'steps' || path.length < 3) return roots;
  const step = types.steps[String(path[1])];
  if (!step) return roots;
  roots.form = step.form;
  roots.data = step.data;
  if (path[2] === 'props') roots.item = step.item;
  if (path[2] === 'on') roots.event = (typeof path[3] === 'string' && step.events?.[path[3]]) || step.event;
  const result = resultAt(path, types, dataAt);
  if (result) roots.result = result;
  return roots;
}

/** The envelope of the call whose then/onFail/pick holds the place, or of the nearest call before it in its list. */
function resultAt(path: readonly PathSeg[], types: ExprTypes, dataAt: (p: readonly PathSeg[]) => unknown): Type | null {
  for (let i = path.length - 1; i >= 2; i--) {
    const seg = path[i];
    const holder = dataAt(path.slice(0, i));
    if (typeof seg === 'string' && ['then', 'onFail', 'pick'].includes(seg) && isObj(holder) && typeof holder.call === 'string') return types.results[holder.call] ?? null;
    if (typeof seg === 'number' && Array.isArray(holder)) {
      for (let j = seg - 1; j >= 0; j--) {
        const prev = holder[j];
        if (isObj(prev) && typeof prev.call === 'string') return types.results[prev.call] ?? null;
      }
    }
  }
  return null;
}

/** The member chain being typed at the end of `before`: `form.basic.na` → chain `form.basic`, partial `na`. */
function chainAt(before: string): { chain: string | null; partial: string } | null {
  const m = /([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*|\[\d+\])*)\s*\.\s*([A-Za-z_$][\w$]*)?$/.exec(before);
  if (m) return { chain: m[1], partial: m[2] ?? '' };
  const w = /(^|[^\w$.\]])([A-Za-z_$][\w$]*)?$/.exec(before);
  return w ? { chain: null, partial: w[2] ?? '' } : null;
}

const fieldSuggestions = (t: Type): Suggestion[] => {
  const out = new Map<string, Type[]>();
  for (const m of members(present(t))) {
    if (m.k === 'object') for (const [k, f] of Object.entries(m.fields)) out.set(k, [...(out.get(k) ?? []), f]);
    if (m.k === 'array' || m.k === 'string') out.set('length', [{ k: 'number' }]);
  }
  return [...out].map(([k, ts]) => ({ label: k, insert: k, type: 'property' as const, detail: ts.map((x) => typeLabel(x)).join(' | '), info: ts.map((x) => typeWords(x)).join('；') }));
};

/** Completion inside an expression value; null when the cursor is not after a name or a dot. */
export function exprCompletion(ctx: DocContext, offset: number, roots: Record<string, Type>, types: ExprTypes): { from: number; options: Suggestion[] } | null {
  const before = ctx.prefix.slice(0, Math.max(0, offset - ctx.from));
  const at = chainAt(before.replace(/^=/, ' '));
  if (!at) return null;
  const from = offset - at.partial.length;
  if (at.chain) {
    const t = inferExpr(at.chain, { roots, signatures: {} }).type;
    const options = fieldSuggestions(t);
    return options.length ? { from, options } : null;
  }
  const rootOptions: Suggestion[] = EXPR_ROOTS.map((r) => ({ label: r, insert: r, type: 'variable', detail: roots[r] ? typeLabel(roots[r]) : 'any' }));
  const fnOptions: Suggestion[] = Object.entries(types.functions).map(([name, f]) => ({ label: name, insert: `${name}(`, type: 'function', detail: f.signature, info: f.doc }));
  return { from, options: [...rootOptions, ...fnOptions] };
}

/** The path or function under the mouse inside an expression, and what it is. */
export function exprHover(line: string, col: number, roots: Record<string, Type>, types: ExprTypes): { from: number; to: number; title: string; body?: string } | null {
  let s = col;
  let e = col;
  while (s > 0 && /[\w$.[\]]/.test(line[s - 1])) s--;
  while (e < line.length && /[\w$]/.test(line[e])) e++;
  const text = line.slice(s, e).replace(/^[.\]]+/, '');
  if (!/^[A-Za-z_$]/.test(text)) return null;
  const start = e - text.length;
  if (line[e] === '(' && !text.includes('.')) {
    const f = types.functions[text];
    return f ? { from: start, to: e, title: f.signature, body: f.doc } : null;
  }
  const root = text.split(/[.[]/)[0];
  if (!(EXPR_ROOTS as readonly string[]).includes(root)) return null;
  const t = inferExpr(text, { roots, signatures: {} }).type;
  return { from: start, to: e, title: `${text}: ${typeLabel(t)}`, body: typeWords(t) };
}
