import { memo } from 'react';
import { Radio, Space } from 'antd-mobile';
import type { WidgetProps } from '../types';

/** Compact enough for three two-character choices beside a label on a 375 px phone. */
const CHOICE_STYLE = { '--icon-size': '18px', '--font-size': '15px', '--gap': '6px' } as React.CSSProperties;

/** Choices by index, so boolean and numeric values work with antd's string/number radios. */
export const RadioWidget = memo(function RadioWidget({ id, node, value, onChange }: WidgetProps) {
  const choices = node.choices ?? [];
  const index = choices.findIndex((c) => c.value === value);
  return (
    <Radio.Group value={index < 0 ? null : index} onChange={(i) => onChange(choices[Number(i)]?.value)}>
      <div id={id} role="radiogroup">
      <Space wrap style={{ '--gap-horizontal': '10px', '--gap-vertical': '6px' } as React.CSSProperties}>
        {choices.map((c, i) => (
          <Radio key={String(c.value)} value={i} style={CHOICE_STYLE}>
            {c.label}
          </Radio>
        ))}
      </Space>
      </div>
    </Radio.Group>
  );
});
