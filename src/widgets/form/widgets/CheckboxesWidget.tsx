import { memo } from 'react';
import { Checkbox, Space } from 'antd-mobile';
import type { WidgetProps } from '../types';

/** Compact enough for three two-character choices beside a label on a 375 px phone. */
const CHOICE_STYLE = { '--icon-size': '18px', '--font-size': '15px', '--gap': '6px' } as React.CSSProperties;

/**
 * Multi-select; the value lists the chosen values in choice order. An option
 * in `x-exclusive` (以上都没有) is ticked alone: ticking it clears the others,
 * ticking another clears it (the schema refuses both together, ajv.ts).
 */
export const CheckboxesWidget = memo(function CheckboxesWidget({ id, node, value, onChange }: WidgetProps<unknown[]>) {
  const choices = node.choices ?? [];
  const chosen = choices.flatMap((c, i) => (value?.includes(c.value) ? [i] : []));
  const exclusive = node.schema['x-exclusive'];
  const isExclusive = (i: number) => Array.isArray(exclusive) && exclusive.includes(choices[i]?.value);
  const change = (idx: Array<string | number>) => {
    let next = idx.map(Number);
    const added = next.filter((i) => !chosen.includes(i));
    if (added.some(isExclusive)) next = added.filter(isExclusive).slice(-1);
    else if (added.length) next = next.filter((i) => !isExclusive(i));
    onChange(choices.filter((_, i) => next.includes(i)).map((c) => c.value));
  };
  return (
    <Checkbox.Group value={chosen} onChange={change}>
      <div id={id} role="group">
      <Space wrap style={{ '--gap-horizontal': '10px', '--gap-vertical': '6px' } as React.CSSProperties}>
        {choices.map((c, i) => (
          <Checkbox key={String(c.value)} value={i} style={CHOICE_STYLE}>
            {c.label}
          </Checkbox>
        ))}
      </Space>
      </div>
    </Checkbox.Group>
  );
});
