/**
 * One company's members, a page at a time: search (name or exam number; ID
 * and phone too for 运营), exam numbers and orders shown; 运营 adds, edits and
 * removes (after a confirm step; the server refuses a member with orders and
 * says why). ID and phone arrive masked for an admin who may not see them.
 */
import { useCallback, useEffect, useState } from 'react';
import type { MemberInfo, MembersRes } from '../../../contract/api/backoffice/groups';
import { maskIdCard } from '../../../contract/rules/idcard';
import { maskPhone } from '../../../contract/rules/phone';
import { useRoles } from '../roles';
import { SaidLine, useAction } from '../status';
import { groupsApi } from './groups-api';
import { MemberForm } from './MemberForm';

const SIZE = 20;

export function MembersPanel({ code, onChanged }: { code: string; onChanged: () => void }) {
  const { can, seesNumbers } = useRoles();
  const ops = can('ops');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MembersRes | null>(null);
  const [editing, setEditing] = useState<MemberInfo | 'new' | null>(null);
  const [confirming, setConfirming] = useState<MemberInfo | null>(null);
  const { said, say, fail } = useAction();

  const load = useCallback(async () => {
    try {
      setData(await groupsApi.members(code, q, page, SIZE));
    } catch (e) {
      fail(e);
    }
  }, [code, q, page, fail]);

  useEffect(() => {
    const t = setTimeout(() => void load(), 200);
    return () => clearTimeout(t);
  }, [load]);

  const done = (text: string) => {
    say({ ok: true, text });
    void load();
    onChanged();
  };

  const remove = async (m: MemberInfo) => {
    try {
      await groupsApi.removeMember(m.id);
      setConfirming(null);
      done(`已删除 ${m.name}`);
    } catch (e) {
      setConfirming(null);
      fail(e);
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;
  return (
    <section className="bo-section" aria-label="成员">
      <h2>成员{data ? `（${data.total} 人）` : ''}</h2>
      <div className="bo-toolbar">
        <input
          className="st-input bo-groups-member-search"
          type="search"
          aria-label="查找成员"
          placeholder={seesNumbers ? '姓名、身份证号、手机号或体检号' : '姓名或体检号'}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        {ops && editing === null && (
          <button type="button" className="st-btn" onClick={() => setEditing('new')}>
            添加成员
          </button>
        )}
        {!seesNumbers && <span className="st-muted st-small-text">身份证号和手机号已隐藏（需要「运营」角色）</span>}
      </div>
      {editing === 'new' && <MemberForm code={code} onDone={(m) => (setEditing(null), m && done(`已添加 ${m.name}（体检号 ${m.regNo}）`))} />}
      <SaidLine said={said} />
      {!data ? (
        <p className="st-muted" role="status">
          正在载入…
        </p>
      ) : data.members.length === 0 ? (
        <p className="st-muted">{q ? '没有找到符合条件的成员' : '这个单位还没有成员：可以在这里添加，或用「导入」里的「团体人员」模板批量导入。'}</p>
      ) : (
        <table className="bo-table bo-groups-members">
          <thead>
            <tr>
              <th>体检号</th>
              <th>姓名</th>
              <th>身份证号</th>
              <th>手机号</th>
              <th>套餐</th>
              <th>体检类别</th>
              <th className="bo-num">订单</th>
              {ops && <th>操作</th>}
            </tr>
          </thead>
          <tbody>
            {data.members.map((m) =>
              editing !== 'new' && editing?.id === m.id ? (
                <tr key={m.id}>
                  <td colSpan={ops ? 8 : 7}>
                    <MemberForm code={code} member={m} onDone={(x) => (setEditing(null), x && done(`已保存 ${x.name}`))} />
                  </td>
                </tr>
              ) : (
                <tr key={m.id}>
                  <td>{m.regNo}</td>
                  <td>{m.name}</td>
                  {/* The server already masks them for this admin; masking again changes nothing then. */}
                  <td className="bo-groups-mono">{seesNumbers ? m.idCard : maskIdCard(m.idCard)}</td>
                  <td className="bo-groups-mono">{seesNumbers ? m.tel : maskPhone(m.tel)}</td>
                  <td>
                    {m.clusName} <span className="st-muted">{m.clusCode}</span>
                  </td>
                  <td>{m.flag}</td>
                  <td className="bo-num">{m.orders}</td>
                  {ops && (
                    <td className="bo-groups-actions">
                      {confirming?.id === m.id ? (
                        <>
                          <button type="button" className="st-btn st-danger" onClick={() => void remove(m)}>
                            确定删除
                          </button>
                          <button type="button" className="st-btn" onClick={() => setConfirming(null)}>
                            取消
                          </button>
                        </>
                      ) : (
                        <>
                          <button type="button" className="st-btn" aria-label={`修改 ${m.name}`} onClick={() => (say(null), setEditing(m))}>
                            修改
                          </button>
                          <button type="button" className="st-btn" aria-label={`删除 ${m.name}`} onClick={() => (say(null), setConfirming(m))}>
                            删除
                          </button>
                        </>
                      )}
                    </td>
                  )}
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      {data && pages > 1 && (
        <div className="bo-toolbar bo-groups-pager">
          <button type="button" className="st-btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </button>
          <span>
            第 {data.page} / {pages} 页
          </span>
          <button type="button" className="st-btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            下一页
          </button>
        </div>
      )}
    </section>
  );
}
