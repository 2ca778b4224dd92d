/**
 * A matrix (`"x-options": { "matrix": true }` on a section): rows × one scale,
 * the PHQ-9 / GAD-7 shape, drawn on the phone as a grid — option labels once
 * in a header, one radio cell per option in each row. Each row stays an
 * ordinary single choice under the section's object (values, validation and
 * scores are unchanged); only the drawing differs. One definition of "the rows
 * share the scale" serves the renderer (grid or not) and the config checker
 * (which row differs), so what is refused and what is drawn cannot drift. Pure.
 */
import type { Choice, FieldNode } from './schema-model';

/**
 * At most this many options are drawn as columns: five columns leave each
 * about 57 px on a 320 px phone (5 Han characters wrap onto two lines); more
 * would clip or scroll sideways, so such a section is drawn row by row.
 */
export const MATRIX_MAX_COLUMNS = 5;

/** Why a row cannot sit in the grid: not a single choice, or other options than the first row's. */
export type MatrixRowProblem = 'kind' | 'options';

/** A single choice the grid can draw: one value picked from a list (a radio or a wheel), editable. */
function isSingleChoice(n: FieldNode): boolean {
  return !n.children && !n.item && !n.each && n.type !== 'array' && !n.readOnly && !!n.choices?.length && (n.widget === 'radio' || n.widget === 'picker');
}

const sameChoices = (a: Choice[], b: Choice[]) => a.length === b.length && a.every((c, i) => c.value === b[i].value && c.label === b[i].label);

/** Each row's problem (undefined when it fits), judged against the first row. */
export function matrixRowProblems(section: FieldNode): Array<MatrixRowProblem | undefined> {
  const rows = section.children ?? [];
  const first = rows.find(isSingleChoice);
  return rows.map((r) => (!isSingleChoice(r) ? 'kind' : first && !sameChoices(r.choices!, first.choices!) ? 'options' : undefined));
}

/** The grid's columns (the shared options) when `section` is drawn as a matrix; null: row by row. */
export function matrixColumns(section: FieldNode): Choice[] | null {
  if (section.options.matrix !== true || !section.children?.length) return null;
  if (matrixRowProblems(section).some(Boolean)) return null;
  const columns = section.children[0].choices!;
  return columns.length <= MATRIX_MAX_COLUMNS ? columns : null;
}
