import { memo } from 'react';
import { TextArea } from 'antd-mobile';
import type { WidgetProps } from '../types';
import { defaultPlaceholder } from '../../../engine/form/display';

export const TextAreaWidget = memo(function TextAreaWidget({ id, node, value, onChange }: WidgetProps<string>) {
  const o = node.options;
  const maxLength = (o.maxLength as number | undefined) ?? (node.schema.maxLength as number | undefined);
  return (
    <TextArea
      id={id}
      value={value ?? ''}
      onChange={(v) => onChange(v)}
      placeholder={node.placeholder ?? defaultPlaceholder(node.label)}
      maxLength={maxLength}
      showCount={!!maxLength}
      rows={(o.rows as number | undefined) ?? 2}
      autoSize={{ minRows: (o.rows as number | undefined) ?? 2, maxRows: 6 }}
    />
  );
});
