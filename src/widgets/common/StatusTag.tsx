import { Tag } from 'antd-mobile';
import { asText } from './values';

const NAMED = new Set(['default', 'primary', 'success', 'warning', 'danger']);
/** Spec words for colours (e.g. "red" for 休假/约满) mapped to antd-mobile's palette. */
const ALIASES: Record<string, string> = { red: 'danger', green: 'success', orange: 'warning', blue: 'primary', grey: 'default', gray: 'default' };

export function tagColor(color: unknown): string {
  const c = asText(color).trim();
  if (!c) return 'primary';
  if (NAMED.has(c)) return c;
  return ALIASES[c] ?? c; // any CSS colour passes through
}

/** A small status label; nothing when the text is empty. */
export function StatusTag({ text, color }: { text?: unknown; color?: unknown }) {
  const t = asText(text);
  if (!t) return null;
  return (
    <Tag color={tagColor(color)} fill="outline">
      {t}
    </Tag>
  );
}
