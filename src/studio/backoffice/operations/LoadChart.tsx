/**
 * Bookings against capacity per day (chart.js, only the pieces a bar + line chart needs, so the
 * library lands in this lazily loaded view's chunk and nowhere else): bars = places booked,
 * line = places, for the calendar chosen (the sum of all, or one kind / company).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { OPS_ALL_SCOPES, type OpsScopeLoad } from '../../../contract/api/backoffice/operations';
import { dayLabel } from './api';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

const BOOKED = '#1d5fd1';
const PLACES = '#c77700';

export function LoadChart({ scopes }: { scopes: OpsScopeLoad[] }) {
  const [scope, setScope] = useState(OPS_ALL_SCOPES);
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const selectId = useId();
  const shown = scopes.find((s) => s.scope === scope) ?? scopes[0];
  const totals = useMemo(
    () => (shown ? shown.days.reduce((a, d) => ({ places: a.places + d.places, booked: a.booked + d.booked }), { places: 0, booked: 0 }) : { places: 0, booked: 0 }),
    [shown],
  );

  useEffect(() => {
    if (!canvas.current || !shown) return;
    const labels = shown.days.map((d) => (d.holiday ? `${dayLabel(d.day)} 休` : dayLabel(d.day)));
    const data = {
      labels,
      datasets: [
        { type: 'bar' as const, label: '已预约', data: shown.days.map((d) => d.booked), backgroundColor: BOOKED, order: 2 },
        { type: 'line' as const, label: '号源', data: shown.days.map((d) => d.places), borderColor: PLACES, backgroundColor: PLACES, pointRadius: 2, borderWidth: 2, tension: 0, order: 1 },
      ],
    };
    if (chart.current) {
      chart.current.data = data;
      chart.current.update();
    } else {
      chart.current = new Chart(canvas.current, {
        data,
        options: {
          // no animation: the numbers are there at once (and a test or a screenshot sees them)
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { ticks: { autoSkip: true, maxRotation: 0 } } },
          plugins: { legend: { position: 'top', align: 'end' } },
        },
      });
    }
    canvas.current.dataset.days = String(shown.days.length);
  }, [shown]);

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  if (!shown) return <p className="bo-operations-empty">暂无号源数据</p>;
  const first = shown.days[0]?.day ?? '';
  const last = shown.days[shown.days.length - 1]?.day ?? '';
  return (
    <>
      <div className="bo-toolbar">
        <label htmlFor={selectId}>号源范围</label>
        <select id={selectId} className="st-input" value={shown.scope} onChange={(e) => setScope(e.target.value)}>
          {scopes.map((s) => (
            <option key={s.scope} value={s.scope}>
              {s.label}
            </option>
          ))}
        </select>
        <span className="st-muted bo-operations-sum">
          {first} 至 {last}：号源 {totals.places}，已预约 {totals.booked}
          {totals.places ? `（${Math.round((totals.booked / totals.places) * 100)}%）` : ''}
        </span>
      </div>
      <div className="bo-operations-chart">
        <canvas ref={canvas} role="img" aria-label={`${shown.label}每日预约与号源：${first} 至 ${last}，号源 ${totals.places}，已预约 ${totals.booked}`} />
      </div>
    </>
  );
}
