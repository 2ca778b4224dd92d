/**
 * What a field's value may be, read from its (flat) schema: its choices, its
 * JSON type, and the widget it gets when the schema names none. Shared by the
 * form model and the config checker, so what the checker accepts is what the
 * phone renders.
 */
type Json = Record<string, unknown>;

export interface Choice {
  value: string | number | boolean;
  label: string;
}

const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
export const isScalar = (v: unknown): v is Choice['value'] => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** Every member is `{ "const": value, "title"?: … }`: a list of labelled options (rjsf's convention). */
export function constMembers(list: unknown): list is Json[] {
  return Array.isArray(list) && list.length > 0 && list.every((o) => isObj(o) && 'const' in o);
}

/** A choice's option values as written, in the order choicesOf reads them (oneOf/anyOf consts, else enum); null when it lists none. */
export function optionValues(s: Json): unknown[] | null {
  for (const k of ['oneOf', 'anyOf'] as const) if (constMembers(s[k])) return (s[k] as Json[]).map((o) => o.const);
  return Array.isArray(s.enum) ? s.enum : null;
}

/**
 * enum (labels from `x-enumLabels`), oneOf/anyOf of const+title, or a
 * boolean's 是/否. A value that cannot be chosen on a phone (an object, null)
 * is left out here and refused by the checker.
 */
export function choicesOf(s: Json): Choice[] | undefined {
  for (const k of ['oneOf', 'anyOf'] as const) {
    if (constMembers(s[k])) {
      const list = (s[k] as Json[]).filter((o) => isScalar(o.const));
      return list.map((o) => ({ value: o.const as Choice['value'], label: (o.title as string | undefined) ?? String(o.const) }));
    }
  }
  if (Array.isArray(s.enum)) {
    const labels = s['x-enumLabels'] as string[] | undefined;
    return (s.enum as unknown[]).flatMap((v, i) => (isScalar(v) ? [{ value: v, label: labels?.[i] ?? String(v) }] : []));
  }
  if (jsonType(s) === 'boolean') return [{ value: true, label: '是' }, { value: false, label: '否' }];
  return undefined;
}

/** The widget a field without `x-widget` gets (also what the config checker assumes). */
export function inferWidget(s: Json, type: string, choices: Choice[] | undefined): string {
  if (type === 'null') return 'display';
  if (type === 'array') return 'checkboxes';
  if (choices) return choices.length <= 4 ? 'radio' : 'picker';
  if (type === 'number' || type === 'integer') return 'number';
  if (s.format === 'date' || s.format === 'date-time' || s.format === 'time') return 'date';
  return 'text';
}

/** The value's JSON type: `type` (a "null" beside another type is left out), else what the keywords imply. */
export function jsonType(s: Json): string {
  const t = s.type;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string | undefined) ?? (t.length ? 'null' : 'string');
  if (typeof t === 'string') return t;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  if (typeof s.const === 'boolean') return 'boolean';
  if (typeof s.const === 'number') return 'number';
  return 'string';
}
