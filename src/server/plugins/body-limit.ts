/**
 * Each call's body limit follows from its request schema (schemas/api/<call>.json):
 * the most bytes a valid body can take as JSON (a character of a string is at most
 * 3 UTF-8 bytes; an unbounded string or list is given a generous allowance), then
 * what the same body takes wrapped as `{"encryStr": …}` (Base64 of AES: 4/3 of it
 * plus a block). Clamped to [BODY_LIMIT_MIN, BODY_LIMIT_MAX]: nothing is ever
 * buffered, parsed or decrypted beyond what a real body of that call needs.
 */

export const BODY_LIMIT_MIN = 8 * 1024;
export const BODY_LIMIT_MAX = 1024 * 1024;
/** A call without a request schema. */
export const BODY_LIMIT_DEFAULT = 64 * 1024;
/** Allowances where the schema sets no bound. */
const UNBOUNDED_STRING = 4 * 1024;
const UNBOUNDED_ITEMS = 100;
const EXTRA_PROPERTIES = 4 * 1024;

type Schema = Record<string, any>;

function maxJsonBytes(s: Schema | boolean | undefined, depth = 0): number {
  if (!s || s === true || depth > 8) return UNBOUNDED_STRING;
  const alts = [...(s.anyOf ?? []), ...(s.oneOf ?? [])] as Schema[];
  if (alts.length) return Math.max(...alts.map((a) => maxJsonBytes({ ...s, anyOf: undefined, oneOf: undefined, ...a }, depth + 1)));
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  let most = 0;
  for (const t of types.length ? types : ['object', 'string']) {
    if (t === 'string') most = Math.max(most, (typeof s.maxLength === 'number' ? s.maxLength * 3 : UNBOUNDED_STRING) + 2);
    else if (t === 'array') most = Math.max(most, (typeof s.maxItems === 'number' ? s.maxItems : UNBOUNDED_ITEMS) * (maxJsonBytes(s.items, depth + 1) + 1) + 2);
    else if (t === 'object') {
      const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
      let n = 2 + props.reduce((a, [k, p]) => a + k.length + 4 + maxJsonBytes(p, depth + 1), 0);
      if (s.additionalProperties !== false) n += EXTRA_PROPERTIES;
      most = Math.max(most, n);
    } else most = Math.max(most, 32); // number, integer, boolean, null
  }
  return most;
}

/** The body limit (bytes) of a call whose request schema is `schema`. */
export function bodyLimitFor(schema: object | undefined): number {
  if (!schema) return BODY_LIMIT_DEFAULT;
  const plain = maxJsonBytes(schema as Schema);
  const encrypted = Math.ceil(((Math.floor(plain / 16) + 1) * 16 * 4) / 3) + 32;
  return Math.min(BODY_LIMIT_MAX, Math.max(BODY_LIMIT_MIN, plain, encrypted));
}
