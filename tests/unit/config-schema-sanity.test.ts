/**
 * Issue 24: form schemas that compile and pass every keyword check, yet break
 * on the phone — labels one short of the options (the popup showed `staff`
 * instead of 入职体检), a minimum above its maximum (nobody could submit), a
 * default that fails its own field… Each is refused at its line with a
 * Chinese reason (src/engine/config/check-schema-sanity.ts).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfigFiles, readConfigFiles, readMetaSchema } from '../../src/engine/config/check';
import { registriesFor } from '../../src/server/config-registries';
import type { ConfigError } from '../../src/engine/types';
import { fixtureRegistries } from '../fixtures/registries';

const REPO = join(import.meta.dirname, '../..');
const FIX = join(import.meta.dirname, '../fixtures');
const meta = readMetaSchema();
const FILE = 'schemas/forms/s.json';

/** The errors of the good fixture plus one extra form schema `s.json`, for that file. */
function check(schema: string): ConfigError[] {
  const files = { ...readConfigFiles(join(FIX, 'config-good')), [FILE]: schema };
  return checkConfigFiles(files, fixtureRegistries, meta).errors.filter((e) => e.file === FILE);
}

/** line:column of the `n`th occurrence of `needle` in `text`. */
function at(text: string, needle: string, n = 0): { line: number; column: number } {
  let i = -1;
  for (let k = 0; k <= n; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`not in the text: ${needle}`);
  const before = text.slice(0, i);
  return { line: before.split('\n').length, column: i - before.lastIndexOf('\n') };
}

/** `schema` is refused with `message` at `needle` (its `n`th occurrence). */
function refused(schema: string, needle: string, message: string, n = 0): void {
  expect(check(schema)).toContainEqual({ file: FILE, ...at(schema, needle, n), message });
}

const form = (props: string, extra = '') => `{
  "type": "object",${extra}
  "properties": {
${props}
  }
}
`;

describe('labels of options', () => {
  it("issue 24: the repository's personal popup with 入职体检 left out of x-enumLabels", () => {
    const files = readConfigFiles(REPO);
    const rel = 'schemas/forms/personal-popup.json';
    const text = files[rel].replace('"驾驶证体检",\n        "入职体检"', '"驾驶证体检"');
    expect(text).not.toBe(files[rel]);
    files[rel] = text;
    const { errors } = checkConfigFiles(files, registriesFor(REPO), meta);
    expect(errors).toContainEqual({
      file: rel,
      ...at(text, '"x-enumLabels"', 1),
      message: '字段 "type"："x-enumLabels" 有 3 项，"enum" 有 4 项：选项 "staff" 没有显示文字，手机上会直接显示 "staff"（请补上，顺序和 enum 相同）',
    });
  });

  it('more labels than options', () => {
    const s = form('    "a": { "type": "string", "enum": ["x", "y"], "x-enumLabels": ["甲", "乙", "丙"] }');
    refused(s, '"丙"', '字段 "a"："x-enumLabels" 有 3 项，"enum" 只有 2 项：多出来的 "丙" 没有对应的选项（顺序要和 enum 相同，是不是漏写了一个选项？）');
  });

  it('labels beside no enum (a multiple choice keeps them in items, with its enum)', () => {
    const s = form('    "a": { "type": "array", "items": { "type": "string", "enum": ["x", "y"] }, "x-enumLabels": ["甲", "乙"] }');
    refused(s, '"x-enumLabels"', '字段 "a"：写了 "x-enumLabels"，但旁边没有 "enum"，这些文字不会显示（选项的文字要和 enum 写在同一层；多选题写在 items 里）');
  });

  it('a label that is empty, not text, or the same as another option\'s', () => {
    const s = form('    "a": { "type": "string", "enum": ["x", "y", "z"], "x-enumLabels": ["甲", "", 3] },\n    "b": { "type": "string", "enum": ["x", "y"], "x-enumLabels": ["同", "同"] }');
    refused(s, '""', '字段 "a"："x-enumLabels" 的第 2 项是空的：选项 "y" 在手机上没有文字');
    refused(s, '3]', '字段 "a"："x-enumLabels" 的第 3 项应该是文字（选项 "z" 显示的文字），现在写的是 3');
    refused(s, '"同"', '字段 "b"：选项 "x" 和 "y" 显示的文字都是 "同"，手机上分不清（"x-enumLabels" 里写了两次）', 1);
  });

  it('x-enumLabels that is not a list', () => {
    const s = form('    "a": { "type": "string", "enum": ["x"], "x-enumLabels": "甲" }');
    refused(s, '"x-enumLabels"', '字段 "a"："x-enumLabels" 应该是一列文字，和 "enum" 一一对应');
  });

  it('labelled options (oneOf const + title): one without a title shows its raw value; two with one title', () => {
    const s = form('    "a": { "type": "string", "oneOf": [{ "const": "x", "title": "甲" }, { "const": "staff" }] },\n    "b": { "type": "string", "anyOf": [{ "const": "x", "title": "同" }, { "const": "y", "title": "同" }] }');
    refused(s, '{ "const": "staff" }', '字段 "a"："oneOf" 的第 2 项没有 "title"，手机上会直接显示 "staff"（其他选项都写了 title）');
    refused(s, '"同"', '字段 "b"：选项 "x" 和 "y" 显示的文字都是 "同"，手机上分不清（"title" 写了两次）', 1);
  });
});

