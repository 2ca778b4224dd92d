/**
 * Issue 24, "refused, but not in words": every YAML problem is refused with
 * file:line:column and a Chinese reason — never a stack trace from
 * check-config, the server's reload or the studio's checker (all three run
 * parseSource, src/engine/config/source.ts). Before, an undefined alias
 * (`*packageCrad`) threw `ReferenceError: Unresolved alias…` out of doc.toJS().
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/engine/config/source';
import { checkConfigFiles, readConfigFiles, readMetaSchema } from '../../src/engine/config/check';
import { fixtureRegistries } from '../fixtures/registries';

const REPO = join(import.meta.dirname, '../..');
const FIX = join(import.meta.dirname, '../fixtures');
const meta = readMetaSchema();

/** The one error of a YAML text, as `line:column reason`; the value is left out (not served). */
function only(text: string, file = 'flows/x.yaml'): string {
  const s = parseSource(file, text);
  expect(s.errors).toHaveLength(1);
  if (!file.endsWith('.json')) expect(s.value).toBeUndefined();
  const e = s.errors[0];
  expect(e.file).toBe(file);
  return `${e.line}:${e.column} ${e.message}`;
}

/** No parser English left in a reason (`at line`, `Unexpected …`, `must …`); names the admin typed stay in ASCII quotes. */
function chineseOnly(reason: string): void {
  expect(reason.replace(/"[^"]*"/g, '').replace(/Tab 键/g, '')).not.toMatch(/[A-Za-z]{3,}/);
}

describe('aliases and anchors', () => {
  it('an undefined alias: at the alias, with the anchor it probably meant', () => {
    const text = 'card: &packageCard\n  title: a\nother:\n  card: *packageCrad\n';
    expect(only(text)).toBe('4:9 YAML 格式错误：别名 "*packageCrad" 找不到对应的锚点 "&packageCrad"（是不是要写 "packageCard"？）：别名只能引用本文件里写在它前面的锚点');
  });

  it('an alias written before its anchor', () => {
    const text = 'a: *later\nb: &later 1\n';
    expect(only(text)).toBe('1:4 YAML 格式错误：别名 "*later" 写在了锚点 "&later"（第 2 行）的前面：要先写锚点，后面的别名才能引用它');
  });

  it('an alias inside its own anchor (the content would never end)', () => {
    const text = 'a: &loop\n  b:\n    c: *loop\n';
    expect(only(text)).toBe('3:8 YAML 格式错误：别名 "*loop" 写在锚点 "&loop"（第 1 行）自己的内容里，展开时会无限循环');
  });

  it('an anchor defined twice', () => {
    const text = 'a: &x 1\nb: &x 2\nc: *x\n';
    expect(only(text)).toBe('2:4 YAML 格式错误：锚点 "&x" 定义了两次（另一处在第 1 行）：后面的别名引用哪一个容易弄错，请给其中一个改名');
  });

  it('a merge key "<<" (not part of the format: it would be read as a key named "<<")', () => {
    const text = 'a: &base\n  title: x\nb:\n  <<: *base\n  title: y\n';
    expect(only(text)).toBe('4:3 YAML 格式错误：不支持 YAML 合并键 "<<"：请用别名（如 *base）引用整段内容，或者把内容完整写出来');
  });

  it('an alias used as a key', () => {
    const text = 'k: &k name\nm:\n  *k : 1\n';
    expect(only(text)).toBe('3:3 YAML 格式错误：键不能写成别名（"*k"），请直接写出键名');
  });

  it('a list or map used as a key', () => {
    expect(only('[a, b]: 1\n')).toBe('1:1 YAML 格式错误：键要是一个简单的名字，不能是列表或一组键和值');
    expect(only('? { a: 1 }\n: 2\n')).toBe('1:3 YAML 格式错误：键要是一个简单的名字，不能是列表或一组键和值');
  });

  it('too many aliases (an alias bomb) is refused, not expanded', () => {
    const rows = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const [p, n] of [['a', 'b'], ['b', 'c'], ['c', 'd'], ['d', 'e']]) rows.push(`${n}: &${n} [${Array(10).fill(`*${p}`).join(', ')}]`);
    const got = only(rows.join('\n') + '\n');
    expect(got).toMatch(/^\d+:\d+ YAML 格式错误：别名展开后的内容太多/);
  });
});

