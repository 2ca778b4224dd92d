/**
 * A parsed config file that remembers where every value came from. Pure (no
 * Node built-ins): the browser can use it too. YAML via `parseDocument` +
 * `LineCounter`; JSON files are checked with JSON.parse (strict JSON) and then
 * read with the same YAML parser for positions (JSON is YAML 1.2).
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, Scalar, type Document, type Node as YNode } from 'yaml';
import type { ConfigError } from '../types';

export type PathSeg = string | number;
export interface Pos { line: number; column: number }

export interface Source {
  /** Relative to the config root, e.g. `flows/personal.yaml`. */
  file: string;
  /** The plain value, or undefined when the file does not parse. */
  value: unknown;
  /** Syntax errors with the parser's positions. */
  errors: ConfigError[];
  /** Position of the value at `path` (or of its key with `key: true`); the nearest existing ancestor otherwise. */
  locate(path: readonly PathSeg[], opts?: { key?: boolean }): Pos;
  /** Position of character `index` inside the string value at `path`, when the source spells it verbatim. */
  locateInString(path: readonly PathSeg[], index: number): Pos;
}

function firstLine(msg: string): string {
  return msg.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/**
 * The usual YAML mistakes, said as the admin would fix them (by the parser's
 * error code); a rarer one keeps the parser's own words after the Chinese lead.
 */
function yamlReason(e: { code: string; message: string }): string {
  const m = firstLine(e.message);
  switch (e.code) {
    case 'DUPLICATE_KEY':
      return '同一层有两个相同的键（删掉或改名其中一个）';
    case 'TAB_AS_INDENT':
      return '不能用 Tab 键缩进，请用空格';
    case 'MISSING_CHAR':
      return /quote/.test(m) ? '引号没有配对：少了结尾的引号' : '括号没有配对：少了结尾的 ] 或 }';
    case 'BAD_INDENT':
      return /^Flow (sequence|mapping)/.test(m) ? '方括号 [ ] 或花括号 { } 没有配对' : '缩进不对：同一层的内容要对齐（用空格，每深一层多两个空格）';
    case 'MULTILINE_IMPLICIT_KEY':
      return '这一行不是 "键: 值" 的样子：可能少了冒号、冒号后面少了空格，或者缩进不对';
    case 'BLOCK_AS_IMPLICIT_KEY':
      return '一行里出现了两个 "键: 值"：值里有冒号时要用引号括起来，或者检查缩进';
    case 'BLOCK_IN_FLOW':
      return '花括号 { } 或方括号 [ ] 里的各项要用逗号隔开';
    case 'MULTIPLE_DOCS':
      return '一个文件里只能有一份内容（不要写 ---）';
    case 'BAD_DQ_ESCAPE':
      return '双引号里的反斜杠 \\ 用法不对（要写反斜杠本身请写 \\\\，或改用单引号）';
    default:
      return m;
  }
}

/** The usual JSON mistakes in words (Node's JSON.parse messages); a rarer one keeps its own. */
function jsonReason(msg: string): string {
  const m = msg.replace(/ in JSON at position \d+.*$/, '');
  if (/^Expected double-quoted property name/.test(m)) return '最后一项后面多了逗号，或者属性名没有用双引号';
  if (/^Expected ':' after property name/.test(m)) return '属性名后面少了冒号';
  if (/^Expected ',' or '[}\]]' after/.test(m)) return '少了逗号，或者括号没有配对';
  if (/^Expected property name or '}'/.test(m)) return '属性名要用双引号 "…"';
  if (/^Bad control character in string literal/.test(m)) return '引号里的文字不能直接换行（换行请写 \\n）';
  if (/^Unexpected non-whitespace character after JSON/.test(m)) return '多了一个括号，或者文件末尾有多余的内容';
  if (/^Unexpected end of JSON input/.test(m)) return '文件不完整：有括号或引号没有结束';
  return m;
}

function posOfOffset(text: string, offset: number): Pos {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === '\n') [line, last] = [line + 1, i];
  return { line, column: offset - last };
}

export function parseSource(file: string, text: string): Source {
  const isJson = file.endsWith('.json');
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: true });
  const errors: ConfigError[] = [];
  let value: unknown;
  if (isJson) {
    try {
      value = JSON.parse(text);
    } catch (e) {
      const m = /position (\d+)/.exec((e as Error).message);
      const p = m ? posOfOffset(text, Number(m[1])) : { line: 1, column: 1 };
      errors.push({ file, ...p, message: `JSON 格式错误：${jsonReason((e as Error).message)}` });
    }
  } else {
    // Only the first: later YAML errors are mostly echoes of it.
    for (const e of doc.errors.slice(0, 1)) {
      const lp = e.linePos?.[0];
      errors.push({ file, line: lp?.line ?? 1, column: lp?.col ?? 1, message: `YAML 格式错误：${yamlReason(e)}` });
    }
    if (!errors.length) value = doc.toJS();
  }
  const at = (offset: number | undefined): Pos => {
    if (offset === undefined) return { line: 1, column: 1 };
    const p = lc.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const walk = (path: readonly PathSeg[]) => walkPath(doc, path);
  return {
    file,
    value,
    errors,
    locate(path, opts) {
      const { node, keyNode, complete } = walk(path);
      const target = opts?.key && complete && keyNode ? keyNode : node;
      return at(target?.range?.[0]);
    },
    locateInString(path, index) {
      const { node, complete } = walk(path);
      const start = node?.range?.[0];
      if (!complete || !isScalar(node) || typeof node.value !== 'string' || start === undefined) return at(start);
      const raw = text.slice(start, node.range![1]);
      const quoted = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE;
      const inner = quoted ? raw.slice(1, raw.lastIndexOf(raw[0])) : raw;
      // Only when the source spells the string exactly (no escapes, folding or block style).
      if ((node.type === Scalar.PLAIN || quoted) && inner === node.value) return at(start + (quoted ? 1 : 0) + index);
      return at(start);
    },
  };
}

function walkPath(doc: Document, path: readonly PathSeg[]): { node: YNode | null; keyNode: YNode | null; complete: boolean } {
  let node = doc.contents as YNode | null;
  let keyNode: YNode | null = null;
  // A value reached through an alias (`*packageCard`) is located at its anchor, where its text is.
  const deref = (n: YNode | null): YNode | null => (isAlias(n) ? ((n.resolve(doc) as YNode | undefined) ?? n) : n);
  for (const seg of path) {
    node = deref(node);
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) return { node, keyNode, complete: false };
      keyNode = pair.key as YNode;
      // A key with no value (`a:`) has no value node: point at the key.
      node = (pair.value as YNode | null) ?? keyNode;
    } else if (isSeq(node) && typeof seg === 'number' && node.items[seg]) {
      keyNode = null;
      node = node.items[seg] as YNode;
    } else {
      return { node, keyNode, complete: false };
    }
  }
  return { node: deref(node), keyNode, complete: true };
}
