type EvalItem = (value: unknown, item: unknown) => unknown;

/**
 * Resolve a condition prop (`visibleIf`, `enabledIf`, `openIf`, `emptyIf`).
 * Step-level conditions normally arrive evaluated (a boolean); per-item ones
 * arrive as text and go through `evalItem`. A text without the leading `=` is
 * still a condition (flow-format: conditions need no `=`), so it gets one.
 * Missing → `fallback`. An evaluation error counts as false (hide rather than crash).
 */
export function resolveCondition(value: unknown, evalItem: EvalItem, item?: unknown, fallback = true): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string') {
    const expr = value.startsWith('=') ? value : `=${value}`;
    try {
      return Boolean(evalItem(expr, item));
    } catch {
      return false;
    }
  }
  return Boolean(value);
}

/** Evaluate a per-item value; an evaluation error shows as empty rather than crashing the list. */
export function itemValue(value: unknown, item: unknown, evalItem: EvalItem): unknown {
  if (value === undefined) return undefined;
  try {
    return evalItem(value, item);
  } catch {
    return undefined;
  }
}
