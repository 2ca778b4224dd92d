/**
 * 操作日志 (issue 23): every change to data, roles and config, newest first — the
 * filters (the centre's days, 操作人, 对象, free text), 加载更多 (100 at a time),
 * a row opened shows its before and after side by side (AuditDiff), and 导出 Excel
 * with the filters the table shows. Every role reads it. The date rule is the
 * server's own (auditFilterProblem), checked here before asking.
 */
import { Fragment, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  auditActionLabel,
  auditEntityLabel,
  auditFilterProblem,
  auditQuery,
  type AuditEntryInfo,
  type AuditFacetsRes,
  type AuditFilter,
  type AuditListRes,
} from '../../../contract/api/backoffice/audit';
import { centreDateTime } from '../../../contract/rules/centre-day';
import { studioCall, studioFileUrl } from '../../api';
import { refusal } from '../refusal';
import { ErrorLine } from '../status';
import { AuditDiff } from './AuditDiff';
import './audit.css';

const EMPTY: AuditFilter = { from: '', to: '', actor: '', entity: '', q: '' };

export default function AuditView() {
  const [draft, setDraft] = useState<AuditFilter>(EMPTY);
  const [applied, setApplied] = useState<AuditFilter>(EMPTY);
  const [facets, setFacets] = useState<AuditFacetsRes>({ actors: [], entities: [] });
  const [entries, setEntries] = useState<AuditEntryInfo[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  const fail = (e: unknown) => {
    const text = refusal(e);
    if (text !== null) setError(text);
  };

  /** The first page of `f` (a newer question wins over a slower older answer). */
  const load = useCallback(async (f: AuditFilter) => {
    const mine = ++asked.current;
    setBusy(true);
    setError('');
    try {
      const r = await studioCall<AuditListRes>('GET', `/audit${auditQuery(f)}`);
      if (mine !== asked.current) return;
      setApplied(f);
      setEntries(r.entries);
      setNext(r.next);
      setOpen(null);
    } catch (e) {
      if (mine === asked.current) fail(e);
    } finally {
      if (mine === asked.current) setBusy(false);
    }
  }, []);

  useEffect(() => {
    void load(EMPTY);
    studioCall<AuditFacetsRes>('GET', '/audit/facets').then(setFacets, fail);
  }, [load]);

  const apply = (f: AuditFilter) => {
    setDraft(f);
    const problem = auditFilterProblem(f);
    if (problem) return setError(problem);
    void load(f);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };

  const more = async () => {
    if (!next) return;
    const mine = ++asked.current;
    setBusy(true);
    try {
      const r = await studioCall<AuditListRes>('GET', `/audit${auditQuery(applied, next)}`);
      if (mine !== asked.current) return;
      setEntries((old) => [...(old ?? []), ...r.entries]);
      setNext(r.next);
    } catch (e) {
      if (mine === asked.current) fail(e);
    } finally {
      if (mine === asked.current) setBusy(false);
    }
  };

  const set = (k: keyof AuditFilter, immediately: boolean) => (e: { target: { value: string } }) => {
    const f = { ...draft, [k]: e.target.value };
    if (immediately) apply(f);
    else setDraft(f);
  };

  return (
    <div className="bo-audit">
      <form className="bo-toolbar bo-audit-filters" onSubmit={submit} aria-label="筛选操作日志">
        <label className="st-field">
          <span>开始日期</span>
          <input className="st-input" type="date" name="from" value={draft.from} max={draft.to || undefined} onChange={set('from', true)} />
        </label>
        <label className="st-field">
          <span>结束日期</span>
          <input className="st-input" type="date" name="to" value={draft.to} min={draft.from || undefined} onChange={set('to', true)} />
        </label>
        <label className="st-field">
          <span>操作人</span>
          <select className="st-input" name="actor" value={draft.actor} onChange={set('actor', true)}>
            <option value="">全部</option>
            {facets.actors.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className="st-field">
          <span>对象</span>
          <select className="st-input" name="entity" value={draft.entity} onChange={set('entity', true)}>
            <option value="">全部</option>
            {facets.entities.map((x) => (
              <option key={x} value={x}>
                {auditEntityLabel(x)}
              </option>
            ))}
          </select>
        </label>
        <label className="st-field">
          <span>搜索</span>
          <input className="st-input bo-audit-q" type="search" name="q" maxLength={100} placeholder="摘要、编号或修改内容" value={draft.q} onChange={set('q', false)} />
        </label>
        <button className="st-btn st-primary" type="submit" disabled={busy}>
          查询
        </button>
        <button className="st-btn" type="button" disabled={busy} onClick={() => apply(EMPTY)}>
          清除筛选
        </button>
        <a className="st-btn" href={studioFileUrl(`/audit/export.xlsx${auditQuery(applied)}`)} download data-testid="audit-export">
          导出 Excel
        </a>
      </form>
      <ErrorLine text={error} />
      {entries === null ? (
        <p className="st-muted" role="status">
          正在载入…
        </p>
      ) : entries.length === 0 ? (
        <p className="st-muted" role="status">
          没有符合条件的操作记录。
        </p>
      ) : (
        <table className="bo-table bo-audit-table">
          <thead>
            <tr>
              <th>时间</th>
              <th>操作人</th>
              <th>操作</th>
              <th>对象</th>
              <th>编号</th>
              <th>摘要</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const isOpen = open === e.id;
              return (
                <Fragment key={e.id}>
                  <tr className={`bo-audit-row${isOpen ? ' bo-audit-open' : ''}`} data-audit={e.id} data-action={e.action} onClick={() => setOpen(isOpen ? null : e.id)}>
                    <td>
                      <button className="bo-audit-toggle" aria-expanded={isOpen} aria-label={`${isOpen ? '收起' : '查看'}修改前后：${e.summary}`} onClick={(ev) => (ev.stopPropagation(), setOpen(isOpen ? null : e.id))}>
                        {isOpen ? '▾' : '▸'}
                      </button>
                      {centreDateTime(Date.parse(e.at))}
                    </td>
                    <td>{e.actor}</td>
                    <td>{auditActionLabel(e.action)}</td>
                    <td>{auditEntityLabel(e.entity)}</td>
                    <td>{e.key || <span className="st-muted">—</span>}</td>
                    <td>{e.summary}</td>
                  </tr>
                  {isOpen ? (
                    <tr className="bo-audit-detail">
                      <td colSpan={6}>
                        <AuditDiff before={e.before} after={e.after} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="bo-audit-foot">
        {entries?.length ? <span className="st-muted">已显示 {entries.length} 条{next ? '' : '，没有更多了'}</span> : null}
        {next ? (
          <button className="st-btn" disabled={busy} onClick={() => void more()}>
            {busy ? '正在载入…' : '加载更多'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
