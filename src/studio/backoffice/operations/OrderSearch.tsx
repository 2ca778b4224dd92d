/**
 * Finding an order: by name, mobile number, ID number (whole or its last 4+), order, exam or
 * trade number. The rule (at least 2 characters) is checked here with the server's own function;
 * the words are sent in a POST body, never a URL. ID and phone arrive masked unless the admin
 * has 运营 (the server decides).
 */
import { useId, useState, type FormEvent } from 'react';
import { opsSearchProblem, OPS_SEARCH_MAX, OPS_SEARCH_QMAX, type OpsSearchRes } from '../../../contract/api/backoffice/operations';
import { yuan } from '../money';
import { refusal } from '../refusal';
import { opsApi } from './api';

export function OrderSearch() {
  const [q, setQ] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [res, setRes] = useState<OpsSearchRes | null>(null);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = opsSearchProblem(q);
    if (problem) {
      setError(problem);
      return;
    }
    setError('');
    setBusy(true);
    try {
      setRes(await opsApi.search(q.trim()));
    } catch (err) {
      const text = refusal(err);
      if (text !== null) setError(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="bo-section" aria-labelledby="bo-operations-search">
      <div className="bo-operations-head">
        <h2 id="bo-operations-search">查询订单</h2>
        {res?.masked ? <span className="st-muted bo-operations-sum">证件号与手机号已隐藏：需要「运营」角色</span> : null}
      </div>
      <form className="bo-operations-search" onSubmit={submit} role="search" noValidate>
        <label htmlFor={id}>
          姓名、手机号、身份证号（或后 4 位以上）、订单号
          <input
            id={id}
            className="st-input"
            value={q}
            maxLength={OPS_SEARCH_QMAX}
            autoComplete="off"
            onChange={(e) => setQ(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-err` : undefined}
          />
        </label>
        <button className="st-btn st-primary" type="submit" disabled={busy}>
          {busy ? '正在查询…' : '查询'}
        </button>
      </form>
      {error ? (
        <p className="st-error" id={`${id}-err`} role="alert">
          {error}
        </p>
      ) : null}
      {res === null ? null : res.hits.length === 0 ? (
        <p className="bo-operations-empty">没有找到相符的订单</p>
      ) : (
        <>
          <p className="st-muted bo-operations-sum" role="status">
            {res.more ? `结果较多，只显示最近的 ${OPS_SEARCH_MAX} 条：请输入更完整的信息` : `找到 ${res.hits.length} 条`}
          </p>
          <table className="bo-table" data-testid="ops-search">
            <thead>
              <tr>
                <th>订单号</th>
                <th>姓名</th>
                <th>身份证号</th>
                <th>手机号</th>
                <th>类型 / 套餐</th>
                <th>体检日期</th>
                <th className="bo-num">金额</th>
                <th>状态</th>
                <th>预约时间</th>
              </tr>
            </thead>
            <tbody>
              {res.hits.map((h) => (
                <tr key={h.orderId} data-order={h.orderId}>
                  <td>{h.orderId}</td>
                  <td>{h.name}</td>
                  <td>{h.idCard}</td>
                  <td>{h.tel}</td>
                  <td>
                    {h.kind}
                    <div className="bo-operations-small">{h.packageName}</div>
                  </td>
                  <td>
                    {h.examDay}
                    <div className="bo-operations-small">{h.slot}</div>
                  </td>
                  <td className="bo-num">{yuan(h.amountCents)}</td>
                  <td>
                    {h.stateLabel}
                    <div className="bo-operations-small">{h.payLabel}</div>
                  </td>
                  <td>{h.createdTime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
