/**
 * A scale group (量表): a group whose questions all share one set of options
 * with points — the PHQ-9 / GAD-7 / SF-36 shape, rows × one scale. It is no
 * new keyword: each row is an ordinary single choice with the same `enum` and
 * `x-score` (so the phone draws it, the server scores it and a person edits it
 * as any question); the builder recognises the shape and edits the scale once
 * for every row. Pure.
 */
import { addQuestion, updateQuestion } from './edit';
import type { QOption, Questionnaire, Section } from './model';

/** PHQ-9's and GAD-7's own scale, the usual start. */
export const DEFAULT_SCALE: QOption[] = [
  { value: '完全不会', score: 0 },
  { value: '好几天', score: 1 },
  { value: '一半以上的天数', score: 2 },
  { value: '几乎每天', score: 3 },
];

const same = (a: QOption[], b: QOption[]) => a.length === b.length && a.every((o, i) => o.value === b[i].value && o.score === b[i].score);

/** The group's shared scale, when it is one: two or more single choices with the same options and points. */
export function sharedScale(s: Section): QOption[] | null {
  if (s.key === null || s.repeat || s.questions.length < 2) return null;
  const [first] = s.questions;
  if (!s.questions.every((q) => q.type === 'single' && !q.picker && q.options.length > 0 && same(q.options, first.options))) return null;
  return first.options;
}

/** Can the group become a scale group (every question a single choice, or none yet)? */
export const canBeScale = (s: Section): boolean => s.key !== null && !s.repeat && !sharedScale(s) && s.questions.every((q) => q.type === 'single');

/** Every row takes `options` (the scale edited once). */
export function setScale(qn: Questionnaire, si: number, options: QOption[]): Questionnaire {
  let out = qn;
  qn.sections[si].questions.forEach((_, qi) => (out = updateQuestion(out, si, qi, { options })));
  return out;
}

/** A row of the scale group: a single choice with the scale's options. */
export function addRow(qn: Questionnaire, si: number): Questionnaire {
  const scale = sharedScale(qn.sections[si]) ?? DEFAULT_SCALE;
  const out = addQuestion(qn, si, 'single');
  return updateQuestion(out, si, out.sections[si].questions.length - 1, { options: scale });
}

/** Turns the group into a scale group: its rows take the first row's options (or the usual scale), two rows at least. */
export function makeScale(qn: Questionnaire, si: number): Questionnaire {
  const first = qn.sections[si].questions[0];
  let out = setScale(qn, si, first?.options.length ? first.options : DEFAULT_SCALE);
  while (out.sections[si].questions.length < 2) out = addRow(out, si);
  return out;
}
