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

/**
 * Schema defaults merged under `initial`: sections become objects (a section's
 * own `default` under its fields' defaults), lists get their `default` or
 * `minItems` entries, each entry with its own defaults.
 */
export function initialValues(root: FieldNode, initial: Values | undefined): Values {
  return mergeDefaults(root, initial ?? {}) as Values;
}

function mergeDefaults(node: FieldNode, given: unknown): unknown {
  if (node.children) {
    const base = given === undefined && isObj(node.schema.default) ? structuredClone(node.schema.default) : given;
    const out: Values = { ...(isObj(base) ? base : {}) };
    for (const c of node.children) {
      const v = mergeDefaults(c, out[c.name]);
      if (v !== undefined) out[c.name] = v;
    }
    return out;
  }
  if (node.item || node.each) {
    const entry: FieldNode = node.each ?? { ...node, children: node.item, item: undefined };
    const list = Array.isArray(given) ? given : Array.isArray(node.schema.default) ? node.schema.default : [];
    const n = Math.max(list.length, node.minItems ?? 0);
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
  /** Absolute paths of shown fields whose `x-requiredIf` holds right now (validate.ts asks for them). */
  required: string[];
}

/**
 * What the app sees. Visibility is evaluated over the raw values (what the
 * user sees on screen). Keys the schema does not describe pass through (app
 * data such as ids restored from `values`).
 */
export function cleanValues(root: FieldNode, raw: Values, evalCondition?: EvalCondition): Cleaned {
  const hidden: string[] = [];
  const required: string[] = [];
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
      } else if (f.requiredIf && !f.required) {
        if (!evalCondition) throw new Error(`x-requiredIf on '${path}' needs the evalCondition prop`);
        if (evalCondition(f.requiredIf, raw)) required.push(path);
      }
      let c: unknown;
      if (f.children) c = isObj(v) ? walk(f.children, v, path) : undefined;
      else if (f.item) c = Array.isArray(v) ? v.map((e, i) => walk(f.item!, e, join(path, i))) : undefined;
      // A list of single values: an entry left empty is no answer.
      else if (f.each) c = Array.isArray(v) ? v.map(cleanLeaf).filter((e) => e !== undefined) : undefined;
      else c = cleanLeaf(v);
      if (c !== undefined && !(f.required === false && unanswered(f, c))) out[f.name] = c;
    }
    return out;
  };
  return { values: walk(root.children ?? [], raw, ''), hidden, required };
}

/**
 * An optional section or list the person left blank, which, if sent, would
 * demand answers the schema only asks for when it is given: a section with
 * required fields, a list with `minItems` (Ajv checks an object's `required`
 * whenever the object is there, and the form always has it).
 */
function unanswered(f: FieldNode, v: unknown): boolean {
  if (f.children) return blank(v) && (f.children.some((c) => c.required) || typeof f.schema.minProperties === 'number');
  if (f.item || f.each) return Array.isArray(v) && v.length === 0 && (f.minItems ?? 0) > 0;
  return false;
}

function blank(v: unknown): boolean {
  if (v === undefined) return true;
  if (Array.isArray(v)) return v.every(blank);
  if (isObj(v)) return Object.values(v).every(blank);
  return false;
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
