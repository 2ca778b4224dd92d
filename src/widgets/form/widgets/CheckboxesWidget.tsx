import { memo } from 'react';
import { Checkbox, Space } from 'antd-mobile';
import type { WidgetProps } from '../types';

/** Multi-select; the value lists the chosen values in choice order. */
export const CheckboxesWidget = memo(function CheckboxesWidget({ id, node, value, onChange }: WidgetProps<unknown[]>) {
  const choices = node.choices ?? [];
  const chosen = choices.flatMap((c, i) => (value?.includes(c.value) ? [i] : []));
  return (
    <Checkbox.Group value={chosen} onChange={(idx) => onChange(choices.filter((_, i) => idx.includes(i)).map((c) => c.value))}>
      <div id={id}>
      <Space wrap style={{ '--gap-horizontal': '16px' } as React.CSSProperties}>
        {choices.map((c, i) => (
          <Checkbox key={String(c.value)} value={i}>
            {c.label}
          </Checkbox>
        ))}
      </Space>
      </div>
    </Checkbox.Group>
  );
});
