/** The item editor: the server's rules (contract/rules/package-rules.ts) checked under each field; price in yuan, sent in cents. */
import { useState } from 'react';
import type { ItemCategory, ItemDraft, ItemRow } from '../../../contract/api/backoffice/catalogue';
import { itemProblems, yuanToCents, type PackageSex } from '../../../contract/rules/package-rules';
import { catalogueApi } from './api';
import { CategoryOptions, Field, FormFoot, SexField, TextField, sortOf, useEditor, yuanText } from './form-bits';

interface Props {
  initial: ItemRow | null;
  categories: ItemCategory[];
  onSaved: (i: ItemRow, created: boolean) => void;
  onStale: () => void;
  onCancel: () => void;
}

export function ItemForm({ initial, categories, onSaved, onStale, onCancel }: Props) {
  const [code, setCode] = useState(initial?.code ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [price, setPrice] = useState(initial ? yuanText(initial.priceCents) : '');
  const [note, setNote] = useState(initial?.note ?? '');
  const [categoryId, setCategoryId] = useState(initial?.categoryId ?? categories[0]?.id ?? '');
  const [addable, setAddable] = useState(initial?.addable ?? true);
  const [onsiteOnly, setOnsiteOnly] = useState(initial?.onsiteOnly ?? false);
  const [sex, setSex] = useState<PackageSex>(initial?.sex ?? 3);
  const [sort, setSort] = useState(String(initial?.sort ?? 0));

  const priced = yuanToCents(price);
  const draft: ItemDraft = { code: code.trim(), name: name.trim(), priceCents: 'cents' in priced ? priced.cents : 0, note: note.trim(), categoryId, addable, onsiteOnly, sex, sort: sortOf(sort) };
  const errors: Partial<Record<keyof ItemDraft, string>> = { ...itemProblems(draft) };
  if ('problem' in priced) errors.priceCents = priced.problem;
  const { shown, busy, said, submit } = useEditor(errors, onStale);
  const save = async () => onSaved((await catalogueApi.saveItem(draft, initial?.rev)).item, !initial);

  return (
    <form className="bo-catalogue-panel" onSubmit={submit(save)} aria-label={initial ? `编辑项目 ${initial.name}` : '新增项目'} noValidate>
      <h2>{initial ? `编辑项目：${initial.name}` : '新增项目'}</h2>
      <div className="bo-form">
        <TextField label="项目编码" error={shown.code} hint={initial ? '编码不能修改' : '字母、数字、_ 或 -'} value={code} readOnly={!!initial} onChange={setCode} />
        <TextField label="项目名称" error={shown.name} value={name} onChange={setName} />
        <TextField label="价格（元）" error={shown.priceCents} hint="最多两位小数" inputMode="decimal" value={price} onChange={setPrice} />
        <Field label="分类" error={shown.categoryId} hint="未分类的项目不作为加项提供">
          {(a) => (
            <select className="st-input" id={a.id} value={categoryId} onChange={(e) => setCategoryId(e.target.value)} aria-describedby={a.describedBy}>
              <CategoryOptions categories={categories} />
            </select>
          )}
        </Field>
        <SexField value={sex} onChange={setSex} error={shown.sex} hint="仅限一种性别的项目不能放入另一性别的套餐" />
        <TextField label="排序" error={shown.sort} inputMode="numeric" value={sort} onChange={setSort} />
        <TextField label="说明" error={shown.note} wide value={note} onChange={setNote} />
        <div className="bo-catalogue-checks">
          <label>
            <input type="checkbox" checked={addable} onChange={(e) => setAddable(e.target.checked)} /> 可在线加项
          </label>
          <label>
            <input type="checkbox" checked={onsiteOnly} onChange={(e) => setOnsiteOnly(e.target.checked)} /> 仅限现场加项
          </label>
        </div>
      </div>
      <FormFoot said={said} busy={busy} onCancel={onCancel} />
    </form>
  );
}
