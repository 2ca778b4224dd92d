/**
 * 项目: every item with its category, price, sex and how many packages hold it;
 * filtered by category or a name/code search. 编辑 opens the editor above the
 * table; 删除 is refused by the server with the counts while a package holds
 * the item or a booking chose it. A 只读 admin sees the table only.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ItemCategory, ItemRow } from '../../../contract/api/backoffice/catalogue';
import { SEX_LABEL } from '../../../contract/rules/package-rules';
import { useRoles } from '../roles';
import { yuan } from '../money';
import { SaidLine, useAction } from '../status';
import { catalogueApi, staleNote } from './api';
import { CategoryOptions, DeleteButton, RowActions } from './form-bits';
import { ItemForm } from './ItemForm';

export function ItemsPanel() {
  const canEdit = useRoles().can('ops');
  const [rows, setRows] = useState<ItemRow[] | null>(null);
  const [categories, setCategories] = useState<ItemCategory[]>([]);
  const [category, setCategory] = useState('*');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ItemRow | 'new' | null>(null);
  const { busy, said, say, fail, run } = useAction();

  const load = useCallback(async () => {
    try {
      const r = await catalogueApi.items();
      setRows(r.items);
      setCategories(r.categories);
    } catch (e) {
      fail(e);
    }
  }, [fail]);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (i: ItemRow) => {
    await run(
      async () => {
        await catalogueApi.deleteItem(i.code, i.rev);
        return `已删除项目 ${i.name}`;
      },
      { words: staleNote },
    );
    await load();
  };

  const catName = (id: string) => categories.find((c) => c.id === id)?.name ?? '未分类';
  const q = search.trim().toLowerCase();
  const shown = (rows ?? []).filter((i) => (category === '*' || i.categoryId === category) && (!q || i.name.toLowerCase().includes(q) || i.code.toLowerCase().includes(q)));

  return (
    <div className="bo-section">
      <div className="bo-toolbar">
        <label className="bo-catalogue-inline">
          <span>分类</span>
          <select className="st-input" value={category} onChange={(e) => setCategory(e.target.value)} aria-label="项目分类">
            <option value="*">全部</option>
            <CategoryOptions categories={categories} />
          </select>
        </label>
        <input className="st-input" type="search" placeholder="按名称或编码查找" value={search} onChange={(e) => setSearch(e.target.value)} aria-label="查找项目" />
        {canEdit ? (
          <button className="st-btn st-primary" onClick={() => setEditing('new')} disabled={editing === 'new'}>
            新增项目
          </button>
        ) : null}
      </div>
      {editing ? (
        <ItemForm
          key={editing === 'new' ? 'new' : `${editing.code}@${editing.rev}`}
          initial={editing === 'new' ? null : editing}
          categories={categories}
          onSaved={(i, created) => {
            setEditing(null);
            say({ ok: true, text: `${created ? '已新增' : '已保存'}项目 ${i.name}（${yuan(i.priceCents)}）` });
            void load();
          }}
          onStale={() => void load()}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <SaidLine said={said} />
      {rows === null ? (
        <p className="st-muted">正在载入…</p>
      ) : (
        <table className="bo-table bo-catalogue-table" aria-label="项目">
          <thead>
            <tr>
              <th>编码</th>
              <th>名称</th>
              <th>分类</th>
              <th className="bo-num">价格</th>
              <th>性别</th>
              <th>加项</th>
              <th className="bo-num">套餐</th>
              {canEdit ? <th>操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((i) => (
              <tr key={i.code} data-code={i.code}>
                <td>{i.code}</td>
                <td>
                  {i.name}
                  {i.note ? <div className="st-muted st-small-text">{i.note}</div> : null}
                </td>
                <td>{catName(i.categoryId)}</td>
                <td className="bo-num">{yuan(i.priceCents)}</td>
                <td>{SEX_LABEL[i.sex]}</td>
                <td>{i.onsiteOnly ? '仅限现场' : i.addable ? '可在线加项' : '不可加项'}</td>
                <td className="bo-num">{i.packages}</td>
                {canEdit ? (
                  <RowActions onEdit={() => setEditing(i)}>
                    <DeleteButton what={`项目 ${i.name}`} busy={busy} onConfirm={() => void remove(i)} />
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
