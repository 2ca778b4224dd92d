import { compileExpr, type FunctionRegistry } from '../expr/compile';
import { evalValue } from '../expr/value';
import type { ValueMap } from '../types';

/** `{name}` placeholders in a message text. */
export const PLACEHOLDER_RE = /\{([A-Za-z_$][\w$]*)\}/g;

export function placeholdersOf(text: string): string[] {
  if (typeof text !== 'string') return []; // a message that is not text is the format check's to refuse, never a crash
  return [...text.matchAll(PLACEHOLDER_RE)].map((m) => m[1]);
}

/**
 * The text of a message ref: a key of messages.yaml, or `=expr` computed now.
 * `{name}` placeholders are filled from `params` (evaluated); unknown ones stay.
 * An unknown key (the checker prevents it) shows the key itself.
 */
export function formatMessage(
  ref: string,
  messages: Record<string, string>,
  scope: Record<string, unknown>,
  fns: FunctionRegistry,
  params?: ValueMap,
): string {
  let text: string;
  if (ref.startsWith('=')) {
    const v = compileExpr(ref.slice(1)).evaluate(scope, fns);
    text = v === null || v === undefined ? '' : String(v);
  } else {
    text = Object.prototype.hasOwnProperty.call(messages, ref) ? messages[ref] : ref;
  }
  if (!params) return text;
  const out = evalValue(params, scope, fns);
  const values = (out && typeof out === 'object' ? out : {}) as Record<string, unknown>;
  return text.replace(PLACEHOLDER_RE, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name] ?? '') : whole,
  );
}
