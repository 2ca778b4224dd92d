/**
 * Form schemas that compile and use only known keywords, yet cannot work on
 * the phone (issue 24): each refused at its line, in the admin's words.
 * - labels: `x-enumLabels` one per `enum` value, text, not empty, not two
 *   alike; labelled options (oneOf/anyOf of const + title) all titled — else
 *   the phone shows the raw value (`staff` instead of 入职体检);
 * - names written twice: an enum value, a oneOf const, a `required`, `x-order`
 *   (the field would show twice) or `x-checkOrder` name; an empty enum;
 * - bounds that leave nothing: minimum above maximum (with the exclusive
 *   forms, integers and multipleOf), minLength/maxLength, minItems/maxItems,
 *   minProperties/maxProperties, more ticks asked than options, a widget's
 *   own `x-options` bounds (min above max, a stepper that cannot reach the
 *   allowed range, a maxLength under minLength);
 * - values that fail their own field (check-schema-values.ts): default,
 *   const, options;
 * - a required field whose `x-visibleIf` can never hold (never-true.ts):
 *   hidden on the phone, required by the server — nobody can submit;
 * - `x-score` where the questionnaire score (form/score.ts) never reads it;
 * - `x-exclusive` off a multiple choice, naming no option, or every option;
 * - a `pattern` that is not a regular expression as Ajv compiles it (`u` flag);
 * - what the JSON Schema format itself refuses (`"type": "strng"`,
 *   `"minLength": -1`), at its keyword — not Ajv's English at line 1.
 * Pure: the studio runs it in the browser.
 */
import type { CheckContext } from './context';
import { fieldLabel } from './check-form-schema';
import { checkSchemaFormat, compileFailureExplained, FieldValidators } from './check-schema-values';
import { checkBounds, checkWidgetBounds } from './check-schema-bounds';
import { neverTrue } from './never-true';
import type { PathSeg } from './source';
import { flatten } from '../form/resolve';
import { constMembers, isScalar, optionValues } from '../form/choices';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const shown = (v: unknown) => JSON.stringify(v);

/** Where a sub-schema sits: a field's schema, or a condition (`if`, `not`, `contains`, `propertyNames`) that only tests values. */
type Place = 'field' | 'cond';

export function checkSchemaSanity(ctx: CheckContext, file: string, schema: unknown): void {
  // A question bank (sections of questions) is data, not a JSON Schema.
  if (!isObj(schema) || Array.isArray(schema.sections)) return;
  try {
    checkSchemaFormat(ctx, file, schema, fieldLabel);
  } catch (e) {
    ctx.error(file, [], `整张表单：检查格式时程序出错了（${(e as Error).message}），请把这一行告诉开发人员`);
  }
  const own = new FieldValidators(schema);
  walk(schema, [], 'field', (node, path, place) => {
    // One check going wrong must not take the others (or check-config) down with a stack trace.
    const run = (f: () => void) => {
      try {
        f();
      } catch (e) {
        ctx.error(file, path, `${fieldLabel(path)}：检查这里时程序出错了（${(e as Error).message}），请把这一行告诉开发人员`);
      }
    };
    run(() => checkPattern(ctx, file, node, path));
    if (place === 'cond') return;
    run(() => checkLabels(ctx, file, node, path));
    run(() => checkOptions(ctx, file, node, path));
    run(() => checkNames(ctx, file, node, path));
    run(() => checkBounds(ctx, file, node, path));
    run(() => checkWidgetBounds(ctx, file, node, path));
    run(() => checkOwnValues(ctx, file, node, path, own));
    run(() => checkScorePlace(ctx, file, node, path));
    run(() => checkRequiredShown(ctx, file, node, path, schema));
    run(() => checkExclusive(ctx, file, node, path));
  });
}

/**
 * `x-exclusive` (以上都没有, ticked alone): on a multiple choice, naming some
 * of its options and not all of them (then nothing else could be ticked).
 */
