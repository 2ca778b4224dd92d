/**
 * Type inference over one expression (the checker's second look, after
 * check.ts's syntax/roots/functions): every path against the type of its root,
 * every comparison, every function argument. What each root is comes from the
 * caller (TypeEnv: the step's form schema, session declarations, the call's
 * answer…); a root left out is `any`. Unknown types pass silently: only what
 * is known to be wrong is refused, so nothing is refused on a guess.
 *
 * It refuses: a field a closed object does not have (`form.chestPan`), a
 * member of a text/number/list (`session.openid.name`), a comparison with a
 * value outside a field's options (`form.chestPain == '有'` when the options
 * are 是/否), a comparison that can never hold (a text with a true/false), a
 * function called with too few/many arguments or one of the wrong kind.
 */
import { compileExpr, type Node } from './compile';
import { checkArgs } from './infer-calls';
import { checkCompare } from './infer-compare';
import { nodeStarts } from './positions';
import { ANY, BOOL, NUM, STR, arrayOf, members, union, widen, type Type } from './types';
import { fieldChoices, missingFieldText, pathText } from './type-words';
import { exprLead } from '../config/words';
import type { InferCtx, Inferred, TypeEnv, TypeProblem } from './infer-ctx';

export type { InferCtx, Inferred, TypeEnv, TypeProblem } from './infer-ctx';

/** Infers the type of `source` (no leading `=`) and the problems found; a source that does not compile gives `any` (check.ts reports it). */
export function inferExpr(source: string, env: TypeEnv): Inferred {
  let ast: Node;
  try {
    ast = compileExpr(source).ast;
  } catch {
    return { type: ANY, problems: [] };
  }
  const starts = nodeStarts(source, ast);
  const problems: TypeProblem[] = [];
  const ctx: InferCtx = {
    source,
    env,
    problems,
    at: (n) => (starts.get(n) ?? 0) + 1,
    report: (n, message) => {
      const column = (starts.get(n) ?? 0) + 1;
      if (!problems.some((p) => p.column === column && p.message === message)) problems.push({ message: `${exprLead(source)}${message}`, column });
    },
    infer: (n) => infer(ctx, n),
  };
  return { type: ctx.infer(ast), problems };
}

function infer(ctx: InferCtx, n: Node): Type {
  switch (n.t) {
    case 'lit':
      if (n.v === null || n.v === undefined) return { k: 'null' };
      if (typeof n.v === 'string') return { k: 'string', enum: [n.v], lit: true };
      if (typeof n.v === 'number') return { k: 'number', enum: [n.v], lit: true };
      if (typeof n.v === 'boolean') return BOOL;
      return ANY;
    case 'id':
      return Object.prototype.hasOwnProperty.call(ctx.env.roots, n.name) ? ctx.env.roots[n.name] : ANY;
    case 'mem':
      return memberOf(ctx, n);
    case 'un':
      ctx.infer(n.arg);
      return n.op === '!' ? BOOL : NUM;
    case 'bin':
      return binary(ctx, n);
    case 'cond':
      ctx.infer(n.test);
      return union([ctx.infer(n.yes), ctx.infer(n.no)]);
    case 'arr':
      return arrayOf(n.items.length ? union(n.items.map((x) => widen(ctx.infer(x)))) : { k: 'never' });
    case 'call': {
      const args = n.args.map((a) => ctx.infer(a));
      const sig = Object.prototype.hasOwnProperty.call(ctx.env.signatures, n.name) ? ctx.env.signatures[n.name] : undefined;
      if (!sig) return ANY;
      return checkArgs(ctx, n, args, sig);
    }
  }
}

function binary(ctx: InferCtx, n: Extract<Node, { t: 'bin' }>): Type {
  const l = ctx.infer(n.l);
  const r = ctx.infer(n.r);
  switch (n.op) {
    case '&&':
    case '||':
      return union([widen(l), widen(r)]);
    case '==': case '!=': case '===': case '!==': case '<': case '<=': case '>': case '>=':
      checkCompare(ctx, n, l, r);
      return BOOL;
    case '+': {
      const ks = [...members(l), ...members(r)].map((m) => m.k);
      if (ks.includes('string')) return STR;
      if (ks.every((k) => k === 'number')) return NUM;
      return ANY;
    }
    default:
      return NUM;
  }
}

/** `a.b` / `a[0]` / `a['x']`: the member's type, or a problem when the object cannot have it. */
function memberOf(ctx: InferCtx, n: Extract<Node, { t: 'mem' }>): Type {
  const obj = ctx.infer(n.obj);
  // A computed key (`a[i]`) is checked for its own mistakes; which member it reads is not known.
  if (n.prop.t !== 'lit') ctx.infer(n.prop);
  const key = n.prop.t === 'lit' && (typeof n.prop.v === 'string' || typeof n.prop.v === 'number') ? n.prop.v : null;
  const found: Type[] = [];
  let problem: string | null = null;
  for (const m of members(obj)) {
    const r = memberOfOne(m, key);
    if (typeof r === 'string') problem ??= r;
    else if (r) found.push(r);
  }
  if (found.length) return union(found);
  if (problem) {
    ctx.report(n, problem.split('{path}').join(pathText(n.obj)).split('{full}').join(pathText(n)));
  }
  return ANY;
}

/** One member's type, a problem text ({path}: the object's path, {full}: the member's), or null (nothing to say). */
function memberOfOne(t: Type, key: string | number | null): Type | string | null {
  switch (t.k) {
    case 'any': case 'never': return ANY;
    case 'null': return null;
    case 'object': {
      if (key === null) return union([...Object.values(t.fields), ...(t.rest ? [t.rest] : [])]);
      const k = String(key);
      if (Object.prototype.hasOwnProperty.call(t.fields, k)) return t.fields[k];
      if (t.rest) return t.rest;
      return missingFieldText(k, fieldChoices(t));
    }
    case 'array':
      if (key === 'length') return NUM;
      if (key === null || typeof key === 'number' || /^\d+$/.test(String(key))) return t.item.k === 'never' ? ANY : t.item;
      return `的 "{full}" 不存在："{path}" 是列表，没有字段 "${key}"（要取其中一项请写 {path}[0].${key}）`;
    case 'string':
      if (key === 'length') return NUM;
      if (key === null || typeof key === 'number' || /^\d+$/.test(String(key))) return STR;
      return `的 "{full}" 不存在："{path}" 是文字，没有字段 "${key}"`;
    case 'number':
      return `的 "{full}" 不存在："{path}" 是数字，没有字段 "${key}"`;
    case 'boolean':
      return `的 "{full}" 不存在："{path}" 是真假值，没有字段 "${key}"`;
    case 'union':
      return null;
  }
}
