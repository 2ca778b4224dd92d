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
import { isUnderHidden, type Values } from './values';

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
): FormErrors {
  // useDefaults may write into the data: validate a copy.
  if (validate(structuredClone(cleaned))) return { first: null, byPath: {} };
  const ranked: Ranked[] = [];
  for (const e of localizeZh(validate.errors)) {
    // One custom message may stand for several failures (ajv-errors merges every missing
    // required field under `errorMessage.required`): each of those fields is marked, with
    // that one message.
    const originals = e.keyword === 'errorMessage' ? ((e.params as { errors?: ErrorObject[] }).errors ?? [e]) : [e];
    for (const original of originals.length ? originals : [e]) {
      const r = rankError(root, e, original);
      if (r && !isUnderHidden(r.path, hidden)) ranked.push(r);
    }
  }
  ranked.sort((a, b) => compareRanks(a.rank, b.rank));
  const byPath: Record<string, string> = {};
  for (const r of ranked) byPath[r.path] ??= r.message;
  return { first: ranked[0]?.message ?? null, byPath };
}

function rankError(root: FieldNode, e: ErrorObject, original: ErrorObject = e): Ranked | null {
  if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') return null; // their branches report
  const missing = original.keyword === 'required' ? (original.params as { missingProperty: string }).missingProperty : undefined;
  const path = pointerToPath(original.instancePath) + (missing ? (original.instancePath ? '.' : '') + missing : '');
  const node = findNode(root, path);
  let message = e.message ?? '';
  if (e.keyword === 'required') message = `请填写${node?.label ?? missing}`;
  else if (e.keyword !== 'errorMessage' && e.keyword !== 'idcardMsg' && node) message = `${node.label}${message}`;
  // A value required only under a condition (`if`/`then`: surgery 有 → its name) is
  // a detail of an answer: checked with the content checks, after every
  // unconditionally required answer, in `x-checkOrder`.
  const unconditional = missing !== undefined && !/\/(then|else)\//.test(original.schemaPath);
  return { path, message, rank: [unconditional ? 0 : 1, ...fieldRank(root, path, !unconditional)] };
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
      fields = inList.item;
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
    if (node.item) inList = node;
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
    if (node.item && /^\d+$/.test(seg)) {
      node = { ...node, children: node.item, item: undefined };
      continue;
    }
    node = node.children?.find((f) => f.name === seg);
  }
  return node;
}

