import { memo, Suspense, useState } from 'react';
import { Input } from 'antd-mobile';
import { LazyStepper as Stepper } from './lazy-antd';
import type { WidgetProps } from '../types';
import { defaultPlaceholder } from '../../../engine/form/display';

/**
 * Numbers. Keeps the typed text locally ("1." must survive a keystroke) and
 * emits a number for number/integer schemas, the text for string schemas
 * (height/weight kept as text with a maxLength). `x-options.stepper` → Stepper.
 */
export const NumberWidget = memo(function NumberWidget({ id, node, value, onChange }: WidgetProps<number | string>) {
  const o = node.options;
  const integer = node.type === 'integer';
  const min = (o.min as number | undefined) ?? (node.schema.minimum as number | undefined);
  const max = (o.max as number | undefined) ?? (node.schema.maximum as number | undefined);
  const [draft, setDraft] = useState(value === undefined ? '' : String(value));
  if (o.stepper) {
    return (
      <Suspense fallback={null}>
      <Stepper
        value={typeof value === 'number' ? value : null}
        min={min}
        max={max}
        digits={integer ? 0 : undefined}
        allowEmpty
        onChange={(v) => onChange(v ?? undefined)}
      />
      </Suspense>
    );
  }
  const toValue = (s: string): number | string | undefined => {
    if (s === '' || node.type === 'string') return s || undefined;
    const n = Number(s);
    return Number.isFinite(n) ? n : undefined;
  };
  // The local text wins while it still means the value; otherwise the value
  // changed from outside (reset, restored draft) and is shown as is.
  const shown = toValue(draft) === value ? draft : value === undefined ? '' : String(value);
  // A phone's digit pad has no minus key: where the schema allows a negative (室温 −50…50), the full keyboard.
  const negative = typeof min === 'number' && min < 0;
  return (
    <Input
      id={id}
      value={shown}
      inputMode={negative ? 'text' : integer ? 'numeric' : 'decimal'}
      placeholder={node.placeholder ?? defaultPlaceholder(node.label)}
      maxLength={(o.maxLength as number | undefined) ?? (node.schema.maxLength as number | undefined)}
      onChange={(typed) => {
        // A Chinese keyboard's minus (－, −) and full-width digits mean the same number.
        const s = typed.replace(/[−－]/g, '-').replace(/[０-９]/g, (c) => String(c.charCodeAt(0) - 0xff10)).replace(/．/g, '.');
        if (!(integer ? /^-?\d*$/ : /^-?\d*\.?\d*$/).test(s)) return;
        setDraft(s);
        onChange(toValue(s));
      }}
    />
  );
});
