import { memo } from 'react';
import { formatDisplay } from '../../../engine/form/display';
import type { WidgetProps } from '../types';

/** Read-only text: the value (choice label), or `x-options.text` when there is none. */
export const DisplayWidget = memo(function DisplayWidget({ id, node, value }: WidgetProps) {
  return (
    <span id={id} className="cf-display">
      {formatDisplay(node, value) || ((node.options.text as string | undefined) ?? '')}
    </span>
  );
});
