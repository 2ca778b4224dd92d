import { memo } from 'react';
import { Button } from 'antd-mobile';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useFormEnv } from '../context';
import type { ListProps } from '../types';

/**
 * A repeatable list: entries of fields (occupational work experiences) or
 * single values (medicines taken). Delete shows only while more than
 * `minItems` (default 0) entries remain; add stops at `maxItems`.
 */
export const ListWidget = memo(function ListWidget(props: ListProps) {
  return props.node.each ? <ValueList {...props} /> : <EntryList {...props} />;
});

function Head({ props }: { props: ListProps }) {
  const { node } = props;
  return (
    <div className="adm-list-header cf-section-title">
      {node.label}
      {!props.readOnly && node.required && (node.minItems ?? 0) > 0 ? <span className="adm-form-item-required-asterisk">*</span> : null}
      {node.description ? <div className="cf-hint cf-description">{node.description}</div> : null}
    </div>
  );
}

function AddButton({ props, count, onAdd }: { props: ListProps; count: number; onAdd(): void }) {
  const max = props.node.schema.maxItems as number | undefined;
  if (props.readOnly || (max !== undefined && count >= max)) return null;
  return (
    <div style={{ padding: '8px 12px' }}>
      <Button block size="small" color="primary" fill="outline" onClick={onAdd}>
        添加{props.node.each?.label ?? props.node.label}
      </Button>
    </div>
  );
}

function EntryList(props: ListProps) {
  const { node, path, readOnly, renderEntry, newEntry } = props;
  const env = useFormEnv();
  const { fields, append, remove } = useFieldArray({ control: env.control, name: path as never });
  const min = node.minItems ?? 0;
  return (
    <div className="cf-list" data-path={path}>
      <Head props={props} />
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
      <AddButton props={props} count={fields.length} onAdd={() => {
          append(newEntry() as never);
          env.changed();
        }} />
    </div>
  );
}

/**
 * Single values: react-hook-form's field arrays hold objects only, so the
 * list is the array value itself, replaced whole on add and delete; each
 * entry's control reads and writes its own index (`medicines.0`).
 */
function ValueList(props: ListProps) {
  const { node, path, readOnly, renderEntry, newEntry } = props;
  const env = useFormEnv();
  const watched = useWatch({ control: env.control, name: path as never }) as unknown;
  const list = Array.isArray(watched) ? (watched as unknown[]) : [];
  const min = node.minItems ?? 0;
  return (
    <div className="cf-list" data-path={path}>
      <Head props={props} />
      {list.map((_, i) => (
        <div key={i} className="cf-list-entry" data-index={i}>
          {renderEntry(
            `${path}.${i}`,
            i,
            !readOnly && list.length > min ? (
              <Button size="mini" color="danger" fill="outline" onClick={() => env.setValue(path, list.filter((__, j) => j !== i))}>
                删除
              </Button>
            ) : undefined,
          )}
        </div>
      ))}
      <AddButton props={props} count={list.length} onAdd={() => env.setValue(path, [...list, newEntry()])} />
    </div>
  );
}
