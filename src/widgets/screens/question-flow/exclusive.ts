import type { AnswerOption } from './sequence';

/**
 * Exclusive options of a multiple-choice question (以上都没有, 无 …), declared per option
 * in the question bank (`exclusive: true`): choosing one clears every other choice, and
 * choosing any other clears it. `before` and `after` are the choices around one tap.
 */
export function applyExclusive(before: string[], after: string[], options: AnswerOption[]): string[] {
  const exclusive = new Set(options.filter((o) => o.exclusive === true).map((o) => o.ans));
  if (exclusive.size === 0) return after;
  const added = after.filter((a) => !before.includes(a));
  if (added.some((a) => exclusive.has(a))) return added.filter((a) => exclusive.has(a)).slice(-1);
  if (added.length > 0) return after.filter((a) => !exclusive.has(a));
  return after;
}
