/**
 * Config values: a string starting with `=` is an expression, everything else
 * is literal; arrays and objects are walked. `==text` escapes a literal
 * starting with `=` is NOT supported — write the literal as `="=text"`.
 */
import type { Value } from '../types';
import { compileExpr, type FunctionRegistry, type Scope } from './compile';

export const isExprString = (v: unknown): v is string => typeof v === 'string' && v.startsWith('=');

/** Evaluates a condition (an expression without `=`; a leading `=` is tolerated). */
export function evalCondition(expr: string, scope: Scope, fns: FunctionRegistry): boolean {
  return !!compileExpr(expr.startsWith('=') ? expr.slice(1) : expr).evaluate(scope, fns);
}

/** Evaluates `=expr` strings inside a config value; returns a fresh structure. */
export function evalValue(value: Value | undefined, scope: Scope, fns: FunctionRegistry): unknown {
  if (isExprString(value)) return compileExpr(value.slice(1)).evaluate(scope, fns);
  if (Array.isArray(value)) return value.map((v) => evalValue(v, scope, fns));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = evalValue(v, scope, fns);
    return out;
  }
  return value;
}
