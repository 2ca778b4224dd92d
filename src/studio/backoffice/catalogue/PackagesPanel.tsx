/**
 * 套餐: the packages of one type (or all), with their price, items, bookings and
 * state; 编辑 opens the editor above the table, 下架 takes a package off the
 * phone's list at once (its bookings stay), 上架 brings it back, 删除 is refused
 * by the server with the count when any booking used it. A 只读 admin sees the
 * table only.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ItemCategory, ItemRow, PackageRow } from '../../../contract/api/backoffice/catalogue';
import { CLUS_TYPES, MARR_LABEL, SEX_LABEL, clusTypeLabel, type ClusType } from '../../../contract/rules/package-rules';
import { useRoles } from '../roles';
import { yuan } from '../money';
import { SaidLine, useAction } from '../status';
import { catalogueApi, staleNote } from './api';
import { DeleteButton, RowActions } from './form-bits';
import { PackageForm } from './PackageForm';

export function PackagesPanel() {
  const canEdit = useRoles().can('ops');
  const [type, setType] = useState<ClusType | ''>('4');
  const [rows, setRows] = useState<PackageRow[] | null>(null);
  const [items, setItems] = useState<ItemRow[]>([]);
  const [categories, setCategories] = useState<ItemCategory[]>([]);
  const [editing, setEditing] = useState<PackageRow | 'new' | null>(null);
  const { busy, said, say, fail, run } = useAction();

  const load = useCallback(async () => {
    try {
      const [p, i] = await Promise.all([catalogueApi.packages(type), catalogueApi.items()]);
      setRows(p.packages);
      setItems(i.items);
      setCategories(i.categories);
    } catch (e) {
      fail(e);
    }
  }, [type, fail]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (what: string, change: () => Promise<unknown>) => {
    await run(
      async () => {
        await change();
        return what;
      },
      { words: staleNote },
    );
    await load();
  };

  return (
    <div className="bo-section">
      <div className="bo-toolbar">
        <label className="bo-catalogue-inline">
          <span>类型</span>
          <select className="st-input" value={type} onChange={(e) => setType(e.target.value as ClusType | '')} aria-label="套餐类型">
            <option value="">全部</option>
            {CLUS_TYPES.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        {canEdit ? (
          <button className="st-btn st-primary" onClick={() => setEditing('new')} disabled={editing === 'new'}>
            新增套餐
          </button>
        ) : null}
        <span className="st-muted st-small-text">下架后手机端的套餐列表立即不再显示，已有预约不受影响；有预约的套餐不能删除。</span>
      </div>
      {editing ? (
        <PackageForm
          key={editing === 'new' ? 'new' : `${editing.code}@${editing.rev}`}
          initial={editing === 'new' ? null : editing}
          clusType={type || '4'}
          items={items}
          categories={categories}
          onSaved={(p, created) => {
            setEditing(null);
            say({ ok: true, text: `${created ? '已新增' : '已保存'}套餐 ${p.name}（${yuan(p.priceCents)}）` });
            void load();
          }}
          onStale={() => void load()}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <SaidLine said={said} />
      {rows === null ? (
        <p className="st-muted">正在载入…</p>
      ) : rows.length === 0 ? (
        <p className="st-muted">没有这一类型的套餐。</p>
      ) : (
        <table className="bo-table bo-catalogue-table" aria-label="套餐">
          <thead>
            <tr>
              <th>编码</th>
              <th>名称</th>
              <th>类型</th>
              <th>性别</th>
              <th>婚否</th>
              <th className="bo-num">价格</th>
              <th className="bo-num">项目</th>
              <th className="bo-num">预约</th>
              <th>状态</th>
              {canEdit ? <th>操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.code} data-code={p.code} className={p.active ? '' : 'bo-catalogue-off'}>
                <td>{p.code}</td>
                <td>
                  {p.name}
                  {p.note ? <div className="st-muted st-small-text">{p.note}</div> : null}
                </td>
                <td>{clusTypeLabel(p.clusType)}</td>
                <td>{SEX_LABEL[p.sex]}</td>
                <td>{MARR_LABEL[p.marr]}</td>
                <td className="bo-num" data-col="price">{yuan(p.priceCents)}</td>
                <td className="bo-num">{p.items.length}</td>
                <td className="bo-num">{p.orders}</td>
                <td>{p.active ? <span className="st-chip st-chip-ok">上架</span> : <span className="st-chip">已下架</span>}</td>
                {canEdit ? (
                  <RowActions onEdit={() => setEditing(p)}>
                    <button
                      className="st-btn st-small"
                      disabled={busy}
                      onClick={() => void act(`已${p.active ? '下架' : '上架'}套餐 ${p.name}`, () => catalogueApi.setActive(p.code, !p.active, p.rev))}
                    >
                      {p.active ? '下架' : '上架'}
                    </button>
                    <DeleteButton what={`套餐 ${p.name}`} busy={busy} onConfirm={() => void act(`已删除套餐 ${p.name}`, () => catalogueApi.deletePackage(p.code, p.rev))} />
                  </RowActions>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
