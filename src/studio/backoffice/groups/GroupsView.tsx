/**
 * Groups (团体单位): the companies on the left (search, add one), the chosen
 * company on the right — its name and calendar, its packages (paid by the
 * company) and what a member pays for extras, and its members with exam
 * numbers (CompanyPanel, MembersPanel). Changes need 运营; ID and phone come
 * masked from the server to an admin without it.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { companyProblem, type CompanyInfo } from '../../../contract/api/backoffice/groups';
import { refusal } from '../refusal';
import { useRoles } from '../roles';
import { ErrorLine } from '../status';
import { CompanyPanel } from './CompanyPanel';
import { groupsApi } from './groups-api';
import './groups.css';

function AddCompany({ onAdded }: { onAdded: (c: CompanyInfo) => void }) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [own, setOwn] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = companyProblem({ lncCode: code, lncName: name });
    setError(p?.reason ?? '');
    if (p) return;
    setBusy(true);
    try {
      const r = await groupsApi.addCompany({ lncCode: code.trim(), lncName: name.trim(), ownCalendar: own });
      setCode('');
      setName('');
      setOwn(false);
      onAdded(r.company);
    } catch (err) {
      const t = refusal(err);
      if (t !== null) setError(t);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="bo-groups-add" onSubmit={submit} aria-label="添加单位" noValidate>
      <h2 className="bo-groups-h">添加单位</h2>
      <label className="st-field" htmlFor={`${id}-code`}>
        <span>单位编码</span>
      </label>
      <input id={`${id}-code`} className="st-input" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
      <label className="st-field" htmlFor={`${id}-name`}>
        <span>单位名称</span>
      </label>
      <input id={`${id}-name`} className="st-input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      <label className="bo-groups-check">
        <input type="checkbox" checked={own} onChange={(e) => setOwn(e.target.checked)} /> 使用单独号源
      </label>
      {error && (
        <p className="st-error st-small-text" role="alert">
          {error}
        </p>
      )}
      <button className="st-btn st-primary" type="submit" disabled={busy}>
        {busy ? '正在添加…' : '添加单位'}
      </button>
    </form>
  );
}

export default function GroupsView() {
  const { can } = useRoles();
  const [q, setQ] = useState('');
  const [companies, setCompanies] = useState<CompanyInfo[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [seq, setSeq] = useState(0);

  const load = useCallback(async (text: string) => {
    try {
      const r = await groupsApi.companies(text);
      setCompanies(r.companies);
      setChosen((c) => c ?? r.companies[0]?.lncCode ?? null);
      setError('');
    } catch (e) {
      const t = refusal(e);
      if (t !== null) setError(t);
    }
  }, []);

  useEffect(() => {
    const t = setTimeout(() => void load(q), 250);
    return () => clearTimeout(t);
  }, [q, load, seq]);

  return (
    <div className="bo-groups">
      <aside className="bo-groups-side">
        <input className="st-input bo-groups-search" type="search" placeholder="单位编码或名称" aria-label="查找单位" value={q} onChange={(e) => setQ(e.target.value)} />
        <ErrorLine text={error} />
        {companies === null ? (
          <p className="st-muted" role="status">
            正在载入…
          </p>
        ) : companies.length === 0 ? (
          <p className="st-muted">没有找到单位</p>
        ) : (
          <ul className="bo-groups-list" aria-label="单位">
            {companies.map((c) => (
              <li key={c.lncCode}>
                <button type="button" className={`bo-groups-company${c.lncCode === chosen ? ' bo-groups-on' : ''}`} aria-current={c.lncCode === chosen ? 'true' : undefined} onClick={() => setChosen(c.lncCode)}>
                  <span className="bo-groups-cname">{c.lncName}</span>
                  <span className="st-muted bo-groups-cmeta">
                    {c.lncCode} · {c.members} 人{c.ownCalendar ? ' · 单独号源' : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {can('ops') && (
          <AddCompany
            onAdded={(c) => {
              setChosen(c.lncCode);
              setSeq((n) => n + 1);
            }}
          />
        )}
      </aside>
      <div className="bo-groups-main">
        {chosen ? <CompanyPanel key={chosen} code={chosen} onChanged={() => setSeq((n) => n + 1)} /> : <p className="st-muted">请选择左侧的单位</p>}
      </div>
    </div>
  );
}
