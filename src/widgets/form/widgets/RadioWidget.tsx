import { memo } from 'react';
import 'antd-mobile/es/components/radio/radio.css';
import 'antd-mobile/es/components/space/space.css';
import type { WidgetProps } from '../types';

/** Compact enough for three two-character choices beside a label on a 375 px phone. */
const CHOICE_STYLE = { '--icon-size': '18px', '--font-size': '15px', '--gap': '6px' } as React.CSSProperties;
const SPACE_STYLE = { '--gap-horizontal': '10px', '--gap-vertical': '6px' } as React.CSSProperties;

/** antd-mobile's check mark (checkbox/check-icon), drawn in the checked radio's icon. */
const CHECK =
  'M31.5541766,15 L28.0892433,15 L28.0892434,15 C27.971052,15 27.8576674,15.044522 27.7740471,15.1239792 L18.2724722,24.1625319 L13.2248725,19.3630279 L13.2248725,19.3630279 C13.1417074,19.2834412 13.0287551,19.2384807 12.9107898,19.2380079 L9.44474455,19.2380079 L9.44474454,19.2380079 C9.19869815,19.2384085 8.99957935,19.4284738 9,19.66253 C9,19.7747587 9.04719253,19.8823283 9.13066188,19.9616418 L17.0907466,27.5338228 C17.4170809,27.8442545 17.8447695,28 18.2713393,28 L18.2980697,28 C18.7168464,27.993643 19.133396,27.8378975 19.4530492,27.5338228 L31.8693384,15.7236361 L31.8693384,15.7236361 C32.0434167,15.5582251 32.0435739,15.2898919 31.8696892,15.1242941 C31.7860402,15.0446329 31.6725052,15 31.5541421,15 L31.5541766,15 Z';

/**
 * One choice of a few, by index (boolean and numeric values work). The markup
 * and classes are antd-mobile's Radio.Group/Space/Radio, written out: its Radio
 * costs a context, ahooks state, an effect and a native click listener each,
 * and the occupational form has 64 rows of 4 (docs/benchmarks-forms.md).
 */
export const RadioWidget = memo(function RadioWidget({ id, node, value, onChange }: WidgetProps) {
  const choices = node.choices ?? [];
  const index = choices.findIndex((c) => c.value === value);
  return (
    <div id={id}>
      <div className="adm-space adm-space-wrap adm-space-horizontal" style={SPACE_STYLE}>
        {choices.map((c, i) => (
          <div key={String(c.value)} className="adm-space-item">
            <label className={i === index ? 'adm-radio adm-radio-checked' : 'adm-radio'} style={CHOICE_STYLE}>
              <input type="radio" checked={i === index} onChange={() => onChange(c.value)} />
              <div className="adm-radio-icon">
                {i === index && (
                  <svg viewBox="0 0 40 40">
                    <path d={CHECK} fill="currentColor" />
                  </svg>
                )}
              </div>
              <div className="adm-radio-content">{c.label}</div>
            </label>
          </div>
        ))}
      </div>
    </div>
  );
});