function checkExclusive(ctx: CheckContext, file: string, node: Json, path: PathSeg[]): void {
  if (!('x-exclusive' in node)) return;
  const at = fieldLabel(path);
  const key = [...path, 'x-exclusive'];
  const list = node['x-exclusive'];
  const items = isObj(node.items) ? node.items : null;
  const options = items ? optionValues(items) : null;
  if (!options) return ctx.error(file, key, `${at}："x-exclusive" 只能写在多选题上（"type": "array"，"items" 里列出选项）`, { key: true });
  if (!Array.isArray(list) || !list.length) return ctx.error(file, key, `${at}："x-exclusive" 应该是一列选项，例如 ["以上都没有"]`, { key: true });
  list.forEach((v, i) => {
    if (!options.includes(v)) ctx.error(file, [...key, i], `${at}："x-exclusive" 里的 ${shown(v)} 不是这道题的选项（选项有：${options.map(shown).join('、')}）`);
  });
  if (options.every((o) => list.includes(o))) ctx.error(file, key, `${at}："x-exclusive" 列出了全部选项：每项都只能单独选，请改成单选题（去掉 "type": "array"）`, { key: true });
}

/**
 * Whether Ajv's failure to compile the schema is one checkSchemaSanity reports
 * at its place in Chinese (a violation of the JSON Schema format, a pattern
 * that is not a regular expression): then the caller leaves out Ajv's English at line 1.
 */
export function explainSchemaCompile(schema: unknown): boolean {
  let bad = false;
  walk(schema, [], 'field', (node) => {
    if (typeof node.pattern === 'string' && regexProblem(node.pattern)) bad = true;
  });
  return compileFailureExplained(schema, bad);
}

function walk(node: unknown, path: PathSeg[], place: Place, fn: (node: Json, path: PathSeg[], place: Place) => void): void {
  if (!isObj(node)) return;
  fn(node, path, place);
  const sub = (k: string, p: Place) => walk(node[k], [...path, k], p, fn);
  for (const k of ['items', 'additionalItems', 'additionalProperties', 'then', 'else']) sub(k, place);
  for (const k of ['if', 'not', 'contains', 'propertyNames']) sub(k, 'cond');
  if (Array.isArray(node.items)) node.items.forEach((s, i) => walk(s, [...path, 'items', i], place, fn));
  for (const k of ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']) {
    const m = node[k];
    if (isObj(m)) for (const [name, s] of Object.entries(m)) walk(s, [...path, k, name], place, fn);
  }
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    const l = node[k];
    if (Array.isArray(l)) l.forEach((s, i) => walk(s, [...path, k, i], place, fn));
  }
}

/** `x-enumLabels`: one text per enum value, none empty, no two alike. */
function checkLabels(ctx: CheckContext, file: string, node: Json, path: PathSeg[]): void {
  if (!('x-enumLabels' in node)) return;
  const at = fieldLabel(path);
  const labels = node['x-enumLabels'];
  const key = [...path, 'x-enumLabels'];
  if (!Array.isArray(labels)) return ctx.error(file, key, `${at}："x-enumLabels" 应该是一列文字，和 "enum" 一一对应`, { key: true });
  if (!Array.isArray(node.enum)) {
    // Beside a $ref or allOf the enum may come from elsewhere: the form model merges them.
    if (node.$ref === undefined && node.allOf === undefined) {
      ctx.error(file, key, `${at}：写了 "x-enumLabels"，但旁边没有 "enum"，这些文字不会显示（选项的文字要和 enum 写在同一层；多选题写在 items 里）`, { key: true });
    }
    return;
  }
  const values = node.enum;
  if (labels.length < values.length) {
    const missing = values.slice(labels.length).map(shown).join('、');
    ctx.error(file, key, `${at}："x-enumLabels" 有 ${labels.length} 项，"enum" 有 ${values.length} 项：选项 ${missing} 没有显示文字，手机上会直接显示 ${missing}（请补上，顺序和 enum 相同）`, { key: true });
  } else if (labels.length > values.length) {
    ctx.error(file, [...key, values.length], `${at}："x-enumLabels" 有 ${labels.length} 项，"enum" 只有 ${values.length} 项：多出来的 ${shown(labels[values.length])} 没有对应的选项（顺序要和 enum 相同，是不是漏写了一个选项？）`);
  }
  const pairs = labels.slice(0, values.length).map((label, i) => ({ label, value: values[i], path: [...key, i] }));
  pairs.forEach(({ label, value, path: p }, i) => {
    if (typeof label !== 'string') ctx.error(file, p, `${at}："x-enumLabels" 的第 ${i + 1} 项应该是文字（选项 ${shown(value)} 显示的文字），现在写的是 ${shown(label)}`);
    else if (!label.trim()) ctx.error(file, p, `${at}："x-enumLabels" 的第 ${i + 1} 项是空的：选项 ${shown(value)} 在手机上没有文字`);
  });
  sameLabels(ctx, file, at, pairs.filter((x) => typeof x.label === 'string' && x.label.trim()) as LabelPair[], '"x-enumLabels" 里写了两次');
}

