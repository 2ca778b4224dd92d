/** How a value reads in view mode (and in `display` widgets). Pure. */
import type { FieldNode } from './schema-model';

export function formatDisplay(node: FieldNode, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  // `writeOnly` (a password): given, never shown back.
  if (node.schema.writeOnly === true) return '******';
  const label = (v: unknown) => node.choices?.find((c) => c.value === v)?.label ?? String(v);
  if (Array.isArray(value)) return value.map(label).join('、');
  if (typeof value === 'boolean' && !node.choices) return value ? '是' : '否';
  if (typeof value === 'string') return formatMoment(node.schema.format, value) ?? label(value);
  return label(value);
}

/**
 * A date-time or time as the person picked it, without seconds and offset:
 * '2024-05-01T08:30:00+08:00' → '2024-05-01 08:30', '08:30:00+08:00' → '08:30'
 * (the wall-clock time written, whatever the reader's own time zone).
 */
export function formatMoment(format: unknown, value: string): string | undefined {
  if (format === 'date-time') {
    const m = /^(\d{4}-\d\d-\d\d)[Tt ](\d\d:\d\d)/.exec(value);
    return m ? `${m[1]} ${m[2]}` : undefined;
  }
  if (format === 'time') return /^\d\d:\d\d/.exec(value)?.[0];
  return undefined;
}

/** The DOM id of a field's input: `<formId>-<path with dots as dashes>`. */
export function fieldId(formId: string, path: string): string {
  return `${formId}-${path.replace(/\./g, '-')}`;
}

/**
 * The grey hint of an empty box when the schema gives none: 请输入姓名 for a
 * name-like label; for a question or a sentence (运动时有没有不舒服？请简单描述)
 * 请输入 + the label reads oddly, so just 请填写. A leading number (6. 补充说明)
 * is not part of the name.
 */
export function defaultPlaceholder(label: string): string {
  const name = label.replace(/^\s*[\d一二三四五六七八九十]+[.、．)）]\s*/, '').trim();
  if (!name || /[？?。，,；;：:！!]/.test(name) || [...name].length > 10) return '请填写';
  return `请输入${name}`;
}
