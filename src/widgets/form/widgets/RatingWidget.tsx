import { memo } from 'react';
import type { WidgetProps } from '../types';
import { useRadioKeys } from './radio-keys';

/**
 * A rating (评分): one numbered button per whole number from the schema's
 * minimum to its maximum (1–5, 0–10), the chosen one filled, the two end
 * labels (很不满意 … 非常满意) under the first and the last. Each button is a
 * 44 px target: up to 6 in one row; more (0–10) in two even rows, 0–5 over
 * 6–10 (form.css), which fits a 320 px phone. The config checker allows at
 * most 11 (engine/form/widget-fit.ts).
 */
const ONE_ROW = 6;
export const RatingWidget = memo(function RatingWidget({ id, node, value, onChange }: WidgetProps<number>) {
  const lo = node.schema.minimum as number;
  const hi = node.schema.maximum as number;
  const points = Number.isInteger(lo) && Number.isInteger(hi) && hi >= lo ? Array.from({ length: hi - lo + 1 }, (_, i) => lo + i) : [];
  const minLabel = node.options.minLabel as string | undefined;
  const maxLabel = node.options.maxLabel as string | undefined;
  const cols = points.length <= ONE_ROW ? points.length : Math.ceil(points.length / 2);
  const keys = useRadioKeys(points.length, typeof value === 'number' ? points.indexOf(value) : -1, (i) => onChange(points[i]));
  return (
    <div className="cf-rating" style={{ '--cf-rating-cols': Math.max(cols, 1) } as React.CSSProperties}>
      <div id={id} ref={keys.group} role="radiogroup" className="cf-rating-row" onKeyDown={keys.onKeyDown}>
        {points.map((n, i) => {
          const on = value === n;
          // the end labels are drawn under the row for the eye; a screen reader hears them on their buttons
          const end = i === 0 ? minLabel : i === points.length - 1 ? maxLabel : undefined;
          return (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={on}
              aria-label={end ? `${n} ${end}` : undefined}
              tabIndex={keys.tabIndex(i)}
              className={on ? 'cf-rating-point cf-rating-on' : 'cf-rating-point'}
              onClick={() => onChange(n)}
            >
              {n}
            </button>
          );
        })}
      </div>
      {minLabel || maxLabel ? (
        <div className="cf-rating-ends" aria-hidden="true">
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </div>
      ) : null}
    </div>
  );
});
