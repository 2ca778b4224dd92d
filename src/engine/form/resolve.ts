/**
 * A field's schema as the form reads it ("flat"): local `$ref` followed (the
 * keywords written beside a `$ref` win over its target's), `allOf` members
 * merged into one, and the conditional parts — `if`/`then`/`else` and the
 * schema form of `dependencies` — set aside as branches the model turns into
 * fields shown under a condition. Validation never uses this view: Ajv checks
 * the schema as written, so the two can only differ in what is shown.
 *
 * Every keyword remembers where it was written, so the config checker points
 * at the line that needs changing, inside a definition or an allOf member.
 */
export type PathSeg = string | number;
type Json = Record<string, unknown>;

/** A schema object as written, and where in the file. */
export interface Src {
  s: Json;
  path: PathSeg[];
}

export interface Branch {
  /**
   * `if` (then: when it holds, else: when it fails), `dependencies`: when a
   * property has a value, or one of oneOf/anyOf's alternatives: when its
   * discriminator (a property each alternative fixes with `const`) has its value.
   */
  when: { if: Src; holds: boolean } | { present: string } | { equals: string; value: string | number | boolean };
  src: Src;
}

/** Something the form cannot show as written; the config checker words it (check-schema-vocabulary.ts). */
export interface Problem {
  code: string;
  path: PathSeg[];
  /** The name, value or widget the message is about. */
  detail?: string;
  /** Point at the key rather than its value. */
  key?: boolean;
}

export interface Flat {
  /** The merged keywords (without $ref, allOf, properties, required, if/then/else, dependencies). */
  s: Json;
  /** Each property's schemas, in the order written (merged when the field is built). */
  props: Map<string, Src[]>;
  required: string[];
  /** `dependencies` of the list form: when `name` has a value, `needs` are required. */
  depRequired: Array<{ name: string; needs: string[]; path: PathSeg[] }>;
  branches: Branch[];
  /** Where each keyword of `s` was written (the last writer, the one that counts). */
  keyAt: Map<string, PathSeg[]>;
  /** Refs followed on the way to this schema: one met again is recursion. */
  refs: string[];
  /** A `$ref` back to a schema being expanded: the form would never end. */
  recursive: boolean;
  /**
   * Each part with `"additionalProperties": false`: Ajv allows only its own
   * properties there — of the fields in `scope` (an alternative: the object's
   * own and its own; else every field).
   */
  closed: Array<{ names: string[]; path: PathSeg[]; scope?: string[] }>;
}

const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Keywords that are structure, not merged as values. */
const STRUCTURE = new Set(['$ref', 'allOf', 'properties', 'required', 'if', 'then', 'else', 'dependencies', 'definitions', '$defs']);

/** `#`, `#/definitions/a`, `#/$defs/a/properties/b` → the path in the file; null for any other reference. */
export function refPath(ref: string): PathSeg[] | null {
  if (ref !== '#' && !ref.startsWith('#/')) return null;
  return ref
    .slice(2)
    .split('/')
    .filter((seg, i) => seg !== '' || i > 0)
    .map((seg) => decodeURIComponent(seg).replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg));
}

function at(root: unknown, path: PathSeg[]): unknown {
  let cur = root;
  for (const seg of path) {
    if (Array.isArray(cur) && typeof seg === 'number') cur = cur[seg];
    else if (isObj(cur) && typeof seg === 'string' && Object.prototype.hasOwnProperty.call(cur, seg)) cur = cur[seg];
    else return undefined;
  }
  return cur;
}

/**
 * Options written as `{ "enum": [value], "title": … }` (an older convention, as
 * common as `const`) read as `{ "const": value, "title": … }`: the same choice
 * for Ajv, one form for the model.
 */
function asConstOptions(list: unknown): unknown {
  if (!Array.isArray(list) || !list.length) return list;
  const single = (o: unknown) => isObj(o) && !('const' in o) && !('properties' in o) && Array.isArray(o.enum) && o.enum.length === 1;
  if (!list.some(single) || !list.every((o) => single(o) || (isObj(o) && 'const' in o))) return list;
  return list.map((o) => {
    if (!single(o)) return o;
    const { enum: values, ...rest } = o as Json;
    return { ...rest, const: (values as unknown[])[0] };
  });
}

