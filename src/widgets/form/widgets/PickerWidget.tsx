import { memo, Suspense, useState } from 'react';
import { LazyPicker as Picker } from './lazy-antd';
import { SearchSheet } from './SearchSheet';
import type { WidgetProps } from '../types';

/**
 * One choice from a wheel, or with `x-options.search` from a searchable list
 * in a bottom sheet (SearchSheet: for long lists). Either popup mounts on
 * first open only: 130 closed pickers must cost nothing.
 */
export const PickerWidget = memo(function PickerWidget({ id, node, value, onChange }: WidgetProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const choices = node.choices ?? [];
  const index = choices.findIndex((c) => c.value === value);
  const search = node.options.search === true;
  return (
    <>
      <div
        id={id}
        role="button"
        className={index < 0 ? 'cf-picker cf-placeholder' : 'cf-picker'}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {index < 0 ? (node.placeholder ?? `请选择${node.label}`) : choices[index].label}
      </div>
      {mounted && search && (
        <Suspense fallback={null}>
          <SearchSheet title={node.label} choices={choices} chosen={index} visible={open} onClose={() => setOpen(false)} onPick={(i) => onChange(choices[i]?.value)} />
        </Suspense>
      )}
      {mounted && !search && (
        <Suspense fallback={null}>
        <Picker
          columns={[choices.map((c, i) => ({ label: c.label, value: String(i) }))]}
          visible={open}
          value={index < 0 ? [] : [String(index)]}
          onClose={() => setOpen(false)}
          onConfirm={(v) => {
            if (v[0] != null) onChange(choices[Number(v[0])]?.value);
          }}
        />
        </Suspense>
      )}
    </>
  );
});
