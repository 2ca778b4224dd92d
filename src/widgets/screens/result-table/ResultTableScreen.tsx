import type React from 'react';
import { useMemo } from 'react';
import { Card, Tag } from 'antd-mobile';
import type { ScreenProps } from '../types';
import { EmptyState } from '../../common/EmptyState';
import { LabelValueRows, type LabelValue } from '../../common/LabelValueRows';
import { PageLayout } from '../../common/PageLayout';
import { DEFAULT_RESULT_FIELDS, groupByClass, mapResultGroups, type ResultFields, type ResultGroup } from './result-model';

export interface ResultTableProps {
  groups?: unknown;
  fields?: Partial<ResultFields>;
  classLabels?: Record<string, string>;
  rows?: LabelValue[];
  columns?: { item?: string; result?: string; unit?: string; range?: string };
  doctorLabel?: string;
  emptyText?: string;
}

const RED = 'var(--adm-color-danger)';
const cell: React.CSSProperties = { padding: '6px 4px', borderBottom: '1px solid var(--adm-color-border)', fontSize: 13, verticalAlign: 'top' };

/** Report detail: result groups (per combined item) with a row per measured item, sectioned by check class. */
export default function ResultTableScreen({ props, title }: ScreenProps<ResultTableProps>) {
  const fields = { ...DEFAULT_RESULT_FIELDS, ...props.fields };
  const sections = useMemo(() => groupByClass(mapResultGroups(props.groups, fields), props.classLabels), [props.groups, props.classLabels, JSON.stringify(props.fields ?? {})]);
  const col = { item: '项目', result: '结果', unit: '单位', range: '参考范围', ...props.columns };
  return (
    <PageLayout title={title}>
      {props.rows?.length ? <LabelValueRows rows={props.rows} /> : null}
      {sections.length === 0 ? <EmptyState text={props.emptyText} /> : null}
      {sections.map((s, si) => (
        <div key={si}>
          {s.label ? <div style={{ padding: '14px 16px 4px', fontSize: 16, fontWeight: 600 }}>{s.label}</div> : null}
          {s.groups.map((g, gi) => (
            <GroupCard key={gi} group={g} col={col} doctorLabel={props.doctorLabel ?? '检查医生'} />
          ))}
        </div>
      ))}
    </PageLayout>
  );
}

function GroupCard({ group, col, doctorLabel }: { group: ResultGroup; col: Required<NonNullable<ResultTableProps['columns']>>; doctorLabel: string }) {
  return (
    <Card title={group.title} extra={group.tag ? <Tag color="primary" fill="outline">{group.tag}</Tag> : undefined} style={{ margin: '8px 12px', borderRadius: 8 }}>
      {group.rows.length ? (
        <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
          <thead>
            <tr style={{ color: 'var(--adm-color-weak)', textAlign: 'left' }}>
              <th style={{ ...cell, width: '30%' }}>{col.item}</th>
              <th style={{ ...cell, width: '24%' }}>{col.result}</th>
              <th style={{ ...cell, width: '18%' }}>{col.unit}</th>
              <th style={{ ...cell, width: '28%' }}>{col.range}</th>
            </tr>
          </thead>
          <tbody>
            {group.rows.map((r, i) => (
              <tr key={i} data-abnormal={r.abnormal || undefined}>
                <td style={cell}>{r.name}</td>
                <td style={{ ...cell, color: r.abnormal ? RED : undefined, wordBreak: 'break-all' }}>
                  {r.result}
                  {r.hint ? <span style={{ color: r.abnormal ? RED : undefined, marginLeft: 2 }}>{r.hint}</span> : null}
                </td>
                {/* a long unit (mmol/L, 10^9/L) wraps in its own cell instead of running into the range */}
                <td style={{ ...cell, overflowWrap: 'anywhere' }}>{r.unit}</td>
                <td style={{ ...cell, overflowWrap: 'anywhere' }}>{r.range}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {group.doctor ? (
        <div style={{ textAlign: 'right', fontSize: 12, color: 'var(--adm-color-weak)', marginTop: 6 }}>
          {doctorLabel}：{group.doctor}
        </div>
      ) : null}
    </Card>
  );
}
