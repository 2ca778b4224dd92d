/**
 * A form's JSON Schema as the type of `form`: its properties (nested objects
 * and lists), each field's options (`enum`, `const`, a checkboxes field's item
 * enum). Properties from `allOf` / `anyOf` / `oneOf` / `if`-`then`-`else` count
 * too (a field asked only in some case is still a field). What cannot be
 * followed (an external `$ref`, `additionalProperties`, no `properties` at all)
 * leaves the object open: unknown keys are `any`, never refused on a guess.
 */
import { ANY, BOOL, NULL, NUM, STR, arrayOf, closedObject, mergeObjects, openObject, union, type Type } from './types';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export function schemaType(schema: unknown): Type {
  return convert(schema, isObj(schema) ? schema : {}, 0);
}

function resolve(node: Json, root: Json): Json | null {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const m = /^#\/(definitions|\$defs)\/([^/]+)$/.exec(ref);
  const target = m && isObj(root[m[1]]) ? (root[m[1]] as Json)[m[2]] : undefined;
  return isObj(target) ? target : null;
}

function convert(raw: unknown, root: Json, depth: number): Type {
  if (!isObj(raw) || depth > 12) return ANY;
  const node = resolve(raw, root);
  if (!node) return ANY;
  if (node.const !== undefined) return literalType([node.const]);
  if (Array.isArray(node.enum)) return literalType(node.enum);

  const branches = [node.allOf, node.anyOf, node.oneOf].flatMap((b) => (Array.isArray(b) ? b : []));
  for (const k of ['then', 'else'] as const) if (isObj(node[k])) branches.push(node[k]);

  const types = typesOf(node);
  const out: Type[] = [];
  for (const t of types) {
    if (t === 'object') out.push(objectType(node, root, depth, branches));
    else if (t === 'array') out.push(arrayOf(itemType(node, root, depth)));
    else if (t === 'string') out.push(STR);
    else if (t === 'number' || t === 'integer') out.push(NUM);
    else if (t === 'boolean') out.push(BOOL);
    else if (t === 'null') out.push(NULL);
  }
  if (types.length === 0) {
    // No `type`: what its branches say, else anything.
    const fromBranches = branches.map((b) => convert(b, root, depth + 1)).filter((b) => b.k !== 'any');
    if (isObj(node.properties)) return objectType(node, root, depth, branches);
    return fromBranches.length && fromBranches.length === branches.length ? union(fromBranches) : ANY;
  }
  return union(out);
}

function typesOf(node: Json): string[] {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.filter((t): t is string => typeof t === 'string');
  if (isObj(node.properties)) return ['object'];
  if (node.items !== undefined) return ['array'];
  return [];
}

function literalType(values: unknown[]): Type {
  const strs = values.filter((v): v is string => typeof v === 'string');
  const nums = values.filter((v): v is number => typeof v === 'number');
  const rest: Type[] = [];
  if (values.some((v) => typeof v === 'boolean')) rest.push(BOOL);
  if (values.some((v) => v === null)) rest.push(NULL);
  if (values.some((v) => isObj(v) || Array.isArray(v))) return ANY;
  return union([...(strs.length ? [{ k: 'string', enum: strs } as Type] : []), ...(nums.length ? [{ k: 'number', enum: nums } as Type] : []), ...rest]);
}

function itemType(node: Json, root: Json, depth: number): Type {
  if (isObj(node.items)) return convert(node.items, root, depth + 1);
  return ANY;
}

function objectType(node: Json, root: Json, depth: number, branches: unknown[]): Type {
  const fields: Record<string, Type> = {};
  const props = isObj(node.properties) ? node.properties : null;
  if (props) for (const [k, v] of Object.entries(props)) fields[k] = convert(v, root, depth + 1);
  // A field described only in a branch (if/then, allOf…) is a field all the same.
  let t: Type = closedObject(fields);
  let open = !props || (node.additionalProperties !== undefined && node.additionalProperties !== false) || isObj(node.patternProperties);
  for (const b of branches) {
    const r = isObj(b) ? resolve(b, root) : null;
    if (!r) {
      open = true;
      continue;
    }
    if (!isObj(r.properties) && !Array.isArray(r.allOf) && !Array.isArray(r.anyOf) && !Array.isArray(r.oneOf) && !isObj(r.then) && !isObj(r.else)) continue;
    const bt = convert({ ...r, type: 'object' }, root, depth + 1);
    if (bt.k !== 'object') {
      open = true;
      continue;
    }
    // Branch fields the parent lists already keep the parent's (fuller) type.
    const extra = { ...bt, fields: Object.fromEntries(Object.entries(bt.fields).filter(([k]) => !(k in fields))) };
    t = mergeObjects(t as Extract<Type, { k: 'object' }>, { ...extra, rest: undefined, optional: undefined });
    if (bt.rest) open = true;
  }
  if (t.k !== 'object') return t;
  return open ? openObject(t.fields) : closedObject(t.fields);
}
