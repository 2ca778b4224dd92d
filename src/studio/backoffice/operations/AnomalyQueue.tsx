/**
 * The anomaly queue: money where it should not be (a payment after a cancel, twice, after the
 * hold ran out…, a refund the gateway refused). 待处理 lists what is not back and not handled;
 * 已处理 what was refunded or marked. With 运营: 退款 (a confirm step stating the amount; the
 * refund goes through the payment provider) and 标记已处理 (a note is required, checked here
 * with the server's own rule). A refund WeChat is still processing shows 退款中, and the list
 * looks again every few seconds until it settles.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { opsNoteProblem, OPS_NOTE_MAX, type OpsAnomaly } from '../../../contract/api/backoffice/operations';
import { yuan } from '../money';
import { refusal } from '../refusal';
import { SaidLine, type Said } from '../status';
import { opsApi, when } from './api';

type Tab = 'open' | 'resolved';
type Acting = { id: string; mode: 'refund' | 'resolve' } | null;
const POLL_MS = 3000;

export function AnomalyQueue({ canAct, onMoneyChanged }: { canAct: boolean; onMoneyChanged: () => void }) {
  const [tab, setTab] = useState<Tab>('open');
  const [rows, setRows] = useState<OpsAnomaly[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [acting, setActing] = useState<Acting>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Said>(null);
  const noteId = useId();

  const load = useCallback(async (which: Tab) => {
    try {
      setRows((await opsApi.anomalies(which)).anomalies);
      setLoadError('');
    } catch (e) {
      const text = refusal(e);
      if (text !== null) setLoadError(text);
    }
  }, []);

  useEffect(() => {
    setRows(null);
    void load(tab);
  }, [tab, load]);

  // a refund WeChat is processing settles by its notify or the reconciler: look again until it has
  const processing = !!rows?.some((a) => a.refund === 'refunding');
  useEffect(() => {
    if (!processing) return;
    const t = setInterval(() => {
      void load(tab);
      onMoneyChanged();
    }, POLL_MS);
    return () => clearInterval(t);
  }, [processing, tab, load, onMoneyChanged]);

  const start = (a: OpsAnomaly, mode: 'refund' | 'resolve') => {
    setActing({ id: a.id, mode });
    setNote('');
    setNoteError('');
    setMessage(null);
  };

  const act = async (a: OpsAnomaly) => {
    if (!acting) return;
    if (acting.mode === 'resolve') {
      const problem = opsNoteProblem(note);
      if (problem) return setNoteError(problem);
    }
    setBusy(true);
    try {
      if (acting.mode === 'refund') {
        const r = await opsApi.refund(a.id, a.amountCents);
        setMessage({ ok: r.outcome !== 'FAILED', text: r.message });
        onMoneyChanged();
      } else {
        await opsApi.resolve(a.id, note.trim());
        setMessage({ ok: true, text: `已标记为已处理：${a.kindLabel} ${yuan(a.amountCents)}` });
      }
      setActing(null);
    } catch (e) {
      const text = refusal(e);
      if (text !== null) setMessage({ ok: false, text });
      setActing(null);
    } finally {
      setBusy(false);
      await load(tab);
    }
  };

  const who = (a: OpsAnomaly) => (a.person ? a.person.name : '—');

  return (
    <section className="bo-section" aria-labelledby="bo-operations-anomalies">
      <div className="bo-operations-head">
        <h2 id="bo-operations-anomalies">异常订单</h2>
        <div className="bo-operations-tabs" role="group" aria-label="异常订单范围">
          {(['open', 'resolved'] as const).map((t) => (
            <button key={t} className="st-btn st-small" aria-pressed={tab === t} onClick={() => setTab(t)}>
              {t === 'open' ? '待处理' : '已处理'}
            </button>
          ))}
        </div>
        {canAct ? null : <span className="st-muted bo-operations-sum">退款与标记需要「运营」角色</span>}
      </div>
      <SaidLine said={message} />
      {loadError ? (
        <p className="st-error" role="alert">
          {loadError}
        </p>
      ) : rows === null ? (
        <p className="st-muted">正在载入…</p>
      ) : rows.length === 0 ? (
        <p className="bo-operations-empty">{tab === 'open' ? '暂无异常订单' : '暂无已处理的异常订单'}</p>
      ) : (
        <table className="bo-table" data-testid="ops-anomalies">
          <thead>
            <tr>
              <th>时间</th>
              <th>类型</th>
              <th>订单</th>
              <th>体检人</th>
              <th className="bo-num">金额</th>
              <th>退款</th>
              <th>支付渠道答复 / 说明</th>
              <th>{tab === 'open' ? '操作' : '处理'}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} data-anomaly={a.id}>
                <td>{when(a.at)}</td>
                <td>{a.kindLabel}</td>
                <td>
                  {a.orderId || <span className="st-muted">（无订单）</span>}
                  <div className="bo-operations-small">
                    {a.packageName}
                    {a.examDay ? ` · ${a.examDay}` : ''}
                  </div>
                </td>
                <td className="bo-operations-person">
                  {who(a)}
                  {a.person ? (
                    <div className="bo-operations-small">
                      {a.person.idCard}
                      <br />
                      {a.person.tel}
                    </div>
                  ) : null}
                </td>
                <td className="bo-num">{yuan(a.amountCents)}</td>
                <td>
                  <span className={`bo-operations-state bo-operations-state-${a.refund}`}>{a.refundLabel}</span>
                  {a.refundBy ? <div className="bo-operations-small">{`${a.refundBy.by} 于 ${when(a.refundBy.at)} 发起`}</div> : null}
                </td>
                <td>{a.provider || <span className="st-muted">—</span>}</td>
                <td>
                  {a.resolved ? (
                    <div>
                      已处理：{a.resolved.note}
                      <div className="bo-operations-small">{`${a.resolved.by} · ${when(a.resolved.at)}`}</div>
                    </div>
                  ) : tab === 'resolved' ? (
                    <span className="st-muted">已退款</span>
                  ) : !canAct ? (
                    <span className="st-muted">—</span>
                  ) : acting?.id === a.id && acting.mode === 'refund' ? (
                    <div className="bo-operations-act">
                      <p className="bo-operations-confirm">
                        确认退款 <strong>{yuan(a.amountCents)}</strong>
                        {a.person ? ` 给 ${a.person.name}` : ''}？款项将原路退回付款人。
                      </p>
                      <div className="bo-operations-buttons">
                        <button className="st-btn st-small st-primary" disabled={busy} onClick={() => void act(a)}>
                          {busy ? '正在退款…' : `确认退款 ${yuan(a.amountCents)}`}
                        </button>
                        <button className="st-btn st-small" disabled={busy} onClick={() => setActing(null)}>
                          取消
                        </button>
                      </div>
                    </div>
                  ) : acting?.id === a.id && acting.mode === 'resolve' ? (
                    <div className="bo-operations-act">
                      <label htmlFor={noteId} className="bo-operations-small">
                        处理说明（必填）
                      </label>
                      <textarea
                        id={noteId}
                        className="st-input"
                        maxLength={OPS_NOTE_MAX}
                        value={note}
                        onChange={(e) => setNote(e.target.value)}
                        aria-invalid={!!noteError}
                        aria-describedby={noteError ? `${noteId}-err` : undefined}
                        placeholder="例如：已在柜台现金退回，顾客已签字"
                      />
                      {noteError ? (
                        <p className="st-error st-small-text" id={`${noteId}-err`} role="alert">
                          {noteError}
                        </p>
                      ) : null}
                      <div className="bo-operations-buttons">
                        <button className="st-btn st-small st-primary" disabled={busy} onClick={() => void act(a)}>
                          确认标记
                        </button>
                        <button className="st-btn st-small" disabled={busy} onClick={() => setActing(null)}>
                          取消
                        </button>
                      </div>
                    </div>
                  ) : a.refund === 'refunding' ? (
                    <span className="st-muted">等待微信支付结果…</span>
                  ) : (
                    <div className="st-actions bo-operations-buttons">
                      {a.refundable ? (
                        <button className="st-btn st-small st-danger" onClick={() => start(a, 'refund')}>
                          退款
                        </button>
                      ) : null}
                      <button className="st-btn st-small" onClick={() => start(a, 'resolve')}>
                        标记已处理
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
