/** The item editor: the server's rules (contract/rules/package-rules.ts) checked under each field; price in yuan, sent in cents. */
import { useState, type FormEvent } from 'react';
import type { ItemCategory, ItemDraft, ItemRow } from '../../../contract/api/backoffice/catalogue';
import { SEX_LABEL, itemProblems, yuanToCents, type PackageSex } from '../../../contract/rules/package-rules';
import { catalogueApi, isStale, refusal } from './api';
import { Field, SaidLine, sortOf, yuanText, type Said } from './form-bits';

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
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);

  const priced = yuanToCents(price);
  const draft: ItemDraft = { code: code.trim(), name: name.trim(), priceCents: 'cents' in priced ? priced.cents : 0, note: note.trim(), categoryId, addable, onsiteOnly, sex, sort: sortOf(sort) };
  const errors: Partial<Record<keyof ItemDraft, string>> = { ...itemProblems(draft) };
  if ('problem' in priced) errors.priceCents = priced.problem;
  const shown = tried ? errors : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setSaid(null);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      const r = await catalogueApi.saveItem(draft, initial?.rev);
      onSaved(r.item, !initial);
    } catch (err) {
      const text = refusal(err);
      if (text !== null) setSaid({ ok: false, text });
      if (isStale(err)) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bo-catalogue-panel" onSubmit={submit} aria-label={initial ? `编辑项目 ${initial.name}` : '新增项目'} noValidate>
      <h2>{initial ? `编辑项目：${initial.name}` : '新增项目'}</h2>
      <div className="bo-form">
        <Field label="项目编码" error={shown.code} hint={initial ? '编码不能修改' : '字母、数字、_ 或 -'}>
          {(a) => <input className="st-input" id={a.id} value={code} readOnly={!!initial} onChange={(e) => setCode(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
        </Field>
        <Field label="项目名称" error={shown.name}>
          {(a) => <input className="st-input" id={a.id} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
        </Field>
        <Field label="价格（元）" error={shown.priceCents} hint="最多两位小数">
          {(a) => <input className="st-input" id={a.id} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
        </Field>
        <Field label="分类" error={shown.categoryId} hint="未分类的项目不作为加项提供">
          {(a) => (
            <select className="st-input" id={a.id} value={categoryId} onChange={(e) => setCategoryId(e.target.value)} aria-describedby={a.describedBy}>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
              <option value="">未分类</option>
            </select>
          )}
        </Field>
        <Field label="适用性别" error={shown.sex} hint="仅限一种性别的项目不能放入另一性别的套餐">
          {(a) => (
            <select className="st-input" id={a.id} value={sex} onChange={(e) => setSex(Number(e.target.value) as PackageSex)} aria-describedby={a.describedBy}>
              {([3, 1, 2] as PackageSex[]).map((s) => (
                <option key={s} value={s}>
                  {SEX_LABEL[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="排序" error={shown.sort}>
          {(a) => <input className="st-input" id={a.id} inputMode="numeric" value={sort} onChange={(e) => setSort(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
        </Field>
        <Field label="说明" error={shown.note} wide>
          {(a) => <input className="st-input" id={a.id} value={note} onChange={(e) => setNote(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
        </Field>
        <div className="bo-catalogue-checks">
          <label>
            <input type="checkbox" checked={addable} onChange={(e) => setAddable(e.target.checked)} /> 可在线加项
          </label>
          <label>
            <input type="checkbox" checked={onsiteOnly} onChange={(e) => setOnsiteOnly(e.target.checked)} /> 仅限现场加项
          </label>
        </div>
      </div>
      <SaidLine said={said} />
      <div className="st-row">
        <button className="st-btn st-primary" type="submit" disabled={busy}>
          {busy ? '正在保存…' : '保存'}
        </button>
        <button className="st-btn" type="button" onClick={onCancel}>
          取消
        </button>
      </div>
    </form>
  );
}
