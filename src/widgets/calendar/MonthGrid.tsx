import { Button } from 'antd-mobile';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { buildMonthGrid } from './month-grid';
import { dayLabel, dayStatus, isRed, isSelectable, remainingText, showsRemaining, type DayLabels } from './day-status';
import type { MappedDay } from './day-map';

export interface MonthGridProps {
  month: string; // YYYY-MM
  today: string; // YYYY-MM-DD
  days: Map<string, MappedDay>;
  selected?: string;
  threshold: number;
  hasSumField: boolean;
  labels: DayLabels;
  weekdayHeaders: string[];
  monthFormat: string;
  showPrev: boolean;
  showNext: boolean;
  onPrev(): void;
  onNext(): void;
  onPick(date: string): void;
}

const RED = 'var(--adm-color-danger)';
/** Past days are not choosable (aria-disabled): drawn faint, like antd's disabled controls. */
const PAST = '#b0b0b0';
/** The month arrows: 44×44 px tap targets. */
const NAV_BUTTON = { width: 44, height: 44, padding: 0, fontSize: 18 };

/** The month view: header with prev/next, weekday row (Sunday first), day cells with status labels. */
export function MonthGrid(p: MonthGridProps) {
  const weeks = buildMonthGrid(p.month);
  return (
    <div style={{ background: '#fff', padding: '8px 8px 12px' }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '4px 4px 8px' }}>
        <div style={{ width: 44 }}>
          {p.showPrev ? (
            <Button size="small" fill="none" onClick={p.onPrev} aria-label="上个月" data-nav="prev-month" style={NAV_BUTTON}>
              <LeftOutline />
            </Button>
          ) : null}
        </div>
        <div style={{ fontSize: 17, fontWeight: 600 }}>{dayjs(`${p.month}-01`).format(p.monthFormat)}</div>
        <div style={{ width: 44, textAlign: 'right' }}>
          {p.showNext ? (
            <Button size="small" fill="none" onClick={p.onNext} aria-label="下个月" data-nav="next-month" style={NAV_BUTTON}>
              <RightOutline />
            </Button>
          ) : null}
        </div>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', textAlign: 'center', color: 'var(--adm-color-weak)', fontSize: 13, paddingBottom: 6 }}>
        {p.weekdayHeaders.map((w) => (
          <div key={w}>{w}</div>
        ))}
      </div>
      {weeks.map((week, wi) => (
        <div key={wi} style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 2 }}>
          {week.map((date, di) => {
            if (!date) return <div key={di} />;
            const day = p.days.get(date);
            const status = dayStatus(date, p.today, day, p.threshold, p.hasSumField);
            const selectable = isSelectable(status);
            const selected = p.selected === date;
            const red = isRed(status);
            return (
              <div
                key={di}
                role="button"
                aria-disabled={!selectable}
                tabIndex={selectable ? 0 : -1}
                data-status={status}
                onClick={() => selectable && p.onPick(date)}
                onKeyDown={(e) => {
                  if (selectable && (e.key === 'Enter' || e.key === ' ')) {
                    e.preventDefault();
                    p.onPick(date);
                  }
                }}
                style={{
                  minHeight: 56,
                  borderRadius: 6,
                  padding: '4px 0',
                  textAlign: 'center',
                  cursor: selectable ? 'pointer' : 'default',
                  background: selected ? 'var(--adm-color-primary)' : 'transparent',
                  color: selected ? '#fff' : status === 'past' ? PAST : 'inherit',
                }}
              >
                <div style={{ fontSize: 15 }}>{Number(date.slice(8))}</div>
                <div style={{ fontSize: 11, color: selected ? '#fff' : red ? RED : status === 'tight' ? 'var(--adm-color-warning)' : 'var(--adm-color-weak)' }}>
                  {dayLabel(status, p.labels)}
                </div>
                {showsRemaining(status) ? (
                  <div style={{ fontSize: 10, color: selected ? '#fff' : 'var(--adm-color-weak)' }}>{remainingText(day?.surplus, p.labels)}</div>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
