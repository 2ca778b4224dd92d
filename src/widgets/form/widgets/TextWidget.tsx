import { memo } from 'react';
import { Input } from 'antd-mobile';
import type { WidgetProps } from '../types';
import { defaultPlaceholder } from '../../../engine/form/display';

/** Single-line text; `x-options.maxLength` or the schema's maxLength caps it. */
export const TextWidget = memo(function TextWidget({ id, node, value, onChange }: WidgetProps<string>) {
  const o = node.options;
  return (
    <Input
      id={id}
      value={value ?? ''}
      onChange={(v) => onChange(v)}
      placeholder={node.placeholder ?? defaultPlaceholder(node.label)}
      maxLength={(o.maxLength as number | undefined) ?? (node.schema.maxLength as number | undefined)}
      type={(o.inputType as string | undefined) ?? (node.schema.writeOnly === true ? 'password' : 'text')}
      inputMode={o.inputMode as 'text' | 'numeric' | 'tel' | undefined}
      clearable={o.clearable !== false}
    />
  );
});
