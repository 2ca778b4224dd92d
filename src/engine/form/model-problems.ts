/**
 * What the form cannot show as written, for the config checker
 * (check-schema-vocabulary.ts words it): the model's own findings while it
 * builds the very tree the phone renders, plus a look at each field's keywords
 * and `x-widget`. Only the checker imports this, so the phone's bundle carries
 * none of it.
 */
import { constMembers, isScalar } from './choices';
import { keyPath, type Problem } from './resolve';
import { buildRoot, walkFields, type FieldNode, type Flat, type FlatKind, type Inspect } from './schema-model';
import { matrixRowProblems } from './matrix';
import { widgetFits } from './widget-fit';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every problem once (a definition used twice is one mistake), where it was written. */
export function formModelProblems(schema: object): Problem[] {
  const problems: Problem[] = [];
  // Matrix sections noted while building (by their flat schema, which their node keeps), checked once built.
  const matrices = new Map<object, Flat>();
  const object: Inspect['object'] = (flat, ...rest) => {
    if (isObj(flat.s['x-options']) && flat.s['x-options'].matrix === true) matrices.set(flat.s, flat);
    checkObject(flat, ...rest);
  };
  const root = buildRoot(schema as Json, problems, { ...inspect, object });
  if (matrices.size) {
    const drawn = new Set<object>();
    walkFields(root, (n) => (matrices.has(n.schema) ? (drawn.add(n.schema), checkMatrix(matrices.get(n.schema)!, n, problems)) : undefined));
    // A list's entry (a repeatable group's items) is no section of the form: the phone draws its rows one by one.
    for (const [s, flat] of matrices) if (!drawn.has(s)) problems.push({ code: 'matrix-in-list', path: keyPath(flat, 'x-options'), key: true });
  }
  const seen = new Set<string>();
  return problems.filter((p) => {
    const id = `${p.code}|${JSON.stringify(p.path)}|${p.detail ?? ''}`;
    return seen.has(id) ? false : (seen.add(id), true);
  });
}

const inspect: Inspect = { flat: checkFlat, node: checkNode, object: checkObject };

/**
 * A matrix is drawn as one grid with the first row's options as its header:
 * every row must be a single choice with those options in that order. The
 * row that differs is named, at its line (a row a then/else adds: at the
 * section's x-options).
 */
function checkMatrix(flat: Flat, section: FieldNode, problems: Problem[]): void {
  const rows = section.children ?? [];
  const whys = matrixRowProblems(section);
  const first = rows.find((_, i) => !whys[i]);
  whys.forEach((why, i) => {
    if (!why) return;
    const row = rows[i];
    const at = flat.props.get(row.name)?.[0]?.path ?? keyPath(flat, 'x-options');
    const detail = { n: i + 1, name: row.name, label: row.label, first: first?.label, options: first?.choices?.map((c) => c.label), own: row.choices?.map((c) => c.label) };
    problems.push({ code: `matrix-${why}`, path: at, detail: JSON.stringify(detail), key: true });
  });
}

/** A required field nobody can fill; an `x-widget` that cannot edit the value (a radio without options, text for a number). */
function checkNode(flat: Flat, node: FieldNode, problems: Problem[]): void {
  const s = flat.s;
  if (node.type === 'null' && node.required) problems.push({ code: 'null-required', path: keyPath(flat, 'type'), detail: node.name });
  if (node.readOnly && node.required && s.default === undefined && s.const === undefined) {
    problems.push({ code: 'readonly-empty', path: keyPath(flat, 'readOnly'), detail: node.name, key: true });
  }
  if (typeof s['x-widget'] !== 'string') return;
  const why = widgetFits(node);
  if (!why) return;
  // a rating's range is wrong where its maximum is written (else at its x-widget); the checker words it with both ends
  if (why === 'rating-range' || why === 'rating-wide') {
    const at = why === 'rating-wide' || flat.keyAt.has('maximum') ? 'maximum' : 'x-widget';
    problems.push({ code: `widget-${why}`, path: keyPath(flat, at), detail: `${JSON.stringify(s.minimum ?? null)}|${JSON.stringify(s.maximum ?? null)}` });
  } else problems.push({ code: `widget-${why}`, path: keyPath(flat, 'x-widget'), detail: node.widget });
}

function checkObject(flat: Flat, path: string, fields: string[], closed: Flat['closed'], problems: Problem[]): void {
  // `additionalProperties: false` allows only the properties written beside it: a field added
  // elsewhere (another allOf member, a then) would make every answer fail.
  for (const c of closed) {
    const outside = (c.scope ?? fields).filter((n) => !c.names.includes(n));
    if (outside.length) problems.push({ code: 'closed-part', path: c.path, detail: outside.join('、'), key: true });
  }
  // A form with no fields at all asks nothing; a nested object with none was meant to hold some.
  const s = flat.s;
  if (path && !fields.length && !s.oneOf && !s.anyOf && !s.patternProperties && !isObj(s.additionalProperties)) {
    problems.push({ code: 'object-empty', path: flat.keyAt.has('type') ? keyPath(flat, 'type') : [], detail: path });
  }
  for (const d of flat.depRequired) {
    for (const n of [d.name, ...d.needs]) if (!fields.includes(n)) problems.push({ code: 'dependency-unknown', path: d.path, detail: n, key: n === d.name });
  }
}

/** Keywords the phone cannot honour, wherever a field is read. */
function checkFlat(flat: Flat, kind: FlatKind, problems: Problem[]): void {
  const s = flat.s;
  const report = (code: string, k: string, detail?: string, key = true) => problems.push({ code, path: keyPath(flat, k), detail, key });
  if (Array.isArray(s.type) && s.type.filter((t) => t !== 'null').length > 1) report('type-multi', 'type', JSON.stringify(s.type), false);
  if (Array.isArray(s.enum)) {
    if (s.enum.some((v) => v !== null && !isScalar(v))) report('enum-object', 'enum');
    else if (s.enum.includes(null)) report('enum-null', 'enum');
  }
  if (s.const !== undefined && s.const !== null && !isScalar(s.const) && kind !== 'branch') report('const-object', 'const');
  for (const k of ['oneOf', 'anyOf']) {
    const list = s[k];
    if (!Array.isArray(list)) continue;
    // Labelled options (const+title) are a choice of one value; sets of fields are the object's
    // alternatives (alternatives.ts, reported by the model when it cannot tell them apart).
    if (kind === 'object') continue;
    if (!constMembers(list) || kind !== 'leaf') report('alternatives', k, k);
    else if (list.some((o) => !isScalar((o as Json).const))) report('enum-object', k);
  }
  if (isObj(s.additionalProperties)) report('additional-properties', 'additionalProperties');
  if (s.patternProperties !== undefined) report('pattern-properties', 'patternProperties');
  if (s.additionalItems !== undefined && !Array.isArray(s.items) && kind !== 'branch') report('additional-items', 'additionalItems');
  for (const k of ['contentEncoding', 'contentMediaType']) if (s[k] !== undefined) report('file', k, String(s[k]));
  if (typeof s.format === 'string' && !['date', 'date-time', 'time'].includes(s.format)) report('format', 'format', s.format, false);
  if (s.$id !== undefined && flat.keyAt.get('$id')?.length) report('nested-id', '$id');
}
