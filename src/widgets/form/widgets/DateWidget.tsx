import { memo, Suspense, useState, type ReactNode } from 'react';
import { LazyDatePicker as DatePicker, LazyPicker as Picker } from './lazy-antd';
import dayjs from 'dayjs';
import { formatMoment } from '../../../engine/form/display';
import type { WidgetEnv, WidgetProps } from '../types';

const FMT = 'YYYY-MM-DD';
/** RFC 3339 as Ajv's `date-time` and `time` formats want it: seconds and the phone's offset. */
const DATE_TIME = 'YYYY-MM-DDTHH:mm:00Z';

/**
 * A date as 'YYYY-MM-DD'; with `"format": "date-time"` a date and time
 * ('2024-05-01T08:30:00+08:00'), with `"format": "time"` a time of day
 * ('08:30:00+08:00'), each from a wheel. `x-options.min` / `max` / `default`
 * (where the wheel starts while empty) are 'YYYY-MM-DD' or `=expr` (evaluated
 * by the app's evaluator). Without min/max: 100 years back to the end of next
 * year (the spec's widest ranges).
 */
export const DateWidget = memo(function DateWidget(p: WidgetProps<string>) {
  return p.node.schema.format === 'time' ? <TimeField {...p} /> : <DayField {...p} />;
});

/** The tappable box that opens a wheel; the wheel mounts on first open (130 closed pickers cost nothing). */
function Opener({ id, text, empty, wheel }: { id: string; text: string; empty: boolean; wheel(open: boolean, close: () => void): ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <div
        id={id}
        role="button"
        className={empty ? 'cf-picker cf-placeholder' : 'cf-picker'}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {text}
      </div>
      {mounted && <Suspense fallback={null}>{wheel(open, () => setOpen(false))}</Suspense>}
    </>
  );
}

function DayField({ id, node, value, onChange, env }: WidgetProps<string>) {
  const o = node.options;
  const withTime = node.schema.format === 'date-time';
  const min = toDate(o.min, env) ?? dayjs().subtract(100, 'year').startOf('year').toDate();
  const max = toDate(o.max, env) ?? dayjs().add(1, 'year').endOf('year').toDate();
  const current = value && dayjs(value).isValid() ? dayjs(value).toDate() : undefined;
  const shown = current ? (withTime ? (formatMoment('date-time', value!) ?? value!) : value!) : (node.placeholder ?? `请选择${node.label}`);
  return (
    <Opener
      id={id}
      text={shown}
      empty={!current}
      wheel={(open, close) => (
        <DatePicker
          visible={open}
          precision={withTime ? 'minute' : 'day'}
          min={min}
          max={max}
          value={current}
          defaultValue={toDate(o.default, env) ?? undefined}
          onClose={close}
          onConfirm={(d) => onChange(dayjs(d).format(withTime ? DATE_TIME : FMT))}
        />
      )}
    />
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => ({ label: pad(h), value: pad(h) }));
const MINUTES = Array.from({ length: 60 }, (_, m) => ({ label: pad(m), value: pad(m) }));

function TimeField({ id, node, value, onChange }: WidgetProps<string>) {
  const hm = value ? /^(\d\d):(\d\d)/.exec(value) : null;
  return (
    <Opener
      id={id}
      text={hm ? `${hm[1]}:${hm[2]}` : (node.placeholder ?? `请选择${node.label}`)}
      empty={!hm}
      wheel={(open, close) => (
        <Picker
          columns={[HOURS, MINUTES]}
          visible={open}
          value={hm ? [hm[1], hm[2]] : ['08', '00']}
          onClose={close}
          onConfirm={(v) => {
            if (v[0] != null && v[1] != null) onChange(`${v[0]}:${v[1]}:00${dayjs().format('Z')}`);
          }}
        />
      )}
    />
  );
}

/** 'YYYY-MM-DD', a Date, or `=expr` → Date; undefined when absent or unreadable. */
export function toDate(v: unknown, env: Pick<WidgetEnv, 'evalValue'>): Date | undefined {
  const raw = typeof v === 'string' && v.startsWith('=') ? env.evalValue(v.slice(1)) : v;
  if (raw instanceof Date) return raw;
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const d = dayjs(raw);
  return d.isValid() ? d.toDate() : undefined;
}
