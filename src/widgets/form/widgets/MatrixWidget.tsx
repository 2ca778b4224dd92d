/**
 * A section drawn as a grid (`"x-options": { "matrix": true }`, the PHQ-9 /
 * GAD-7 shape): the options once as a header, then per question its label
 * (required mark, error under it) over one tap cell per option. The rows are
 * the form's ordinary rows (FieldTree's Leaf), drawn by MatrixRow and
 * MatrixCells instead of FormRow and the radio widget, so values, errors,
 * visibility and scroll-to-error work as for any field.
 *
 * Layout for a 320 px phone: the label spans the row (a PHQ-9 item is a
 * sentence; a label column beside four cells would leave it ~5 characters a
 * line), the cells share the width in equal columns aligned with the header.
 * Five options at most (engine/form/matrix.ts MATRIX_MAX_COLUMNS).
 */
import { Fragment, memo, type CSSProperties, type ReactNode } from 'react';
import type { Choice } from '../../../engine/form/schema-model';
import { MatrixContext, type MatrixParts } from '../context';
import type { FormRowProps } from '../FormRow';
import type { WidgetProps } from '../types';
import { useRadioKeys } from './radio-keys';

const columnsStyle = (n: number): CSSProperties => ({ gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))` });

type Segmenter = { segment(text: string): Iterable<{ segment: string }> };
type SegmenterClass = new (locale: string, o: { granularity: 'word' }) => Segmenter;
const intl = Intl as unknown as { Segmenter?: SegmenterClass };
// tested where it is read (the older-phone floor check, scripts/check-engine-floor.ts)
const Seg = typeof intl.Segmenter === 'function' ? intl.Segmenter : undefined;
let words: Segmenter | undefined;

/**
 * An option label that wraps between words, not inside one (一半以上 / 的天数,
 * not 一半以 / 上的天数): word breaks marked, the rest kept whole (cf-keep).
 * A phone without Intl.Segmenter (Chromium < 87) wraps anywhere, as before.
 */
function wrapByWords(label: string): ReactNode {
  if (!Seg) return label;
  words ??= new Seg('zh', { granularity: 'word' });
  const parts = [...words.segment(label)].map((s) => s.segment);
  return (
    <span className="cf-keep">
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i ? <wbr /> : null}
          {p}
        </Fragment>
      ))}
    </span>
  );
}

/** The grid: its header (the shared options) and its rows, which draw as grid rows. */
export function Matrix({ columns, children }: { columns: Choice[]; children: ReactNode }) {
  return (
    <div className="cf-matrix">
      {/* The cells carry "<row>：<option>" themselves: the header is for the eye only. */}
      <div className="cf-matrix-head" style={columnsStyle(columns.length)} aria-hidden="true">
        {columns.map((c) => (
          <span key={String(c.value)} className="cf-matrix-head-cell">
            {wrapByWords(c.label)}
          </span>
        ))}
      </div>
      <MatrixContext.Provider value={PARTS}>{children}</MatrixContext.Provider>
    </div>
  );
}

/** One question of the grid: the same props as FormRow (FieldTree swaps one for the other). */
export function MatrixRow({ label, required, description, error, children, 'data-path': dataPath }: FormRowProps) {
  return (
    <div className={`cf-matrix-row${error ? ' cf-matrix-row-error' : ''}`} data-path={dataPath}>
      <div className="cf-matrix-label">
        {label}
        {/* a word joiner keeps the mark on the label's last line, never alone on its own */}
        {required ? <span className="adm-form-item-required-asterisk">{'\u2060'}*</span> : null}
      </div>
      {description ? <div className="cf-hint cf-description">{description}</div> : null}
      {error ? <div className="adm-form-item-feedback-error">{error}</div> : null}
      {children}
    </div>
  );
}

/** The row's cells: one radio per option, named "<row>：<option>" (the header is not read out); arrow keys move within the row (radio-keys.ts). */
export const MatrixCells = memo(function MatrixCells({ id, node, value, onChange }: WidgetProps) {
  const choices = node.choices ?? [];
  const keys = useRadioKeys(choices.length, choices.findIndex((c) => c.value === value), (i) => onChange(choices[i].value));
  return (
    <div id={id} ref={keys.group} role="radiogroup" aria-label={node.label} className="cf-matrix-cells" style={columnsStyle(choices.length)} onKeyDown={keys.onKeyDown}>
      {choices.map((c, i) => {
        const on = c.value === value;
        return (
          <button
            type="button"
            key={String(c.value)}
            role="radio"
            aria-checked={on}
            aria-label={`${node.label}：${c.label}`}
            tabIndex={keys.tabIndex(i)}
            className={on ? 'cf-matrix-cell cf-matrix-cell-on' : 'cf-matrix-cell'}
            onClick={() => onChange(c.value)}
          >
            <span className="cf-matrix-dot" />
          </button>
        );
      })}
    </div>
  );
});

/** What the grid's rows draw with (FieldTree reads it: the form code does not import this chunk). */
const PARTS: MatrixParts = { Row: MatrixRow, Cells: MatrixCells };