interface LabelPair { label: string; value: unknown; path: PathSeg[] }

function sameLabels(ctx: CheckContext, file: string, at: string, pairs: LabelPair[], how: string): void {
  const seen = new Map<string, unknown>();
  for (const { label, value, path } of pairs) {
    if (seen.has(label)) ctx.error(file, path, `${at}：选项 ${shown(seen.get(label))} 和 ${shown(value)} 显示的文字都是 "${label}"，手机上分不清（${how}）`);
    else seen.set(label, value);
  }
}

/** enum and labelled options (oneOf/anyOf of const + title): not empty, no value twice, every option titled. */
function checkOptions(ctx: CheckContext, file: string, node: Json, path: PathSeg[]): void {
  const at = fieldLabel(path);
  if (Array.isArray(node.enum)) {
    if (!node.enum.length) ctx.error(file, [...path, 'enum'], `${at}："enum" 是空的：没有可以选的值，怎么填都不对`, { key: true });
    const values = node.enum;
    twice(values, (i, j) => ctx.error(file, [...path, 'enum', j], `${at}："enum" 里的 ${shown(values[j])} 写了两次（第 ${i + 1} 项和第 ${j + 1} 项）`));
  }
  for (const k of ['oneOf', 'anyOf']) {
    const list = node[k];
    if (!constMembers(list)) continue;
    twice(list.map((o) => o.const), (i, j) => {
      ctx.error(file, [...path, k, j, 'const'], `${at}："${k}" 里的 "const": ${shown(list[j].const)} 写了两次（第 ${i + 1} 项和第 ${j + 1} 项），选中时分不清是哪一个`);
    });
    const titled = list.filter((o) => typeof o.title === 'string' && o.title.trim());
    if (titled.length) {
      list.forEach((o, i) => {
        if (!(typeof o.title === 'string' && o.title.trim()) && isScalar(o.const)) {
          ctx.error(file, [...path, k, i], `${at}："${k}" 的第 ${i + 1} 项没有 "title"，手机上会直接显示 ${shown(o.const)}（其他选项都写了 title）`);
        }
      });
    }
    const pairs = list.map((o, i) => ({ label: o.title, value: o.const, path: [...path, k, i, 'title'] }));
    sameLabels(ctx, file, at, pairs.filter((x) => typeof x.label === 'string' && x.label.trim()) as LabelPair[], '"title" 写了两次');
  }
}

/** Calls `report(first, again)` for each value equal to an earlier one. */
function twice(values: unknown[], report: (first: number, again: number) => void): void {
  const seen = new Map<string, number>();
  values.forEach((v, i) => {
    const k = JSON.stringify(v);
    const first = seen.get(k);
    if (first !== undefined) report(first, i);
    else seen.set(k, i);
  });
}

/** `required`, `x-order`, `x-checkOrder`: each name once. */
function checkNames(ctx: CheckContext, file: string, node: Json, path: PathSeg[]): void {
  const at = fieldLabel(path);
  const why: Record<string, string> = { required: '', 'x-order': '：手机上这个字段会出现两次', 'x-checkOrder': '' };
  for (const [k, tail] of Object.entries(why)) {
    const list = node[k];
    if (!Array.isArray(list)) continue;
    twice(list, (_i, j) => {
      const star = k === 'x-order' && list[j] === '*';
      ctx.error(file, [...path, k, j], `${at}："${k}" 里的 ${shown(list[j])} 写了两次${star ? '：只能有一个 "*"（其余字段放在这里）' : tail}`);
    });
  }
}

