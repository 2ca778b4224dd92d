/**
 * Where and why a JSON text is not strict JSON, found by reading it (a small
 * recursive descent reader), not from JSON.parse's message: that message is
 * the engine's own English, differs between browsers (the studio checks in
 * the admin's browser) and for some mistakes (`{ "a": x }`, a comment, a
 * single quote) names no position at all. Used only after JSON.parse failed.
 */
export interface JsonProblem {
  offset: number;
  reason: string;
}

const INCOMPLETE = '文件不完整：有括号或引号没有结束';

class Stop {
  constructor(readonly offset: number, readonly reason: string) {}
}

/** The first mistake in `text`, or null when it reads as strict JSON. */
export function jsonProblem(text: string): JsonProblem | null {
  let i = 0;
  const fail = (reason: string, at = i): never => {
    throw new Stop(at, reason);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
    if (text.startsWith('//', i) || text.startsWith('/*', i)) fail('JSON 里不能写注释（// 或 /* */），请删掉');
  };
  /** Why the character at i cannot start a value. */
  const notAValue = (): never => {
    const c = text[i];
    if (c === undefined) fail(INCOMPLETE);
    if (c === "'") fail('文字要用双引号 "…" 括起来，不能用单引号');
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))?.[0];
    if (word && ['NaN', 'Infinity', 'undefined'].includes(word)) fail(`JSON 里不能写 ${word}，请写数字或 null`);
    if (word) fail(`文字要用双引号括起来：写成 "${word}"`);
    return fail('这里应该是一个值（文字要用双引号括起来，或者是数字、true、false、null、[…]、{…}）');
  };
  const string = (): void => {
    const open = i++;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\n' || c === '\r') fail('引号里的文字不能直接换行（换行请写 \\n）；也可能是少了结尾的引号');
      if (c < ' ') fail('引号里有看不见的控制字符（例如 Tab），请删掉或写成 \\t');
      if (c === '\\') {
        const e = text[++i];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('"\\u" 后面要跟 4 位十六进制数字', i - 1);
          i += 4;
        } else if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          fail('双引号里的反斜杠 \\ 用法不对（要写反斜杠本身请写 \\\\）', i - 1);
        }
      }
    }
    fail('引号没有配对：少了结尾的引号', open);
  };
  const number = (): void => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    const next = text[i + (m?.[0].length ?? 0)];
    if (!m || (next !== undefined && /[\d.eE+\-xX]/.test(next))) fail('数字的写法不对（不能以 0 或小数点开头，不能以小数点结尾，前面不能加 +）');
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9') || c === '+' || c === '.') return number();
    for (const w of ['true', 'false', 'null']) {
      if (text.startsWith(w, i) && !/[\w$]/.test(text[i + w.length] ?? '')) {
        i += w.length;
        return;
      }
    }
    notAValue();
  };
  const object = (): void => {
    i++;
    ws();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] === undefined) fail(INCOMPLETE);
      if (text[i] !== '"') fail(text[i] === '}' ? '最后一项后面多了逗号，或者属性名没有用双引号' : '属性名要用双引号 "…"');
      string();
      ws();
      if (text[i] !== ':') fail(text[i] === undefined ? INCOMPLETE : '属性名后面少了冒号');
      i++;
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return;
      }
      fail(text[i] === undefined ? INCOMPLETE : '少了逗号，或者括号没有配对');
    }
  };
  const array = (): void => {
    i++;
    ws();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] === ']') fail('最后一项后面多了逗号');
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return;
      }
      fail(text[i] === undefined ? INCOMPLETE : '少了逗号，或者括号没有配对');
    }
  };
  try {
    // JSON.parse refuses the byte-order mark some editors put first.
    if (text.charCodeAt(0) === 0xfeff) fail('文件开头有 BOM 标记：请把文件另存为不带 BOM 的 UTF-8');
    value();
    ws();
    if (i < text.length) fail('多了一个括号，或者文件末尾有多余的内容');
    return null;
  } catch (e) {
    // Anything else (a text nested too deep to read this way): the caller's general words.
    return e instanceof Stop ? { offset: e.offset, reason: e.reason } : null;
  }
}
