/** How a value reads in view mode (and in `display` widgets). Pure. */
import type { FieldNode } from './schema-model';

export function formatDisplay(node: FieldNode, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const label = (v: unknown) => node.choices?.find((c) => c.value === v)?.label ?? String(v);
  if (Array.isArray(value)) return value.map(label).join('、');
  if (typeof value === 'boolean' && !node.choices) return value ? '是' : '否';
  return label(value);
}

/** The DOM id of a field's input: `<formId>-<path with dots as dashes>`. */
export function fieldId(formId: string, path: string): string {
  return `${formId}-${path.replace(/\./g, '-')}`;
}
