/** Small pieces the catalogue's forms and tables share: a labelled field with its error, a result line, a delete with a confirm step. */
import { useId, useState, type ReactNode } from 'react';
import { formatCents } from '../../../contract/rules/money';

export const yuan = (cents: number) => `¥${formatCents(cents)}`;
/** Cents → the text the price field starts with ('128.50'). */
export const yuanText = (cents: number) => formatCents(cents);

export function Field(props: { label: string; error?: string; hint?: string; wide?: boolean; children: (a: { id: string; describedBy?: string; invalid: boolean }) => ReactNode }) {
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const describedBy = props.error ? errId : props.hint ? hintId : undefined;
  return (
    <div className={`bo-catalogue-field${props.wide ? ' bo-catalogue-wide' : ''}`}>
      <label className="st-field" htmlFor={id}>
        <span>{props.label}</span>
      </label>
      {props.children({ id, describedBy, invalid: !!props.error })}
      {props.error ? (
        <p className="st-error st-small-text" id={errId} role="alert">
          {props.error}
        </p>
      ) : props.hint ? (
        <p className="st-muted st-small-text" id={hintId}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

export type Said = { ok: boolean; text: string } | null;

export function SaidLine({ said }: { said: Said }) {
  if (!said) return null;
  return (
    <p className={said.ok ? 'st-ok' : 'st-error'} role={said.ok ? 'status' : 'alert'}>
      {said.text}
    </p>
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