describe('options written twice, or none', () => {
  it('an enum value written twice (at the second), instead of Ajv\'s English at line 1', () => {
    const s = form('    "a": { "type": "string", "enum": ["x", "y", "x"] }');
    const errors = check(s);
    expect(errors).toContainEqual({ file: FILE, ...at(s, '"x"', 1), message: '字段 "a"："enum" 里的 "x" 写了两次（第 1 项和第 3 项）' });
    expect(errors.filter((e) => e.line === 1 && e.column === 1)).toEqual([]);
  });

  it('a oneOf const written twice', () => {
    const s = form('    "a": { "type": "string", "oneOf": [{ "const": "x", "title": "甲" }, { "const": "x", "title": "乙" }] }');
    refused(s, '"x"', '字段 "a"："oneOf" 里的 "const": "x" 写了两次（第 1 项和第 2 项），选中时分不清是哪一个', 1);
  });

  it('an empty enum', () => {
    const s = form('    "a": { "type": "string", "enum": [] }');
    refused(s, '"enum"', '字段 "a"："enum" 是空的：没有可以选的值，怎么填都不对');
  });

  it('a name written twice in required, x-order and x-checkOrder', () => {
    const s = form('    "a": { "type": "string" },\n    "b": { "type": "string" }', '\n  "required": ["a", "a"],\n  "x-order": ["b", "a", "b"],\n  "x-checkOrder": ["a", "a"],');
    const errors = check(s);
    expect(errors).toContainEqual({ file: FILE, ...at(s, '"a"', 1), message: '整张表单："required" 里的 "a" 写了两次' });
    expect(errors).toContainEqual({ file: FILE, ...at(s, '"b"', 1), message: '整张表单："x-order" 里的 "b" 写了两次：手机上这个字段会出现两次' });
    expect(errors).toContainEqual({ file: FILE, ...at(s, '"a"', 4), message: '整张表单："x-checkOrder" 里的 "a" 写了两次' });
    expect(errors.filter((e) => e.line === 1 && e.column === 1)).toEqual([]);
  });
});

