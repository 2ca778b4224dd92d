/**
 * When a field added by a branch (`then`/`else`, a schema `dependencies`) is
 * shown: the branch's condition written as an engine expression over `form`
 * (the same language as `x-visibleIf`), so the field appears exactly when Ajv
 * would apply the branch to the cleaned values.
 *
 * Ajv's rules, kept on purpose: a `properties` condition on a property with no
 * value holds (so `if: { properties: { smoker: { const: "是" } } }` holds while
 * smoker is unanswered, unless `if` also lists it in `required`); a dependency
 * applies when its property has a value. "No value" is what cleanValues drops
 * (undefined, null, ''), which the built-in `isEmpty` tells (also [] and {}).
 */
import type { Branch } from './resolve';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** Keywords an `if` may use and still be read on the phone (annotations besides). */
const IF_KEYS = new Set(['properties', 'required', 'type', 'title', 'description', '$comment']);
const PROP_KEYS = new Set(['const', 'enum', 'type', 'title', 'description', '$comment']);

/** A value as an expression literal. */
export function literal(v: string | number | boolean): string {
  return typeof v === 'string' ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(v);
}

/** `form.a.b`; a name that is no identifier (手术, a-b) as `form['手术']`. */
function ref(base: string, name: string): string {
  const segs = [...(base ? base.split('.') : []), name];
  return 'form' + segs.map((s) => (/^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${literal(s)}]`)).join('');
}

/**
 * The `if` schema as an expression over the object at `base` (a dot path from
 * the form's root), or null when it uses more than `properties` with
 * `const`/`enum` and `required` (then nobody can tell on the phone when the
 * branch applies).
 */
export function ifExpression(cond: Json, base: string): string | null {
  if (Object.keys(cond).some((k) => !IF_KEYS.has(k))) return null;
  if (cond.type !== undefined && cond.type !== 'object') return null;
  const required = Array.isArray(cond.required) ? (cond.required as unknown[]) : [];
  if (!required.every((n): n is string => typeof n === 'string')) return null;
  const parts: string[] = [];
  const props = isObj(cond.properties) ? cond.properties : {};
  for (const [name, p] of Object.entries(props)) {
    const field = ref(base, name);
    if (!isObj(p) || Object.keys(p).some((k) => !PROP_KEYS.has(k))) return null;
    let test: string;
    if (p.const !== undefined) {
      if (!isScalar(p.const)) return null;
      test = `${field} == ${literal(p.const)}`;
    } else if (Array.isArray(p.enum)) {
      if (!p.enum.every(isScalar)) return null;
      test = `includes([${(p.enum as Array<string | number | boolean>).map(literal).join(', ')}], ${field})`;
    } else if (p.type === undefined) continue;
    else return null;
    parts.push(required.includes(name) ? test : `(isEmpty(${field}) || ${test})`);
  }
  for (const name of required) {
    const field = ref(base, name);
    if (!(name in props)) parts.push(`!isEmpty(${field})`);
  }
  return parts.length ? parts.join(' && ') : 'true';
}

/** The condition of one branch of the object at `base`, or null when it cannot be read (see ifExpression). */
export function branchExpression(b: Branch, base: string): string | null {
  if ('present' in b.when) return `!isEmpty(${ref(base, b.when.present)})`;
  if ('equals' in b.when) return `${ref(base, b.when.equals)} == ${literal(b.when.value)}`;
  const e = ifExpression(b.when.if.s, base);
  if (e === null) return null;
  return b.when.holds ? e : `!(${e})`;
}

/** `a && b`, each part parenthesised. */
export function allOfExpr(parts: Array<string | undefined>): string | undefined {
  const list = parts.filter((p): p is string => !!p && p !== 'true');
  if (!list.length) return undefined;
  return list.length === 1 ? list[0] : list.map((p) => `(${p})`).join(' && ');
}

/** `a || b`, each part parenthesised; undefined when one of them always holds. */
export function anyOfExpr(parts: Array<string | undefined>): string | undefined {
  if (parts.some((p) => p === undefined || p === 'true')) return undefined;
  const list = parts as string[];
  return list.length === 1 ? list[0] : list.map((p) => `(${p})`).join(' || ');
}
