/**
 * A labelled field with its error (announced) or hint under it, wired for
 * screen readers: the child input gets the id, aria-describedby and whether it
 * is invalid. The back office's forms and the 管理员 view share it; each gives
 * its own wrapper class.
 */
import { useId, type ReactNode } from 'react';

export interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  children: (a: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
}

export function Field(props: FieldProps & { className: string }) {
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const describedBy = props.error ? errId : props.hint ? hintId : undefined;
  return (
    <div className={props.className}>
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
