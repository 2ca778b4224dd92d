/**
 * Comparisons that can never hold, judged by the evaluator's own rules
 * (compile.ts): `==` is strict except null == undefined and a number equals
 * its numeric text (`"2" == 2`); `===` is strict; `<`… compare two numbers,
 * two texts, or a number with a numeric text, and are false for anything else.
 *
 * Refused: a literal outside a field's options (`form.chestPain == '有'`
 * with options 是/否: the follow-up never shows), two sides that can never be
 * equal (a text and a true/false, a list and a number), an order comparison of
 * something that is not a number or a text. Comparing with null is always
 * allowed (it is how a missing value is tested).
 */
import type { Node } from './compile';
import { looseEquals } from './compile';
import type { InferCtx } from './infer-ctx';
import { members, typeWords, type Type } from './types';
import { didYouMean, pathText, valuesText } from './type-words';

const isNumText = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));

export function checkCompare(ctx: InferCtx, n: Extract<Node, { t: 'bin' }>, l: Type, r: Type): void {
  const strict = n.op === '===' || n.op === '!==';
  if (n.op === '==' || n.op === '!=' || strict) {
    if (literalOutsideOptions(ctx, n, n.l, l, n.r, strict) || literalOutsideOptions(ctx, n, n.r, r, n.l, strict)) return;
    if (!canEqual(l, r, strict)) {
      const never = n.op === '==' || n.op === '===' ? '条件永远不成立' : '条件永远成立';
      ctx.report(n, `把 ${side(n.l, l)} 和 ${side(n.r, r)} 用 "${n.op}" 比较：两边永远不会相等（${never}）`);
    }
    return;
  }
  const lo = orderable(l);
  const ro = orderable(r);
  if (lo === false || ro === false) {
    const bad = lo === false ? [n.l, l] as const : [n.r, r] as const;
    ctx.report(n, `的 "${n.op}" 只能比较数字或文字，${side(bad[0], bad[1])} 不是（结果总是 false）`);
    return;
  }
  if (onlyNumbers(l) && nonNumericTexts(r)) ctx.report(n, `把数字 ${side(n.l, l)} 和不是数字的文字 ${side(n.r, r)} 用 "${n.op}" 比较（结果总是 false）`);
  else if (onlyNumbers(r) && nonNumericTexts(l)) ctx.report(n, `把不是数字的文字 ${side(n.l, l)} 和数字 ${side(n.r, r)} 用 "${n.op}" 比较（结果总是 false）`);
}

/** `"form.a"（文字）` or `'有'`. */
function side(node: Node, t: Type): string {
  if (node.t === 'lit') return node.v === null ? 'null' : typeof node.v === 'string' ? `'${node.v}'` : String(node.v);
  return `"${pathText(node)}"（${typeWords(t)}）`;
}

/** The options a side is limited to, or null when it may be any text/number (or is not known). */
function optionsOf(t: Type): Array<string | number> | null {
  const out: Array<string | number> = [];
  for (const m of members(t)) {
    if (m.k === 'null') continue;
    if ((m.k === 'string' || m.k === 'number') && m.enum && !m.lit) out.push(...m.enum);
    else return null;
  }
  return out.length ? out : null;
}

/** `field == 'literal'` where the literal is none of the field's options: reported, true. */
function literalOutsideOptions(ctx: InferCtx, n: Node, fieldNode: Node, field: Type, litNode: Node, strict: boolean): boolean {
  if (litNode.t !== 'lit' || (typeof litNode.v !== 'string' && typeof litNode.v !== 'number')) return false;
  const options = optionsOf(field);
  if (!options) return false;
  const v = litNode.v;
  if (options.some((o) => (strict ? o === v : looseEquals(o, v)))) return false;
  const never = (n as { op: string }).op.startsWith('!') ? '条件永远成立' : '条件永远不成立';
  const hint = typeof v === 'string' ? didYouMean(v, options.filter((o): o is string => typeof o === 'string')) : '';
  ctx.report(litNode, `的 "${pathText(fieldNode)}" 只会是 ${valuesText(options)} 之一，不会等于 ${valuesText([v])}（${never}）${hint}（可以写：${valuesText(options)}）`);
  return true;
}

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array';

/** Whether some value of `a` may equal some value of `b` under the evaluator's rules. */
export function canEqual(a: Type, b: Type, strict: boolean): boolean {
  const as = members(a);
  const bs = members(b);
  if ([...as, ...bs].some((m) => m.k === 'any' || m.k === 'never' || m.k === 'null')) return true;
  return as.some((x) => bs.some((y) => pairCanEqual(x, y, strict)));
}

function pairCanEqual(x: Type, y: Type, strict: boolean): boolean {
  const kx = x.k as Kind;
  const ky = y.k as Kind;
  if (kx === ky) {
    if ((x.k === 'string' && y.k === 'string') || (x.k === 'number' && y.k === 'number')) {
      const ex = x.enum as Array<string | number> | undefined;
      const ey = y.enum as Array<string | number> | undefined;
      return !ex || !ey || ex.some((v) => ey.includes(v));
    }
    return true;
  }
  if (strict) return false;
  // A number equals its numeric text.
  if ((kx === 'string' && ky === 'number') || (kx === 'number' && ky === 'string')) {
    const str = (kx === 'string' ? x : y) as Extract<Type, { k: 'string' }>;
    const num = (kx === 'number' ? x : y) as Extract<Type, { k: 'number' }>;
    if (!str.enum) return true;
    const numeric = str.enum.filter(isNumText);
    return numeric.length > 0 && (!num.enum || numeric.some((s) => num.enum!.includes(Number(s))));
  }
  return false;
}

/** false when no value of `t` can be ordered (a true/false, an object, a list); else true or unknown. */
function orderable(t: Type): boolean {
  return members(t).some((m) => m.k === 'any' || m.k === 'never' || m.k === 'null' || m.k === 'string' || m.k === 'number');
}

const onlyNumbers = (t: Type) => members(t).every((m) => m.k === 'number');
const nonNumericTexts = (t: Type) =>
  members(t).every((m) => m.k === 'string' && !!m.enum && m.enum.every((v) => !isNumText(v)));
