/** Small pieces the catalogue's forms and tables share: an editor's submit, fields in the form's grid, its last lines, the category choices, a row's actions with a delete that asks first. */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ItemCategory } from '../../../contract/api/backoffice/catalogue';
import { formatCents } from '../../../contract/rules/money';
import { SEX_LABEL, type PackageSex } from '../../../contract/rules/package-rules';
import { Field as LabelledField, type FieldProps } from '../field';
import { SaidLine, useAction, type Said } from '../status';
import { reloadIfStale } from './api';

/**
 * An editor's submit: from the first try the rules' reasons show under the
 * fields (`shown`) and nothing is sent while any is left; `save` runs with
 * useAction (its refusal said in FormFoot; a stale edit reloads the list).
 */
export function useEditor<E extends object>(errors: E, onStale: () => void) {
  const [tried, setTried] = useState(false);
  const { busy, said, say, run } = useAction();
  const submit = (save: () => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    say(null);
    if (Object.values(errors).some(Boolean)) return;
    await run(save, { onRefused: reloadIfStale(onStale) });
  };
  return { shown: tried ? errors : ({} as Partial<E>), busy, said, submit };
}

/** Cents → the text the price field starts with ('128.50'). */
export const yuanText = (cents: number) => formatCents(cents);

/** A field of the form's grid; `wide` takes a whole row. */
export function Field({ wide, ...props }: FieldProps & { wide?: boolean }) {
  return <LabelledField {...props} className={`bo-catalogue-field${wide ? ' bo-catalogue-wide' : ''}`} />;
}

type TextFieldProps = Omit<FieldProps, 'children'> & { wide?: boolean; value: string; onChange: (v: string) => void; readOnly?: boolean; inputMode?: 'numeric' | 'decimal' };

/** A plain text field of the grid (a code, a name, a price typed in yuan…). */
export function TextField({ value, onChange, readOnly, inputMode, ...field }: TextFieldProps) {
  return (
    <Field {...field}>
      {(a) => <input className="st-input" id={a.id} inputMode={inputMode} value={value} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} aria-invalid={a.invalid} aria-describedby={a.describedBy} />}
    </Field>
  );
}

/** 适用性别 (不限, 男, 女) of an item or a package. */
export function SexField({ value, onChange, error, hint }: { value: PackageSex; onChange: (s: PackageSex) => void; error?: string; hint?: string }) {
  return (
    <Field label="适用性别" error={error} hint={hint}>
      {(a) => (
        <select className="st-input" id={a.id} value={value} onChange={(e) => onChange(Number(e.target.value) as PackageSex)} aria-describedby={a.describedBy}>
          {([3, 1, 2] as PackageSex[]).map((s) => (
            <option key={s} value={s}>
              {SEX_LABEL[s]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** An editor's last lines: what came of saving, 保存 (busy while the call runs) and 取消. */
export function FormFoot({ said, busy, onCancel }: { said: Said; busy: boolean; onCancel: () => void }) {
  return (
    <>
      <SaidLine said={said} />
      <div className="st-row">
        <button className="st-btn st-primary" type="submit" disabled={busy}>
          {busy ? '正在保存…' : '保存'}
        </button>
        <button className="st-btn" type="button" onClick={onCancel}>
          取消
        </button>
      </div>
    </>
  );
}

/** The categories as <option>s, then 未分类 (value ''). */
export function CategoryOptions({ categories }: { categories: ItemCategory[] }) {
  return (
    <>
      {categories.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
      <option value="">未分类</option>
    </>
  );
}

/** A table row's 编辑, then its other actions (a 运营 admin's cell). */
export function RowActions({ onEdit, children }: { onEdit: () => void; children: ReactNode }) {
  return (
    <td>
      <div className="st-actions">
        <button className="st-btn st-small" onClick={onEdit}>
          编辑
        </button>
        {children}
      </div>
    </td>
  );
}

/** 删除 → 确认删除 / 取消 in place (what it deletes is named in the question). */
export function DeleteButton({ what, busy, onConfirm }: { what: string; busy: boolean; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button className="st-btn st-small" onClick={() => setAsking(true)}>
        删除
      </button>
    );
  return (
    <>
      <span className="st-muted">删除{what}？</span>
      <button
        className="st-btn st-small st-danger"
        disabled={busy}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        确认删除
      </button>
      <button className="st-btn st-small" onClick={() => setAsking(false)}>
        取消
      </button>
    </>
  );
}

/** '' → 0, digits → the number, else NaN (the sort rule then says what is wrong). */
export const sortOf = (text: string) => (text.trim() === '' ? 0 : /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
