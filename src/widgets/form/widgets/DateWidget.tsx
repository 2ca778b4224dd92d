import { memo, Suspense, useState } from 'react';
import { LazyDatePicker as DatePicker } from './lazy-antd';
import dayjs from 'dayjs';
import type { WidgetEnv, WidgetProps } from '../types';

const FMT = 'YYYY-MM-DD';

/**
 * A date as 'YYYY-MM-DD'. `x-options.min` / `max` / `default` (where the wheel
 * starts while empty) are 'YYYY-MM-DD' or `=expr` (evaluated by the app's
 * evaluator). Without min/max: 100 years back to the end of next year (the
 * spec's widest ranges).
 */
export const DateWidget = memo(function DateWidget({ id, node, value, onChange, env }: WidgetProps<string>) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const o = node.options;
  const min = toDate(o.min, env) ?? dayjs().subtract(100, 'year').startOf('year').toDate();
  const max = toDate(o.max, env) ?? dayjs().add(1, 'year').endOf('year').toDate();
  const current = value && dayjs(value).isValid() ? dayjs(value).toDate() : undefined;
  return (
    <>
      <div
        id={id}
        role="button"
        className={current ? 'cf-picker' : 'cf-picker cf-placeholder'}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {current ? value : (node.placeholder ?? `请选择${node.label}`)}
      </div>
      {mounted && (
        <Suspense fallback={null}>
        <DatePicker
          visible={open}
          precision="day"
          min={min}
          max={max}
          value={current}
          defaultValue={toDate(o.default, env) ?? undefined}
          onClose={() => setOpen(false)}
          onConfirm={(d) => onChange(dayjs(d).format(FMT))}
        />
        </Suspense>
      )}
    </>
  );
});

/** 'YYYY-MM-DD', a Date, or `=expr` → Date; undefined when absent or unreadable. */
export function toDate(v: unknown, env: Pick<WidgetEnv, 'evalValue'>): Date | undefined {
  const raw = typeof v === 'string' && v.startsWith('=') ? env.evalValue(v.slice(1)) : v;
  if (raw instanceof Date) return raw;
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const d = dayjs(raw);
  return d.isValid() ? d.toDate() : undefined;
}
