/**
 * Where the cursor is in a config file that is being typed (so usually not
 * valid YAML or JSON): the path of the object whose key is being typed, or the
 * path of the value being typed, plus the typed prefix. Pure, no CodeMirror:
 * completion and hover use it, the unit tests call it directly.
 *
 * YAML block structure is read from indentation (a half-typed line must still
 * give its place); a flow collection on the cursor's line (`{ alert: sys`,
 * `then: [ { go: In`) and JSON files are read by a small tolerant scanner.
 */
export type PathSeg = string | number;

export interface DocContext {
  /** `key`: a key of the object at `path` is being typed; `value`: the value at `path`. */
  kind: 'key' | 'value';
  path: PathSeg[];
  /** What is typed so far (without an opening quote). */
  prefix: string;
  /** Offset where `prefix` starts: a completion replaces from..to. */
  from: number;
  to: number;
  /** Keys already in the object (key kind). */
  siblings: string[];
  /** The quote the token was opened with, if any. */
  quote: '"' | "'" | null;
  /** Inside a flow collection (`{ }`, `[ ]`) or a JSON file. */
  flow: boolean;
}

// ------------------------------------------------------------------ YAML block lines

interface Tok {
  col: number;
  type: 'dash' | 'key';
  key?: string;
  /** Inline value after `key:` (trimmed, comment removed), '' when none. */
  value?: string;
}

const KEY_RE = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#{}[\],"'][^#]*?)[ \t]*:(?=[ \t]|$)/;

function unquote(k: string): string {
  if (k.startsWith('"') && k.endsWith('"')) {
    try {
      return JSON.parse(k) as string;
    } catch {
      return k.slice(1, -1);
    }
  }
  if (k.startsWith("'") && k.endsWith("'")) return k.slice(1, -1).replace(/''/g, "'");
  return k;
}

function stripComment(v: string): string {
  let q: string | null = null;
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    if (q) {
      if (c === q) q = null;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /\s/.test(v[i - 1])) q = c;
    } else if (c === '#' && (i === 0 || /\s/.test(v[i - 1]))) return v.slice(0, i).trimEnd();
  }
  return v.trimEnd();
}

/** The dash and key tokens of one line (none for blank and comment lines). */
export function lineTokens(line: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (line[i] === ' ') i++;
  if (i >= line.length || line[i] === '#' || line.startsWith('---') || line.startsWith('...')) return toks;
  for (;;) {
    if (line[i] === '-' && (i + 1 === line.length || line[i + 1] === ' ')) {
      toks.push({ col: i, type: 'dash' });
      i++;
      while (line[i] === ' ') i++;
      if (i >= line.length || line[i] === '#') return toks;
      continue;
    }
    break;
  }
  const m = KEY_RE.exec(line.slice(i));
  if (m) toks.push({ col: i, type: 'key', key: unquote(m[1].trim()), value: stripComment(line.slice(i + m[0].length).trim()) });
  return toks;
}

/** Lines as tokens, with the content lines of block scalars (`key: |`) emptied. */
function tokenize(lines: string[]): Tok[][] {
  const out: Tok[][] = [];
  let blockIndent = -1;
  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0) {
      if (!line.trim() || indent > blockIndent) {
        out.push([]);
        continue;
      }
      blockIndent = -1;
    }
    const toks = lineTokens(line);
    const last = toks[toks.length - 1];
    if (last?.type === 'key' && /^[|>][-+0-9]*$/.test(last.value ?? '')) blockIndent = toks[0].col === last.col ? last.col : toks[0].col;
    out.push(toks);
  }
  return out;
}

class Block {
  constructor(readonly toks: Tok[][]) {}

  /** Path of the collection holding an entity (key or dash) at (li, col). */
  container(li: number, col: number, isDash = false): PathSeg[] {
    const same = this.toks[li].filter((t) => t.col < col);
    if (same.length) return this.into(li, same[same.length - 1]);
    for (let k = li - 1; k >= 0; k--) {
      const toks = this.toks[k];
      if (!toks.length) continue;
      // A compact sequence: `key:` with its dashes at the key's own column.
      if (isDash && toks[0].col === col && toks[0].type === 'key' && !toks[0].value) return [...this.container(k, col), toks[0].key!];
      const less = toks.filter((t) => t.col < col);
      if (!less.length) continue;
      return this.into(k, less[less.length - 1]);
    }
    return [];
  }

  /** The path a token opens: a key's value, or a dash's item. */
  private into(li: number, t: Tok): PathSeg[] {
    return t.type === 'dash' ? this.item(li, t.col) : [...this.container(li, t.col), t.key!];
  }

  /** Path of the sequence item whose dash is at (li, col). */
  item(li: number, col: number): PathSeg[] {
    const parent = this.container(li, col, true);
    let idx = 0;
    if (!this.toks[li].some((t) => t.col < col)) {
      for (let k = li - 1; k >= 0; k--) {
        const toks = this.toks[k];
        if (!toks.length) continue;
        if (toks[0].col < col || (toks[0].col === col && toks[0].type === 'key')) break;
        if (toks[0].col === col && toks[0].type === 'dash') idx++;
      }
    }
    return [...parent, idx];
  }