describe('lower bounds above upper bounds', () => {
  it('issue 24: minimum above maximum — no number passes', () => {
    const s = form('    "age": { "type": "integer", "minimum": 60, "maximum": 18 }');
    refused(s, '"maximum"', '字段 "age"："minimum" 是 60，"maximum" 是 18：没有数能同时满足，怎么填都不对，谁也提交不了');
  });

  it('exclusive bounds that meet, and bounds with no integer (or multiple) between them', () => {
    const s = form('    "a": { "type": "number", "exclusiveMinimum": 5, "maximum": 5 },\n    "b": { "type": "integer", "minimum": 1.2, "maximum": 1.8 },\n    "c": { "type": "number", "multipleOf": 10, "minimum": 11, "exclusiveMaximum": 20 }');
    refused(s, '"maximum"', '字段 "a"："exclusiveMinimum" 是 5，"maximum" 是 5：没有数能同时满足，怎么填都不对，谁也提交不了');
    refused(s, '"maximum"', '字段 "b"："minimum" 是 1.2，"maximum" 是 1.8：这之间没有整数，怎么填都不对，谁也提交不了', 1);
    refused(s, '"exclusiveMaximum"', '字段 "c"："minimum" 是 11，"exclusiveMaximum" 是 20：这之间没有 10 的整数倍（"multipleOf"），怎么填都不对，谁也提交不了');
  });

  it('minLength/maxLength, minItems/maxItems, minProperties/maxProperties', () => {
    const s = form(
      '    "a": { "type": "string", "minLength": 5, "maxLength": 2 },\n' +
        '    "b": { "type": "array", "items": { "type": "string" }, "minItems": 3, "maxItems": 1 },\n' +
        '    "c": { "type": "object", "properties": { "d": { "type": "string" } }, "minProperties": 2, "maxProperties": 1 }',
    );
    refused(s, '"maxLength"', '字段 "a"："minLength" 是 5，"maxLength" 是 2：最少比最多还多，怎么填都不对，谁也提交不了');
    refused(s, '"maxItems"', '字段 "b"："minItems" 是 3，"maxItems" 是 1：最少比最多还多，怎么填都不对，谁也提交不了');
    refused(s, '"maxProperties"', '字段 "c"："minProperties" 是 2，"maxProperties" 是 1：最少比最多还多，怎么填都不对，谁也提交不了');
  });

  it('a multiple choice that asks for more ticks than it has options', () => {
    const s = form('    "a": { "type": "array", "items": { "type": "string", "enum": ["x", "y"] }, "minItems": 3 }');
    refused(s, '"minItems"', '字段 "a"："minItems" 是 3，但只有 2 个选项（每个只能选一次）：怎么选都不够，谁也提交不了');
  });

  it("the widget's own bounds: x-options min above max, a stepper that cannot reach the allowed range, a maxLength under minLength", () => {
    const s = form(
      '    "a": { "type": "number", "x-widget": "number", "x-options": { "min": 10, "max": 5 } },\n' +
        '    "b": { "type": "number", "minimum": 150, "x-widget": "number", "x-options": { "stepper": true, "max": 100 } },\n' +
        '    "c": { "type": "string", "minLength": 6, "x-widget": "text", "x-options": { "maxLength": 4 } },\n' +
        '    "d": { "type": "string", "format": "date", "x-widget": "date", "x-options": { "min": "2025-01-01", "max": "2024-01-01" } }',
    );
    refused(s, '5 }', '字段 "a"：x-options 的 "min"（10）比 "max"（5）还大：手机上没有可选的值，谁也提交不了');
    refused(s, '100 }', '字段 "b"：x-options 的 "max" 是 100，但 "minimum" 是 150：手机上的加减按钮到不了允许的数，谁也提交不了');
    refused(s, '4 }', '字段 "c"：x-options 的 "maxLength" 是 4，但 "minLength" 是 6：手机上最多只能输入 4 个字，不够要求的 6 个，谁也提交不了');
    refused(s, '"2024-01-01"', '字段 "d"：x-options 的 "min"（2025-01-01）比 "max"（2024-01-01）还晚：手机上没有可选的值，谁也提交不了');
  });
});

describe('values that fail their own field', () => {
  it('a default that fails its field', () => {
    const s = form('    "age": { "type": "integer", "minimum": 18, "default": 3 },\n    "n": { "type": "integer", "default": "3" }');
    refused(s, '3 }', '字段 "age"：默认值 3 不符合这个字段自己的要求：应当为 >= 18');
    refused(s, '"3"', '字段 "n"：默认值 "3" 不符合这个字段自己的要求：应当是整数');
  });

  it('a const that fails its field', () => {
    const s = form('    "a": { "type": "string", "enum": ["x", "y"], "const": "z" }');
    refused(s, '"z"', '字段 "a"：固定值 "z" 不符合这个字段自己的要求：应当是预设定的枚举值之一，谁也提交不了');
  });

  it('an option that fails its field (type, pattern) — choosing it could never be submitted', () => {
    const s = form('    "a": { "type": "string", "pattern": "^\\\\d+$", "enum": ["1", "x2"] },\n    "b": { "type": "integer", "oneOf": [{ "const": 1, "title": "一" }, { "const": "2", "title": "二" }] }');
    refused(s, '"x2"', '字段 "a"：选项 "x2" 不符合这个字段自己的要求：应当匹配模式 "^\\d+$"，选了它也提交不了');
    refused(s, '"2"', '字段 "b"：选项 "2" 不符合这个字段自己的要求：应当是整数，选了它也提交不了');
  });
});

