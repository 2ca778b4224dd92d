/**
 * 运营看板 (issue 23): bookings against places for the next four weeks as a chart, the anomaly
 * queue with its actions, tomorrow's arrivals by slot, money in and out per day, and the order
 * search. Loaded lazily with the back office (BackOfficeView), and chart.js with it: the
 * studio's first chunk and the examinee app never carry it. Every admin reads; the actions show
 * for 运营 only (the server refuses them to anyone else anyway), and names, ID and phone numbers
 * come masked from the server unless the admin has 运营.
 */
import { useCallback, useEffect, useState } from 'react';
import type { OpsOverviewRes } from '../../../contract/api/backoffice/operations';
import { useRoles } from '../roles';
import { AnomalyQueue } from './AnomalyQueue';
import { Arrivals, MoneyTable } from './DayTables';
import { LoadChart } from './LoadChart';
import { OrderSearch } from './OrderSearch';
import { refusal } from '../refusal';
import { opsApi } from './api';
import './operations.css';

export default function OperationsView() {
  const { can } = useRoles();
  const [overview, setOverview] = useState<OpsOverviewRes | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    try {
      setOverview(await opsApi.overview());
      setError('');
    } catch (e) {
      const text = refusal(e);
      if (text !== null) setError(text);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  // after a refund the money table changes: read the overview again (stable, so the queue's polling keeps its timer)
  const reload = useCallback(() => void load(), [load]);

  return (
    <div className="bo-operations">
      <section className="bo-section" aria-labelledby="bo-operations-load">
        <div className="bo-operations-head">
          <h2 id="bo-operations-load">未来四周预约与号源</h2>
          <span className="st-muted bo-operations-sum">柱：已预约；线：号源</span>
        </div>
        {error ? (
          <p className="st-error" role="alert">
            {error}
          </p>
        ) : overview ? (
          <LoadChart scopes={overview.scopes} />
        ) : (
          <p className="st-muted">正在载入…</p>
        )}
      </section>
      <AnomalyQueue canAct={can('ops')} onMoneyChanged={reload} />
      {overview ? (
        <div className="bo-operations-grid">
          <Arrivals day={overview.tomorrow.day} count={overview.tomorrow.count} slots={overview.tomorrow.slots} masked={overview.masked} />
          <MoneyTable money={overview.money} />
        </div>
      ) : null}
      <OrderSearch />
    </div>
  );
}