describe('tags, directives and silent mis-indentation', () => {
  it('an unknown tag, and a tag that makes a value something config cannot hold', () => {
    expect(only('a: !secret x\n')).toBe('1:4 YAML 格式错误：不支持标签 "!secret"：请去掉它（要写文字就用引号括起来）');
    expect(only('a: !!binary aGk=\n')).toBe('1:4 YAML 格式错误：不支持标签 "!!binary"：请去掉它（要写文字就用引号括起来）');
    // The plain YAML types are fine.
    expect(parseSource('flows/x.yaml', 'a: !!str 12\n').value).toEqual({ a: '12' });
  });

  it('a %YAML 1.1 directive (it would turn the "on" key into true)', () => {
    expect(only('%YAML 1.1\n---\non: { a: [] }\n')).toBe('1:1 YAML 格式错误：不要写 "%YAML"、"%TAG" 这样的指令：配置文件一律按 YAML 1.2 读取');
  });

  it('a list item indented one space too far (YAML would silently glue it onto the item above)', () => {
    const text = 'a:\n  - one\n   - two\n';
    expect(only(text)).toBe('3:4 YAML 格式错误：缩进不对：这一行的 "- " 没有和上面的列表项对齐，被当成了上一项文字的一部分');
  });
});

describe('every parser error code in Chinese', () => {
  // [code, text, line:column]
  const CASES: Array<[string, string, string]> = [
    ['DUPLICATE_KEY', 'a: 1\na: 2\n', '2:1'],
    ['TAB_AS_INDENT', 'a:\n\tb: 1\n', '2:1'],
    ['MISSING_CHAR', 'a: "foo\nb: 2\n', '3:1'],
    ['BAD_INDENT', 'a:\n  b: 1\n c: 2\n', '3:1'],
    ['MULTILINE_IMPLICIT_KEY', 'a:1\nb: 2\n', '1:1'],
    ['BLOCK_AS_IMPLICIT_KEY', 'a: b: c\n', '1:4'],
    ['MULTIPLE_DOCS', 'a: 1\n---\nb: 2\n', '2:1'],
    ['BAD_DQ_ESCAPE', 'a: "\\q"\n', '1:5'],
    ['ALIAS_PROPS', 'a: &x 1\nb: &y *x\n', '2:7'],
    ['BAD_ALIAS', 'a: *\n', '1:4'],
    ['BAD_SCALAR_START', 'a: @who\n', '1:4'],
    ['MULTIPLE_ANCHORS', 'a: &x &y 1\n', '1:7'],
    ['MULTIPLE_TAGS', 'a: !!str !!str 1\n', '1:10'],
    ['UNEXPECTED_TOKEN', 'a: [1, 2]]\n', '1:10'],
    ['KEY_OVER_1024_CHARS', `${'x'.repeat(1100)}: 1\n`, '1:1'],
    ['TAG_RESOLVE_FAILED', 'a: !!map [1]\n', '1:4'],
    ['BAD_DIRECTIVE', '%FOO bar\n---\na: 1\n', '1:1'],
  ];
  it.each(CASES)('%s: at its place, no parser English', (_code, text, at) => {
    const got = only(text);
    expect(got.startsWith(`${at} YAML 格式错误：`)).toBe(true);
    chineseOnly(got.slice(got.indexOf('：') + 1));
  });
});

describe('JSON files', () => {
  it('a key written twice in one object (JSON.parse would silently keep the last)', () => {
    const text = '{\n  "type": "object",\n  "properties": { "a": { "type": "string" } },\n  "properties": { "b": { "type": "string" } }\n}\n';
    expect(only(text, 'schemas/forms/x.json')).toBe('4:3 JSON 格式错误：同一层有两个相同的键（删掉或改名其中一个）');
    expect(parseSource('schemas/forms/x.json', text).value).toBeUndefined();
  });
});

