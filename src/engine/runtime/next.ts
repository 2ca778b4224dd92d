import type { FunctionRegistry } from '../expr/compile';
import { evalCondition } from '../expr/value';
import type { NextRule, Step } from '../types';

/** The first `next` rule whose `if` holds (a rule without `if` always matches), or null. */
export function resolveNext(step: Pick<Step, 'next'>, scope: Record<string, unknown>, fns: FunctionRegistry): NextRule | null {
  for (const rule of step.next ?? []) {
    if (rule.if === undefined || evalCondition(rule.if, scope, fns)) return rule;
  }
  return null;
}
