/**
 * JSON Schema (+ `x-` hints, docs/form-format.md) → a tree of field
 * descriptions the renderer walks. Pure and React-free: built once per schema
 * object (WeakMap cache) so no field ever recomputes it on a keystroke.
 *
 * The schema is read through its flat view (resolve.ts: local $ref, allOf,
 * branches). Whatever the phone cannot show as written is recorded as a
 * Problem while building; `formModelProblems` (model-problems.ts) hands them
 * to the config checker, which refuses them (check-schema-vocabulary.ts) —
 * one walk decides both what renders and what is refused, so the two cannot drift.
 */
import { choicesOf, inferWidget, isScalar, jsonType, type Choice } from './choices';
import { alternativesOf } from './alternatives';
import { allOfExpr, anyOfExpr, branchExpression } from './conditions';
import { flatten, keyPath, type Branch, type Flat, type PathSeg, type Problem, type Src } from './resolve';

export { inferWidget, jsonType, type Choice };
export type { Problem, PathSeg, Flat };
export type HiddenPolicy = 'clear' | 'keep';

export interface FieldNode {
  /** Dot path from the form root ('' for the root); inside a list entry it is relative to the entry. */
  path: string;
  /** Property name ('' for the root). */
  name: string;
  /** JSON type of the value ('string', 'number', 'integer', 'boolean', 'array', 'object', 'null'). */
  type: string;
  /** Widget name (`x-widget`, or inferred from the type). Resolved by registry.ts. */
  widget: string;
  label: string;
  placeholder?: string;
  /** `description`: shown under the field (a section: under its title; the root: above the form). */
  description?: string;
  /** `readOnly`, or a `const` that is not a yes/no: shown as text, its value (default/const) kept. */
  readOnly?: boolean;
  /** `x-options` as written (maxLength, min, max, rows, default, action, …). */
  options: Record<string, unknown>;
  /** enum / oneOf|anyOf of const+title (of items for arrays); booleans get 是/否. */
  choices?: Choice[];
  required: boolean;
  /** `x-visibleIf` (and, for a field a then/else/dependency adds, its branch's condition): an expression over `form`. */
  visibleIf?: string;
  /** Form paths `visibleIf` reads; null when they cannot be known (then it watches everything). */
  visibleDeps?: string[] | null;
  hidden: HiddenPolicy;
  /** `x-requiredIf`: required only while this expression over `form` holds (and the field is shown). */
  requiredIf?: string;
  /** Form paths `requiredIf` reads (as visibleDeps). */
  requiredDeps?: string[] | null;
  /** `x-endIf`: once this field is shown and the expression holds, every field after it is hidden ("skip to the end"). */
  endIf?: string;
  /** section: when one of its fields ends the form (their endIf, each under its own condition). */
  ends?: string;
  /** section / root: the fields in display order (`x-order` or property order). */
  children?: FieldNode[];
  /** section / root: names in the order their content checks report (`x-checkOrder`), see validate.ts. */
  checkOrder?: string[];
  /** section / root with oneOf/anyOf alternatives: the property whose answer says which applies (alternatives.ts). */
  discriminator?: string;
  /** Fields that tell apart the alternatives of its branches (a dependency's oneOf on a field it has). */
  discriminators?: string[];
  /** list of objects: the fields of one entry, paths relative to the entry. */
  item?: FieldNode[];
  /** list of single values (strings, numbers): the control of one entry, path ''. */
  each?: FieldNode;
  /** list: fewest entries (`minItems`, default 0); the delete button hides at this count. */
  minItems?: number;
  /** The field's schema as read (flat: $ref followed, allOf merged); the root's is the schema as written. */
  schema: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** An object's fields: its own, then those its branches add (shown under `when`, any of them). */
type Fields = Map<string, { srcs: Src[]; when: Array<string | undefined>; required: boolean }>;

interface Ctx {
  root: Json;
  problems: Problem[];
  /** Inside a list entry: paths are relative, so a branch's condition cannot name its fields. */
  inList: boolean;
  inspect?: Inspect;
  /** The object being built: fields its branches' alternatives are told apart by (validate.ts). */
  told?: Set<string>;
}

const TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
const cache = new WeakMap<object, FieldNode>();

/** The field tree of a form schema (cached per schema object). */
export function buildFormModel(schema: object): FieldNode {
  let root = cache.get(schema);
  if (!root) {
    root = buildRoot(schema as Json, []);
    cache.set(schema, root);
  }
  return root;
}

/**
 * What the config checker needs on top of the model: each field's keywords
 * (`flat`, read as `kind`) and each built field (`node`), with the problems
 * list to add to. Kept out of the phone's bundle (model-problems.ts).
 */
export interface Inspect {
  flat(flat: Flat, kind: FlatKind, problems: Problem[]): void;
  /** A leaf or list, as built. */
  node(flat: Flat, node: FieldNode, problems: Problem[]): void;
  /** An object, with the names of every field it shows and its closed parts (`additionalProperties: false`). */
  object(flat: Flat, path: string, fields: string[], closed: Flat['closed'], problems: Problem[]): void;
}
export type FlatKind = 'object' | 'array' | 'leaf' | 'branch';

/** Builds the tree, recording what it cannot show in `problems` (and what `inspect` finds). */
export function buildRoot(schema: Json, problems: Problem[], inspect?: Inspect): FieldNode {
  const ctx: Ctx = { root: schema, problems, inList: false, inspect };
  const flat = flatten([{ s: schema, path: [] }], schema, ['#'], problems);
  if (flatType(flat) !== 'object') {
    // A type that is no JSON type at all is Ajv's to report.
    if (TYPES.includes(flatType(flat))) problems.push({ code: 'root-not-object', path: flat.keyAt.has('type') ? keyPath(flat, 'type') : [], detail: flatType(flat) });
    return { ...common(flat, '', '', true), type: 'object', widget: 'section', children: [], schema };
  }
  const node = buildObject(flat, '', '', true, ctx);
  return { ...node, schema };
}

function buildObject(flat: Flat, name: string, path: string, required: boolean, ctx: Ctx): FieldNode {
  checkFlat(flat, ctx, 'object');
  const own = [...flat.props.keys()];
  const fields: Fields = new Map(own.map((n) => [n, { srcs: flat.props.get(n)!, when: [undefined], required: false }]));
  const closed = [...flat.closed];
  const branches = [...flat.branches];
  const alt = alternativesOf(flat, ctx.root, ctx.problems);
  if (alt === 'unreadable' || (alt && ctx.inList)) ctx.problems.push({ code: alt === 'unreadable' ? 'alternatives' : 'alternatives-in-list', path: keyPath(flat, flat.s.oneOf ? 'oneOf' : 'anyOf'), detail: flat.s.oneOf ? 'oneOf' : 'anyOf', key: true });
  else if (alt) {
    // The choice of alternative: the discriminator, written beside oneOf or not; its own keywords win.
    const f = fields.get(alt.name);
    fields.set(alt.name, { srcs: [alt.choice, ...(f?.srcs ?? [])], when: [undefined], required: alt.required });
    branches.push(...alt.branches);
  }
  const fixed = [...fields.keys()];
  const told = new Set<string>();
  for (const b of branches) addBranch(b, flat.refs, path, [], fields, fixed, closed, { ...ctx, told });
  ctx.inspect?.object(flat, path, [...fields.keys()], closed, ctx.problems);
  const req = new Set(flat.required);
  const names = orderNames([...fields.keys()], flat.s['x-order'] as string[] | undefined);
  const built = names.map((n) => {
    const f = fields.get(n)!;
    const child = buildField(f.srcs, n, join(path, n), req.has(n) || f.required, flat.refs, ctx);
    if (ctx.inList && child.endIf) ctx.problems.push({ code: 'end-in-list', path: [...(f.srcs[0]?.path ?? []), 'x-endIf'], key: true });
    const when = anyOfExpr(f.when);
    return when ? withCondition(child, allOfExpr([child.visibleIf, when])) : child;
  });
  const { children, ends } = ctx.inList ? { children: built, ends: undefined } : applyEnds(built);
  return {
    ...common(flat, name, path, required),
    type: 'object',
    widget: (flat.s['x-widget'] as string | undefined) ?? 'section',
    children,
    ...(ends ? { ends } : {}),
    checkOrder: flat.s['x-checkOrder'] as string[] | undefined,
    discriminator: alt && alt !== 'unreadable' && !ctx.inList ? alt.name : undefined,
    ...(told.size ? { discriminators: [...told] } : {}),
  };
}

/** The fields a then/else/dependency adds (a name the object already has is only a further rule on it). */
function addBranch(
  b: Branch,
  refs: string[],
  base: string,
  outer: Array<string | undefined>,
  fields: Fields,
  own: string[],
  closed: Flat['closed'],
  ctx: Ctx,
): void {
  const flat = flatten([b.src], ctx.root, refs, ctx.problems);
  // An alternative applies alone: its closed list need only cover the object's own fields and its own.
  closed.push(...flat.closed.map((c) => ('equals' in b.when ? { ...c, scope: [...own, ...flat.props.keys()] } : c)));
  const cond = ctx.inList ? null : branchExpression(b, base);
  // A branch whose oneOf/anyOf alternatives are told apart by a field already on the form (rjsf's
  // "dynamic" dependencies: pets → No / Yes: One + its age / …): each alternative adds its fields
  // while that field has its value.
  const alt = cond !== null && (flat.s.oneOf || flat.s.anyOf) ? alternativesOf(flat, ctx.root, []) : null;
  const byOwnField = alt && alt !== 'unreadable' && own.includes(alt.name) ? alt : null;
  checkFlat(flat, ctx, byOwnField ? 'object' : 'branch');
  if (byOwnField) {
    ctx.told?.add(byOwnField.name);
    for (const inner of byOwnField.branches) addBranch(inner, flat.refs, base, [...outer, cond ?? undefined], fields, own, closed, ctx);
  }
  const when = allOfExpr([...outer, cond ?? undefined]);
  for (const [n, srcs] of flat.props) {
    if (own.includes(n)) continue;
    if (cond === null) {
      const code = ctx.inList ? 'branch-in-list' : 'if-unreadable';
      ctx.problems.push({ code, path: ctx.inList ? srcs[0].path : (b.when as { if: Src }).if.path, detail: n, key: true });
      continue;
    }
    // Required by the branch that adds it: required whenever it is shown (its asterisk).
    const required = flat.required.includes(n);
    const f = fields.get(n);
    if (f) {
      // Two branches adding one field: the phone shows one field, so they must agree on what it is
      // (else it would offer one branch's options while Ajv checks the other's).
      if (sameSchemas(f.srcs, srcs)) {
        f.when.push(when ?? 'true');
        f.required &&= required;
      } else ctx.problems.push({ code: 'branch-field-differs', path: srcs[0].path, detail: n, key: true });
    } else fields.set(n, { srcs, when: [when ?? 'true'], required });
  }
  for (const inner of flat.branches) addBranch(inner, flat.refs, base, [...outer, cond ?? undefined], fields, own, closed, ctx);
}

/**
 * A field's JSON type; without `type`, one written with `properties` (or
 * branches adding some) is an object, as Ajv and every form library read it
 * (`properties` is kept apart from the merged keywords, so jsonType alone
 * cannot see it).
 */
function flatType(flat: Flat): string {
  if (flat.s.type === undefined && (flat.props.size > 0 || flat.branches.length > 0)) return 'object';
  return jsonType(flat.s);
}

const sameSchemas = (a: Src[], b: Src[]) => JSON.stringify(a.map((x) => x.s)) === JSON.stringify(b.map((x) => x.s));

function withCondition(node: FieldNode, visibleIf: string | undefined): FieldNode {
  return { ...node, visibleIf, visibleDeps: visibleIf ? conditionDeps(visibleIf) : undefined };
}

/**
 * "Skip to the end" (`x-endIf`) as ordinary visibility: every field after one
 * that ends the form is shown only while no earlier end holds. One rule then
 * serves the phone (what is drawn), cleanValues (what is sent) and the server
 * (what is demanded). A field ends the form when it is shown and its endIf
 * holds; a section does when one of its fields does, so the fields after the
 * section end too.
 */
function applyEnds(built: FieldNode[]): { children: FieldNode[]; ends?: string } {
  const stops: string[] = [];
  const children = built.map((c) => {
    const node = stops.length ? withCondition(c, allOfExpr([c.visibleIf, `!(${stops.join(' || ')})`])) : c;
    const own = [c.endIf, c.ends].filter((e): e is string => !!e);
    if (own.length) stops.push(`(${allOfExpr([c.visibleIf, own.map((e) => `(${e})`).join(' || ')])})`);
    return node;
  });
  return { children, ends: stops.length ? stops.join(' || ') : undefined };
}

function buildField(srcs: Src[], name: string, path: string, required: boolean, refs: string[], ctx: Ctx): FieldNode {
  const flat = flatten(srcs, ctx.root, refs, ctx.problems);
  if (flat.recursive) return { ...common(flat, name, path, required), type: 'null', widget: 'display' };
  const type = flatType(flat);
  if (type === 'object') return buildObject(flat, name, path, required, ctx);
  if (type === 'array') return buildArray(flat, name, path, required, ctx);
  return buildLeaf(flat, name, path, required, ctx);
}

function buildArray(flat: Flat, name: string, path: string, required: boolean, ctx: Ctx): FieldNode {
  checkFlat(flat, ctx, 'array');
  const s = flat.s;
  const base = { ...common(flat, name, path, required), type: 'array' };
  const minItems = typeof s.minItems === 'number' ? s.minItems : 0;
  const items = s.items;
  if (Array.isArray(items) || !isObj(items)) {
    ctx.problems.push({ code: Array.isArray(items) ? 'tuple' : 'array-no-items', path: items ? keyPath(flat, 'items') : keyPath(flat, 'type'), key: true });
    return { ...base, widget: 'display' };
  }
  const item = flatten([{ s: items, path: keyPath(flat, 'items') }], ctx.root, flat.refs, ctx.problems);
  const itemType = flatType(item);
  const widget = s['x-widget'] as string | undefined;
  if (itemType === 'object') {
    const entry = buildObject(item, '', '', true, { ...ctx, inList: true });
    return fit(flat, { ...base, widget: widget ?? 'list', item: entry.children, minItems }, ctx);
  }
  if (itemType === 'array') {
    ctx.problems.push({ code: 'array-of-arrays', path: keyPath(flat, 'items'), key: true });
    return { ...base, widget: 'display' };
  }
  const choices = choicesOf(item.s);
  if (choices) checkFlat(item, ctx, 'leaf');
  if (choices && widget !== 'list') return fit(flat, { ...base, widget: widget ?? 'checkboxes', choices }, ctx);
  // An entry left empty is simply not sent (values.ts): no entry is required, the list may be (minItems).
  const each = buildLeaf(item, '', '', false, { ...ctx, inList: true });
  const label = (item.s['x-label'] as string | undefined) ?? (item.s.title as string | undefined) ?? base.label;
  return fit(flat, { ...base, widget: widget ?? 'list', each: { ...each, label }, minItems }, ctx);
}

function buildLeaf(flat: Flat, name: string, path: string, required: boolean, ctx: Ctx): FieldNode {
  checkFlat(flat, ctx, 'leaf');
  const s = flat.s;
  const type = jsonType(s);
  const choices = type === 'null' ? undefined : choicesOf(s);
  const fixed = s.const !== undefined && typeof s.const !== 'boolean';
  const readOnly = s.readOnly === true || fixed;
  const node: FieldNode = {
    ...common(flat, name, path, required),
    type,
    widget: (s['x-widget'] as string | undefined) ?? inferWidget(s, type, choices),
    choices,
  };
  if (readOnly) node.readOnly = true;
  // A fixed value is its own default: shown, and sent as it must be.
  if (fixed && s.default === undefined) node.schema = { ...s, default: s.const };
  return fit(flat, node, ctx);
}

/** The checker's look at a field's keywords (model-problems.ts); the phone builds without it. */
function checkFlat(flat: Flat, ctx: Ctx, kind: FlatKind): void {
  ctx.inspect?.flat(flat, kind, ctx.problems);
}

function fit(flat: Flat, node: FieldNode, ctx: Ctx): FieldNode {
  ctx.inspect?.node(flat, node, ctx.problems);
  return node;
}

function common(flat: Flat, name: string, path: string, required: boolean) {
  const s = flat.s;
  const visibleIf = s['x-visibleIf'] as string | undefined;
  const examples = Array.isArray(s.examples) && isScalar(s.examples[0]) ? `例如：${String(s.examples[0])}` : undefined;
  return {
    name,
    path,
    label: (s['x-label'] as string | undefined) ?? (s.title as string | undefined) ?? name,
    placeholder: (s['x-placeholder'] as string | undefined) ?? examples,
    description: typeof s.description === 'string' && s.description ? s.description : undefined,
    options: { ...((s['x-options'] as Json | undefined) ?? {}) },
    required,
    visibleIf,
    visibleDeps: visibleIf ? conditionDeps(visibleIf) : undefined,
    ...(typeof s['x-requiredIf'] === 'string' ? { requiredIf: s['x-requiredIf'], requiredDeps: conditionDeps(s['x-requiredIf']) } : {}),
    ...(typeof s['x-endIf'] === 'string' ? { endIf: s['x-endIf'] } : {}),
    hidden: (s['x-hidden'] as HiddenPolicy | undefined) ?? 'clear',
    schema: s,
  };
}

/** rjsf's ui:order convention: listed names first, '*' marks where the rest go (else at the end). */
export function orderNames(names: string[], order: string[] | undefined): string[] {
  if (!order) return names;
  const listed = order.filter((n) => n === '*' || names.includes(n));
  const rest = names.filter((n) => !listed.includes(n));
  const star = listed.indexOf('*');
  if (star < 0) return [...listed, ...rest];
  return [...listed.slice(0, star), ...rest, ...listed.slice(star + 1)];
}

/**
 * The form paths an `x-visibleIf` reads: `form.a.b` / `form.list[0].x` → 'a.b', 'list.0.x'.
 * null when `form` is used otherwise (e.g. `len(form)`), so the field watches every value.
 */
export function conditionDeps(expr: string): string[] | null {
  const deps = new Set<string>();
  const re = /\bform((?:\s*\.\s*[A-Za-z_$][\w$]*|\[\d+\])+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(expr))) {
    deps.add(m[1].replace(/\s+/g, '').replace(/\[(\d+)\]/g, '.$1').replace(/^\./, ''));
  }
  const bare = expr.replace(re, '').match(/\bform\b/);
  return bare ? null : [...deps];
}

export function join(base: string, name: string | number): string {
  return base ? `${base}.${name}` : String(name);
}

/** Every node in display order, depth first (lists contribute their entry template). */
export function walkFields(root: FieldNode, visit: (n: FieldNode) => void): void {
  for (const c of root.children ?? root.item ?? (root.each ? [root.each] : [])) {
    visit(c);
    walkFields(c, visit);
  }
}
