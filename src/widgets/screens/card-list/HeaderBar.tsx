import type React from 'react';
import { useEffect, useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { asText } from '../../common/values';

export interface HeaderFilter {
  /** Evaluated: strings (e.g. years) or {label, value}. */
  options?: unknown;
  /** Evaluated: the selected option value. */
  value?: unknown;
  event?: string;
}

export interface HeaderAction {
  text?: string;
  event?: string;
}

export interface HeaderBarProps {
  filter?: HeaderFilter;
  actions?: HeaderAction[];
  emit(name: string, payload?: Record<string, unknown>): Promise<void>;
}

export function filterOptions(options: unknown): Array<{ label: string; value: string }> {
  if (!Array.isArray(options)) return [];
  return options
    .map((o) => (o !== null && typeof o === 'object' ? { label: asText((o as Record<string, unknown>).label), value: asText((o as Record<string, unknown>).value) } : { label: asText(o), value: asText(o) }))
    .filter((o) => o.value !== '');
}

/** A bar above the list: a single-choice chip filter (report years) and action buttons (退出). */
export function HeaderBar({ filter, actions, emit }: HeaderBarProps) {
  const options = filterOptions(filter?.options);
  const [value, setValue] = useState(asText(filter?.value));
  useEffect(() => setValue(asText(filter?.value)), [filter?.value]);
  if (options.length === 0 && !actions?.length) return null;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, background: '#fff', padding: '8px 12px' }}>
      <div style={{ flex: 1, overflowX: 'auto', whiteSpace: 'nowrap' }}>
        {options.length ? (
          <Selector
            options={options}
            value={value ? [value] : []}
            showCheckMark={false}
            style={{ '--padding': '4px 12px' } as React.CSSProperties}
            onChange={(v) => {
              // Tapping the chosen chip again clears the filter: value null (= all).
              const next = v[0] ?? '';
              if (next === value) return;
              setValue(next);
              if (filter?.event) void emit(filter.event, { value: next === '' ? null : next });
            }}
          />
        ) : null}
      </div>
      {actions?.map((a, i) => (
        <Button key={i} size="small" onClick={() => {
            if (a.event) void emit(a.event);
          }}>
          {a.text ?? ''}
        </Button>
      ))}
    </div>
  );
}
