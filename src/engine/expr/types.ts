/**
 * The types the config checker gives expressions (infer.ts). Deliberately
 * small: what a JSON value can be, plus enums (a form field's options, an
 * answer's codes) and closed objects (a form's fields, a call's answer),
 * because those are the mistakes an admin makes: a field that is not there, a
 * value the options do not offer, a text compared with a yes/no.
 *
 * `any` means "not known": every check passes it silently, so a config that
 * reads an undescribed answer is never refused on a guess.
 */
import type { Shape } from '../../contract/shapes';

export type Type =
  | { k: 'any' }
  /** The item type of `[]` before anything is put in: merges away. */
  | { k: 'never' }
  | { k: 'null' }
  | { k: 'boolean' }
  | { k: 'string'; enum?: string[]; lit?: boolean }
  | { k: 'number'; enum?: number[]; lit?: boolean }
  | { k: 'array'; item: Type }
  /** `rest`: the type of a key not in `fields`; none = a closed object (an unknown key is a mistake). */
  | { k: 'object'; fields: Record<string, Type>; rest?: Type; optional?: string[] }
  | { k: 'union'; of: Type[] };

export const ANY: Type = { k: 'any' };
export const NEVER: Type = { k: 'never' };
export const NULL: Type = { k: 'null' };
export const BOOL: Type = { k: 'boolean' };
export const STR: Type = { k: 'string' };
export const NUM: Type = { k: 'number' };
export const arrayOf = (item: Type): Type => ({ k: 'array', item });
export const openObject = (fields: Record<string, Type> = {}, rest: Type = ANY): Type => ({ k: 'object', fields, rest });
export const closedObject = (fields: Record<string, Type>, optional?: string[]): Type => ({ k: 'object', fields, ...(optional?.length ? { optional } : {}) });

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A contract shape as a type. */
export function fromShape(s: Shape): Type {
  if (typeof s === 'string') {
    return s === 'string' ? STR : s === 'number' ? NUM : s === 'boolean' ? BOOL : s === 'null' ? NULL : ANY;
  }
  if ('enum' in s) {
    const strs = s.enum.filter((v): v is string => typeof v === 'string');
    const nums = s.enum.filter((v): v is number => typeof v === 'number');
    return union([...(strs.length ? [{ k: 'string', enum: strs } as Type] : []), ...(nums.length ? [{ k: 'number', enum: nums } as Type] : [])]);
  }
  if ('list' in s) return arrayOf(fromShape(s.list));
  if ('anyOf' in s) return union(s.anyOf.map(fromShape));
  const fields: Record<string, Type> = {};
  const optional: string[] = [];
  for (const [k, f] of Object.entries(s.fields)) {
    if (typeof f === 'object' && 'optional' in f) {
      fields[k] = fromShape(f.optional);
      optional.push(k);
    } else fields[k] = fromShape(f as Shape);
  }
  return closedObject(fields, optional);
}

/** The type of a literal config value (a `set` map, a constant): `=expr` strings give `any` here. */
export function fromValue(v: unknown, expr?: (src: string) => Type): Type {
  if (v === null || v === undefined) return NULL;
  if (typeof v === 'string') return v.startsWith('=') ? (expr ? expr(v.slice(1)) : ANY) : STR;
  if (typeof v === 'number') return NUM;
  if (typeof v === 'boolean') return BOOL;
  if (Array.isArray(v)) return arrayOf(v.length ? union(v.map((x) => fromValue(x, expr))) : NEVER);
  if (isObj(v)) return closedObject(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromValue(x, expr)])));
  return ANY;
}

const kindOf = (t: Type) => t.k;

/** A union, flattened; `any` absorbs everything, `never` disappears, equal members merge. */
export function union(types: Type[]): Type {
  const flat: Type[] = [];
  for (const t of types) {
    if (t.k === 'union') flat.push(...t.of);
    else if (t.k !== 'never') flat.push(t);
  }
  if (flat.some((t) => t.k === 'any')) return ANY;
  const out: Type[] = [];
  for (const t of flat) {
    const i = out.findIndex((o) => kindOf(o) === kindOf(t) && t.k !== 'object');
    if (i < 0) {
      const j = t.k === 'object' ? out.findIndex((o) => o.k === 'object') : -1;
      if (j < 0) out.push(t);
      else out[j] = mergeObjects(out[j] as ObjT, t as ObjT);
      continue;
    }
    out[i] = mergeSame(out[i], t);
  }
  if (out.length === 0) return NEVER;
  return out.length === 1 ? out[0] : { k: 'union', of: out };
}

