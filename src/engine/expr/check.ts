/**
 * Static check of one expression (SurveyJS-style validate()): syntax, roots,
 * declared session keys / constants, known functions. Pure; used by the config
 * checker and usable in an editor.
 */
import { compileExpr, ExprError } from './compile';
import { suggest } from '../config/suggest';
import { exprLead, list, notDeclaredText } from '../config/words';

export const EXPR_ROOTS = ['session', 'data', 'form', 'query', 'event', 'result', 'config', 'const', 'item'] as const;

export interface ExprCheckOptions {
  functions: Iterable<string>;
  /** Declared session keys; when given, `session.X` must be one of them. */
  sessionKeys?: Iterable<string>;
  /** Declared constants; when given, `const.X` must be one of them. */
  constants?: Iterable<string>;
  roots?: readonly string[];
}

export interface ExprProblem {
  message: string;
  /** 1-based column inside the expression source. */
  column: number;
}

/**
 * The compiler's errors in the admin's words. The compiler itself keeps short
 * English texts: it runs in the examinee's bundle, where these words would be
 * bytes no examinee ever reads (a config is checked before it is served).
 */
const COMPILE_WORDS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^cannot parse expression: (.*) \(column (\d+)\)$/s, (m) => `表达式写得不对：${parserWords(m[1])}（表达式第 ${m[2]} 个字符）`],
  [/^empty expression$/, () => '表达式是空的'],
  [/^operator "(.*)" is not allowed$/, (m) => `表达式里不能用运算符 "${m[1]}"`],
  [/^only registered functions can be called/, () => '只能调用已登记的函数（不能写 a.b() 这样的调用）'],
  [/^one expression expected, found several/, () => '这里只能写一个表达式，现在有好几个（是不是多了逗号或分号？）'],
  [/^"this" is not allowed$/, () => '表达式里不能用 "this"'],
  [/^(\w+) is not allowed in expressions$/, (m) => `表达式里不能用 ${m[1]}`],
];

/** jsep's syntax errors in the admin's words; one it does not know stays as jsep wrote it. */
const PARSER_WORDS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^Unclosed \($/, () => '括号 "(" 没有配对的 ")"'],
  [/^Unclosed \[$/, () => '方括号 "[" 没有配对的 "]"'],
  [/^Unclosed quote after "(.*)"$/s, (m) => `引号没有结束（从 "${m[1]}" 开始）`],
  [/^Expected expression after (.+)$/, (m) => `"${m[1]}" 后面缺少内容`],
  [/^Expected expression$/, () => '这里缺少内容'],
  [/^Expected :$/, () => '"?" 后面缺少 ":"'],
  [/^Expected comma$/, () => '缺少逗号'],
  [/^Expected (.)$/, (m) => `缺少 "${m[1]}"`],
  [/^Unexpected period$/, () => '这里不该有 "."'],
  [/^Unexpected token (.)$/, (m) => `这里不该有 "${m[1]}"`],
  [/^Unexpected "?(.*?)"?$/, (m) => `这里不该有 "${m[1]}"`],
  [/^Variable names cannot start with a number \((.*)\)$/, (m) => `名字不能以数字开头（${m[1]}）`],
];

function wordsOf(table: Array<[RegExp, (m: RegExpExecArray) => string]>, text: string): string | null {
  for (const [re, say] of table) {
    const m = re.exec(text);
    if (m) return say(m);
  }
  return null;
}

function parserWords(detail: string): string {
  return wordsOf(PARSER_WORDS, detail) ?? detail;
}

/** An ExprError's text as the checker reports it. */
export function exprErrorWords(message: string): string {
  return wordsOf(COMPILE_WORDS, message) ?? message;
}

function col(source: string, token: string): number {
  const m = new RegExp(`\\b${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).exec(source);
  return m ? m.index + 1 : 1;
}

export function checkExpr(source: string, opts: ExprCheckOptions): ExprProblem[] {
  let c;
  try {
    c = compileExpr(source);
  } catch (e) {
    if (e instanceof ExprError) return [{ message: exprErrorWords(e.message), column: e.column }];
    throw e;
  }
  const problems: ExprProblem[] = [];
  const roots = opts.roots ?? EXPR_ROOTS;
  for (const r of c.roots) {
    if (!roots.includes(r)) {
      problems.push({ message: `${exprLead(source)}的 "${r}" 不认识${suggest(r, roots)}（开头只能用：${list(roots)}）`, column: col(source, r) });
    }
  }
  const fnNames = [...opts.functions];
  for (const f of c.calls) {
    if (!fnNames.includes(f)) problems.push({ message: `${exprLead(source)}的函数 "${f}" 不存在${suggest(f, fnNames)}`, column: col(source, f) });
  }
  const session = opts.sessionKeys ? [...opts.sessionKeys] : null;
  const consts = opts.constants ? [...opts.constants] : null;
  for (const m of c.members) {
    if (m.root === 'session' && session && !session.includes(m.key)) {
      problems.push({ message: notDeclaredText('session', m.key, session), column: col(source, `session.${m.key}`) });
    }
    if (m.root === 'const' && consts && !consts.includes(m.key)) {
      problems.push({ message: notDeclaredText('constants', m.key, consts), column: col(source, `const.${m.key}`) });
    }
  }
  return problems;
}