describe('JSON mistakes JSON.parse names no position for (or words only in English, differently per browser)', () => {
  // [text, line:column and reason]
  const CASES: Array<[string, string]> = [
    ['{\n  "a": x\n}', '2:8 JSON 格式错误：文字要用双引号括起来：写成 "x"'],
    ["{\n  \"a\": 'x'\n}", '2:8 JSON 格式错误：文字要用双引号 "…" 括起来，不能用单引号'],
    ['{\n  // 注释\n  "a": 1\n}', '2:3 JSON 格式错误：JSON 里不能写注释（// 或 /* */），请删掉'],
    ['{ "a": NaN }', '1:8 JSON 格式错误：JSON 里不能写 NaN，请写数字或 null'],
    ['{ "a": tru }', '1:8 JSON 格式错误：文字要用双引号括起来：写成 "tru"'],
    ['{ "a": 01 }', '1:8 JSON 格式错误：数字的写法不对（不能以 0 或小数点开头，不能以小数点结尾，前面不能加 +）'],
    ['{ "a": [1, 2,] }', '1:14 JSON 格式错误：最后一项后面多了逗号'],
    ['{ "a": "x\\q" }', '1:10 JSON 格式错误：双引号里的反斜杠 \\ 用法不对（要写反斜杠本身请写 \\\\）'],
    ['\uFEFF{ "a": 1 }', '1:1 JSON 格式错误：文件开头有 BOM 标记：请把文件另存为不带 BOM 的 UTF-8'],
  ];
  it.each(CASES)('%j', (text, want) => {
    expect(only(text, 'schemas/forms/x.json')).toBe(want);
  });
});

describe('through the whole checker', () => {
  it('the studio/server check (in memory) answers with errors, never throws', () => {
    const files = readConfigFiles(join(FIX, 'config-good'));
    files['flows/booking.yaml'] = files['flows/booking.yaml'].replace('  PersonIndex:\n', '  PersonIndex:\n    props2: *nowhere\n');
    const { errors } = checkConfigFiles(files, fixtureRegistries, meta);
    expect(errors).toEqual([
      { file: 'flows/booking.yaml', line: 21, column: 13, message: 'YAML 格式错误：别名 "*nowhere" 找不到对应的锚点 "&nowhere"：别名只能引用本文件里写在它前面的锚点' },
    ]);
  });

  it('a value of the wrong kind (a number where a text is read) is refused by the format, not a crash of a later check', () => {
    const files = readConfigFiles(join(FIX, 'config-good'));
    files['flows/messages.yaml'] = files['flows/messages.yaml'].replace(/^  systemBusy: .*$/m, '  systemBusy: 5');
    files['schemas/questionnaires/mini.json'] = files['schemas/questionnaires/mini.json'].replace('"isNext": "Q1A"', '"isNext": 5');
    const { errors } = checkConfigFiles(files, fixtureRegistries, meta);
    expect(errors.map((e) => e.file)).toEqual(expect.arrayContaining(['flows/messages.yaml', 'schemas/questionnaires/mini.json']));
  });

  it("issue 24's case: `*packageCrad` in the repository's flows → check-config exits 1 with file:line:column, no stack trace", () => {
    const dir = mkdtempSync(join(tmpdir(), 'yaml-alias-'));
    try {
      cpSync(join(REPO, 'flows'), join(dir, 'flows'), { recursive: true });
      cpSync(join(REPO, 'schemas'), join(dir, 'schemas'), { recursive: true });
      const p = join(dir, 'flows/personal.yaml');
      const text = readFileSync(p, 'utf8');
      const i = text.indexOf('card: *packageCard');
      writeFileSync(p, text.slice(0, i) + 'card: *packageCrad' + text.slice(i + 'card: *packageCard'.length));
      const line = text.slice(0, i).split('\n').length;
      const column = i - text.lastIndexOf('\n', i) + 'card: '.length;
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/check-config-cli.ts', dir], { cwd: REPO, encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).not.toMatch(/ReferenceError|\n\s+at /);
      expect(run.stderr).toContain(`flows/personal.yaml:${line}:${column}  YAML 格式错误：别名 "*packageCrad" 找不到对应的锚点 "&packageCrad"（是不是要写 "packageCard"？）`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
