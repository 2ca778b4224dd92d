/**
 * 号源容量 (issue 23): the calendars examinees book on — one per personal
 * type, the shared group pool, a company's own — as a month grid of what is
 * booked against the places, a day's slots edited beside it, bulk rules and
 * closed days. Every change is the server's to accept (never below what is
 * booked); the phone's next calendar shows it. Every admin reads; 运营 edits.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CapacityDay, CapacityMonthRes, CapacityScopeInfo } from '../../../contract/api/backoffice/capacity';
import { useRoles } from '../roles';
import { refusal } from '../refusal';
import { ErrorLine } from '../status';
import { capacityApi } from './api';
import { ClosedDays } from './ClosedDays';
import { DayEditor } from './DayEditor';
import { MonthGrid } from './MonthGrid';
import { addMonths, monthTitle } from './month';
import { RuleEditor } from './RuleEditor';
import './capacity.css';

type Side = 'day' | 'rule' | 'closed';

export default function CapacityView() {
  const { can } = useRoles();
  const canEdit = can('ops');
  const [scopes, setScopes] = useState<CapacityScopeInfo[]>([]);
  const [scope, setScope] = useState('P:person');
  const [today, setToday] = useState('');
  const [month, setMonth] = useState('');
  const [data, setData] = useState<CapacityMonthRes | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [side, setSide] = useState<Side>('day');
  const [error, setError] = useState('');

  useEffect(() => {
    capacityApi
      .scopes()
      .then((r) => {
        setScopes(r.scopes);
        setToday(r.today);
        setMonth(r.today.slice(0, 7));
      })
      .catch((e: unknown) => setError(refusal(e) ?? ''));
  }, []);

  const load = useCallback(async () => {
    if (!month) return;
    try {
      const r = await capacityApi.month(scope, month);
      setData(r);
      setToday(r.today);
      setError('');
    } catch (e) {
      setError(refusal(e) ?? '');
    }
  }, [scope, month]);
  useEffect(() => {
    void load();
  }, [load]);

  const days = useMemo(() => new Map<string, CapacityDay>((data?.month === month && data.scope === scope ? data.days : []).map((d) => [d.day, d])), [data, month, scope]);
  const info = scopes.find((s) => s.scope === scope) ?? { scope, label: scope };
  const totals = [...days.values()].reduce((t, d) => ({ places: t.places + (d.flag === 'F' ? d.places : 0), booked: t.booked + d.booked }), { places: 0, booked: 0 });

  /** The selected day of another month (after a page turn) is read on its own. */
  const [other, setOther] = useState<CapacityDay | null>(null);
  const [rev, setRev] = useState(0);
  useEffect(() => {
    setOther(null);
    if (!selected || selected.startsWith(month)) return;
    capacityApi.day(scope, selected).then((r) => setOther(r.day), () => undefined);
  }, [selected, scope, month, rev]);
  const changed = () => {
    void load();
    setRev((n) => n + 1);
  };
  const selectedDay = selected ? (selected.startsWith(month) ? days.get(selected) ?? null : other) : null;

  if (!month) return error ? <p className="st-error">{error}</p> : <p className="st-muted">正在载入…</p>;
  return (
    <div className="bo-capacity">
      <div className="bo-capacity-main">
        <div className="bo-toolbar">
          <label className="bo-capacity-scope">
            日历
            <select className="st-input" value={scope} onChange={(e) => setScope(e.target.value)}>
              {scopes.map((s) => (
                <option key={s.scope} value={s.scope}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="st-btn" aria-label="上个月" onClick={() => setMonth(addMonths(month, -1))}>
            ‹
          </button>
          <strong className="bo-capacity-month" aria-live="polite">
            {monthTitle(month)}
          </strong>
          <button type="button" className="st-btn" aria-label="下个月" onClick={() => setMonth(addMonths(month, 1))}>
            ›
          </button>
          <button type="button" className="st-btn" disabled={month === today.slice(0, 7)} onClick={() => setMonth(today.slice(0, 7))}>
            本月
          </button>
          <span className="st-muted bo-capacity-legend">格内为 已约/总数；本月开放日共 {totals.places} 个名额，已约 {totals.booked}</span>
        </div>
        <ErrorLine text={error} className="bo-capacity-lines" />
        <MonthGrid
          month={month}
          today={today}
          days={days}
          selected={selected}
          onPick={(d) => {
            setSelected(d);
            setSide('day');
          }}
        />
        <p className="st-muted bo-capacity-note">所有院区共用同一个日历（预约时段不分院区）。</p>
      </div>
      <aside className="bo-capacity-side">
        <div className="bo-capacity-tabs" role="tablist" aria-label="号源操作">
          {(
            [
              ['day', '日期'],
              ['rule', '批量设置'],
              ['closed', '休息日'],
            ] as Array<[Side, string]>
          )
            .filter(([s]) => s === 'day' || canEdit)
            .map(([s, text]) => (
              <button key={s} type="button" role="tab" aria-selected={side === s} className={`bo-capacity-tab${side === s ? ' bo-capacity-tab-on' : ''}`} onClick={() => setSide(s)}>
                {text}
              </button>
            ))}
        </div>
        {side === 'day' ? (
          selected ? (
            <DayEditor key={`${scope}|${selected}`} scope={scope} label={info.label} day={selected} data={selectedDay} today={today} canEdit={canEdit} onChanged={changed} />
          ) : (
            <p className="st-muted">点击日历中的日期，查看和修改当天的时段与名额。</p>
          )
        ) : side === 'rule' ? (
          <RuleEditor key={scope} scope={scope} label={info.label} today={today} onApplied={changed} />
        ) : (
          <ClosedDays scope={info} scopes={scopes} today={today} onChanged={changed} />
        )}
      </aside>
    </div>
  );
}
