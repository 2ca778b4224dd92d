/**
 * Validation of the cleaned values with the shared Ajv (src/engine/schema/ajv.ts)
 * and the FIRST message by field order.
 *
 * Order: messages about a MISSING value come first, in display order (`x-order`
 * or property order); then every other check — including a value required only
 * under a condition (`if`/`then`) — in `x-checkOrder` when an object gives one,
 * else display order. That is the order form's spec order: required
 * name → ID → phone → certificate type/job, then phone format, then the ID
 * checks (order-form schema: "x-checkOrder": ["phone", "idcard"]).
 *
 * Texts: the schema's `errorMessage` (ajv-errors) as written; otherwise ajv-i18n
 * `zh` prefixed with the field label (a bare 应当有必需属性 phone helps nobody),
 * and `请填写<label>` for a missing value.
 *
 * The validate function can be given: the app passes the server's pre-compiled
 * one (GET schemas/<path>.js, src/server/plugins/validators.ts), since its CSP
 * forbids compiling (Ajv's `new Function`); the default compiles root.schema.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { localizeZh } from '../schema/localize';
import type { FieldNode } from './schema-model';
import { getPath, isUnderHidden, type Values } from './values';

export interface FormErrors {
  /** The first message, or null when valid. */
  first: string | null;
  /** First message per field path (dot path; list entries as `list.0.field`). */
  byPath: Record<string, string>;
}

interface Ranked {
  path: string;
  message: string;
  rank: number[];
}

export function validateValues(
  root: FieldNode,
  cleaned: Values,
  hidden: string[] = [],
  validate: ValidateFunction,
  requiredNow: string[] = [],
): FormErrors {
  // A field required only under a condition (`x-requiredIf`, cleanValues says which hold now).
  const missing = requiredNow.filter((p) => isEmpty(getPath(cleaned, p))).map((p) => missingNow(root, p));
  // useDefaults may write into the data: validate a copy.
  if (validate(structuredClone(cleaned)) && !missing.length) return { first: null, byPath: {} };
  const errors = localizeZh(validate.errors ?? []);
  // One custom message may stand for several failures (ajv-errors merges every missing
  // required field under `errorMessage.required`): each of those fields is marked, with
  // that one message.
  const pairs = errors.flatMap((e) => {
    const originals = e.keyword === 'errorMessage' ? ((e.params as { errors?: ErrorObject[] }).errors ?? [e]) : [e];
    return (originals.length ? originals : [e]).map((original) => ({ e, original }));
  });
  const rank = (skip: (e: ErrorObject) => boolean) => {
    const out: Ranked[] = [];
    for (const { e, original } of pairs) {
      if (skip(original)) continue;
      const r = rankError(root, e, original);
      if (r && !isUnderHidden(r.path, hidden)) out.push(r);
    }
    return out;
  };
  let ranked = rank(notChosen(root, pairs.map((p) => p.original)));
  // Never let the alternatives' filter hide every reason Ajv refused the answer for.
  if (!ranked.length) ranked = rank(() => false);
  ranked.push(...missing);
  ranked.sort((a, b) => compareRanks(a.rank, b.rank));
  const byPath: Record<string, string> = {};
  for (const r of ranked) byPath[r.path] ??= r.message;
  return { first: ranked[0]?.message ?? null, byPath };
}

const isEmpty = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);

/**
 * A conditionally required field left empty: the message the schema gives for
 * it (`errorMessage.required` beside it, as for an always-required field), else
 * 请填写<label>; ranked with the other conditional answers (as `if`/`then`).
 */
function missingNow(root: FieldNode, path: string): Ranked {
  const cut = path.lastIndexOf('.');
  const name = path.slice(cut + 1);
  const parent = findNode(root, cut < 0 ? '' : path.slice(0, cut));
  const em = (parent?.schema as { errorMessage?: { required?: unknown } } | undefined)?.errorMessage?.required;
  const own = em && typeof em === 'object' ? (em as Record<string, unknown>)[name] : undefined;
  const message = typeof own === 'string' ? own : `请填写${findNode(root, path)?.label ?? name}`;
  return { path, message, rank: [1, ...fieldRank(root, path, true)] };
}