type ObjT = Extract<Type, { k: 'object' }>;

/** Two values of one kind: enums join (a plain string/number wins), array items join. */
function mergeSame(a: Type, b: Type): Type {
  if (a.k === 'string' && b.k === 'string') return a.enum && b.enum ? { k: 'string', enum: [...new Set([...a.enum, ...b.enum])] } : STR;
  if (a.k === 'number' && b.k === 'number') return a.enum && b.enum ? { k: 'number', enum: [...new Set([...a.enum, ...b.enum])] } : NUM;
  if (a.k === 'array' && b.k === 'array') return arrayOf(union([a.item, b.item]));
  return a;
}

/** The objects a value may be, as one: every field of either (a field of one only is optional). */
export function mergeObjects(a: ObjT, b: ObjT): Type {
  const fields: Record<string, Type> = {};
  const optional = new Set([...(a.optional ?? []), ...(b.optional ?? [])]);
  for (const k of new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])) {
    const x = a.fields[k];
    const y = b.fields[k];
    fields[k] = x && y ? union([x, y]) : (x ?? y);
    if (!x || !y) optional.add(k);
  }
  const rest = a.rest && b.rest ? union([a.rest, b.rest]) : (a.rest ?? b.rest);
  return { k: 'object', fields, ...(rest ? { rest } : {}), ...(optional.size ? { optional: [...optional] } : {}) };
}

/** A literal's type as a value kept somewhere (`'a'` → text): only a comparison cares which literal. */
export function widen(t: Type): Type {
  if ((t.k === 'string' || t.k === 'number') && t.lit) return t.k === 'string' ? STR : NUM;
  return t;
}

/** The members of a type (a union's, else itself). */
export const members = (t: Type): Type[] => (t.k === 'union' ? t.of : [t]);

/** Without null: what a value is when it is there (`X | null` read after a check). */
export function present(t: Type): Type {
  return t.k === 'union' ? union(t.of.filter((m) => m.k !== 'null')) : t;
}

/** A type in the admin's words: `文字（"是"、"否" 之一）`, `列表（每项：一组键和值）`. */
export function typeWords(t: Type, depth = 0): string {
  switch (t.k) {
    case 'any': return '任意值';
    case 'never': return '空列表的项';
    case 'null': return '空值（null）';
    case 'boolean': return '真假值（true/false）';
    case 'string': return t.enum && !t.lit ? `文字（${t.enum.map((v) => JSON.stringify(v)).join('、')} 之一）` : '文字';
    case 'number': return t.enum && !t.lit ? `数字（${t.enum.join('、')} 之一）` : '数字';
    case 'array': return depth > 1 ? '列表' : `列表（每项：${typeWords(t.item, depth + 1)}）`;
    case 'object': {
      const keys = Object.keys(t.fields);
      if (depth > 0 || !keys.length) return '一组键和值';
      const shown = keys.slice(0, 8).join('、');
      return `一组键和值（${shown}${keys.length > 8 ? ' 等' : ''}）`;
    }
    case 'union': return t.of.map((m) => typeWords(m, depth + 1)).join('或');
  }
}

/** A short name for a type, for the studio's hover and completion: `"是" | "否"`, `OrderView[]`-like. */
export function typeLabel(t: Type, depth = 0): string {
  switch (t.k) {
    case 'any': return 'any';
    case 'never': return 'never';
    case 'null': return 'null';
    case 'boolean': return 'boolean';
    case 'string': return t.enum && !t.lit ? t.enum.map((v) => JSON.stringify(v)).join(' | ') : 'string';
    case 'number': return t.enum && !t.lit ? t.enum.join(' | ') : 'number';
    case 'array': {
      const inner = typeLabel(t.item, depth + 1);
      return t.item.k === 'union' || (t.item.k === 'string' && t.item.enum) ? `(${inner})[]` : `${inner}[]`;
    }
    case 'object': {
      if (depth > 0) return '{…}';
      const keys = Object.keys(t.fields);
      if (!keys.length) return t.rest ? '{ … }' : '{}';
      const shown = keys.slice(0, 6).map((k) => `${k}: ${typeLabel(t.fields[k], depth + 1)}`).join(', ');
      return `{ ${shown}${keys.length > 6 || t.rest ? ', …' : ''} }`;
    }
    case 'union': return t.of.map((m) => typeLabel(m, depth + 1)).join(' | ');
  }
}