/** A value written in the schema the field itself refuses: the default, the const, each option. */
function checkOwnValues(ctx: CheckContext, file: string, node: Json, path: PathSeg[], own: FieldValidators): void {
  const at = fieldLabel(path);
  // An object's or list's default is a starting point the examinee fills in; a single value is what the phone shows.
  if (isScalar(node.default)) {
    const why = own.failure(node, path, node.default);
    if (why) ctx.error(file, [...path, 'default'], `${at}：默认值 ${shown(node.default)} 不符合这个字段自己的要求：${why}`);
  }
  if (node.const !== undefined) {
    const why = own.failure(node, path, node.const);
    if (why) ctx.error(file, [...path, 'const'], `${at}：固定值 ${shown(node.const)} 不符合这个字段自己的要求：${why}，谁也提交不了`);
  }
  const options: Array<{ value: unknown; at: PathSeg[] }> = [];
  if (Array.isArray(node.enum)) node.enum.forEach((v, i) => options.push({ value: v, at: [...path, 'enum', i] }));
  for (const k of ['oneOf', 'anyOf']) {
    const list = node[k];
    if (constMembers(list)) list.forEach((o, i) => options.push({ value: o.const, at: [...path, k, i, 'const'] }));
  }
  const seen = new Set<string>();
  for (const o of options) {
    const k = JSON.stringify(o.value);
    if (seen.has(k)) continue; // written twice: reported as such
    seen.add(k);
    const why = own.failure(node, path, o.value);
    if (why) ctx.error(file, o.at, `${at}：选项 ${shown(o.value)} 不符合这个字段自己的要求：${why}，选了它也提交不了`);
  }
}

/** Whether the path is a field the questionnaire score reads: properties all the way down from the root (form/score.ts scoredFields). */
const scored = (path: PathSeg[]) => path.length >= 2 && path.every((s, i) => i % 2 === 1 || s === 'properties');

function checkScorePlace(ctx: CheckContext, file: string, node: Json, path: PathSeg[]): void {
  if (node['x-score'] === undefined || scored(path)) return;
  ctx.error(
    file,
    [...path, 'x-score'],
    `${fieldLabel(path)}：这里的 "x-score" 不会计入总分：只有从表单最外层经 "properties" 一层层写到的字段才计分（不能写在 then/else、allOf、definitions 或列表项里）`,
    { key: true },
  );
}

/**
 * A required field whose own `x-visibleIf` never holds: the phone never shows
 * it (and drops its value), the server requires it — the form can never be sent.
 */
function checkRequiredShown(ctx: CheckContext, file: string, node: Json, path: PathSeg[], root: Json): void {
  if (!Array.isArray(node.required) || !isObj(node.properties)) return;
  const props = node.properties;
  node.required.forEach((name, i) => {
    if (typeof name !== 'string' || !isObj(props[name])) return;
    const field = flatten([{ s: props[name] as Json, path: [...path, 'properties', name] }], root, ['#'], []).s;
    const cond = field['x-visibleIf'];
    const why = typeof cond === 'string' ? neverTrue(cond, root) : null;
    if (!why) return;
    ctx.error(file, [...path, 'required', i], `${fieldLabel(path)}：字段 "${name}" 是必填的，但它的 "x-visibleIf" 永远不成立（${why}）：手机上从来不显示它，服务器却要求填写，谁也提交不了这张表单`);
  });
}

/** `pattern` compiled as Ajv compiles it (`new RegExp(p, 'u')`): the reason in words, or null. */
export function regexProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
    return null;
  } catch (e) {
    const m = (e as Error).message;
    if (/Unterminated group/.test(m)) return '括号 "(" 没有配对的 ")"';
    if (/Unmatched '\)'/.test(m)) return '多了一个 ")"';
    if (/Unterminated character class/.test(m)) return '方括号 "[" 没有配对的 "]"';
    if (/character class|Range out of order/i.test(m)) return '方括号 [ ] 里的写法不对（例如 [z-a]，或 \\w、\\d 后面直接跟 -）';
    if (/Nothing to repeat|Lone quantifier/.test(m)) return '"*"、"+"、"?" 或 "{n}" 前面没有可以重复的内容（要表示这个符号本身请在前面加 \\）';
    if (/numbers out of order/.test(m)) return '"{m,n}" 里 m 不能大于 n';
    if (/\\ at end of pattern/.test(m)) return '末尾多了一个反斜杠 \\';
    if (/Invalid (escape|Unicode escape|unicode escape)|Invalid property name/.test(m)) return '反斜杠 \\ 的用法不对（在 JSON 里一个 \\ 要写成 \\\\；不需要转义的字母前面不要加 \\）';
    if (/group name|named reference|Invalid group/.test(m)) return '"(?" 后面的写法不对';
    return '写法不对';
  }
}

function checkPattern(ctx: CheckContext, file: string, node: Json, path: PathSeg[]): void {
  if (typeof node.pattern !== 'string') return;
  const why = regexProblem(node.pattern);
  if (why) ctx.error(file, [...path, 'pattern'], `${fieldLabel(path)}："pattern" 不是有效的正则表达式：${why}`);
}
