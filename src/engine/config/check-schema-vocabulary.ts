/**
 * What a form schema may say and still work on the phone. Ajv accepts far more
 * JSON Schema than a form can show: a schema whose field is never drawn, or
 * that demands an answer nobody can give, must be refused here — at its line,
 * in the admin's words, saying what to write instead — never accepted and then
 * broken in an examinee's hands.
 *
 * The form model decides (engine/form/schema-model.ts records a Problem for
 * each thing it cannot show while it builds the very tree the phone renders);
 * this file only words them, and checks `$schema` and the formats Ajv knows.
 * The supported vocabulary: docs/form-format.md「表单能用的 JSON Schema 写法」.
 */
import type { CheckContext } from './context';
import type { PathSeg } from './source';
import { fieldLabel } from './check-form-schema';
import { suggest } from './suggest';
import { allowed } from './words';
import { formModelProblems } from '../form/model-problems';
import type { Problem } from '../form/resolve';
import { formats } from '../schema/formats';
import { RATING_MAX_POINTS } from '../form/widget-fit';

const DRAFT_07 = ['http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-07/schema'];
/** Formats of a file's content: the phone has no upload control. */
const FILE_FORMATS = ['data-url', 'binary', 'byte'];
const FORMATS = Object.keys(formats).filter((f) => !FILE_FORMATS.includes(f));
const PICKED = ['date', 'date-time', 'time'];

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Reports what the phone cannot show. Returns false when Ajv cannot even
 * compile the schema for a reason already reported here in Chinese (a
 * `$schema` it does not know, a `$ref` it cannot resolve), so the caller skips
 * Ajv's English for the same mistake.
 */
export function checkSchemaVocabulary(ctx: CheckContext, file: string, schema: unknown): boolean {
  // A question bank (sections of questions) is data, not a JSON Schema.
  if (!isObj(schema) || Array.isArray(schema.sections)) return true;
  const version = schema.$schema;
  if (version !== undefined && !DRAFT_07.includes(version as string)) {
    ctx.error(file, ['$schema'], `整张表单："$schema" 写的是 ${JSON.stringify(version)}，表单只支持 JSON Schema draft-07：请写 "${DRAFT_07[0]}"，或者不写`);
    return false;
  }
  let compiles = true;
  for (const p of formModelProblems(schema)) {
    const text = wording(p, schema);
    if (text === null) continue;
    ctx.error(file, p.path, `${fieldLabel(owner(p.path))}：${text}`, { key: p.key });
    // Ajv would throw its English for these, or print an unknown-format warning: the Chinese one is enough.
    if (['ref-remote', 'ref-missing', 'format', 'file'].includes(p.code)) compiles = false;
  }
  return compiles;
}

/** The schema a keyword belongs to: its path without the keyword (with its index, or a property with its name). */
function owner(path: PathSeg[]): PathSeg[] {
  const last = path.length - 1;
  return typeof path[last] === 'number' || path[last - 1] === 'properties' ? path.slice(0, -2) : path.slice(0, -1);
}

const CHOICE_HINT = '"oneOf": [{ "const": "east", "title": "东院" }, …]';

