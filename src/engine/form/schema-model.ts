/**
 * JSON Schema (+ `x-` hints, docs/flow-format.md "Forms") → a tree of field
 * descriptions the renderer walks. Pure and React-free: built once per schema
 * object (WeakMap cache) so no field ever recomputes it on a keystroke.
 */
export type HiddenPolicy = 'clear' | 'keep';

export interface Choice {
  value: string | number | boolean;
  label: string;
}

export interface FieldNode {
  /** Dot path from the form root ('' for the root); inside a list entry it is relative to the entry. */
  path: string;
  /** Property name ('' for the root). */
  name: string;
  /** JSON type of the value ('string', 'number', 'integer', 'boolean', 'array', 'object'). */
  type: string;
  /** Widget name (`x-widget`, or inferred from the type). Resolved by registry.ts. */
  widget: string;
  label: string;
  placeholder?: string;
  /** `x-options` as written (maxLength, min, max, rows, default, action, …). */
  options: Record<string, unknown>;
  /** enum / oneOf+const+title (of items for arrays); booleans get 是/否. */
  choices?: Choice[];
  required: boolean;
  /** `x-visibleIf`, an expression over `form`. */
  visibleIf?: string;
  /** Form paths `visibleIf` reads; null when they cannot be known (then it watches everything). */
  visibleDeps?: string[] | null;
  hidden: HiddenPolicy;
  /** section / root: the fields in display order (`x-order` or property order). */
  children?: FieldNode[];
  /** section / root: names in the order their content checks report (`x-checkOrder`), see validate.ts. */
  checkOrder?: string[];
  /** list: the fields of one entry, paths relative to the entry. */
  item?: FieldNode[];
  /** list: fewest entries; the delete button hides at this count (default 1). */
  minItems?: number;
  /** The property's own schema. */
  schema: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const cache = new WeakMap<object, FieldNode>();

/** The field tree of a form schema (cached per schema object). */
export function buildFormModel(schema: object): FieldNode {
  let root = cache.get(schema);
  if (!root) {
    root = buildObject(schema as Json, '', '', true);
    cache.set(schema, root);
  }
  return root;
}

function buildObject(s: Json, name: string, path: string, required: boolean): FieldNode {
  const props = (s.properties ?? {}) as Record<string, Json>;
  const req = new Set((s.required as string[] | undefined) ?? []);
  const names = orderNames(Object.keys(props), s['x-order'] as string[] | undefined);
  const children = names.map((n) => buildField(props[n], n, join(path, n), req.has(n)));
  return {
    ...common(s, name, path, required),
    type: 'object',
    widget: (s['x-widget'] as string | undefined) ?? 'section',
    children,
    checkOrder: s['x-checkOrder'] as string[] | undefined,
  };
}

function buildField(s: Json, name: string, path: string, required: boolean): FieldNode {
  const type = jsonType(s);
  if (type === 'object') return buildObject(s, name, path, required);
  const items = s.items as Json | undefined;
  if (type === 'array' && items && jsonType(items) === 'object') {
    const entry = buildObject(items, '', '', true);
    return {
      ...common(s, name, path, required),
      type,
      widget: (s['x-widget'] as string | undefined) ?? 'list',
      item: entry.children,
      minItems: typeof s.minItems === 'number' ? s.minItems : 1,
    };
  }
  const choices = choicesOf(type === 'array' && items ? items : s);
  return {
    ...common(s, name, path, required),
    type,
    widget: (s['x-widget'] as string | undefined) ?? inferWidget(s, type, choices),
    choices,
  };
}

function common(s: Json, name: string, path: string, required: boolean) {
  const visibleIf = s['x-visibleIf'] as string | undefined;
  return {
    name,
    path,
    label: (s['x-label'] as string | undefined) ?? (s.title as string | undefined) ?? name,
    placeholder: s['x-placeholder'] as string | undefined,
    options: { ...((s['x-options'] as Json | undefined) ?? {}) },
    required,
    visibleIf,
    visibleDeps: visibleIf ? conditionDeps(visibleIf) : undefined,
    hidden: (s['x-hidden'] as HiddenPolicy | undefined) ?? 'clear',
    schema: s,
  };
}

/** The widget a field without `x-widget` gets (also what the config checker assumes). */
export function inferWidget(s: Json, type: string, choices: Choice[] | undefined): string {
  if (type === 'array') return 'checkboxes';
  if (choices) return choices.length <= 4 ? 'radio' : 'picker';
  if (type === 'number' || type === 'integer') return 'number';
  if (s.format === 'date') return 'date';
  return 'text';
}

export function jsonType(s: Json): string {
  const t = s.type;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string | undefined) ?? 'string';
  if (typeof t === 'string') return t;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return 'string';
}

function choicesOf(s: Json): Choice[] | undefined {
  if (Array.isArray(s.oneOf) && s.oneOf.every((o) => o && typeof o === 'object' && 'const' in o)) {
    return (s.oneOf as Json[]).map((o) => ({
      value: o.const as Choice['value'],
      label: (o.title as string | undefined) ?? String(o.const),
    }));
  }
  if (Array.isArray(s.enum)) {
    const labels = s['x-enumLabels'] as string[] | undefined;
    return (s.enum as Choice['value'][]).map((v, i) => ({ value: v, label: labels?.[i] ?? String(v) }));
  }
  if (s.type === 'boolean') return [{ value: true, label: '是' }, { value: false, label: '否' }];
  return undefined;
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
  for (const c of root.children ?? root.item ?? []) {
    visit(c);
    walkFields(c, visit);
  }
}
