import { memo } from 'react';
import { Radio, Space } from 'antd-mobile';
import type { WidgetProps } from '../types';

/** Choices by index, so boolean and numeric values work with antd's string/number radios. */
export const RadioWidget = memo(function RadioWidget({ id, node, value, onChange }: WidgetProps) {
  const choices = node.choices ?? [];
  const index = choices.findIndex((c) => c.value === value);
  return (
    <Radio.Group value={index < 0 ? null : index} onChange={(i) => onChange(choices[Number(i)]?.value)}>
      <div id={id}>
      <Space wrap style={{ '--gap-horizontal': '16px' } as React.CSSProperties}>
        {choices.map((c, i) => (
          <Radio key={String(c.value)} value={i}>
            {c.label}
          </Radio>
        ))}
      </Space>
      </div>
    </Radio.Group>
  );
});
