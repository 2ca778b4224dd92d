/**
 * Static check of one expression (SurveyJS-style validate()): syntax, roots,
 * declared session keys / constants, known functions. Pure; used by the config
 * checker and usable in an editor.
 */
import { compileExpr, ExprError } from './compile';
import { suggest } from '../config/suggest';
import { list, notDeclaredText } from '../config/words';

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

function col(source: string, token: string): number {
  const m = new RegExp(`\\b${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).exec(source);
  return m ? m.index + 1 : 1;
}

export function checkExpr(source: string, opts: ExprCheckOptions): ExprProblem[] {
  let c;
  try {
    c = compileExpr(source);
  } catch (e) {
    if (e instanceof ExprError) return [{ message: e.message, column: e.column }];
    throw e;
  }
  const problems: ExprProblem[] = [];
  const roots = opts.roots ?? EXPR_ROOTS;
  for (const r of c.roots) {
    if (!roots.includes(r)) {
      problems.push({ message: `表达式 "${source}" 里的 "${r}" 不认识${suggest(r, roots)}（开头只能用：${list(roots)}）`, column: col(source, r) });
    }
  }
  const fnNames = [...opts.functions];
  for (const f of c.calls) {
    if (!fnNames.includes(f)) problems.push({ message: `表达式 "${source}" 里的函数 "${f}" 不存在${suggest(f, fnNames)}`, column: col(source, f) });
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
