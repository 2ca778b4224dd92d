/**
 * What a handler's `event` holds: the payload the screen sends with it. Each
 * screen kind's props format (schemas/meta/screens/<kind>.json) declares,
 * beside every prop that names an event (`"x-ref": "event"`), the payload sent
 * with it (`"x-payload"`: its fields as contract shapes, src/contract/shapes.ts,
 * and `"row"` for a row of the screen's list). A handler only props name gets
 * exactly those fields, so `event.iten` or `event.value` on a tile's event is
 * refused; a handler a form's own button may fire (a widget's `x-options`
 * event, in the step's form or a sheet it opens) keeps the open type, as does
 * one nothing on the screen names or a prop that declares no payload (a
 * centre's own screen kind).
 */
import type { Shape } from '../../contract/shapes';
import { WIDGET_OPTIONS } from '../form/widget-names';
import { ANY, closedObject, fromShape, union, type Type } from '../expr/types';
import type { LoadedStep } from './assemble';
import { schemasShown } from './step-schemas';
import type { CheckContext } from './context';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Event name → the payload declarations of every prop that names it (null: a prop that declares none). */
export function namedEvents(screenSchema: unknown, props: unknown): Map<string, Array<Json | null>> {
  const out = new Map<string, Array<Json | null>>();
  const walk = (schema: unknown, value: unknown): void => {
    if (!isObj(schema)) return;
    if (schema['x-ref'] === 'event' && typeof value === 'string') {
      out.set(value, [...(out.get(value) ?? []), isObj(schema['x-payload']) ? schema['x-payload'] : null]);
    }
    for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
      const alts = schema[k];
      if (Array.isArray(alts)) for (const a of alts) walk(a, value);
    }
    if (isObj(schema.properties) && isObj(value)) {
      for (const [k, sub] of Object.entries(schema.properties)) walk(sub, value[k]);
    }
    if (isObj(schema.items) && Array.isArray(value)) for (const v of value) walk(schema.items, v);
  };
  walk(screenSchema, props);
  return out;
}

/** The payload of one declaration: `"row"` is the screen's row, anything else a contract shape. */
function payloadFields(decl: Json, row: Type): Record<string, Type> {
  return Object.fromEntries(Object.entries(decl).map(([k, s]) => [k, s === 'row' ? row : fromShape(s as Shape)]));
}

/** Several props naming one event: every field any of them sends, optional where not all do. */
function mergePayloads(decls: Json[], row: Type): Type {
  const each = decls.map((d) => payloadFields(d, row));
  const names = [...new Set(each.flatMap((f) => Object.keys(f)))];
  const fields: Record<string, Type> = {};
  const optional: string[] = [];
  for (const n of names) {
    fields[n] = union(each.filter((f) => n in f).map((f) => f[n]));
    if (!each.every((f) => n in f)) optional.push(n);
  }
  return closedObject(fields, optional);
}

const EVENT_OPTIONS = Object.values(WIDGET_OPTIONS).flatMap((opts) => Object.entries(opts).filter(([, kind]) => kind === 'event').map(([name]) => name));

/** Events a form's widgets may fire (`x-options` event options) in the schemas a step shows or opens. */
function formWidgetEvents(ctx: CheckContext, step: LoadedStep): Set<string> {
  const rels = schemasShown(step);
  const out = new Set<string>();
  const scan = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(scan);
    else if (isObj(v)) {
      const opts = v['x-options'];
      if (isObj(opts)) for (const o of EVENT_OPTIONS) if (typeof opts[o] === 'string') out.add(opts[o] as string);
      Object.values(v).forEach(scan);
    }
  };
  for (const rel of rels) scan(ctx.config.schemas[rel]);
  return out;
}

/** The type of `event` in each of a step's handlers that only its screen's props fire. */
export function handlerEventTypes(ctx: CheckContext, step: LoadedStep, row: Type): Record<string, Type> {
  const schema = typeof step.screen === 'string' ? ctx.reg.screens[step.screen] : undefined;
  if (!schema) return {};
  const fromForm = formWidgetEvents(ctx, step);
  const out: Record<string, Type> = {};
  for (const [name, decls] of namedEvents(schema, step.props ?? {})) {
    // A prop of a kind that does not say what it sends leaves the handler's event open.
    if (fromForm.has(name) || decls.some((d) => d === null)) continue;
    out[name] = mergePayloads(decls as Json[], row.k === 'never' ? ANY : row);
  }
  return out;
}
