import { memo } from 'react';
import { Checkbox, Space } from 'antd-mobile';
import type { WidgetProps } from '../types';

/** Compact enough for three two-character choices beside a label on a 375 px phone. */
const CHOICE_STYLE = { '--icon-size': '18px', '--font-size': '15px', '--gap': '6px' } as React.CSSProperties;

/** Multi-select; the value lists the chosen values in choice order. */
export const CheckboxesWidget = memo(function CheckboxesWidget({ id, node, value, onChange }: WidgetProps<unknown[]>) {
  const choices = node.choices ?? [];
  const chosen = choices.flatMap((c, i) => (value?.includes(c.value) ? [i] : []));
  return (
    <Checkbox.Group value={chosen} onChange={(idx) => onChange(choices.filter((_, i) => idx.includes(i)).map((c) => c.value))}>
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
