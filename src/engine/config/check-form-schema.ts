/**
 * What Ajv lets through (it runs with `strict: false` so the `x-` hints pass),
 * checked here with the admin's words:
 * - every key at a schema position is a JSON Schema keyword, an extension the
 *   engine understands (`errorMessage`, `idcardMsg`) or one of the form
 *   vocabulary's `x-` keywords — `requried`, `maxLenght`, `x-placehodler` are
 *   refused with a "did you mean";
 * - every name in `required` is a field of that object (also inside
 *   `if`/`then`/`else`, `allOf`…, nested objects and list items): a required
 *   name that is not a field would stop every examinee at a message about a
 *   field they cannot see;
 * - `x-order` and `x-checkOrder` name fields of that object.
 */
import type { CheckContext } from './context';
import type { PathSeg } from './source';
import { suggest } from './suggest';
import { allowed } from './words';
import { choicesOf } from '../form/choices';

/** Draft-07 keywords (plus `$defs`). */
const JSON_SCHEMA_KEYWORDS = [
  '$schema', '$id', '$ref', '$comment', '$defs', 'definitions',
  'title', 'description', 'default', 'examples', 'readOnly', 'writeOnly',
  'type', 'enum', 'const', 'format', 'contentMediaType', 'contentEncoding',
  'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern',
  'items', 'additionalItems', 'maxItems', 'minItems', 'uniqueItems', 'contains',
  'maxProperties', 'minProperties', 'required', 'properties', 'patternProperties', 'additionalProperties',
  'dependencies', 'propertyNames',
  'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not',
];

/** Keywords the engine's Ajv set-up adds (src/engine/schema/ajv.ts). */
const EXTENSION_KEYWORDS = ['errorMessage', 'idcardMsg'];

/**
 * The form vocabulary: the `x-` keywords the form model reads
 * (src/engine/form/schema-model.ts) and `x-version`, a schema file's version label.
 */
export const FORM_X_KEYWORDS = [
  'x-widget', 'x-label', 'x-placeholder', 'x-options', 'x-visibleIf', 'x-hidden',
  'x-order', 'x-checkOrder', 'x-enumLabels', 'x-version', 'x-score', 'x-exclusive',
  'x-requiredIf', 'x-endIf',
];

const KNOWN = [...JSON_SCHEMA_KEYWORDS, ...EXTENSION_KEYWORDS, ...FORM_X_KEYWORDS];

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Sub-schemas by keyword: one schema, a map of schemas, or a list of schemas. */
const ONE = ['items', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];
const BRANCHES = ['if', 'then', 'else'];
const LISTS = ['allOf', 'anyOf', 'oneOf'];

/**
 * Keywords of later JSON Schema drafts (2019-09, 2020-12) and of OpenAPI that
 * an admin copying a form from elsewhere writes: what draft-07 says instead.
 */
const LATER = '是 JSON Schema 2019-09 以后的写法，表单用的是 draft-07';
const OTHER_DIALECTS: Record<string, string> = {
  dependentRequired: `${LATER}：请改成 "dependencies"，里面照原样写（"dependencies": { "医保卡号字段": ["参保城市字段"] }）`,
  dependentSchemas: `${LATER}：请改成 "dependencies"，里面照原样写（"dependencies": { "字段": { "properties": { … } } }）`,
  prefixItems: `${LATER}（按位置的列表），手机上也不能显示：请写成一个对象，每个位置一个字段`,
  unevaluatedProperties: `${LATER}：不允许多余字段请写 "additionalProperties": false`,
  unevaluatedItems: `${LATER}：请删掉，列表每一项的格式写在 "items" 里`,
  minContains: `${LATER}：请删掉，或用 "minItems" 限制选几项`,
  maxContains: `${LATER}：请删掉，或用 "maxItems" 限制选几项`,
  $anchor: `${LATER}：请把定义写进 "definitions"，用 "$ref": "#/definitions/名字" 引用`,
  $dynamicRef: `${LATER}：请用 "$ref": "#/definitions/名字"`,
  $dynamicAnchor: `${LATER}：请把定义写进 "definitions"`,
  $recursiveRef: `${LATER}：请用 "$ref": "#/definitions/名字"`,
  $recursiveAnchor: `${LATER}：请把定义写进 "definitions"`,
  $vocabulary: `${LATER}：请删掉`,
  nullable: '是 OpenAPI 的写法，不是 JSON Schema：可以不填请写 "type": ["string", "null"]（类型换成这个字段的）',
  enumNames: '是 react-jsonschema-form 的旧写法，不是 JSON Schema：选项显示的文字请写在 "x-enumLabels"（一项对一个 enum 值，顺序相同），或改成 "oneOf": [{ "const": 值, "title": "显示的文字" }, …]',
  deprecated: `${LATER}：请删掉（不再用的字段直接从表单里删掉）`,
  formatMinimum: '不在表单能用的写法里：日期的最早一天请写在 "x-options": { "min": "2024-01-01" }（也可以是 =表达式）',
  formatMaximum: '不在表单能用的写法里：日期的最晚一天请写在 "x-options": { "max": "=today()" }（也可以是固定日期）',
  formatExclusiveMinimum: '不在表单能用的写法里：日期范围请写在 "x-options" 的 "min" / "max"',
  formatExclusiveMaximum: '不在表单能用的写法里：日期范围请写在 "x-options" 的 "min" / "max"',
};