function wording(p: Problem, schema: Record<string, unknown>): string | null {
  const d = p.detail ?? '';
  switch (p.code) {
    case 'root-not-object':
      return `最外层要是一个对象（"type": "object"，要填的字段写在 "properties" 里），现在是 "${d}"，手机上什么也显示不了`;
    case 'object-empty':
      return '这个对象没有字段（"properties"），手机上什么也不显示；请在 "properties" 里写出要填的字段';
    case 'ref-remote':
      return `"$ref" 只能指向本文件里的定义（例如 "#/definitions/address"），"${d}" 读不到`;
    case 'ref-missing': {
      const refs = [...definitionRefs(schema, 'definitions'), ...definitionRefs(schema, '$defs')];
      return `"$ref" 指向的 "${d}" 在本文件里不存在${suggest(d, refs)}${refs.length ? allowed(refs) : '（本文件没有 "definitions"）'}`;
    }
    case 'ref-recursive':
      return `"$ref" 又指回了 "${d}" 自己，手机上会一层套一层没有尽头；请写成固定的几层，每层写出自己的字段`;
    case 'type-multi':
      return `一个字段只能是一种类型（可以再加 "null"），现在写的是 ${d}`;
    case 'enum-object':
      return `选项只能是文字、数字或 true/false，对象和数组在手机上没法选；请改成 ${CHOICE_HINT}`;
    case 'enum-null':
      return '选项里的 null 在手机上选不了（不填就是没有答案），请从 "enum" 里删掉 null';
    case 'const-object':
      return '"const" 只能是文字、数字或 true/false';
    case 'alternatives':
      return `"${d}" 的几种写法，手机上分不出选的是哪一种。只是选项的话，每项写成 { "const": 值, "title": "显示的文字" }；是几组不同的字段的话，请在每一组里写同一个字段，用 "const" 标明是哪一组（例如 "kind": { "const": "passport", "title": "护照" }），手机上就让人选它，再显示那一组的字段`;
    case 'alternatives-in-list':
      return `列表每一项里的 "${d}"（几种写法选一种）手机上还不能显示；请把每一项的字段直接写进 "properties"`;
    case 'additional-properties':
      return '"additionalProperties" 写成了字段的格式，意思是可以自己起名添加字段，手机上做不到；请把要填的字段写进 "properties"（不允许别的字段就写 false）';
    case 'closed-part':
      return `"additionalProperties": false 只认写在它旁边的 "properties"，表单里的 ${d} 不在其中，一填就通不过检查；请把这些字段也写进这里的 "properties"，或删掉 false`;
    case 'pattern-properties':
      return '"patternProperties"（按名字规则添加的字段）手机上没法添加；请把要填的字段一个个写进 "properties"';
    case 'additional-items':
      return '"additionalItems" 只和按位置写的 "items"（数组）一起起作用，这里写了不起作用，请删掉';
    case 'tuple':
      return '按位置写的 "items"（数组）手机上还不能显示；请改成一个对象，每个位置一个字段（"properties"），或写成 "items": { … } 的列表';
    case 'array-no-items':
      return '列表要写 "items"，说明每一项填什么（例如 "items": { "type": "string" }）';
    case 'array-of-arrays':
      return '列表的每一项又是列表，手机上还不能显示；请把每一项写成对象（"type": "object"，字段写在 "properties" 里）';
    case 'file':
      return `手机上还不能上传文件（${d}）；请改成文字说明，或删掉这个字段`;
    case 'format':
      if (PICKED.includes(d) || FORMATS.includes(d)) return null;
      if (FILE_FORMATS.includes(d)) return `手机上还不能上传文件（"format": "${d}"）；请改成文字说明，或删掉这个字段`;
      return `不认识的格式 "${d}"，写了不会检查${suggest(d, FORMATS)}${allowed(['date', 'date-time', 'time', 'email', 'uri', 'phone', 'idcard', '…'])}`;
    case 'nested-id':
      return '"$id" 只能写在最外层（写在里面会改变 "$ref" 找定义的地方），请删掉';
    case 'null-required':
      return '类型是 "null" 的字段手机上只显示说明、没有可填的，不能写进 "required"';
    case 'readonly-empty':
      return '只读（"readOnly"）又必填，却没有 "default"：手机上不能改，也就没人能填；请写上 "default"，或去掉 "readOnly" 或 "required"';
    case 'if-unreadable':
      return `"then"/"else" 新加的字段 "${d}" 要按这个 "if" 显示，但它手机上算不出来；"if" 里请只写 "properties": { 字段: { "const": 值 } 或 { "enum": [值, …] } } 和 "required"`;
    case 'branch-in-list':
      return `列表每一项里 "then"/"else"/"dependencies" 新加的字段 "${d}" 手机上还不能按条件显示；请把它写进这一项的 "properties"`;
    case 'end-in-list':
      return '列表每一项里的 "x-endIf"（满足条件时结束问卷）还不能用：每一项后面还有别的项；请把它写在列表外的题目上';
    case 'branch-field-differs':
      return `字段 "${d}" 在两处条件（"then"/"else"/"dependencies"/几组字段）里写法不一样（例如选项不同），手机上只能显示一个 "${d}"，显示的和检查的会对不上；请给它们起不同的字段名，或把 "${d}" 写进 "properties"（两处一样的写法），条件里只写 "required"`;
    case 'dependency-unknown':
      return `"dependencies" 里的 "${d}" 不是这里的字段，手机上没有地方填它`;
    case 'widget-needs-choices':
      return d === 'checkboxes'
        ? '控件 "checkboxes" 是多选：字段要写 "type": "array"，选项写在 "items" 的 "enum" 里'
        : `控件 "${d}" 要有选项（"enum"，或 ${CHOICE_HINT}），这个字段没有，手机上没有可选的`;
    case 'widget-hides-choices':
      return `这个字段有选项（"enum"/"oneOf"），控件 "${d}" 却让人自己打字，打错一个字就通不过检查；请删掉 "x-widget"（默认是单选或滚轮），或写 "radio"、"picker"`;
    case 'then-without-if':
      return `"${d}" 要和 "if" 写在同一层才起作用，这里没有 "if"，写了不起作用；请加上 "if"，或把里面的要求直接写在这一层`;
    case 'widget-needs-text':
      return `控件 "${d}" 填的是文字，这个字段不是文字（"type": "string"），填了也通不过检查；数字请用 "number"，或删掉 "x-widget" 用默认的控件`;
    case 'widget-needs-number':
      return '控件 "number" 只能填数字或文字字段；请删掉 "x-widget" 用默认的控件';
    case 'widget-needs-list':
      return '控件 "list" 用于列表：字段要写 "type": "array" 和 "items"';
    case 'widget-needs-object':
      return '控件 "section" 用于一组字段（"type": "object"）';
    case 'widget-needs-value':
      return '控件 "display" 只显示一个值，不能用在对象或列表上';
    case 'widget-rating-type':
      return '控件 "rating"（评分）点的是一个分数：字段要写 "type": "integer"，并写 "minimum" 和 "maximum"（例如 1 和 5）';
    case 'widget-rating-range':
      return `控件 "rating"（评分）每个整数一个按钮，要写从几分到几分：请写整数的 "minimum" 和 "maximum"，"minimum" 不大于 "maximum"（例如 1 和 5，或 0 和 10）${rangeWords(d)}`;
    case 'widget-rating-wide': {
      const [lo, hi] = d.split('|').map(Number);
      return `控件 "rating"（评分）从 ${lo} 分到 ${hi} 分有 ${hi - lo + 1} 个按钮，太多了，手机上放不下、也难选；最多 ${RATING_MAX_POINTS} 个（例如 0 到 10），请缩小 "minimum" 到 "maximum" 的范围`;
    }
    case 'matrix-in-list':
      return '"matrix"（画成一张表）不能写在列表的每一项上：可重复的分组在手机上逐项显示；请删掉它，或把这些题放进一个普通分组（"type": "object"）';
    case 'matrix-kind':
    case 'matrix-options':
      return matrixWords(p.code, JSON.parse(d) as MatrixDetail);
    default:
      return `手机上还不能显示这种写法（${p.code}）`;
  }
}

