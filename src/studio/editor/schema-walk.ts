/**
 * Walks a JSON Schema along a document path to what may be written there:
 * the keys of an object (with their descriptions) or the values of a field
 * (enum, const, booleans). Follows `$ref` (inside a document, and to other
 * documents by `$id`), `allOf`, `anyOf`/`oneOf` (narrowed to the branches whose
 * required keys the object already has) and `if`/`then`/`else` (the `if`
 * evaluated on the document's own data, e.g. a step's `screen` choosing its
 * props). Pure: used by completion and hover, unit-tested on the editor
 * schemas (schemas/meta/editor/*).
 */
import type { PathSeg } from './doc-context';

export type Json = Record<string, unknown>;
type Schema = Json | boolean;

interface Node {
  s: Schema;
  /** The document the schema sits in (for `#/…` references). */
  doc: Json;
}

export interface KeyInfo {
  key: string;
  description?: string;
  /** A short type hint: string, boolean, list, map, one of …. */
  type?: string;
  required?: boolean;
}

const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

function pointer(doc: Json, ptr: string): Schema | undefined {
  if (!ptr || ptr === '/') return doc;
  let cur: unknown = doc;
  for (const raw of ptr.replace(/^\//, '').split('/')) {
    const k = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(cur) && !Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return isObj(cur) || typeof cur === 'boolean' ? (cur as Schema) : undefined;
}

export class SchemaWalker {
  private readonly docs = new Map<string, Json>();

  /** `docs`: every document a `$ref` may name, by `$id` (the root's own too). */
  constructor(readonly root: Json, docs: Json[] = []) {
    for (const d of [root, ...docs]) {
      const id = typeof d.$id === 'string' ? d.$id.replace(/#$/, '') : '';
      if (id) this.docs.set(id, d);
    }
  }

  private resolveRef(ref: string, doc: Json): Node {
    const hash = ref.indexOf('#');
    const docId = hash < 0 ? ref : ref.slice(0, hash);
    const ptr = hash < 0 ? '' : ref.slice(hash + 1);
    const target = docId ? this.docs.get(docId.replace(/#$/, '')) : doc;
    if (!target) return { s: true, doc };
    return { s: pointer(target, ptr) ?? true, doc: target };
  }

  private deref(n: Node, depth = 0): Node {
    if (!isObj(n.s) || typeof n.s.$ref !== 'string' || depth > 20) return n;
    return this.deref(this.resolveRef(n.s.$ref, n.doc), depth + 1);
  }

  /** The schema and everything it combines with for this data, flattened. */
  branches(n: Node, data: unknown, depth = 0): Node[] {
    if (depth > 12) return [];
    if (typeof n.s === 'boolean') return n.s ? [n] : [];
    const s = n.s;
    const out: Node[] = [];
    if (typeof s.$ref === 'string') out.push(...this.branches(this.resolveRef(s.$ref, n.doc), data, depth + 1));
    out.push(n);
    const r = n;
    for (const sub of (Array.isArray(s.allOf) ? s.allOf : []) as Schema[]) out.push(...this.branches({ s: sub, doc: r.doc }, data, depth + 1));
    for (const comb of ['anyOf', 'oneOf'] as const) {
      const list = (Array.isArray(s[comb]) ? s[comb] : []) as Schema[];
      if (!list.length) continue;
      const all = list.map((sub) => ({ sub, flat: this.branches({ s: sub, doc: r.doc }, data, depth + 1) }));
      const keys = isObj(data) ? Object.keys(data) : [];
      const fits = all.filter(({ flat }) => {
        const req = flat.flatMap((f) => (isObj(f.s) && Array.isArray(f.s.required) ? (f.s.required as string[]) : []));
        const types = flat.map((f) => (isObj(f.s) ? f.s.type : undefined)).filter(Boolean);
        if (types.length && data !== undefined && !types.some((t) => typeFits(t, data))) return false;
        return req.length > 0 && keys.length > 0 && req.every((k) => keys.includes(k));
      });
      for (const { flat } of fits.length ? fits : all) out.push(...flat);
    }
    if (s.if !== undefined && (s.then !== undefined || s.else !== undefined)) {
      const holds = this.holds({ s: s.if as Schema, doc: r.doc }, data);
      const next = holds ? s.then : s.else;
      if (next !== undefined) out.push(...this.branches({ s: next as Schema, doc: r.doc }, data, depth + 1));
    }
    return out;
  }

  /** A small evaluator for `if` schemas: const/enum of properties, required keys, type. */
  private holds(n: Node, data: unknown): boolean {
    const r = this.deref(n);
    if (typeof r.s === 'boolean') return r.s;
    const s = r.s;
    if (s.type !== undefined && !typeFits(s.type, data)) return false;
    if ('const' in s && JSON.stringify(s.const) !== JSON.stringify(data)) return false;
    if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(data))) return false;
    if (Array.isArray(s.required)) {
      if (!isObj(data)) return false;
      if (!(s.required as string[]).every((k) => k in data)) return false;
    }
    if (isObj(s.properties) && isObj(data)) {
      for (const [k, sub] of Object.entries(s.properties)) if (k in data && !this.holds({ s: sub as Schema, doc: r.doc }, data[k])) return false;
    }
    return true;
  }

  /** The schemas of the child `seg` of any of `nodes`. */
  private child(nodes: Node[], seg: PathSeg, data: unknown): Node[] {
    const out: Node[] = [];
    for (const n of nodes) {
      if (!isObj(n.s)) continue;
      const s = n.s;
      if (typeof seg === 'number') {
        if (isObj(s.items) || typeof s.items === 'boolean') out.push({ s: s.items as Schema, doc: n.doc });
        else if (Array.isArray(s.items)) out.push({ s: (s.items[seg] ?? s.additionalItems ?? true) as Schema, doc: n.doc });
        else if (Array.isArray(s.prefixItems)) out.push({ s: (s.prefixItems[seg] ?? true) as Schema, doc: n.doc });
        continue;
      }
      const props = isObj(s.properties) ? s.properties : {};
      if (seg in props) {
        out.push({ s: props[seg] as Schema, doc: n.doc });
        continue;
      }
      let matched = false;
      if (isObj(s.patternProperties)) {
        for (const [re, sub] of Object.entries(s.patternProperties)) {
          try {
            if (new RegExp(re, 'u').test(seg)) {
              out.push({ s: sub as Schema, doc: n.doc });
              matched = true;
            }
          } catch {
            /* a pattern JS cannot read */
          }
        }
      }
      if (!matched && (isObj(s.additionalProperties) || s.additionalProperties === true)) out.push({ s: s.additionalProperties as Schema, doc: n.doc });
    }
    return out;
  }

  /** Every schema that applies at `path`; `dataAt(prefix)` gives the document's value at a path prefix. */
  at(path: readonly PathSeg[], dataAt: (p: readonly PathSeg[]) => unknown): Node[] {
    let nodes = this.branches({ s: this.root, doc: this.root }, dataAt([]));
    for (let i = 0; i < path.length; i++) {
      const next = this.child(nodes, path[i], dataAt(path.slice(0, i)));
      const data = dataAt(path.slice(0, i + 1));
      nodes = next.flatMap((n) => this.branches(n, data));
      if (!nodes.length) break;
    }
    return nodes;
  }

  /** The keys an object at `path` may have. */
  keys(path: readonly PathSeg[], dataAt: (p: readonly PathSeg[]) => unknown): KeyInfo[] {
    const nodes = this.at(path, dataAt);
    const data = dataAt(path);
    const byKey = new Map<string, KeyInfo>();
    for (const n of nodes) {
      if (!isObj(n.s) || !isObj(n.s.properties)) continue;
      const req = Array.isArray(n.s.required) ? (n.s.required as string[]) : [];
      for (const [k, sub] of Object.entries(n.s.properties)) {
        const info = this.describe({ s: sub as Schema, doc: n.doc }, data === undefined ? undefined : (data as Json)?.[k]);
        const prev = byKey.get(k);
        byKey.set(k, {
          key: k,
          description: prev?.description ?? info.description,
          type: prev?.type ?? info.type,
          required: prev?.required || req.includes(k),
        });
      }
    }
    return [...byKey.values()];
  }

  /** Description and type hint of a schema. */
  describe(n: Node, data?: unknown): { description?: string; type?: string } {
    const flat = this.branches(n, data);
    let description: string | undefined;
    let type: string | undefined;
    for (const f of flat) {
      if (!isObj(f.s)) continue;
      description ??= (f.s.description as string | undefined) ?? (f.s.title as string | undefined);
      type ??= typeHint(f.s);
    }
    if (!type) {
      const types = [...new Set(flat.map((f) => (isObj(f.s) ? typeHint(f.s) : undefined)).filter(Boolean))];
      if (types.length) type = types.join('，或');
    }
    return { description, type };
  }

  /** Literal values allowed at `path` (enum, const, booleans). */
  values(path: readonly PathSeg[], dataAt: (p: readonly PathSeg[]) => unknown): Array<{ value: unknown; description?: string }> {
    const out: Array<{ value: unknown; description?: string }> = [];
    const seen = new Set<string>();
    const add = (value: unknown, description?: string) => {
      const k = JSON.stringify(value);
      if (seen.has(k)) return;
      seen.add(k);
      out.push({ value, description });
    };
    for (const n of this.at(path, dataAt)) {
      if (!isObj(n.s)) continue;
      const d = n.s.description as string | undefined;
      if (Array.isArray(n.s.enum)) for (const e of n.s.enum) add(e, d);
      if ('const' in n.s) add(n.s.const, d);
      if (n.s.type === 'boolean') {
        add(true, d);
        add(false, d);
      }
    }
    return out;
  }

  /** The raw schemas at `path` (for engine annotations such as x-ref). */
  raw(path: readonly PathSeg[], dataAt: (p: readonly PathSeg[]) => unknown): Json[] {
    return this.at(path, dataAt)
      .map((n) => n.s)
      .filter(isObj);
  }
}

function typeFits(t: unknown, data: unknown): boolean {
  const types = Array.isArray(t) ? t : [t];
  const actual = data === null ? 'null' : Array.isArray(data) ? 'array' : typeof data;
  return types.some((x) => x === actual || (x === 'integer' && typeof data === 'number') || (x === 'number' && typeof data === 'number'));
}

/** What a value is, in the admin's words (the hover's second line). */
const TYPE_WORDS: Record<string, string> = { array: '列表', object: '一组键和值', string: '文字', number: '数字', integer: '整数', boolean: 'true 或 false', null: '空值' };

function typeHint(s: Json): string | undefined {
  if (Array.isArray(s.enum)) return `可以写：${s.enum.map((e) => JSON.stringify(e)).join('、')}`.slice(0, 80);
  const t = s.type;
  if (typeof t === 'string') return TYPE_WORDS[t] ?? t;
  if (Array.isArray(t)) return t.map((x) => TYPE_WORDS[String(x)] ?? String(x)).join('或');
  return undefined;
}