/**
 * Merges `srcs` (one field's schemas: a property written twice across allOf
 * members, or a branch) into one view. `refs`: the refs the model followed to
 * reach this field (recursion is a ref met again).
 */
export function flatten(srcs: Src[], root: Json, refs: string[], problems: Problem[]): Flat {
  const flat: Flat = { s: {}, props: new Map(), required: [], depRequired: [], branches: [], keyAt: new Map(), refs: [...refs], recursive: false, closed: [] };
  for (const src of srcs) expand(flat, src, root, refs, problems);
  return flat;
}

function expand(flat: Flat, src: Src, root: Json, seen: string[], problems: Problem[]): void {
  const { s, path } = src;
  if (!isObj(s)) return;
  const ref = s.$ref;
  if (typeof ref === 'string') {
    const target = refPath(ref);
    const value = target ? at(root, target) : undefined;
    if (!target) problems.push({ code: 'ref-remote', path: [...path, '$ref'], detail: ref });
    else if (!isObj(value)) problems.push({ code: 'ref-missing', path: [...path, '$ref'], detail: ref });
    else if (seen.includes(ref)) {
      problems.push({ code: 'ref-recursive', path: [...path, '$ref'], detail: ref });
      flat.recursive = true;
    } else {
      flat.refs.push(ref);
      expand(flat, { s: value, path: target }, root, [...seen, ref], problems);
    }
  }
  // allOf members first: the keywords written beside the allOf (its title, x-label…) win.
  if (Array.isArray(s.allOf)) s.allOf.forEach((m, i) => expand(flat, { s: m as Json, path: [...path, 'allOf', i] }, root, seen, problems));
  for (const [k, v] of Object.entries(s)) {
    if (STRUCTURE.has(k)) continue;
    flat.s[k] = k === 'oneOf' || k === 'anyOf' ? asConstOptions(v) : v;
    flat.keyAt.set(k, path);
  }
  if (isObj(s.properties)) {
    for (const [name, p] of Object.entries(s.properties)) {
      const list = flat.props.get(name) ?? [];
      list.push({ s: p as Json, path: [...path, 'properties', name] });
      flat.props.set(name, list);
    }
    flat.keyAt.set('properties', path);
  }
  if (s.additionalProperties === false) flat.closed.push({ names: isObj(s.properties) ? Object.keys(s.properties) : [], path: [...path, 'additionalProperties'] });
  if (Array.isArray(s.required)) for (const n of s.required) if (typeof n === 'string' && !flat.required.includes(n)) flat.required.push(n);
  // Ajv ignores a then/else without its if: refused rather than silently doing nothing.
  for (const k of ['then', 'else']) if (s[k] !== undefined && s.if === undefined) problems.push({ code: 'then-without-if', path: [...path, k], detail: k, key: true });
  if (isObj(s.if)) {
    const cond: Src = { s: s.if, path: [...path, 'if'] };
    if (isObj(s.then)) flat.branches.push({ when: { if: cond, holds: true }, src: { s: s.then, path: [...path, 'then'] } });
    if (isObj(s.else)) flat.branches.push({ when: { if: cond, holds: false }, src: { s: s.else, path: [...path, 'else'] } });
  }
  if (isObj(s.dependencies)) {
    for (const [name, d] of Object.entries(s.dependencies)) {
      const p = [...path, 'dependencies', name];
      if (Array.isArray(d)) flat.depRequired.push({ name, needs: d.filter((x): x is string => typeof x === 'string'), path: p });
      else if (isObj(d)) flat.branches.push({ when: { present: name }, src: { s: d, path: p } });
    }
  }
}

/** Where keyword `k` of a flat schema was written (the path of the key itself). */
export function keyPath(flat: Flat, k: string): PathSeg[] {
  return [...(flat.keyAt.get(k) ?? []), k];
}
