/**
 * Whether a form condition (`x-visibleIf`) can never hold, judged only in the
 * plain literal cases: a falsy constant (`false`, `0`, `''`, `null`), two
 * literals compared, `form.a == 'x'` where 'x' is none of field a's options
 * (enum, oneOf const, a yes/no), and `&&` / `||` / `!` of those. Anything it
 * cannot judge is "may hold". The typed expression check (expr/infer-compare.ts)
 * reports the comparison itself; this answers the yes/no question the schema
 * sanity check needs (a required field that never shows).
 */
import { compileExpr, looseEquals, type Node } from '../expr/compile';
import { choicesOf, jsonType } from '../form/choices';
import { flatten, type Src } from '../form/resolve';

type Json = Record<string, unknown>;

/** Why `source` never holds (in the admin's words), or null when it may. */
export function neverTrue(source: string, root: Json): string | null {
  const src = source.startsWith('=') ? source.slice(1) : source;
  let ast: Node;
  try {
    ast = compileExpr(src).ast;
  } catch {
    return null; // the expression check reports it
  }
  return never(ast, root);
}

const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

function never(n: Node, root: Json): string | null {
  if (n.t === 'lit') return n.v ? null : `条件总是 ${n.v === '' ? '空文字' : String(n.v)}`;
  if (n.t === 'un' && n.op === '!' && n.arg.t === 'lit') return n.arg.v ? `条件总是 false` : null;
  if (n.t !== 'bin') return null;
  if (n.op === '&&') return never(n.l, root) ?? never(n.r, root);
  if (n.op === '||') {
    const l = never(n.l, root);
    const r = l && never(n.r, root);
    return l && r ? `${l}，${r}` : null;
  }
  if (!['==', '===', '!=', '!=='].includes(n.op)) return null;
  const strict = n.op.length === 3;
  const negated = n.op.startsWith('!');
  const eq = (a: unknown, b: unknown) => (strict ? a === b : looseEquals(a, b));
  if (n.l.t === 'lit' && n.r.t === 'lit') {
    return eq(n.l.v, n.r.v) === negated ? `${shown(n.l.v)} ${n.op} ${shown(n.r.v)} 总是 false` : null;
  }
  if (negated) return null;
  for (const [field, lit] of [[n.l, n.r], [n.r, n.l]] as const) {
    if (lit.t !== 'lit' || lit.v === null || lit.v === undefined) continue;
    const path = formPath(field);
    const options = path && optionsAt(root, path);
    if (options && !options.some((o) => eq(o, lit.v))) {
      return `"form.${path.join('.')}" 只会是 ${options.map(shown).join('、')} 之一，不会等于 ${shown(lit.v)}`;
    }
  }
  return null;
}

/** `form.a.b` → ['a', 'b']; null for anything else. */
function formPath(n: Node): string[] | null {
  const segs: string[] = [];
  let cur = n;
  while (cur.t === 'mem') {
    if (cur.prop.t !== 'lit' || typeof cur.prop.v !== 'string') return null;
    segs.unshift(cur.prop.v);
    cur = cur.obj;
  }
  return cur.t === 'id' && cur.name === 'form' && segs.length ? segs : null;
}

/** The options of the field at `path` (through properties, $ref and allOf), or null when it is not a choice. */
function optionsAt(root: Json, path: string[]): unknown[] | null {
  let srcs: Src[] = [{ s: root, path: [] }];
  let refs = ['#'];
  for (const seg of path) {
    const flat = flatten(srcs, root, refs, []);
    const next = flat.props.get(seg);
    if (!next || flat.recursive) return null;
    [srcs, refs] = [next, flat.refs];
  }
  const leaf = flatten(srcs, root, refs, []).s;
  const type = jsonType(leaf);
  if (type === 'array' || type === 'object') return null;
  const choices = choicesOf(leaf);
  return choices ? choices.map((c) => c.value) : null;
}
