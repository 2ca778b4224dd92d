/**
 * Expressions: parsed once with jsep into a small AST of our own (only the node
 * kinds and operators we allow), then evaluated by walking it. No eval, no
 * `new Function`: the app runs under a CSP without `unsafe-eval`.
 *
 * Equality: `===`/`!==` are JS-strict. `==`/`!=` are strict except that
 * (a) null and undefined are equal, and (b) a number and a numeric string
 * compare as numbers (`"2" == 2`), because the server sends codes both ways.
 * Nothing else is coerced (`"" == 0` is false, `"1" == true` is false).
 * Ordering (`< <= > >=`): numbers or strings natively; number vs numeric string
 * numerically; anything involving null/undefined/objects is false.
 * `+` concatenates when either side is a string (null/undefined count as "").
 */
import jsep from 'jsep';

export type Fn = (...args: unknown[]) => unknown;
/** Name → function. Look-ups use own properties only. */
export type FunctionRegistry = Record<string, Fn>;
export type Scope = Record<string, unknown>;

/** A parse or evaluation problem; `column` is 1-based inside the expression source. */
export class ExprError extends Error {
  constructor(message: string, readonly column: number) {
    super(message);
    this.name = 'ExprError';
  }
}

export type Node =
  | { t: 'lit'; v: unknown }
  | { t: 'id'; name: string }
  | { t: 'mem'; obj: Node; prop: Node; computed: boolean }
  | { t: 'un'; op: '!' | '-' | '+'; arg: Node }
  | { t: 'bin'; op: string; l: Node; r: Node }
  | { t: 'cond'; test: Node; yes: Node; no: Node }
  | { t: 'arr'; items: Node[] }
  | { t: 'call'; name: string; args: Node[] };

export interface Compiled {
  readonly source: string;
  readonly ast: Node;
  /** Identifiers used at the root (`session`, `form`, …), in order of first use. */
  readonly roots: string[];
  /** Root members used per root: `session.user.tag` → roots `session`, members `session:user`. */
  readonly members: Array<{ root: string; key: string }>;
  /** Function names called. */
  readonly calls: string[];
  evaluate(scope: Scope, fns: FunctionRegistry): unknown;
}

const BINARY_OPS = new Set(['==', '!=', '===', '!==', '<', '<=', '>', '>=', '&&', '||', '+', '-', '*', '/', '%']);
const BLOCKED_PROPS = new Set(['__proto__', 'constructor', 'prototype']);

const cache = new Map<string, Compiled>();

/** Parses `source` (no leading `=`) once; throws ExprError with the column on a syntax error. */
export function compileExpr(source: string): Compiled {
  const hit = cache.get(source);
  if (hit) return hit;
  let raw: jsep.Expression;
  try {
    raw = jsep(source);
  } catch (e) {
    const err = e as Error & { index?: number; description?: string };
    const col = typeof err.index === 'number' ? err.index + 1 : 1;
    throw new ExprError(`cannot parse expression: ${err.description ?? err.message} (column ${col})`, col);
  }
  if (!raw || (raw.type === 'Compound' && (raw as jsep.Compound).body.length === 0)) {
    throw new ExprError('empty expression', 1);
  }
  const roots: string[] = [];
  const calls: string[] = [];
  const members: Array<{ root: string; key: string }> = [];
  const ast = convert(raw, source, roots, calls, members);
  const compiled: Compiled = {
    source,
    ast,
    roots,
    calls,
    members,
    evaluate: (scope, fns) => evaluate(ast, scope, fns),
  };
  cache.set(source, compiled);
  return compiled;
}

/** Finds a rough column for a token, for errors raised after parsing. */
function columnOf(source: string, token: string): number {
  const i = source.indexOf(token);
  return i < 0 ? 1 : i + 1;
}

function convert(
  n: jsep.Expression,
  src: string,
  roots: string[],
  calls: string[],
  members: Array<{ root: string; key: string }>,
): Node {
  const rec = (x: jsep.Expression) => convert(x, src, roots, calls, members);
  switch (n.type) {
    case 'Literal':
      return { t: 'lit', v: (n as jsep.Literal).value };
    case 'Identifier': {
      const name = (n as jsep.Identifier).name;
      if (name === 'undefined') return { t: 'lit', v: undefined };
      if (!roots.includes(name)) roots.push(name);
      return { t: 'id', name };
    }
    case 'MemberExpression': {
      const m = n as jsep.MemberExpression;
      const obj = rec(m.object);
      let prop: Node;
      if (m.computed) prop = rec(m.property);
      else prop = { t: 'lit', v: (m.property as jsep.Identifier).name };
      // Record `root.key` for static first-level members (session keys, constants).
      if (obj.t === 'id' && prop.t === 'lit' && typeof prop.v === 'string') {
        if (!members.some((x) => x.root === obj.name && x.key === prop.v)) members.push({ root: obj.name, key: prop.v as string });
      }
      return { t: 'mem', obj, prop, computed: !!m.computed };
    }
    case 'UnaryExpression': {
      const u = n as jsep.UnaryExpression;
      if (u.operator !== '!' && u.operator !== '-' && u.operator !== '+') {
        throw new ExprError(`operator "${u.operator}" is not allowed`, columnOf(src, u.operator));
      }
      return { t: 'un', op: u.operator, arg: rec(u.argument) };
    }
    case 'BinaryExpression': {
      const b = n as jsep.BinaryExpression;
      if (!BINARY_OPS.has(b.operator)) {
        throw new ExprError(`operator "${b.operator}" is not allowed`, columnOf(src, b.operator));
      }
      return { t: 'bin', op: b.operator, l: rec(b.left), r: rec(b.right) };
    }
    case 'ConditionalExpression': {
      const c = n as jsep.ConditionalExpression;
      return { t: 'cond', test: rec(c.test), yes: rec(c.consequent), no: rec(c.alternate) };
    }
    case 'ArrayExpression': {
      const a = n as jsep.ArrayExpression;
      return { t: 'arr', items: a.elements.map((e) => (e ? rec(e) : { t: 'lit', v: undefined })) };
    }
    case 'CallExpression': {
      const c = n as jsep.CallExpression;
      if (c.callee.type !== 'Identifier') {
        throw new ExprError('only registered functions can be called (no method calls like a.b())', columnOf(src, '('));
      }
      const name = (c.callee as jsep.Identifier).name;
      if (!calls.includes(name)) calls.push(name);
      return { t: 'call', name, args: c.arguments.map(rec) };
    }
    case 'Compound':
      throw new ExprError('one expression expected, found several (stray comma or semicolon?)', columnOf(src, ';') || columnOf(src, ','));
    case 'ThisExpression':
      throw new ExprError('"this" is not allowed', columnOf(src, 'this'));
    default:
      throw new ExprError(`${n.type} is not allowed in expressions`, 1);
  }
}

