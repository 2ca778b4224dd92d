/**
 * Form values in and out: defaults from the schema, and the CLEANED values the
 * app receives (onChange, getValues, onSubmit, validate): hidden fields removed
 * per `x-hidden` (default clear), empty strings/null removed so `required` fires.
 * Pure and React-free.
 */
import { join, type FieldNode } from './schema-model';

export type Values = Record<string, unknown>;
export type EvalCondition = (expr: string, form: Values) => boolean;

export function getPath(obj: unknown, path: string): unknown {
  if (!path) return obj;
  let cur: unknown = obj;
  for (const k of path.split('.')) {
    if (cur == null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

const isObj = (v: unknown): v is Values => !!v && typeof v === 'object' && !Array.isArray(v);

/** Schema defaults merged under `initial`: sections become objects, lists get `minItems` entries. */
export function initialValues(root: FieldNode, initial: Values | undefined): Values {
  return mergeDefaults(root, initial ?? {}) as Values;
}

function mergeDefaults(node: FieldNode, given: unknown): unknown {
  if (node.children) {
    const out: Values = { ...(isObj(given) ? given : {}) };
    for (const c of node.children) {
      const v = mergeDefaults(c, out[c.name]);
      if (v !== undefined) out[c.name] = v;
    }
    return out;
  }
  if (node.item) {
    const entry: FieldNode = { ...node, children: node.item, item: undefined };
    const list = Array.isArray(given) ? given : Array.isArray(node.schema.default) ? node.schema.default : [];
    const n = Math.max(list.length, node.minItems ?? 1);
    return Array.from({ length: n }, (_, i) => mergeDefaults(entry, list[i]));
  }
  if (given !== undefined) return given;
  if (node.schema.default !== undefined) return structuredClone(node.schema.default);
  if (node.widget === 'checkboxes') return [];
  return undefined;
}

export interface Cleaned {
  values: Values;
  /** Absolute paths of fields hidden right now (their errors are ignored). */
  hidden: string[];
}

/**
 * What the app sees. Visibility is evaluated over the raw values (what the
 * user sees on screen). Keys the schema does not describe pass through (app
 * data such as ids restored from `values`).
 */
export function cleanValues(root: FieldNode, raw: Values, evalCondition?: EvalCondition): Cleaned {
  const hidden: string[] = [];
  const visible = (n: FieldNode) => {
    if (!n.visibleIf) return true;
    if (!evalCondition) throw new Error(`x-visibleIf on '${n.path}' needs the evalCondition prop`);
    return !!evalCondition(n.visibleIf, raw);
  };
  const walk = (fields: FieldNode[], src: unknown, base: string): Values => {
    const out: Values = {};
    const from = isObj(src) ? src : {};
    for (const [k, v] of Object.entries(from)) {
      if (!fields.some((f) => f.name === k)) {
        const c = cleanLeaf(v);
        if (c !== undefined) out[k] = c;
      }
    }
    for (const f of fields) {
      const path = join(base, f.name);
      const v = from[f.name];
      if (!visible({ ...f, path })) {
        hidden.push(path);
        if (f.hidden === 'clear') continue;
      }
      let c: unknown;
      if (f.children) c = isObj(v) ? walk(f.children, v, path) : undefined;
      else if (f.item) c = Array.isArray(v) ? v.map((e, i) => walk(f.item!, e, join(path, i))) : undefined;
      else c = cleanLeaf(v);
      if (c !== undefined) out[f.name] = c;
    }
    return out;
  };
  return { values: walk(root.children ?? [], raw, ''), hidden };
}

function cleanLeaf(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'number' && Number.isNaN(v)) return undefined;
  if (typeof v === 'string') return v;
  return structuredClone(v);
}

/** True when `path` is a hidden path or lies under one. */
export function isUnderHidden(path: string, hidden: string[]): boolean {
  return hidden.some((h) => path === h || path.startsWith(h + '.'));
}
