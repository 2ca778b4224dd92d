/**
 * The config checker on ordinary JSON Schema (tests/fixtures/schema-vocabulary):
 * each one either checks clean — and then the phone shows it (form-vocabulary.test.ts)
 * — or is refused at its line in Chinese saying what to write instead. Nothing
 * is accepted and then broken.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, fixture, fixtureNames } from './schema-vocabulary';


/** Refused, with the line:column and what the message must say. */
const REFUSED: Record<string, Array<[string, RegExp]>> = {
  'additional-properties': [['10:3', /^整张表单："additionalProperties" 写成了字段的格式.*请把要填的字段写进 "properties"/]],
  'anyof-property': [['7:7', /^字段 "contact"："anyOf" 的几种写法，手机上分不出选的是哪一种.*用 "const" 标明是哪一组/]],
  'array-fixed': [['8:7', /^字段 "bloodPressure"：按位置写的 "items"（数组）手机上还不能显示/]],
  'data-url': [['7:17', /^字段 "photo"：手机上还不能上传文件（"format": "data-url"）/]],
  'dependent-required': [['14:3', /^整张表单：不认识的 JSON Schema 关键字 "dependentRequired"：是 JSON Schema 2019-09 以后的写法，表单用的是 draft-07：请改成 "dependencies"，里面照原样写/]],
  'enum-null': [['11:7', /^字段 "grade"：选项里的 null 在手机上选不了/]],
  'enum-objects': [['7:7', /^字段 "location"：选项只能是文字、数字或 true\/false.*"oneOf": \[\{ "const"/]],
  'oneof-alternatives': [['5:3', /^整张表单："oneOf" 的几种写法/]],
  'pattern-properties': [['4:3', /^整张表单："patternProperties"/]],
  'refs-recursive': [['15:21', /^字段 "children\[\]"（definitions）："\$ref" 又指回了 "#\/definitions\/node" 自己/]],
  'root-string': [['3:11', /^整张表单：最外层要是一个对象（"type": "object"/]],
  'schema-2020': [['2:14', /^整张表单："\$schema" 写的是 "https:\/\/json-schema.org\/draft\/2020-12\/schema"，表单只支持 JSON Schema draft-07：请写 "http:\/\/json-schema.org\/draft-07\/schema#"/]],
  'several-types': [['6:15', /^字段 "height"：一个字段只能是一种类型（可以再加 "null"）/]],
  'nested-id': [['6:7', /^字段 "name"："\$id" 只能写在最外层/]],
  'readonly-required': [['11:7', /^字段 "regno"：只读（"readOnly"）又必填，却没有 "default"/]],
  'array-of-arrays': [['8:7', /^字段 "grid"：列表的每一项又是列表，手机上还不能显示/]],
  'then-in-list': [['36:13', /^字段 "drugs\[\]"（then）：列表每一项里 "then"\/"else"\/"dependencies" 新加的字段 "times"/]],
  'dependencies-unknown': [['11:13', /^整张表单（dependencies）："dependencies" 里的 "cardCty" 不是这里的字段/]],
  'const-object': [['7:7', /^字段 "source"："const" 只能是文字、数字或 true\/false/]],
  'exclusive-misplaced': [['17:9', /^字段 "history"："x-exclusive" 里的 "以上都没有" 不是这道题的选项（选项有："高血压"、"糖尿病"、"无"）/]],
  'branch-field-differs': [['52:11', /^整张表单（allOf then）：字段 "dept" 在两处条件.*里写法不一样（例如选项不同），手机上只能显示一个 "dept"/]],
  'widget-mismatch': [
    ['8:19', /^字段 "name"：控件 "radio" 要有选项/],
    ['13:19', /^字段 "count"：控件 "text" 填的是文字.*数字请用 "number"/],
  ],
};

const files = fixtureNames();

describe('ordinary JSON Schema: shown or refused, never accepted and broken', () => {
  it.each(files.filter((f) => !REFUSED[f]))('%s checks clean', (name) => {
    expect(check(fixture(name))).toEqual([]);
  });

  it.each(Object.keys(REFUSED))('%s is refused at its line in Chinese', (name) => {
    const lines = check(fixture(name));
    expect(lines, lines.join('\n')).toHaveLength(REFUSED[name].length);
    REFUSED[name].forEach(([at, text], i) => {
      const [pos, message] = lines[i].split('  ');
      expect(pos).toBe(at);
      expect(message).toMatch(text);
      expect(message, 'no English from Ajv').not.toMatch(/no schema|can't resolve|strict mode/);
    });
  });
});

describe('what else is refused, and where', () => {
  const schema = (props: object, extra: object = {}) => JSON.stringify({ type: 'object', properties: props, ...extra }, null, 1);

  it('a $ref to nothing, or outside the file: Chinese, with the definitions there are, and no Ajv English', () => {
    const s = schema({ a: { $ref: '#/definitions/adress' }, b: { $ref: 'https://example.com/x.json' } }, { definitions: { address: { type: 'string' } } });
    const lines = check(s);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/字段 "a"："\$ref" 指向的 "#\/definitions\/adress" 在本文件里不存在（是不是要写 "#\/definitions\/address"？）/);
    expect(lines[1]).toMatch(/字段 "b"："\$ref" 只能指向本文件里的定义/);
  });

  it('a then/else field under an `if` the phone cannot read, a branch field inside a list entry', () => {
    const unreadable = schema({ a: { type: 'string' } }, { if: { properties: { a: { minLength: 3 } } }, then: { properties: { b: { type: 'string' } } } });
    expect(check(unreadable)).toEqual([expect.stringMatching(/整张表单："then"\/"else" 新加的字段 "b" 要按这个 "if" 显示，但它手机上算不出来/)]);
    const inList = schema({
      list: { type: 'array', items: { type: 'object', properties: { a: { type: 'string', enum: ['x', 'y'] } }, if: { properties: { a: { const: 'x' } } }, then: { properties: { b: { type: 'string' } } } } },
    });
    expect(check(inList)).toEqual([expect.stringMatching(/字段 "list\[\]"（then）：列表每一项里 "then"\/"else"\/"dependencies" 新加的字段 "b"/)]);
  });

  it('a required field nobody can fill: type null, readOnly without default; a list without items; lists of lists', () => {
    const lines = check(schema({ n: { type: 'null' }, r: { type: 'string', readOnly: true }, l: { type: 'array' }, ll: { type: 'array', items: { type: 'array', items: { type: 'string' } } } }, { required: ['n', 'r'] }));
    expect(lines.map((l) => l.split('  ')[1])).toEqual([
      '字段 "n"：类型是 "null" 的字段手机上只显示说明、没有可填的，不能写进 "required"',
      expect.stringMatching(/^字段 "r"：只读（"readOnly"）又必填，却没有 "default"/),
      expect.stringMatching(/^字段 "l"：列表要写 "items"/),
      expect.stringMatching(/^字段 "ll"：列表的每一项又是列表/),
    ]);
  });

  it('several types, an unknown format, a nested $id, dependencies naming no field', () => {
    const lines = check(schema({ a: { type: ['string', 'number'] }, b: { type: 'string', format: 'emial' }, c: { $id: 'x', type: 'string' } }, { dependencies: { a: ['zz'] } }));
    expect(lines.map((l) => l.split('  ')[1])).toEqual([
      '字段 "a"：一个字段只能是一种类型（可以再加 "null"），现在写的是 ["string","number"]',
      expect.stringMatching(/^字段 "b"：不认识的格式 "emial"，写了不会检查（是不是要写 "email"？）/),
      expect.stringMatching(/^字段 "c"："\$id" 只能写在最外层/),
      '整张表单（dependencies）："dependencies" 里的 "zz" 不是这里的字段，手机上没有地方填它',
    ]);
  });

  it('options behind a text box, a then without its if', () => {
    const lines = check(schema({ a: { type: 'string', enum: ['x', 'y'], 'x-widget': 'text' } }, { then: { required: ['a'] } }));
    expect(lines.map((l) => l.split('  ')[1])).toEqual([
      expect.stringMatching(/^字段 "a"：这个字段有选项（"enum"\/"oneOf"），控件 "text" 却让人自己打字/),
      expect.stringMatching(/^整张表单："then" 要和 "if" 写在同一层才起作用/),
    ]);
  });

  it('additionalProperties: false in a part that does not list every field would fail every answer', () => {
    const allOf = schema({ a: { type: 'string' } }, { allOf: [{ properties: { b: { type: 'string' } } }], additionalProperties: false });
    expect(check(allOf)).toEqual([expect.stringMatching(/整张表单："additionalProperties": false 只认写在它旁边的 "properties"，表单里的 b 不在其中/)]);
    expect(check(schema({ a: { type: 'string' } }, { additionalProperties: false }))).toEqual([]);
  });

  it('keywords of later drafts and of OpenAPI: what draft-07 writes instead', () => {
    const lines = check(schema({ d: { type: 'string', format: 'date', formatMinimum: '2024-01-01' }, n: { type: 'string', nullable: true } }, { dependentSchemas: { d: { required: ['n'] } } }));
    expect(lines.map((l) => l.split('  ')[1])).toEqual([
      expect.stringMatching(/"formatMinimum"：不在表单能用的写法里：日期的最早一天请写在 "x-options": \{ "min": "2024-01-01" \}/),
      expect.stringMatching(/"nullable"：是 OpenAPI 的写法，不是 JSON Schema：可以不填请写 "type": \["string", "null"\]/),
      expect.stringMatching(/"dependentSchemas"：是 JSON Schema 2019-09 以后的写法.*请改成 "dependencies"/),
    ]);
    expect(check(schema({ g: { type: 'string', enum: ['m', 'f'], enumNames: ['男', '女'] } })).map((l) => l.split('  ')[1])).toEqual([
      expect.stringMatching(/"enumNames"：是 react-jsonschema-form 的旧写法.*请写在 "x-enumLabels"/),
    ]);
  });

  it('minProperties above the fields an object has: nobody could answer enough of them', () => {
    expect(check(schema({ a: { type: 'string' }, b: { type: 'string' } }, { minProperties: 3 })).map((l) => l.split('  ')[1])).toEqual([
      expect.stringMatching(/^整张表单："minProperties" 是 3，要求至少填 3 项，这里却只有 2 个字段/),
    ]);
    expect(check(schema({ a: { type: 'string' }, b: { type: 'string' } }, { minProperties: 2 }))).toEqual([]);
  });

  it('the repository’s own forms and the supported vocabulary check clean', () => {
    for (const f of readdirSync(join(import.meta.dirname, '../../schemas/forms'))) {
      expect(check(readFileSync(join(import.meta.dirname, '../../schemas/forms', f), 'utf8')), f).toEqual([]);
    }
  });
});
