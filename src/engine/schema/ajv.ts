/**
 * The one Ajv set-up shared by the form engine (browser) and the server's body
 * validation. Browser-safe: imports nothing from React, the DOM or Node built-ins.
 *
 *   const ajv = createAjv();                 // allErrors, ajv-errors, ajv-formats, idcard/phone formats
 *   const validate = compileSchema(schema);  // cached by $id (or by identity)
 *   if (!validate(data)) firstMessageZh(validate.errors)
 *
 * Custom messages: put `errorMessage` in the schema (ajv-errors). Errors without
 * one are translated with ajv-i18n `zh` by localizeZh().
 * Formats: `idcard` (GB 11643, see src/contract/rules/idcard.ts), `phone`
 * (^1[3-9]\d{9}$), plus ajv-formats' date, date-time, email, …
 * Keyword `idcardMsg: true` on a string: fails with the specific ID message (the
 * first failing rule of booking spec §5) instead of a generic format error.
 */
import Ajv, { _, type ErrorObject, type KeywordCxt, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { localizeZh } from './localize';
import { checkIdCard } from '../../contract/rules/idcard';
import { customFormats } from './formats';

export type { ErrorObject, ValidateFunction };
export { localizeZh };

/**
 * Module names that pre-compiled (standalone) validator code `require`s; the
 * server's bundler (src/server/plugins/validators.ts) maps them to these files.
 */
export const STANDALONE_MODULES = {
  formats: '@checkup-flow/schema-formats', // src/engine/schema/formats.ts
  idcard: '@checkup-flow/idcard', // src/contract/rules/idcard.ts
} as const;

export interface CreateAjvOptions {
  /**
   * Keep the generated source for `ajv/dist/standalone` (ES module output). The
   * code then refers to formats and checkIdCard through STANDALONE_MODULES.
   */
  standalone?: boolean;
}

export function createAjv(opts: CreateAjvOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    coerceTypes: false,
    useDefaults: true,
    $data: true,
    // Set before addFormats (which keeps a `code.formats` already there): both
    // ajv-formats' formats and ours resolve from the one browser-safe module.
    code: opts.standalone
      ? { source: true, esm: true, formats: _`require(${STANDALONE_MODULES.formats}).formats` }
      : undefined,
  });
  addFormats(ajv);
  ajvErrors(ajv);
  for (const [name, format] of Object.entries(customFormats)) ajv.addFormat(name, format);
  ajv.addKeyword({
    keyword: 'idcardMsg',
    type: 'string',
    schemaType: 'boolean',
    // Code-generating (no closure over a validate function), so standalone
    // validators carry it too: the error's message is checkIdCard's result.
    code(cxt: KeywordCxt) {
      const { gen, data, schema } = cxt;
      if (!schema) return;
      const check = gen.scopeValue('func', {
        ref: checkIdCard,
        code: _`require(${STANDALONE_MODULES.idcard}).checkIdCard`,
      });
      const msg = gen.const('idMsg', _`${check}(${data})`);
      cxt.setParams({ msg });
      cxt.fail(msg);
    },
    error: {
      message: ({ params }) => _`${params.msg}`,
      params: () => _`{}`,
    },
  });
  ajv.addKeyword({
    keyword: 'x-exclusive',
    type: 'array',
    schemaType: 'array',
    // A macro (expanded into plain JSON Schema at compile time), so pre-compiled
    // standalone validators carry it too: an exclusive option (以上都没有) is
    // ticked alone. The message names it by its label.
    macro: (values: unknown[], parent: Record<string, unknown>) => ({
      if: { contains: { enum: values } },
      then: { maxItems: 1, errorMessage: { maxItems: exclusiveMessage(values, parent) } },
    }),
  });
  return ajv;
}

/** `选了「以上都没有」就不能再选其他项`: the exclusive options by their labels (items' x-enumLabels or oneOf titles). */
export function exclusiveMessage(values: unknown[], field: Record<string, unknown>): string {
  const items = (field.items ?? {}) as Record<string, unknown>;
  const labelOf = (v: unknown): string => {
    const alts = (items.oneOf ?? items.anyOf) as Array<Record<string, unknown>> | undefined;
    const alt = Array.isArray(alts) ? alts.find((a) => a && a.const === v) : undefined;
    if (alt && typeof alt.title === 'string') return alt.title;
    const i = Array.isArray(items.enum) ? items.enum.indexOf(v) : -1;
    const labels = items['x-enumLabels'];
    return i >= 0 && Array.isArray(labels) && typeof labels[i] === 'string' ? labels[i] : String(v);
  };
  return `选了「${values.map(labelOf).join('」或「')}」就不能再选其他项`;
}

let shared: Ajv | undefined;
const byId = new Map<string, ValidateFunction>();
const byObj = new WeakMap<object, ValidateFunction>();

/** Compiles with the shared instance; cached by `$id` when present, else by object identity. */
export function compileSchema<T = unknown>(schema: object): ValidateFunction<T> {
  shared ??= createAjv();
  const id = (schema as { $id?: string }).$id;
  if (id) {
    let v = byId.get(id);
    if (!v) {
      v = shared.getSchema(id) ?? shared.compile(schema);
      byId.set(id, v);
    }
    return v as ValidateFunction<T>;
  }
  let v = byObj.get(schema);
  if (!v) {
    v = shared.compile(schema);
    byObj.set(schema, v);
  }
  return v as ValidateFunction<T>;
}

/** The first human message in Chinese, or a generic one. */
export function firstMessageZh(errors: ErrorObject[] | null | undefined, fallback = '请求参数错误'): string {
  const list = localizeZh(errors);
  const e = list[0];
  if (!e) return fallback;
  return e.message ?? fallback;
}
