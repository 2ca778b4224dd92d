/**
 * YAML and JSON syntax mistakes are refused at their line with a reason the
 * centre's admin can act on (src/engine/config/source.ts), not the parser's
 * English.
 */
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/engine/config/source';

const yaml = (text: string) => parseSource('flows/x.yaml', text).errors.map((e) => `${e.line}:${e.column} ${e.message}`);
const json = (text: string) => parseSource('schemas/forms/x.json', text).errors.map((e) => `${e.line}:${e.column} ${e.message}`);

describe('syntax mistakes in words', () => {
  it('YAML: the usual slips', () => {
    expect(yaml('a: 1\na: 2\n')).toEqual(['2:1 YAML 格式错误：同一层有两个相同的键（删掉或改名其中一个）']);
    expect(yaml('a:\n\tb: 1\n')).toEqual(['2:1 YAML 格式错误：不能用 Tab 键缩进，请用空格']);
    expect(yaml('a: "abc\nb: 1\n')).toEqual(['3:1 YAML 格式错误：引号没有配对：少了结尾的引号']);
    expect(yaml('a: [1, 2\nb: 1\n')).toEqual(['2:1 YAML 格式错误：方括号 [ ] 或花括号 { } 没有配对']);
    expect(yaml('a:\n  - x\n  b: 1\n')).toEqual(['3:1 YAML 格式错误：缩进不对：同一层的内容要对齐（用空格，每深一层多两个空格）']);
    expect(yaml('a:\n  b 1\n  c: 2\n')[0]).toMatch(/^2:3 YAML 格式错误：这一行不是 "键: 值" 的样子/);
    expect(yaml('a: { x: 1 y: 2 }\n')[0]).toMatch(/要用逗号隔开/);
  });

  it('JSON: the usual slips', () => {
    expect(json('{"a": 1,}')).toEqual(['1:9 JSON 格式错误：最后一项后面多了逗号，或者属性名没有用双引号']);
    expect(json('{"a" 1}')).toEqual(['1:6 JSON 格式错误：属性名后面少了冒号']);
    expect(json('{"a": 1 "b": 2}')).toEqual(['1:9 JSON 格式错误：少了逗号，或者括号没有配对']);
    expect(json("{'a': 1}")).toEqual(['1:2 JSON 格式错误：属性名要用双引号 "…"']);
    expect(json('{"a": 1}}')).toEqual(['1:9 JSON 格式错误：多了一个括号，或者文件末尾有多余的内容']);
    expect(json('')).toEqual(['1:1 JSON 格式错误：文件不完整：有括号或引号没有结束']);
  });
});
