import type React from 'react';
import { List } from 'antd-mobile';
import { asText } from './values';

export interface LabelValue {
  label?: unknown;
  value?: unknown;
  /** Colour of the value text (e.g. red for an amount). */
  color?: unknown;
}

/** label: value lines as an antd List; rows with an empty value are kept (a blank value is information too). */
export function LabelValueRows({ rows, header }: { rows: LabelValue[]; header?: string }) {
  if (rows.length === 0) return null;
  return (
    <List header={header} style={{ '--font-size': '15px' } as React.CSSProperties}>
      {rows.map((r, i) => (
        <List.Item key={i} extra={<span style={{ color: asText(r.color) || undefined, wordBreak: 'break-all' }}>{asText(r.value)}</span>}>
          <span style={{ color: 'var(--adm-color-weak)', whiteSpace: 'nowrap' }}>{asText(r.label)}</span>
        </List.Item>
      ))}
    </List>
  );
}
