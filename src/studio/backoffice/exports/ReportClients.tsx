/**
 * 报告接口客户端 (配置 only): the hospital system's clients of the report push
 * (docs/report-push.md). Making one shows its secret this once — the server
 * keeps no copy — to hand to the hospital's IT with the client number; revoking
 * one (after a confirm step) refuses its next request at once.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import {
  reportClientNameProblem,
  type ReportClientCreateRes,
  type ReportClientInfo,
  type ReportClientRevokeRes,
  type ReportClientsRes,
} from '../../../contract/api/report-push';
import { centreMinute } from '../../../contract/rules/centre-day';
import { studioCall } from '../../api';
import { SaidLine, useAction } from '../status';

const when = (iso: string | null) => (iso ? centreMinute(Date.parse(iso)) : '—');

function Status({ c }: { c: ReportClientInfo }) {
  if (c.revokedAt) return <span className="st-chip">已停用</span>;
  if (!c.keyOk) return <span className="st-chip st-chip-bad" title="服务器的 REPORT_PUSH_KEY 已更换，此客户端的密钥不再有效：请新建客户端并停用它">密钥失效</span>;
  return <span className="st-chip st-chip-ok">启用</span>;
}

export default function ReportClients() {
  const [data, setData] = useState<ReportClientsRes | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [made, setMade] = useState<ReportClientCreateRes | null>(null);
  const [confirm, setConfirm] = useState('');
  const { busy, said, fail, run } = useAction();
  const nameId = useId();

  const load = useCallback(async () => {
    try {
      setData(await studioCall<ReportClientsRes>('GET', '/report-clients'));
    } catch (e) {
      fail(e);
    }
  }, [fail]);
  useEffect(() => void load(), [load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const problem = reportClientNameProblem(name);
    setNameError(problem ?? '');
    if (problem) return;
    await run(async () => {
      setMade(await studioCall<ReportClientCreateRes>('POST', '/report-clients', { name: name.trim() }));
      setName('');
      await load();
    });
  };

  const revoke = (id: string) =>
    run(async () => {
      await studioCall<ReportClientRevokeRes>('POST', `/report-clients/${encodeURIComponent(id)}/revoke`, {});
      setConfirm('');
      if (made?.client.id === id) setMade(null);
      await load();
    });

  return (
    <section className="bo-section bo-exports-clients" aria-labelledby="bo-exports-clients">
      <h2 id="bo-exports-clients">报告接口客户端</h2>
      <p className="st-muted st-small-text">
        医院系统通过接口 <code>POST {data?.path ?? '/api/his/reports'}</code> 推送体检报告，每个请求用客户端密钥签名（HMAC-SHA256），说明见 docs/report-push.md。密钥只在新建时显示一次，服务器不保存。
      </p>
      {data && !data.keyConfigured ? (
        <p className="st-error" role="alert">
          服务器未配置 REPORT_PUSH_KEY（至少 32 个字符），接口未启用，也不能新建客户端。
        </p>
      ) : null}
      <SaidLine said={said} />
      {made ? (
        <div className="bo-exports-secret" role="status" aria-label="新客户端的密钥">
          <strong>已新建客户端「{made.client.name}」。请现在复制密钥交给医院信息科，关闭后无法再次查看。</strong>
          <dl>
            <dt>客户端编号</dt>
            <dd data-testid="new-client-id">{made.client.id}</dd>
            <dt>密钥</dt>
            <dd data-testid="new-client-secret">{made.secret}</dd>
          </dl>
          <button
            className="st-btn"
            onClick={() => {
              setMade(null);
              void load();
            }}
          >
            我已保存，关闭
          </button>
        </div>
      ) : null}
      <form className="bo-exports-form" onSubmit={(e) => void create(e)} noValidate>
        <label className="st-field" htmlFor={nameId}>
          <span>客户端名称</span>
          <input
            id={nameId}
            className="st-input"
            value={name}
            placeholder="例如：院内 HIS"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${nameId}-err` : undefined}
          />
        </label>
        <button className="st-btn st-primary" type="submit" disabled={busy || (data !== null && !data.keyConfigured)}>
          新建客户端
        </button>
        {nameError ? (
          <p className="st-error st-small-text" id={`${nameId}-err`} role="alert">
            {nameError}
          </p>
        ) : null}
      </form>
      {data ? (
        data.clients.length ? (
          <table className="bo-table">
            <thead>
              <tr>
                <th>客户端编号</th>
                <th>名称</th>
                <th>创建</th>
                <th>最近推送</th>
                <th>状态</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {data.clients.map((c) => (
                <tr key={c.id} className={c.revokedAt ? 'bo-exports-off' : undefined}>
                  <td>
                    <code>{c.id}</code>
                  </td>
                  <td>{c.name}</td>
                  <td>
                    {when(c.createdAt)}（{c.createdBy}）
                  </td>
                  <td>{when(c.lastUsedAt)}</td>
                  <td>
                    <Status c={c} />
                    {c.revokedAt ? <span className="st-small-text st-muted"> {when(c.revokedAt)}（{c.revokedBy}）</span> : null}
                  </td>
                  <td>
                    {c.revokedAt ? null : confirm === c.id ? (
                      <>
                        <button className="st-btn st-danger" disabled={busy} onClick={() => void revoke(c.id)}>
                          确认停用
                        </button>
                        <button className="st-link" onClick={() => setConfirm('')}>
                          取消
                        </button>
                      </>
                    ) : (
                      <button className="st-btn" onClick={() => setConfirm(c.id)} aria-label={`停用 ${c.name}`}>
                        停用
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="st-muted">还没有客户端。</p>
        )
      ) : (
        <p className="st-muted" role="status">
          正在载入…
        </p>
      )}
    </section>
  );
}
