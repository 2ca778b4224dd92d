/**
 * A parsed config file that remembers where every value came from. Pure (no
 * Node built-ins): the browser can use it too. YAML via `parseDocument` +
 * `LineCounter`; JSON files are checked with JSON.parse (strict JSON) and then
 * read with the same YAML parser for positions (JSON is YAML 1.2).
 * Nothing here throws: every problem — a parser error, what parses but cannot
 * be loaded (yaml-problems.ts: an undefined alias once threw out of
 * doc.toJS() as a stack trace), a JSON mistake (json-problems.ts) — is an
 * error with a position and Chinese words, and the file's value is left out.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, Scalar, visit, type Document, type Node as YNode } from 'yaml';
import type { ConfigError } from '../types';
import { jsonProblem } from './json-problems';
import { yamlLoadReason, yamlReason, yamlStructureProblems } from './yaml-problems';

export type PathSeg = string | number;
export interface Pos { line: number; column: number }

export interface Source {
  /** Relative to the config root, e.g. `flows/personal.yaml`. */
  file: string;
  /** The plain value, or undefined when the file does not parse. */
  value: unknown;
  /** Syntax and loading errors (YAML/JSON), each with its position and Chinese reason. */
  errors: ConfigError[];
  /** Position of the value at `path` (or of its key with `key: true`); the nearest existing ancestor otherwise. */
  locate(path: readonly PathSeg[], opts?: { key?: boolean }): Pos;
  /** Position of character `index` inside the string value at `path`, when the source spells it verbatim. */
  locateInString(path: readonly PathSeg[], index: number): Pos;
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
    } catch {
      // Found by reading the text (json-problems.ts): JSON.parse's message is English, differs by browser, and often has no position.
      const p = jsonProblem(text) ?? { offset: 0, reason: 'JSON 写得不对（检查逗号、引号和括号）' };
      errors.push({ file, ...posOfOffset(text, p.offset), message: `JSON 格式错误：${p.reason}` });
    }
    // JSON.parse keeps the last of two equal keys without a word (a second
    // "properties" silently drops the first's fields): the YAML reading sees it.
    const dup = value !== undefined ? doc.errors.find((e) => e.code === 'DUPLICATE_KEY') : undefined;
    if (dup) {
      const lp = dup.linePos?.[0];
      errors.push({ file, line: lp?.line ?? 1, column: lp?.col ?? 1, message: `JSON 格式错误：${yamlReason(dup)}` });
      value = undefined;
    }
  } else {
    // Only the first: later YAML errors are mostly echoes of it.
    for (const e of doc.errors.slice(0, 1)) {
      const lp = e.linePos?.[0];
      errors.push({ file, line: lp?.line ?? 1, column: lp?.col ?? 1, message: `YAML 格式错误：${yamlReason(e)}` });
    }
    // What parses but cannot be loaded as written (an undefined alias made
    // doc.toJS() throw out of check-config with a stack trace): every one, in words.
    if (!errors.length) {
      for (const p of yamlStructureProblems(doc, text)) {
        errors.push({ file, ...posOfOffset(text, p.offset), message: `YAML 格式错误：${p.reason}` });
      }
    }
    // A warning (a tag that does not fit its value, an unknown directive) is
    // refused too: the value would not be what was written.
    for (const e of errors.length ? [] : doc.warnings.slice(0, 1)) {
      const lp = e.linePos?.[0];
      errors.push({ file, line: lp?.line ?? 1, column: lp?.col ?? 1, message: `YAML 格式错误：${yamlReason(e)}` });
    }
    if (!errors.length) {
      try {
        value = doc.toJS();
      } catch (e) {
        const first = firstAlias(doc);
        errors.push({ file, ...posOfOffset(text, first), message: `YAML 格式错误：${yamlLoadReason(e)}` });
      }
    }
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

/** Offset of the first alias (where an alias bomb starts), else 0. */
function firstAlias(doc: Document): number {
  let at = 0;
  visit(doc, {
    Alias(_k, node) {
      at = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return at;
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
