/**
 * One company: its name and calendar (editable with 运营; the code is the key
 * and stays), the packages its members have — paid by the company — and what
 * a member pays for extras (the items' own prices, online, when adding items
 * is on), then its members (MembersPanel).
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { companyProblem, type CompanyDetailRes } from '../../../contract/api/backoffice/groups';
import { yuan } from '../money';
import { refusal } from '../refusal';
import { useRoles } from '../roles';
import { groupsApi } from './groups-api';
import { MembersPanel } from './MembersPanel';

/** A price, or — when there is none (a package gone, no items to add). */
const price = (c: number | null) => (c === null ? '—' : yuan(c));

function EditCompany({ detail, onSaved }: { detail: CompanyDetailRes; onSaved: () => void }) {
  const [name, setName] = useState(detail.company.lncName);
  const [own, setOwn] = useState(detail.company.ownCalendar);
  const [msg, setMsg] = useState<{ error?: string; done?: string }>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const changed = name.trim() !== detail.company.lncName || own !== detail.company.ownCalendar;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = companyProblem({ lncName: name });
    if (p) return setMsg({ error: p.reason });
    setBusy(true);
    try {
      await groupsApi.updateCompany(detail.company.lncCode, { lncName: name.trim(), ownCalendar: own });
      setMsg({ done: '已保存' });
      onSaved();
    } catch (err) {
      const t = refusal(err);
      if (t !== null) setMsg({ error: t });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="bo-toolbar" onSubmit={submit} aria-label="修改单位" noValidate>
      <label htmlFor={`${id}-name`} className="bo-groups-label">
        单位名称
      </label>
      <input id={`${id}-name`} className="st-input bo-groups-name" value={name} onChange={(e) => setName(e.target.value)} />
      <label className="bo-groups-check">
        <input type="checkbox" checked={own} onChange={(e) => setOwn(e.target.checked)} /> 使用单独号源
      </label>
      <button className="st-btn" type="submit" disabled={busy || !changed}>
        保存
      </button>
      {msg.error && (
        <span className="st-error" role="alert">
          {msg.error}
        </span>
      )}
      {msg.done && !changed && (
        <span className="st-ok" role="status">
          {msg.done}
        </span>
      )}
    </form>
  );
}

export function CompanyPanel({ code, onChanged }: { code: string; onChanged: () => void }) {
  const { can } = useRoles();
  const [detail, setDetail] = useState<CompanyDetailRes | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    try {
      setDetail(await groupsApi.company(code));
    } catch (e) {
      const t = refusal(e);
      if (t !== null) setError(t);
    }
  }, [code]);
  useEffect(() => void load(), [load]);

  if (!detail) return error ? <p className="st-error" role="alert">{error}</p> : <p className="st-muted" role="status">正在载入…</p>;
  const { company, packages, extras } = detail;
  return (
    <div>
      <h2 className="bo-groups-title">
        {company.lncName} <span className="st-chip">{company.lncCode}</span>
        <span className="st-chip">{company.ownCalendar ? '单独号源' : '共用团体号源'}</span>
      </h2>
      {can('ops') && (
        <EditCompany
          key={`${company.lncName}|${company.ownCalendar}`}
          detail={detail}
          onSaved={() => {
            void load();
            onChanged();
          }}
        />
      )}
      {company.ownCalendar && <p className="st-muted st-small-text">这个单位的成员按它自己的号源预约：请在「号源容量」里为它设置每天的名额。</p>}

      <section className="bo-section" aria-label="单位套餐">
        <h2>套餐（费用由单位支付）</h2>
        {packages.length === 0 ? (
          <p className="st-muted">还没有成员，套餐随成员的「套餐编码」而定。</p>
        ) : (
          <table className="bo-table bo-groups-pkgs">
            <thead>
              <tr>
                <th>套餐编码</th>
                <th>套餐名称</th>
                <th className="bo-num">价格（单位支付）</th>
                <th className="bo-num">成员</th>
              </tr>
            </thead>
            <tbody>
              {packages.map((p) => (
                <tr key={p.clusCode}>
                  <td>{p.clusCode}</td>
                  <td>
                    {p.clusName}
                    {p.priceCents === null ? <span className="st-chip st-chip-bad">套餐已不存在</span> : !p.active && <span className="st-chip st-chip-bad">已停用</span>}
                  </td>
                  <td className="bo-num">{price(p.priceCents)}</td>
                  <td className="bo-num">{p.members}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="bo-groups-extras" aria-label="加项价格">
          加项价格：
          {extras.allowed
            ? `成员自选的加项按项目单价由个人在线支付（可加项目 ${extras.items} 个，${price(extras.minCents)}–${price(extras.maxCents)}；单价在「院区与套餐」里修改）。`
            : '加项已关闭（服务器设置 IS_ADD_CLUS_ITEM），成员只能按单位套餐体检。'}
        </p>
      </section>

      <MembersPanel
        code={code}
        onChanged={() => {
          void load();
          onChanged();
        }}
      />
    </div>
  );
}
