import { memo } from 'react';
import { Button } from 'antd-mobile';
import { useFieldArray } from 'react-hook-form';
import { useFormEnv } from '../context';
import type { ListProps } from '../types';

/**
 * A repeatable list of entries (occupational work experiences). Delete shows
 * only while more than `minItems` (default 1) entries remain; add stops at `maxItems`.
 */
export const ListWidget = memo(function ListWidget({ node, path, readOnly, renderEntry, newEntry }: ListProps) {
  const env = useFormEnv();
  const { fields, append, remove } = useFieldArray({ control: env.control, name: path as never });
  const min = node.minItems ?? 1;
  const max = node.schema.maxItems as number | undefined;
  return (
    <div className="cf-list" data-path={path}>
      <div className="adm-list-header cf-section-title">{node.label}</div>
      {fields.map((f, i) => (
        <div key={f.id} className="cf-list-entry" data-index={i}>
          <div className="cf-list-entry-head" style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 12px' }}>
            <span>
              {node.label} {i + 1}
            </span>
            {!readOnly && fields.length > min && (
              <Button size="mini" color="danger" fill="outline" onClick={() => {
                  remove(i);
                  env.changed();
                }}>
                删除
              </Button>
            )}
          </div>
          {renderEntry(`${path}.${i}`, i)}
        </div>
      ))}
      {!readOnly && (max === undefined || fields.length < max) && (
        <div style={{ padding: '8px 12px' }}>
          <Button block size="small" color="primary" fill="outline" onClick={() => {
              append(newEntry() as never);
              env.changed();
            }}>
            添加{node.label}
          </Button>
        </div>
      )}
    </div>
  );
});