  /** Keys at `col` in the object around line li (not li's own). */
  siblings(li: number, col: number): string[] {
    const keys: string[] = [];
    for (let k = li - 1; k >= 0; k--) {
      const toks = this.toks[k];
      if (!toks.length) continue;
      const at = toks.find((t) => t.col === col && t.type === 'key');
      if (toks[0].col < col) {
        // the item's first line: `- key: …`
        if (at && toks[toks.length - 2]?.type === 'dash') keys.push(at.key!);
        break;
      }
      if (at && toks[0].col === col) keys.push(at.key!);
    }
    for (let k = li + 1; k < this.toks.length; k++) {
      const toks = this.toks[k];
      if (!toks.length) continue;
      if (toks[0].col < col || (toks[0].col === col && toks[0].type === 'dash')) break;
      if (toks[0].col === col && toks[0].type === 'key') keys.push(toks[0].key!);
    }
    return keys;
  }
}

function lineAt(text: string, offset: number): { li: number; lineStart: number; lines: string[] } {
  const lines = text.split('\n');
  let start = 0;
  for (let li = 0; li < lines.length; li++) {
    if (offset <= start + lines[li].length) return { li, lineStart: start, lines };
    start += lines[li].length + 1;
  }
  return { li: lines.length - 1, lineStart: start - lines[lines.length - 1].length - 1, lines };
}

