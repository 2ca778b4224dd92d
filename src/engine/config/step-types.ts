/**
 * A step's own roots, as types:
 *   form   — its form schema (or the schemas its expression may choose, as one);
 *   data   — what its actions keep and set there (`keep: data.x` after a call:
 *            that call's answer, or its `pick`; `set: { data.x: … }`): a
 *            step's data starts empty on every visit, so a `data.y` nothing
 *            writes is a mistake;
 *   event  — what a handler receives: the row (`item`) of a list screen, the
 *            form's values (`form`), anything else unknown;
 *   item   — a row of the list the screen renders (`items`, `tabs[].items`,
 *            `lists[].items`).
 */
import type { LoadedStep } from './assemble';
import type { CheckContext, RootTypes } from './context';
import { schemaType } from '../expr/schema-type';
import { ANY, closedObject, members, mergeObjects, openObject, present, union, widen, fromValue, type Type } from '../expr/types';
import { answerType, envelope } from './type-env';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

const schemaTypes = new WeakMap<object, Type>();

/** The type of `form` for a schema path (ANY when it is not a config schema); worked out once per schema. */
export function schemaFileType(ctx: CheckContext, rel: unknown): Type {
  const schema = typeof rel === 'string' ? ctx.config.schemas[rel] : undefined;
  if (!schema || typeof schema !== 'object') return ANY;
  let t = schemaTypes.get(schema);
  if (!t) schemaTypes.set(schema, (t = schemaType(schema)));
  return t;
}

/** The step's form: its schema, or every schema `choices` lists as one (a field of any of them is a field). */
export function stepFormType(ctx: CheckContext, step: LoadedStep): Type {
  const form = step.form;
  if (!isObj(form) || typeof form.schema !== 'string') return ANY;
  if (!form.schema.startsWith('=')) return schemaFileType(ctx, form.schema);
  const choices = Array.isArray(form.choices) ? form.choices : [];
  const types = choices.map((c) => schemaFileType(ctx, c));
  if (!types.length || types.some((t) => t.k !== 'object')) return ANY;
  return types.reduce((a, b) => mergeObjects(a as Extract<Type, { k: 'object' }>, b as Extract<Type, { k: 'object' }>));
}

/** Every `items` list the props render rows of (cardList items/tabs, detail lists). */
function itemLists(props: unknown, out: string[] = []): string[] {
  if (Array.isArray(props)) props.forEach((p) => itemLists(p, out));
  else if (isObj(props)) {
    for (const [k, v] of Object.entries(props)) {
      if (k === 'items' && typeof v === 'string' && v.startsWith('=')) out.push(v);
      else itemLists(v, out);
    }
  }
  return out;
}

/** A row of the lists at `items` (the nearest `items` above a per-row value, else every list of the props). */
export function rowType(ctx: CheckContext, lists: string[], roots: RootTypes): Type {
  const rows: Type[] = [];
  for (const src of lists) {
    const t = ctx.typeOf(src, roots);
    const arrays = members(t).filter((m) => m.k === 'array');
    if (!arrays.length || members(t).some((m) => m.k === 'any')) return ANY;
    rows.push(...arrays.map((a) => (a as Extract<Type, { k: 'array' }>).item));
  }
  const u = present(union(rows));
  return u.k === 'never' ? ANY : u;
}

/** The item lists of a props value, and the row type of a per-row value found under `path` (nearest `items` up the path). */
export function itemTypeAt(ctx: CheckContext, props: unknown, path: Array<string | number>, roots: RootTypes): Type {
  for (let i = path.length; i >= 0; i--) {
    let node: unknown = props;
    for (const seg of path.slice(0, i)) node = isObj(node) || Array.isArray(node) ? (node as Record<string, unknown>)[seg as string] : undefined;
    if (isObj(node) && typeof node.items === 'string' && node.items.startsWith('=') && i < path.length) return rowType(ctx, [node.items], roots);
  }
  return rowType(ctx, itemLists(props), roots);
}

type Write = { key: string; type: Type };

/**
 * The step's data, from every write in its actions. Values are typed with
 * `data` unknown (a write reading data is typed loosely, never wrongly).
 * Replacing `data` as a whole, or a key built at run time, opens it.
 */
export function stepDataType(ctx: CheckContext, step: LoadedStep, form: Type): Type {
  const writes: Write[] = [];
  let open = false;
  const roots: RootTypes = { form, data: ANY };
  const visit = (v: unknown, result: Type, formHere: Type): void => {
    if (Array.isArray(v)) {
      let r = result;
      for (const a of v) {
        visit(a, r, formHere);
        if (isObj(a) && typeof a.call === 'string') r = envelope(ctx.types, a.call);
        else if (containsCall(a)) r = ANY;
      }
      return;
    }
    if (!isObj(v)) return;
    const here = { ...roots, form: formHere, result };
    if (typeof v.call === 'string') {
      const env = envelope(ctx.types, v.call);
      if (typeof v.keep === 'string') {
        const kept = typeof v.pick === 'string' ? widen(ctx.typeOf(v.pick, { ...here, result: env })) : answerType(ctx.types, v.call);
        noteTarget(v.keep, kept);
      }
      for (const k of ['then', 'onFail']) visit(v[k], env, formHere);
      visit(v.onError, ANY, formHere);
      return;
    }
    if (isObj(v.set)) for (const [t, x] of Object.entries(v.set)) noteTarget(t, fromValue(x, (src) => widen(ctx.typeOf(src, here))));
    const sheetForm = typeof v.sheet === 'string' ? schemaFileType(ctx, v.sheet) : formHere;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'set') continue;
      if (k === 'switch' && Array.isArray(x)) x.forEach((c) => isObj(c) && visit(c.do, result, formHere));
      else if (k === 'on' && isObj(x)) Object.values(x).forEach((l) => visit(l, result, formHere));
      else if (Array.isArray(x)) visit(x, result, k === 'then' ? sheetForm : formHere);
    }
  };
  const noteTarget = (target: string, t: Type) => {
    if (target === 'data') open = true;
    const m = /^data\.([A-Za-z_$][\w$]*)(\.|$)/.exec(target);
    if (!m) return;
    writes.push({ key: m[1], type: m[2] ? openObject() : t });
  };
  visit(step.load, ANY, form);
  for (const list of Object.values(isObj(step.on) ? step.on : {})) visit(list, ANY, form);
  const fields: Record<string, Type> = {};
  for (const w of writes) fields[w.key] = fields[w.key] ? union([fields[w.key], w.type]) : w.type;
  return open ? openObject(fields) : closedObject(fields);
}

function containsCall(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(containsCall);
  if (!isObj(v)) return false;
  return typeof v.call === 'string' || Object.values(v).some(containsCall);
}

/** What a handler of this step receives: the row it was about, the form's values; anything else unknown. */
export function eventType(item: Type, form: Type): Type {
  const fields: Record<string, Type> = {};
  if (item.k !== 'any') fields.item = item;
  if (form.k !== 'any') fields.form = form;
  return openObject(fields);
}