/** A rating's range as written (`1|null`): what is missing or wrong, in words. */
function rangeWords(d: string): string {
  const [lo, hi] = d.split('|').map((x) => JSON.parse(x) as unknown);
  if (lo === null && hi === null) return '，现在两个都没写';
  if (lo === null) return '，现在没写 "minimum"';
  if (hi === null) return '，现在没写 "maximum"';
  return `，现在写的是 ${JSON.stringify(lo)} 到 ${JSON.stringify(hi)}`;
}

interface MatrixDetail {
  n: number;
  name: string;
  label: string;
  first?: string;
  options?: string[];
  own?: string[];
}

/** A matrix row that does not fit the grid: which row, and what its header (the first row's options) is. */
function matrixWords(code: string, m: MatrixDetail): string {
  const grid = '设为量表（"x-options": { "matrix": true }）的分组在手机上画成一张表，每一行都要是单选题，选项和第一行一样、顺序也一样';
  const row = `第 ${m.n} 行 "${m.name}"（${m.label}）`;
  const fix = '请改成一样的，或把这一题移出这个分组，或删掉 "matrix"';
  if (code === 'matrix-kind') return `${grid}；${row}不是单选题，放不进这张表：${fix}`;
  return `${grid}；${row}的选项是 ${m.own?.join(' / ')}，第一行 "${m.first}" 的是 ${m.options?.join(' / ')}，对不上表头：${fix}`;
}

function definitionRefs(schema: Record<string, unknown>, key: string): string[] {
  const defs = schema[key];
  return isObj(defs) ? Object.keys(defs).map((k) => `#/${key}/${k}`) : [];
}
