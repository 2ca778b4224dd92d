/**
 * The package editor: every field checked here with the server's own rules
 * (contract/rules/package-rules.ts) and the reason shown under the field; the
 * price typed in yuan (at most two decimals) and sent in cents; the items picked
 * by category, an item of the other sex offered disabled. The server checks
 * again, sanitises intro and notice, and refuses a stale edit (409).
 */
import { useMemo, useState } from 'react';
import type { ItemCategory, ItemRow, PackageDraft, PackageRow } from '../../../contract/api/backoffice/catalogue';
import {
  CLUS_TYPES,
  MARR_LABEL,
  SEX_LABEL,
  itemFitsSex,
  packageItemProblems,
  packageProblems,
  yuanToCents,
  type ClusType,
  type MarrRule,
  type PackageSex,
} from '../../../contract/rules/package-rules';
import { yuan } from '../money';
import { catalogueApi } from './api';
import { Field, FormFoot, SexField, TextField, sortOf, useEditor, yuanText } from './form-bits';

type Errors = Partial<Record<keyof PackageDraft | 'form', string>>;

interface Props {
  initial: PackageRow | null;
  clusType: ClusType;
  items: ItemRow[];
  categories: ItemCategory[];
  onSaved: (p: PackageRow, created: boolean) => void;
  onStale: () => void;
  onCancel: () => void;
}

export function PackageForm({ initial, clusType, items, categories, onSaved, onStale, onCancel }: Props) {
  const [code, setCode] = useState(initial?.code ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [type, setType] = useState<ClusType>(initial?.clusType ?? clusType);
  const [sex, setSex] = useState<PackageSex>(initial?.sex ?? 3);
  const [marr, setMarr] = useState<MarrRule>(initial?.marr ?? '0');
  const [price, setPrice] = useState(initial ? yuanText(initial.priceCents) : '');
  const [note, setNote] = useState(initial?.note ?? '');
  const [intro, setIntro] = useState(initial?.intro ?? '');
  const [notice, setNotice] = useState(initial?.notice ?? '');
  const [sort, setSort] = useState(String(initial?.sort ?? 0));
  const [chosen, setChosen] = useState<string[]>(initial?.items ?? []);

  const known = useMemo(() => new Map(items.map((i) => [i.code, { name: i.name, sex: i.sex }])), [items]);
  const priced = yuanToCents(price);
  const draft: PackageDraft = {
    code: code.trim(), name: name.trim(), clusType: type, sex, marr, priceCents: 'cents' in priced ? priced.cents : 0,
    intro, notice, note: note.trim(), sort: sortOf(sort), items: chosen,
  };
  const errors: Errors = { ...packageProblems(draft) };
  if ('problem' in priced) errors.priceCents = priced.problem;
  if (!errors.items) errors.items = packageItemProblems(sex, chosen, known)[0];
  const { shown, busy, said, submit } = useEditor(errors, onStale);
  const save = async () => onSaved((await catalogueApi.savePackage(draft, initial?.rev)).package, !initial);

  const toggle = (c: string) => setChosen((list) => (list.includes(c) ? list.filter((x) => x !== c) : [...list, c]));
  const groups = [...categories, { id: '', name: '未分类' }]
    .map((c) => ({ ...c, items: items.filter((i) => i.categoryId === c.id) }))
    .filter((g) => g.items.length > 0);
  const chosenCents = chosen.reduce((a, c) => a + (items.find((i) => i.code === c)?.priceCents ?? 0), 0);

  return (
    <form className="bo-catalogue-panel" onSubmit={submit(save)} aria-label={initial ? `编辑套餐 ${initial.name}` : '新增套餐'} noValidate>
      <h2>{initial ? `编辑套餐：${initial.name}` : '新增套餐'}</h2>
      <div className="bo-form bo-catalogue-grid">
        <TextField label="套餐编码" error={shown.code} hint={initial ? '编码不能修改' : '字母、数字、_ 或 -'} value={code} readOnly={!!initial} onChange={setCode} />
        <TextField label="套餐名称" error={shown.name} value={name} onChange={setName} />
        <Field label="类型" error={shown.clusType}>
          {(a) => (
            <select className="st-input" id={a.id} value={type} onChange={(e) => setType(e.target.value as ClusType)} aria-describedby={a.describedBy}>
              {CLUS_TYPES.map((t) => (
                <option key={t.code} value={t.code}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField label="价格（元）" error={shown.priceCents} hint="最多两位小数，如 368 或 368.50" inputMode="decimal" value={price} onChange={setPrice} />
        <SexField value={sex} onChange={setSex} error={shown.sex} />
        <Field label="婚否" error={shown.marr} hint="仅限已婚：选择未婚的人不能预约">
          {(a) => (
            <select className="st-input" id={a.id} value={marr} onChange={(e) => setMarr(e.target.value as MarrRule)} aria-describedby={a.describedBy}>
              {(['0', '2'] as MarrRule[]).map((m) => (
                <option key={m} value={m}>
                  {MARR_LABEL[m]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField label="排序" error={shown.sort} hint="小的在前" inputMode="numeric" value={sort} onChange={setSort} />
        <TextField label="说明" error={shown.note} hint="列表卡片上的一句话" wide value={note} onChange={setNote} />
      </div>
      <div className="bo-catalogue-halves">
        <Field label="套餐简介（HTML）" error={shown.intro} hint="保存时会去掉脚本、事件属性等不安全内容">
          {(a) => <textarea className="st-input" id={a.id} rows={2} value={intro} onChange={(e) => setIntro(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
        </Field>
        <Field label="体检须知（HTML）" error={shown.notice} hint="同上，手机端详情页的「体检须知」">
          {(a) => <textarea className="st-input" id={a.id} rows={2} value={notice} onChange={(e) => setNotice(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
        </Field>
      </div>
      <fieldset className="bo-catalogue-items" aria-describedby={shown.items ? 'bo-pkg-items-err' : undefined}>
        <legend>
          包含项目（已选 {chosen.length} 项，单项合计 {yuan(chosenCents)}）
        </legend>
        {shown.items ? (
          <p className="st-error st-small-text" id="bo-pkg-items-err" role="alert">
            {shown.items}
          </p>
        ) : null}
        <div className="bo-catalogue-pick">
          {groups.map((g) => (
            <div key={g.id || 'none'} className="bo-catalogue-group">
              <strong>{g.name}</strong>
              {g.items.map((i) => {
                const fits = itemFitsSex(i.sex, sex);
                return (
                  <label key={i.code} className={fits ? '' : 'st-muted'} title={fits ? i.note : `仅限${SEX_LABEL[i.sex]}`}>
                    <input type="checkbox" checked={chosen.includes(i.code)} disabled={!fits && !chosen.includes(i.code)} onChange={() => toggle(i.code)} />
                    {i.name}
                    {i.sex !== 3 ? <span className="st-muted">（{SEX_LABEL[i.sex]}）</span> : null}
                    {i.onsiteOnly ? <span className="st-muted">（现场）</span> : null}
                  </label>
                );
              })}
            </div>
          ))}
        </div>
      </fieldset>
      <FormFoot said={said} busy={busy} onCancel={onCancel} />
    </form>
  );
}
