/**
 * A scale group (量表): a group whose questions all share one set of options
 * with points — the PHQ-9 / GAD-7 / SF-36 shape, rows × one scale. Each row is
 * an ordinary single choice with the same `enum` and `x-score` (so the server
 * scores it and a person edits it as any question); the group says
 * `"x-options": { "matrix": true }`, so the phone draws it as a grid
 * (engine/form/matrix.ts) and the builder edits the scale once for every row.
 * The flag, not the shared options alone, makes the scale: un-setting it
 * (unmakeScale) leaves ordinary questions that happen to share options. Pure.
 */
import { addQuestion, updateQuestion, updateSection } from './edit';
import type { QOption, Questionnaire, Section } from './model';

/** PHQ-9's and GAD-7's own scale, the usual start. */
export const DEFAULT_SCALE: QOption[] = [
  { value: '完全不会', score: 0 },
  { value: '好几天', score: 1 },
  { value: '一半以上的天数', score: 2 },
  { value: '几乎每天', score: 3 },
];

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The group says it is drawn as a grid (`x-options.matrix`). */
export const isMatrix = (s: Section): boolean => isObj(s.raw['x-options']) && s.raw['x-options'].matrix === true;

/** The group's raw with `x-options.matrix` set or removed (its other options kept; an emptied x-options goes). */
function withMatrix(s: Section, on: boolean): Record<string, unknown> {
  const { matrix: _, ...rest } = isObj(s.raw['x-options']) ? s.raw['x-options'] : {};
  const options = on ? { ...rest, matrix: true } : rest;
  const { 'x-options': _old, ...without } = s.raw;
  if (!Object.keys(options).length) return without;
  if ('x-options' in s.raw) return { ...s.raw, 'x-options': options }; // where the file had it
  // A new group's raw is empty: its type and title (model.ts writes their values) go first, as in any group.
  return { ...('type' in s.raw ? {} : { type: 'object', 'x-label': s.title }), ...without, 'x-options': options };
}

const same = (a: QOption[], b: QOption[]) => a.length === b.length && a.every((o, i) => o.value === b[i].value && o.score === b[i].score);

/** The group's shared scale, when it is one: a matrix of single choices with the same options and points. */
export function sharedScale(s: Section): QOption[] | null {
  if (s.key === null || s.repeat || !isMatrix(s) || s.questions.length < 1) return null;
  const [first] = s.questions;
  if (!s.questions.every((q) => q.type === 'single' && !q.picker && q.options.length > 0 && same(q.options, first.options))) return null;
  return first.options;
}

/** Can the group become a scale group (every question a single choice, or none yet)? */
export const canBeScale = (s: Section): boolean => s.key !== null && !s.repeat && !sharedScale(s) && s.questions.every((q) => q.type === 'single');

/** Every row takes `options` (the scale edited once); the group is drawn as a grid. */
export function setScale(qn: Questionnaire, si: number, options: QOption[]): Questionnaire {
  let out = isMatrix(qn.sections[si]) ? qn : updateSection(qn, si, { raw: withMatrix(qn.sections[si], true) });
  qn.sections[si].questions.forEach((_, qi) => (out = updateQuestion(out, si, qi, { options })));
  return out;
}

/** No longer a scale: the grid flag goes; the rows stay single choices with their options, each edited on its own. */
export function unmakeScale(qn: Questionnaire, si: number): Questionnaire {
  return updateSection(qn, si, { raw: withMatrix(qn.sections[si], false) });
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
