/**
 * Function calls against their signatures (signatures.ts for the built-ins,
 * the app's in src/contract/vocabulary/functions.ts): how many arguments, of
 * which kind, and — for the list functions — that a field name is a field of
 * the list's rows and a value one its options allow (`filter(data.list,
 * 'isPay', 'X')`). What comes back follows the arguments where it can
 * (`first(list)` is a row of the list, `map(list, 'f')` a list of f's).
 */
import type { ArgKind, FunctionSignature } from '../../contract/shapes';
import { looseEquals, type Node } from './compile';
import type { InferCtx } from './infer-ctx';
import { ANY, arrayOf, fromShape, members, openObject, present, union, widen, typeWords, type Type } from './types';
import { didYouMean, listed, pathText, valuesText } from './type-words';

const KIND_WORDS: Record<ArgKind, string> = {
  any: '任意值', text: '文字或数字', number: '数字（或数字的文字）', date: '日期（"YYYY-MM-DD" 或毫秒数）', list: '列表',
  object: '一组键和值', sized: '文字、列表或一组键和值', boolean: '真假值', field: '字段名（文字）',
};

/** Member kinds each argument kind accepts (null passes: a missing value is the function's to handle). */
const ACCEPTS: Record<ArgKind, string[]> = {
  any: ['string', 'number', 'boolean', 'object', 'array'],
  text: ['string', 'number', 'boolean'],
  number: ['string', 'number'],
  date: ['string', 'number'],
  list: ['array'],
  object: ['object'],
  sized: ['string', 'array', 'object'],
  boolean: ['boolean', 'string', 'number', 'object', 'array'],
  field: ['string'],
};

/** `idCardSex(idCard)`, `join(list, separator?)`. */
export function signatureText(name: string, sig: FunctionSignature): string {
  const ps = sig.params.map((p) => (p.optional ? `${p.name}?` : p.name));
  if (sig.rest) ps.push(`...${sig.rest.name}`);
  return `${name}(${ps.join(', ')})`;
}

export function checkArgs(ctx: InferCtx, n: Extract<Node, { t: 'call' }>, args: Type[], sig: FunctionSignature): Type {
  const required = sig.params.filter((p) => !p.optional).length;
  const max = sig.rest ? Infinity : sig.params.length;
  if (args.length < required || args.length > max) {
    const want = max === Infinity ? `至少 ${required} 个` : required === max ? `${max} 个` : `${required} 到 ${max} 个`;
    ctx.report(n, `的函数 "${n.name}" 要 ${want}参数（${signatureText(n.name, sig)}），这里写了 ${args.length} 个`);
    return fromShape(sig.returns);
  }
  args.forEach((t, i) => {
    const p = sig.params[i] ?? sig.rest!;
    const bad = wrongKind(p.kind, t, n.args[i]);
    if (bad) ctx.report(n.args[i], `的函数 "${n.name}" 的第 ${i + 1} 个参数 ${p.name} 应该是${KIND_WORDS[p.kind]}，${bad}（${signatureText(n.name, sig)}：${sig.doc}）`);
  });
  return listAware(ctx, n, args, sig);
}

/** Why `t` does not fit `kind`, or null when it may (unknown, null, or one of its members fits). */
function wrongKind(kind: ArgKind, t: Type, node: Node): string | null {
  const ms = members(t).filter((m) => m.k !== 'null' && m.k !== 'never');
  if (!ms.length || ms.some((m) => m.k === 'any')) return null;
  if (!ms.some((m) => ACCEPTS[kind].includes(m.k))) return `这里是${typeWords(t)}`;
  // A literal text where a number is wanted must be one ('abc' is never a number).
  if (kind === 'number' && node.t === 'lit' && typeof node.v === 'string' && !(node.v.trim() !== '' && Number.isFinite(Number(node.v)))) {
    return `这里是不是数字的文字 '${node.v}'`;
  }
  return null;
}

/** The row type of a list argument, when known. */
function rowOf(t: Type): Type | null {
  const rows = members(t).filter((m): m is Extract<Type, { k: 'array' }> => m.k === 'array').map((m) => m.item);
  if (!rows.length || members(t).some((m) => m.k === 'any')) return null;
  const u = present(union(rows));
  return u.k === 'never' || u.k === 'any' ? null : u;
}

/** A field of the rows, checked when the rows are closed objects; its type (any when unknown). */
function rowField(ctx: InferCtx, n: Extract<Node, { t: 'call' }>, row: Type | null, fieldNode: Node | undefined): Type {
  if (!row || !fieldNode || fieldNode.t !== 'lit' || typeof fieldNode.v !== 'string') return ANY;
  const field = fieldNode.v;
  const found: Type[] = [];
  let closedFields: string[] | null = null;
  for (const m of members(row)) {
    if (m.k !== 'object') return ANY;
    if (Object.prototype.hasOwnProperty.call(m.fields, field)) found.push(m.fields[field]);
    else if (m.rest) found.push(m.rest);
    else closedFields = [...(closedFields ?? []), ...Object.keys(m.fields)];
  }
  if (found.length) return union(found);
  const names = [...new Set(closedFields ?? [])];
  ctx.report(fieldNode, `的函数 "${n.name}"：${pathText(n.args[0])} 的每一项没有字段 '${field}'${didYouMean(field, names)}${listed(names)}`);
  return ANY;
}

/** A literal the field's options do not allow (`filter(list, 'isPay', 'X')`, `includes(form.multi, '无')`). */
function valueInOptions(ctx: InferCtx, n: Extract<Node, { t: 'call' }>, of: Type, valueNode: Node | undefined, what: string): void {
  if (!valueNode || valueNode.t !== 'lit' || (typeof valueNode.v !== 'string' && typeof valueNode.v !== 'number')) return;
  const options: Array<string | number> = [];
  for (const m of members(of)) {
    if (m.k === 'null') continue;
    if ((m.k === 'string' || m.k === 'number') && m.enum && !m.lit) options.push(...m.enum);
    else return;
  }
  if (!options.length) return;
  const v = valueNode.v;
  if (options.some((o) => looseEquals(o, v))) return;
  const hint = typeof v === 'string' ? didYouMean(v, options.filter((o): o is string => typeof o === 'string')) : '';
  ctx.report(valueNode, `的函数 "${n.name}"：${what}只会是 ${valuesText(options)} 之一，不会是 ${valuesText([v])}${hint}（可以写：${valuesText(options)}）`);
}

function listAware(ctx: InferCtx, n: Extract<Node, { t: 'call' }>, args: Type[], sig: FunctionSignature): Type {
  const row = args.length ? rowOf(args[0]) : null;
  switch (n.name) {
    case 'first':
    case 'last':
      return row ?? ANY;
    case 'filter':
    case 'find': {
      const f = rowField(ctx, n, row, n.args[1]);
      if (f.k !== 'any') valueInOptions(ctx, n, f, n.args[2], `每一项的 '${String((n.args[1] as { v?: unknown }).v)}' `);
      return n.name === 'filter' ? (row ? arrayOf(row) : arrayOf(ANY)) : (row ?? ANY);
    }
    case 'map':
      return arrayOf(widen(rowField(ctx, n, row, n.args[1])));
    case 'sumCents':
      rowField(ctx, n, row, n.args[1]);
      return fromShape(sig.returns);
    case 'includes':
      if (row) valueInOptions(ctx, n, row, n.args[1], `${pathText(n.args[0])} 里的值`);
      return fromShape(sig.returns);
    case 'coalesce':
      return union(args.map(widen));
    case 'pick':
      return openObject();
    default:
      return fromShape(sig.returns);
  }
}