/** Word characters of a key or a plain value being typed. */
const WORD = /[^\s:,{}[\]"'#]/;

function wordEnd(text: string, offset: number): number {
  let e = offset;
  while (e < text.length && WORD.test(text[e])) e++;
  return e;
}

export function yamlContext(text: string, offset: number): DocContext | null {
  const { li, lineStart, lines } = lineAt(text, offset);
  const line = lines[li];
  const col = offset - lineStart;
  const before = line.slice(0, col);
  if (/(^|\s)#/.test(stripQuotes(before))) return null; // in a comment
  const block = new Block(tokenize(lines));
  // the cursor's own line as typed so far
  let i = 0;
  while (before[i] === ' ') i++;
  const dashes: number[] = [];
  while (before[i] === '-' && (before[i + 1] === ' ' || i + 1 === before.length)) {
    dashes.push(i);
    i++;
    while (before[i] === ' ') i++;
  }
  const lastDash = dashes[dashes.length - 1];
  const here = () => (lastDash !== undefined ? block.item(li, lastDash) : block.container(li, i));
  const rest = before.slice(i);
  if (rest.startsWith('{') || rest.startsWith('[')) return flowContext(text, lineStart + i, offset, here(), true);
  const km = KEY_RE.exec(rest);
  if (km && rest.length > km[0].length) {
    const key = unquote(km[1].trim());
    const vStart = i + km[0].length;
    let v = 0;
    while (rest[km[0].length + v] === ' ') v++;
    const valueFrom = vStart + v;
    const value = before.slice(valueFrom);
    const path = [...(lastDash !== undefined ? block.item(li, lastDash) : block.container(li, i)), key];
    if (value.startsWith('{') || value.startsWith('[')) return flowContext(text, lineStart + valueFrom, offset, path, true);
    const quote = value.startsWith('"') || value.startsWith("'") ? (value[0] as '"' | "'") : null;
    if (quote && value.length > 1 && value.endsWith(quote)) return null; // after a closed string
    const prefix = quote ? value.slice(1) : value;
    return { kind: 'value', path, prefix, from: lineStart + valueFrom + (quote ? 1 : 0), to: quote ? offset : wordEnd(text, offset), siblings: [], quote, flow: false };
  }
  if (km) return null; // right after `key:`, before the space
  if (!/^[^\s:{}[\],#"'][^:#]*$/.test(rest) && rest !== '') return null;
  return {
    kind: 'key',
    path: here(),
    prefix: rest,
    from: lineStart + i,
    to: wordEnd(text, offset),
    siblings: block.siblings(li, i).filter((k) => k !== rest),
    quote: null,
    flow: false,
  };
}

function stripQuotes(s: string): string {
  return s.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, '""');
}

// ------------------------------------------------------------------ flow collections and JSON

interface Frame {
  type: 'map' | 'seq';
  key: string | null;
  index: number;
  expectKey: boolean;
  keys: string[];
}

/**
 * Scans flow text from `start` (an opening bracket, or a whole JSON document)
 * to the cursor and beyond (to collect the keys of the cursor's object).
 */
function flowContext(text: string, start: number, offset: number, base: PathSeg[], yamlFlow: boolean): DocContext | null {
  const stack: Frame[] = [];
  const seg = (f: Frame): PathSeg => (f.type === 'map' ? (f.key ?? '') : f.index);
  let result: DocContext | null = null;
  let target: Frame | null = null;
  let done = false;
  const snapshot = (kind: 'key' | 'value', prefix: string, from: number, quote: '"' | "'" | null, to: number) => {
    const top = stack[stack.length - 1];
    if (!top) {
      if (!yamlFlow) result = { kind: 'value', path: [...base], prefix, from, to, siblings: [], quote, flow: true };
      done = true;
      return;
    }
    // the path of the top frame: the base, then each enclosing frame's current segment
    const framePath = [...base, ...stack.slice(0, -1).map(seg)];
    if (top.type === 'map' && kind === 'key') result = { kind, path: framePath, prefix, from, to, siblings: [], quote, flow: true };
    else if (top.type === 'map') result = { kind: 'value', path: [...framePath, top.key ?? ''], prefix, from, to, siblings: [], quote, flow: true };
    else result = { kind: 'value', path: [...framePath, top.index], prefix, from, to, siblings: [], quote, flow: true };
    target = top;
  };
  let i = start;
  const end = yamlFlow ? Math.min(text.length, lineEndAfter(text, offset)) : text.length;
  while (i < end) {
    if (!done && i >= offset) {
      const top = stack[stack.length - 1];
      snapshot(top?.type === 'map' && top.expectKey ? 'key' : 'value', '', offset, null, offset);
      done = true;
    }
    const c = text[i];
    if (c === '"' || c === "'") {
      const q = c;
      let j = i + 1;
      while (j < text.length && text[j] !== q && text[j] !== '\n') j += text[j] === '\\' && q === '"' ? 2 : 1;
      const closed = j < text.length && text[j] === q;
      if (!done && offset > i && offset <= j) {
        const top = stack[stack.length - 1];
        snapshot(top?.type === 'map' && top.expectKey ? 'key' : 'value', text.slice(i + 1, offset), i + 1, q, offset);
        done = true;
      }
      token(stack, text.slice(i + 1, j));
      i = closed ? j + 1 : j;
      continue;
    }
    if (c === '{' || c === '[') {
      const top = stack[stack.length - 1];
      if (top?.type === 'map' && top.expectKey) top.expectKey = false; // a collection as key: ignore
      stack.push({ type: c === '{' ? 'map' : 'seq', key: null, index: 0, expectKey: c === '{', keys: [] });
      i++;
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      i++;
      if (!stack.length && yamlFlow) break;
      continue;
    }
    if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.type === 'map') {
        top.expectKey = true;
        top.key = null;
      } else if (top) top.index++;
      i++;
      continue;
    }
    if (c === ':') {
      const top = stack[stack.length - 1];
      if (top?.type === 'map') top.expectKey = false;
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '#' && yamlFlow) {
      while (i < end && text[i] !== '\n') i++;
      continue;
    }
    // a plain scalar (YAML) or a literal (JSON)
    let j = i;
    while (j < end && !/[,{}[\]\n]/.test(text[j]) && !(text[j] === ':' && (j + 1 >= end || /[\s,]/.test(text[j + 1]) || !yamlFlow))) j++;
    const raw = text.slice(i, j).trimEnd();
    if (!done && offset >= i && offset <= j) {
      const top = stack[stack.length - 1];
      snapshot(top?.type === 'map' && top.expectKey ? 'key' : 'value', text.slice(i, offset), i, null, i + raw.length);
      done = true;
    }
    token(stack, raw);
    i = j;
  }
  if (!done && offset >= i) {
    const top = stack[stack.length - 1];
    snapshot(top?.type === 'map' && top.expectKey ? 'key' : 'value', '', offset, null, offset);
  }
  const r = result as DocContext | null;
  if (r && r.kind === 'key' && target) r.siblings = (target as Frame).keys.filter((k) => k !== r.prefix);
  return r;
}

function token(stack: Frame[], value: string): void {
  const top = stack[stack.length - 1];
  if (top?.type === 'map' && top.expectKey) {
    top.key = value;
    top.keys.push(value);
  }
}

function lineEndAfter(text: string, offset: number): number {
  const e = text.indexOf('\n', offset);
  return e < 0 ? text.length : e;
}

export function jsonContext(text: string, offset: number): DocContext | null {
  let s = 0;
  while (s < text.length && /\s/.test(text[s])) s++;
  if (s >= text.length || offset <= s) return { kind: 'value', path: [], prefix: '', from: offset, to: offset, siblings: [], quote: null, flow: true };
  return flowContext(text, s, offset, [], false);
}

export function contextAt(file: string, text: string, offset: number): DocContext | null {
  return file.endsWith('.json') ? jsonContext(text, offset) : yamlContext(text, offset);
}

/** The word (key or plain value) around `offset`: for hover. */
export function wordAt(text: string, offset: number): { from: number; to: number } | null {
  let s = offset;
  let e = offset;
  const W = /[^\s:,{}[\]"'#]/;
  while (s > 0 && W.test(text[s - 1])) s--;
  while (e < text.length && W.test(text[e])) e++;
  if (s === e) return null;
  return { from: s, to: e };
}