function rankError(root: FieldNode, e: ErrorObject, original: ErrorObject = e): Ranked | null {
  if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') return null; // their branches report
  // `dependencies` (list form) misses a field just as `required` does: 请填写 it.
  const absent = original.keyword === 'required' || original.keyword === 'dependencies';
  const missing = absent ? (original.params as { missingProperty: string }).missingProperty : undefined;
  const path = pointerToPath(original.instancePath) + (missing ? (original.instancePath ? '.' : '') + missing : '');
  const node = findNode(root, path);
  let message = e.message ?? '';
  if (e.keyword === 'required' || e.keyword === 'dependencies') message = `请填写${node?.label ?? missing}`;
  else if (e.keyword === 'const' && node) message = `${node.label}只能是“${constLabel(node, (e.params as { allowedValue: unknown }).allowedValue)}”`;
  else if (e.keyword !== 'errorMessage' && e.keyword !== 'idcardMsg' && node) message = `${node.label}${message}`;
  // A value required only under a condition (`if`/`then`: surgery 有 → its name) is
  // a detail of an answer: checked with the content checks, after every
  // unconditionally required answer, in `x-checkOrder`.
  const unconditional = missing !== undefined && original.keyword === 'required' && !/\/(then|else|dependencies)\//.test(original.schemaPath);
  return { path, message, rank: [unconditional ? 0 : 1, ...fieldRank(root, path, !unconditional)] };
}

/**
 * Errors of the oneOf/anyOf alternatives the answer did not choose (its
 * discriminator says which: alternatives.ts): Ajv reports every failing
 * alternative, and 护照号 is no reason to refuse an answer that chose 身份证.
 * While the discriminator is unanswered, only that is asked. An alternative's
 * errors share the schema path up to it (`#/oneOf/1/`), found from the error
 * on its discriminator.
 */
function notChosen(root: FieldNode, errors: ErrorObject[]): (e: ErrorObject) => boolean {
  const other = new Set<string>();
  const unanswered = new Map<string, string>();
  for (const e of errors) {
    const path = pointerToPath(e.instancePath);
    if (e.keyword === 'const' || e.keyword === 'enum') {
      const d = path.split('.').pop()!;
      // Ajv writes a name into schemaPath as a URI fragment (Do%20you%20have%20any%20pets%3F).
      const m = new RegExp(`^(.*/)properties/(?:${escape(d)}|${escape(fragment(d))})/(const|enum)$`).exec(e.schemaPath);
      if (m && tells(findNode(root, path.split('.').slice(0, -1).join('.')), d)) other.add(m[1]);
    } else if (e.keyword === 'required') {
      const d = (e.params as { missingProperty: string }).missingProperty;
      const m = /^(.*\/)required$/.exec(e.schemaPath);
      if (m && /\/(oneOf|anyOf)\/\d+\/$/.test(m[1]) && tells(findNode(root, path), d)) unanswered.set(m[1], d);
    }
  }
  if (!other.size && !unanswered.size) return () => false;
  return (e) => {
    for (const p of other) if (e.schemaPath.startsWith(p)) return true;
    for (const [p, d] of unanswered) {
      if (e.schemaPath.startsWith(p)) return !(e.keyword === 'required' && (e.params as { missingProperty: string }).missingProperty === d);
    }
    return false;
  };
}

/** Whether `d` tells apart alternatives of the object `node` (its own oneOf's, or a branch's). */
const tells = (node: FieldNode | undefined, d: string) => node?.discriminator === d || !!node?.discriminators?.includes(d);

const fragment = (name: string) => encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A const as the person reads it: its choice's label (是 for true), else the value. */
function constLabel(node: FieldNode, v: unknown): string {
  return node.choices?.find((c) => c.value === v)?.label ?? String(v);
}

function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Position of each path segment among its siblings; unknown names sort last. */
function fieldRank(root: FieldNode, path: string, byCheckOrder: boolean): number[] {
  const rank: number[] = [];
  let fields: FieldNode[] | undefined = root.children;
  let checkOrder = root.checkOrder;
  let inList: FieldNode | undefined;
  for (const seg of path ? path.split('.') : []) {
    if (inList) {
      rank.push(Number(seg));
      fields = inList.item ?? [];
      checkOrder = undefined;
      inList = undefined;
      continue;
    }
    const i = fields?.findIndex((f) => f.name === seg) ?? -1;
    if (i < 0) {
      rank.push(Number.MAX_SAFE_INTEGER);
      break;
    }
    const c = byCheckOrder && checkOrder ? checkOrder.indexOf(seg) : -1;
    rank.push(c >= 0 ? c : (checkOrder && byCheckOrder ? checkOrder.length : 0) + i);
    const node: FieldNode = fields![i];
    if (node.item || node.each) inList = node;
    fields = node.children;
    checkOrder = node.checkOrder;
  }
  return rank;
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d) return d;
  }
  return 0;
}

/** The node describing an absolute dot path (list indexes skipped). */
export function findNode(root: FieldNode, path: string): FieldNode | undefined {
  let node: FieldNode | undefined = root;
  for (const seg of path ? path.split('.') : []) {
    if (!node) return undefined;
    if ((node.item || node.each) && /^\d+$/.test(seg)) {
      node = node.each ?? { ...node, children: node.item, item: undefined };
      continue;
    }
    node = node.children?.find((f) => f.name === seg);
  }
  return node;
}

