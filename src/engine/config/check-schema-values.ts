/**
 * Values written in a form schema checked against the field they belong to,
 * with the engine's own Ajv set-up (src/engine/schema/ajv.ts, what the phone
 * and the server validate with): a `default` the field refuses, a `const`
 * nothing can equal, an option (enum value, oneOf/anyOf const) that could be
 * chosen but never submitted. And, when the whole schema does not compile,
 * where and why in Chinese (Ajv's own message is English, at line 1).
 */
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv, localizeZh } from '../schema/ajv';
import type { CheckContext } from './context';
import type { PathSeg } from './source';
import { suggest } from './suggest';
import { allowed, kindWords } from './words';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The id the copy of the form is registered under, so a field is compiled as `{ $ref: id#/pointer }` (its local $refs still resolve). */
const ROOT_ID = 'urn:checkup-flow:form-sanity';

const pointer = (path: readonly PathSeg[]) =>
  path.map((s) => '/' + encodeURIComponent(String(s).replace(/~/g, '~0').replace(/\//g, '~1'))).join('');

/** Validators of a form's fields, compiled lazily; none when the form itself does not compile (reported elsewhere). */
export class FieldValidators {
  private ajv: Ajv | null | undefined;
  constructor(private readonly root: Json) {}

  at(path: readonly PathSeg[]): ValidateFunction | null {
    try {
      if (this.ajv === undefined) {
        const ajv = createAjv();
        // Not validated as a whole: a mistake elsewhere in the form (reported on its own) must not hide this field's.
        ajv.addSchema({ ...this.root, $id: ROOT_ID }, ROOT_ID, undefined, false);
        this.ajv = ajv;
      }
      return this.ajv ? this.ajv.compile({ $ref: `${ROOT_ID}#${pointer(path)}` }) : null;
    } catch {
      this.ajv ??= null;
      return null;
    }
  }

  /** Why `value` fails the field `node` at `path` (Chinese, the first reason), or null when it passes or cannot be judged. */
  failure(node: Json, path: readonly PathSeg[], value: unknown): string | null {
    // Most fields are a type and options: judged here, without compiling (the whole check stays fast).
    const quick = simpleFailure(node, value);
    if (quick !== undefined) return quick;
    const v = this.at(path);
    if (!v || v(structuredClone(value))) return null;
    return firstReason(v.errors);
  }
}

/** Keys that constrain nothing a value could fail (beside type, enum and const, judged by simpleFailure). */
const PLAIN = new Set(['title', 'description', 'default', 'examples', '$comment', 'readOnly', 'writeOnly', 'errorMessage', 'type', 'enum', 'const', '$id', '$schema']);
const plainOptions = (l: unknown) => Array.isArray(l) && l.every((o) => isObj(o) && Object.keys(o).every((k) => ['const', 'title', 'description'].includes(k)));

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The answer Ajv would give for a field of only type / enum / const / labelled
 * options (the same words as its zh messages); undefined when anything else
 * could refuse the value (then Ajv decides).
 */
function simpleFailure(node: Json, value: unknown): string | null | undefined {
  for (const k of Object.keys(node)) {
    if (k.startsWith('x-') || PLAIN.has(k)) continue;
    if ((k === 'oneOf' || k === 'anyOf') && plainOptions(node[k])) continue;
    return undefined;
  }
  if (node.type !== undefined) {
    const types = (Array.isArray(node.type) ? node.type : [node.type]).map(String);
    const t = typeOf(value);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return `应当是${kindWords(types.join(','))}`;
  }
  if (Array.isArray(node.enum) && !node.enum.some((x) => same(x, value))) return '应当是预设定的枚举值之一';
  if (node.const !== undefined && !same(node.const, value)) return '应当等于常量';
  for (const k of ['oneOf', 'anyOf']) {
    const l = node[k] as Json[] | undefined;
    if (!l) continue;
    const n = l.filter((o) => same(o.const, value)).length;
    if (k === 'anyOf' ? n === 0 : n !== 1) return k === 'anyOf' ? '数据应为 anyOf 所指定的其中一个' : '应当匹配 oneOf 中的一项';
  }
  return null;
}

/** The first failure's words; behind an `errorMessage` the failures it stands for (what is really wrong). */
function firstReason(errors: ErrorObject[] | null | undefined): string | null {
  const flat = (errors ?? []).flatMap((e) => (e.keyword === 'errorMessage' ? ((e.params as { errors?: ErrorObject[] }).errors ?? []) : [e]));
  const real = localizeZh(flat.filter((e) => !['if', 'anyOf', 'oneOf', 'not'].includes(e.keyword)));
  const e = real[0] ?? localizeZh(flat)[0];
  if (!e?.message) return null;
  const where = e.instancePath ? `${e.instancePath.slice(1).replace(/\//g, '.')} ` : '';
  return where + e.message.replace(/应当是 ([a-z,]+) 类型/, (_m, t: string) => `应当是${kindWords(t)}`);
}

const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];

let metaAjv: Ajv | undefined;

/** Whether the schema passes the JSON Schema format (draft-07, as Ajv reads it); its errors in Ajv's terms. */
function metaErrors(schema: Json): ErrorObject[] | null {
  // validateSchema adds nothing to the instance: one serves every file.
  metaAjv ??= createAjv();
  try {
    return metaAjv.validateSchema(schema) ? null : (metaAjv.errors ?? []);
  } catch {
    return null;
  }
}

/** Whether Ajv's compile failure is one the sanity check reports in words (a format violation here, or an invalid pattern). */
export function compileFailureExplained(schema: unknown, patternsBad: boolean): boolean {
  return patternsBad || (isObj(schema) && metaErrors(schema) !== null);
}

/**
 * The schema's violations of the JSON Schema format (what makes Ajv refuse to
 * compile it, in English at line 1), each at its keyword in Chinese.
 */
export function checkSchemaFormat(ctx: CheckContext, file: string, schema: Json, label: (path: PathSeg[]) => string): void {
  const errors = metaErrors(schema);
  if (!errors) return;
  const byPlace = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    // `$data` alternatives ($data: true lets a keyword be { $data }) and the anyOf that joins them are noise.
    if (e.keyword === 'anyOf' || /data\.json/.test(e.schemaPath)) continue;
    byPlace.set(e.instancePath, [...(byPlace.get(e.instancePath) ?? []), e]);
  }
  for (const [ptr, errs] of byPlace) {
    const path: PathSeg[] = ptr.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    const e = errs.find((x) => x.keyword !== 'type') ?? errs[0];
    const key = String(path[path.length - 1] ?? '');
    // Names written twice are the sanity check's (at the second one).
    if (e.keyword === 'uniqueItems' && ['enum', 'required'].includes(key)) continue;
    const parent = path.slice(0, -1);
    const value = valueAt(schema, path);
    if (key === 'type' || (typeof path[path.length - 1] === 'number' && path[path.length - 2] === 'type')) {
      const owner = key === 'type' ? parent : path.slice(0, -2);
      ctx.error(file, path, `${label(owner)}："type" 写的是 ${JSON.stringify(value)}，不是 JSON Schema 的类型${suggest(String(value), TYPES)}${allowed(TYPES)}`);
    } else if (COUNTS.includes(key)) {
      ctx.error(file, path, `${label(parent)}："${key}" 应该是 0 或更大的整数，现在写的是 ${JSON.stringify(value)}`);
    } else {
      ctx.error(file, path, `${label(parent)}："${key}" 写得不对：${firstReason([e]) ?? e.message ?? ''}`);
    }
  }
}

function valueAt(root: unknown, path: PathSeg[]): unknown {
  let cur = root;
  for (const seg of path) cur = isObj(cur) || Array.isArray(cur) ? (cur as Record<string, unknown>)[seg as string] : undefined;
  return cur;
}
