import { useEffect, useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { toast } from '../../common/feedback';
import type { ScreenProps } from '../types';
import { PageLayout } from '../../common/PageLayout';
import { useBusy } from '../../common/use-busy';
import { asArray, asNumber, asText } from '../../common/values';
import { MonthGrid } from '../../calendar/MonthGrid';
import { SlotList } from '../../calendar/SlotList';
import { DEFAULT_DAY_LABELS, DEFAULT_TIGHT_THRESHOLD, type DayLabels } from '../../calendar/day-status';
import { DEFAULT_DAY_FIELDS, mapDays, normalizeDate, type DayFields } from '../../calendar/day-map';
import { DEFAULT_SLOT_FIELDS, confirmPayload, mapSlots, type Slot, type SlotFields } from '../../calendar/slots';
import {
  DEFAULT_WEEKDAY_HEADERS,
  DEFAULT_WEEK_NAMES,
  canGoNext,
  canGoPrev,
  monthRange,
  normalizeMonth,
  shiftMonth,
  todayString,
  weekName,
} from '../../calendar/month-grid';

export interface CalendarProps {
  days?: unknown;
  fields?: Partial<DayFields>;
  threshold?: number;
  today?: string;
  month?: string;
  maxMonth?: string;
  selectedDate?: string;
  labels?: Partial<DayLabels>;
  weekdays?: string[];
  weekNames?: string[];
  monthFormat?: string;
  tip?: string;
  slots?: unknown;
  slotFields?: Partial<SlotFields>;
  slotTitle?: string;
  slotFullMessage?: string;
  dateRequiredMessage?: string;
  slotRequiredMessage?: string;
  confirmText?: string;
  monthEvent?: string;
  dayEvent?: string;
  confirmEvent?: string;
}

/** Month calendar with per-day availability, then arrival slots, then 确定. */
export default function CalendarScreen({ props, emit, title }: ScreenProps<CalendarProps>) {
  const today = normalizeDate(props.today) || todayString();
  const [month, setMonth] = useState(() => normalizeMonth(props.month, today.slice(0, 7)));
  const [date, setDate] = useState<string | undefined>(() => normalizeDate(props.selectedDate) || undefined);
  const [slotCode, setSlotCode] = useState<string | undefined>();
  const [busy, guard] = useBusy();

  // A kind without a total-places field (fields given without `sum`) skips the 待开 check.
  const fields: DayFields = props.fields ? { ...props.fields, date: props.fields.date ?? 'date' } : DEFAULT_DAY_FIELDS;
  const days = useMemo(() => mapDays(asArray(props.days), fields), [props.days, fields.date, fields.flag, fields.sum, fields.surplus, fields.week]);
  const slotFields: SlotFields = props.slotFields ? { name: 'name', code: 'code', ...props.slotFields } : DEFAULT_SLOT_FIELDS;
  const slots = useMemo(() => mapSlots(asArray(props.slots), slotFields), [props.slots, slotFields.name, slotFields.code, slotFields.surplus]);
  const labels: DayLabels = { ...DEFAULT_DAY_LABELS, ...props.labels };
  const weekNames = props.weekNames?.length === 7 ? props.weekNames : DEFAULT_WEEK_NAMES;

  // A reloaded slot list may no longer hold the chosen slot (or it filled up).
  useEffect(() => {
    if (slotCode && !slots.some((s) => s.code === slotCode && !s.full)) setSlotCode(undefined);
  }, [slots, slotCode]);

  const changeMonth = (delta: number) => {
    const next = shiftMonth(month, delta);
    setMonth(next);
    if (props.monthEvent) void emit(props.monthEvent, { ...monthRange(next), month: next });
  };

  const pickDay = (d: string) => {
    setDate(d);
    setSlotCode(undefined);
    if (props.dayEvent) void emit(props.dayEvent, { date: d });
  };

  const pickSlot = (s: Slot) => {
    if (s.full) {
      if (props.slotFullMessage) toast(props.slotFullMessage);
      return;
    }
    setSlotCode(s.code);
  };

  const confirm = () =>
    guard(async () => {
      if (!date) {
        toast(props.dateRequiredMessage ?? '请选择体检日期');
        return;
      }
      const slot = slots.find((s) => s.code === slotCode && !s.full);
      if (!slot) {
        toast(props.slotRequiredMessage ?? '请选择报到时间');
        return;
      }
      const week = days.get(date)?.week ?? weekName(date, weekNames);
      if (props.confirmEvent) {
        await emit(props.confirmEvent, confirmPayload(date, week, days.get(date)?.raw, slot));
      }
    });

  return (
    <PageLayout
      title={title}
      footer={
        <Button block color="primary" loading={busy} onClick={confirm}>
          {props.confirmText ?? '确定'}
        </Button>
      }
    >
      <MonthGrid
        month={month}
        today={today}
        days={days}
        selected={date}
        threshold={asNumber(props.threshold, DEFAULT_TIGHT_THRESHOLD)}
        hasSumField={Boolean(fields.sum)}
        labels={labels}
        weekdayHeaders={props.weekdays?.length === 7 ? props.weekdays : DEFAULT_WEEKDAY_HEADERS}
        monthFormat={props.monthFormat ?? 'YYYY年M月'}
        showPrev={canGoPrev(month, today)}
        showNext={canGoNext(month, normalizeMonth(props.maxMonth, '') || undefined)}
        onPrev={() => changeMonth(-1)}
        onNext={() => changeMonth(1)}
        onPick={pickDay}
      />
      {props.tip ? <div style={{ padding: '8px 12px', fontSize: 12, color: 'var(--adm-color-weak)' }}>{asText(props.tip)}</div> : null}
      {date ? (
        <SlotList
          slots={slots}
          selectedCode={slotCode}
          title={props.slotTitle ? `${props.slotTitle}（${date} ${days.get(date)?.week ?? weekName(date, weekNames)}）` : `${date} ${weekName(date, weekNames)}`}
          fullLabel={labels.full}
          remainingLabel={labels.remaining}
          onPick={pickSlot}
        />
      ) : null}
    </PageLayout>
  );
}