const has = (o: object, k: PropertyKey) => Object.prototype.hasOwnProperty.call(o, k);

/** Reads `obj[key]` safely: null-safe, own-or-array-length only, prototype keys blocked. */
export function readMember(obj: unknown, key: unknown): unknown {
  if (obj === null || obj === undefined) return undefined;
  if (typeof key !== 'string' && typeof key !== 'number') return undefined;
  const k = String(key);
  if (BLOCKED_PROPS.has(k)) return undefined;
  if (typeof obj === 'string') {
    if (k === 'length') return obj.length;
    return /^\d+$/.test(k) ? obj[Number(k)] : undefined;
  }
  if (typeof obj !== 'object') return undefined;
  if (Array.isArray(obj) && k === 'length') return obj.length;
  return has(obj, k) ? (obj as Record<string, unknown>)[k] : undefined;
}

function isNumericString(s: unknown): s is string {
  return typeof s === 'string' && s.trim() !== '' && Number.isFinite(Number(s));
}

export function looseEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null && b == null) return true;
  if (typeof a === 'number' && isNumericString(b)) return a === Number(b);
  if (typeof b === 'number' && isNumericString(a)) return b === Number(a);
  return false;
}

function compare(op: string, a: unknown, b: unknown): boolean {
  let x: number | string;
  let y: number | string;
  if (typeof a === 'number' && typeof b === 'number') [x, y] = [a, b];
  else if (typeof a === 'string' && typeof b === 'string') [x, y] = [a, b];
  else if (typeof a === 'number' && isNumericString(b)) [x, y] = [a, Number(b)];
  else if (typeof b === 'number' && isNumericString(a)) [x, y] = [Number(a), b];
  else return false;
  switch (op) {
    case '<': return x < y;
    case '<=': return x <= y;
    case '>': return x > y;
    default: return x >= y;
  }
}

/** Truthiness as in JS (empty string, 0, null, undefined, NaN, false are falsy). */
export const truthy = (v: unknown): boolean => !!v;

function evaluate(n: Node, scope: Scope, fns: FunctionRegistry): unknown {
  switch (n.t) {
    case 'lit':
      return n.v;
    case 'id':
      return readMember(scope, n.name);
    case 'mem':
      return readMember(evaluate(n.obj, scope, fns), evaluate(n.prop, scope, fns));
    case 'un': {
      const v = evaluate(n.arg, scope, fns);
      if (n.op === '!') return !v;
      return n.op === '-' ? -(v as number) : +(v as number);
    }
    case 'bin': {
      if (n.op === '&&') {
        const l = evaluate(n.l, scope, fns);
        return l ? evaluate(n.r, scope, fns) : l;
      }
      if (n.op === '||') {
        const l = evaluate(n.l, scope, fns);
        return l ? l : evaluate(n.r, scope, fns);
      }
      const l = evaluate(n.l, scope, fns);
      const r = evaluate(n.r, scope, fns);
      switch (n.op) {
        case '==': return looseEquals(l, r);
        case '!=': return !looseEquals(l, r);
        case '===': return l === r;
        case '!==': return l !== r;
        case '<': case '<=': case '>': case '>=': return compare(n.op, l, r);
        case '+':
          if (typeof l === 'string' || typeof r === 'string') return `${l ?? ''}${r ?? ''}`;
          return (l as number) + (r as number);
        case '-': return (l as number) - (r as number);
        case '*': return (l as number) * (r as number);
        case '/': return (l as number) / (r as number);
        default: return (l as number) % (r as number);
      }
    }
    case 'cond':
      return evaluate(n.test, scope, fns) ? evaluate(n.yes, scope, fns) : evaluate(n.no, scope, fns);
    case 'arr':
      return n.items.map((i) => evaluate(i, scope, fns));
    case 'call': {
      const f = has(fns, n.name) ? fns[n.name] : undefined;
      if (typeof f !== 'function') throw new ExprError(`unknown function "${n.name}"`, 1);
      return f(...n.args.map((a) => evaluate(a, scope, fns)));
    }
  }
}