export function checkFormSchema(ctx: CheckContext, file: string, schema: unknown): void {
  visit(ctx, file, schema, [], []);
}

/**
 * `fields`: the field names a branch (if/then/else/allOf…) of an object may
 * refer to — its own `properties` plus the enclosing object's.
 */
function visit(ctx: CheckContext, file: string, node: unknown, path: PathSeg[], outer: string[]): void {
  if (!isObj(node)) return;
  const at = fieldLabel(path);
  for (const k of Object.keys(node)) {
    if (KNOWN.includes(k)) continue;
    const instead = OTHER_DIALECTS[k];
    if (instead) {
      ctx.error(file, [...path, k], `${at}：不认识的 JSON Schema 关键字 "${k}"：${instead}`, { key: true });
      continue;
    }
    const hint = suggest(k, KNOWN);
    const why = k.startsWith('x-') ? `不认识的表单关键字 "${k}"` : `不认识的 JSON Schema 关键字 "${k}"`;
    ctx.error(file, [...path, k], `${at}：${why}${hint}，程序会忽略它，写了不起作用`, { key: true });
  }
  const own = isObj(node.properties) ? Object.keys(node.properties) : [];
  const fields = [...new Set([...own, ...outer])];
  const named = (list: unknown, key: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((n, i) => {
      if (typeof n === 'string' && !fields.includes(n)) {
        const listed = fields.length > 8 ? [...fields.slice(0, 8), '…'] : fields;
        ctx.error(file, [...path, key, i], `${at}："${key}" 里的 "${n}" 不是这里的字段${suggest(n, fields)}${allowed(listed, '这里的字段')}`);
      }
    });
  };
  // Without properties anywhere (e.g. a bare `{ "required": [...] }` used with patternProperties) there is nothing to compare.
  if (fields.length || !isObj(node.patternProperties)) {
    named(node.required, 'required');
  }
  checkScore(ctx, file, node, path, at);
  named(node['x-order'], 'x-order');
  named(node['x-checkOrder'], 'x-checkOrder');

  for (const k of ONE) if (isObj(node[k])) visit(ctx, file, node[k], [...path, k], []);
  if (Array.isArray(node.items)) node.items.forEach((s, i) => visit(ctx, file, s, [...path, 'items', i], []));
  for (const k of MAP) {
    const m = node[k];
    if (isObj(m)) for (const [name, s] of Object.entries(m)) visit(ctx, file, s, [...path, k, name], []);
  }
  for (const k of BRANCHES) if (isObj(node[k])) visit(ctx, file, node[k], [...path, k], fields);
  for (const k of LISTS) {
    const l = node[k];
    if (Array.isArray(l)) l.forEach((s, i) => visit(ctx, file, s, [...path, k, i], fields));
  }
}

/** `整张表单`, `字段 "a.b"`, `字段 "list[]"`, `字段 "a"（then）` — the schema path as an admin reads it. */
export function fieldLabel(path: PathSeg[]): string {
  const field: string[] = [];
  const extra: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (seg === 'properties' && i + 1 < path.length) field.push(String(path[++i]));
    else if (seg === 'items') field.push('[]');
    else if (typeof seg === 'string' && (BRANCHES.includes(seg) || LISTS.includes(seg) || ONE.includes(seg) || MAP.includes(seg))) extra.push(seg);
  }
  const name = field.join('.').replace(/\.\[\]/g, '[]');
  const base = name ? `字段 "${name}"` : '整张表单';
  return extra.length ? `${base}（${extra.join(' ')}）` : base;
}

/** `x-score`: points (numbers) for options the field has (its enum, or its items' enum for a multiple choice). */
function checkScore(ctx: CheckContext, file: string, node: Record<string, unknown>, path: PathSeg[], at: string): void {
  const score = node['x-score'];
  if (score === undefined) return;
  if (!isObj(score)) return ctx.error(file, [...path, 'x-score'], `${at}："x-score" 应该写成 "选项: 分数"，例如 { "从不": 0, "偶尔": 1 }`);
  const items = isObj(node.items) ? node.items : {};
  const options = (choicesOf(node) ?? choicesOf(items) ?? []).map((c) => String(c.value));
  for (const [value, points] of Object.entries(score)) {
    if (typeof points !== 'number') ctx.error(file, [...path, 'x-score', value], `${at}："${value}" 的分数应该是数字，现在写的是 ${JSON.stringify(points)}`);
    if (!options.includes(value)) ctx.error(file, [...path, 'x-score', value], `${at}："x-score" 给 "${value}" 计了分，但它不是这个字段的选项${suggest(value, options)}${allowed(options, '选项')}`, { key: true });
  }
}
