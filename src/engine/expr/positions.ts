/**
 * Where each node of a compiled expression starts in its source, for the
 * checker's columns. The AST (compile.ts) carries no positions — the examinee's
 * bundle should not pay for them — so they are recovered here: the leaves of
 * the tree (names, literals, property names, function names) read in order
 * are exactly the leaf tokens of the source in order, so the n-th leaf of a
 * left-to-right walk sits at the n-th leaf token.
 */
import type { Node } from './compile';

interface Token { start: number; text: string }

function leafTokens(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) i++;
    else if (c === "'" || c === '"') {
      const start = i++;
      while (i < src.length && src[i] !== c) i += src[i] === '\\' ? 2 : 1;
      i++;
      out.push({ start, text: src.slice(start, i) });
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^(\d*\.?\d+|\d+\.?)([eE][+-]?\d+)?/.exec(src.slice(i));
      out.push({ start: i, text: m ? m[0] : c });
      i += m ? m[0].length : 1;
    } else if (/[A-Za-z_$\u0080-\uffff]/.test(c)) {
      // As jsep reads names: letters, _, $ and anything beyond ASCII (a Chinese field name).
      const m = /^[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*/.exec(src.slice(i))!;
      out.push({ start: i, text: m[0] });
      i += m[0].length;
    } else i++;
  }
  return out;
}

/** Node → 0-based start index in the source; a node whose leaves cannot be matched is left out. */
export function nodeStarts(src: string, ast: Node): Map<Node, number> {
  const tokens = leafTokens(src);
  const starts = new Map<Node, number>();
  let n = 0;
  const visit = (node: Node): number | undefined => {
    let first: number | undefined;
    const take = () => {
      const t = tokens[n++];
      return t?.start;
    };
    const note = (s: number | undefined) => {
      if (first === undefined) first = s;
    };
    switch (node.t) {
      case 'lit':
        // `[a, , b]` holes have no token (jsep gives null): nothing to take.
        if (node.v !== undefined || tokens[n]?.text === 'undefined') note(take());
        break;
      case 'id':
        note(take());
        break;
      case 'mem':
        note(visit(node.obj));
        note(visit(node.prop));
        break;
      case 'un':
        note(visit(node.arg));
        break;
      case 'bin':
        note(visit(node.l));
        note(visit(node.r));
        break;
      case 'cond':
        note(visit(node.test));
        note(visit(node.yes));
        note(visit(node.no));
        break;
      case 'arr':
        for (const x of node.items) note(visit(x));
        break;
      case 'call':
        note(take());
        for (const x of node.args) note(visit(x));
        break;
    }
    // A unary operator or an opening bracket before the first leaf belongs to the node.
    if (first !== undefined && (node.t === 'un' || node.t === 'arr')) {
      let j = first - 1;
      while (j >= 0 && /[\s!+\-[]/.test(src[j])) j--;
      first = j + 1;
      while (first < src.length && /\s/.test(src[first])) first++;
    }
    if (first !== undefined) starts.set(node, first);
    return first;
  };
  visit(ast);
  // A mismatch (a token the walk did not expect) makes every position doubtful: none then.
  return n === tokens.length ? starts : new Map();
}