describe('a required field that can never show', () => {
  it('its x-visibleIf is a constant false', () => {
    const s = form('    "a": { "type": "string", "x-visibleIf": "false" }', '\n  "required": ["a"],');
    refused(s, '"a"', '整张表单：字段 "a" 是必填的，但它的 "x-visibleIf" 永远不成立（条件总是 false）：手机上从来不显示它，服务器却要求填写，谁也提交不了这张表单');
  });

  it("its x-visibleIf compares a field with a value outside that field's options", () => {
    const s = form('    "kind": { "type": "string", "enum": ["a", "b"] },\n    "note": { "type": "string", "x-visibleIf": "form.kind == \'c\' && form.kind != null" }', '\n  "required": ["note"],');
    refused(s, '"note"', '整张表单：字段 "note" 是必填的，但它的 "x-visibleIf" 永远不成立（"form.kind" 只会是 "a"、"b" 之一，不会等于 "c"）：手机上从来不显示它，服务器却要求填写，谁也提交不了这张表单');
  });

  it('a condition that can hold is fine', () => {
    const s = form('    "kind": { "type": "string", "enum": ["a", "b"] },\n    "note": { "type": "string", "x-visibleIf": "form.kind == \'b\' || false" }', '\n  "required": ["note"],');
    expect(check(s)).toEqual([]);
  });
});

describe('scores', () => {
  it('x-score on labelled options (oneOf const + title) counts them as options; a score for a value that is none is refused', () => {
    const s = form('    "a": { "type": "string", "oneOf": [{ "const": "x", "title": "甲" }, { "const": "y", "title": "乙" }], "x-score": { "x": 1, "z": 2 } }');
    expect(check(s)).toEqual([
      { file: FILE, ...at(s, '"z"'), message: '字段 "a"："x-score" 给 "z" 计了分，但它不是这个字段的选项（是不是要写 "x"？）（选项：x、y）' },
    ]);
  });


  it('an x-score where the questionnaire score never reads it (a then branch, a list entry)', () => {
    const s = form(
      '    "a": { "type": "string", "enum": ["x", "y"] },\n' +
        '    "l": { "type": "array", "items": { "type": "object", "properties": { "q": { "type": "string", "enum": ["x"], "x-score": { "x": 1 } } } } }',
      '\n  "if": { "properties": { "a": { "const": "x" } } },\n  "then": { "properties": { "b": { "type": "string", "enum": ["p"], "x-score": { "p": 2 } } } },',
    );
    const why = '这里的 "x-score" 不会计入总分：只有从表单最外层经 "properties" 一层层写到的字段才计分（不能写在 then/else、allOf、definitions 或列表项里）';
    refused(s, '"x-score"', `字段 "b"（then）：${why}`);
    refused(s, '"x-score"', `字段 "l[].q"：${why}`, 1);
  });
});

describe('patterns and the JSON Schema format itself', () => {
  it('a pattern that is not a regular expression (as Ajv compiles it, with the u flag): at the pattern, not English at line 1', () => {
    const s = form('    "a": { "type": "string", "pattern": "(ab" },\n    "b": { "type": "string", "pattern": "[\\\\w-a]" }');
    const errors = check(s);
    expect(errors).toContainEqual({ file: FILE, ...at(s, '"(ab"'), message: '字段 "a"："pattern" 不是有效的正则表达式：括号 "(" 没有配对的 ")"' });
    expect(errors).toContainEqual({ file: FILE, ...at(s, '"[\\\\w-a]"'), message: '字段 "b"："pattern" 不是有效的正则表达式：方括号 [ ] 里的写法不对（例如 [z-a]，或 \\w、\\d 后面直接跟 -）' });
    expect(errors.filter((e) => e.line === 1 && e.column === 1)).toEqual([]);
  });

  it('a keyword value the JSON Schema format refuses: at its place, in Chinese', () => {
    const s = form('    "a": { "type": "strng" },\n    "b": { "type": "string", "minLength": -1 }');
    const errors = check(s);
    expect(errors).toContainEqual({ file: FILE, ...at(s, '"strng"'), message: '字段 "a"："type" 写的是 "strng"，不是 JSON Schema 的类型（是不是要写 "string"？）（可以写：string、number、integer、boolean、object、array、null）' });
    expect(errors).toContainEqual({ file: FILE, ...at(s, '-1'), message: '字段 "b"："minLength" 应该是 0 或更大的整数，现在写的是 -1' });
    expect(errors.filter((e) => e.line === 1 && e.column === 1)).toEqual([]);
  });
});

describe('the good configs stay clean', () => {
  it("the repository's own forms and the good fixture", () => {
    expect(checkConfigFiles(readConfigFiles(REPO), registriesFor(REPO), meta).errors).toEqual([]);
    expect(checkConfigFiles(readConfigFiles(join(FIX, 'config-good')), fixtureRegistries, meta).errors).toEqual([]);
  });
});
