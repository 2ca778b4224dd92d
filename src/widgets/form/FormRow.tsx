/**
 * antd-mobile's Form and Form.Item markup (same classes, same stylesheet), without
 * their field store: react-hook-form holds the values, so antd's Form only drew
 * rows — and brought rc-field-form, async-validator and the label-help popover
 * (floating-ui), ≈20 kB brotli, into every form route's first load.
 */
import type { ReactNode } from 'react';
import { List } from 'antd-mobile';
import 'antd-mobile/es/components/form/index.css';

export function FormFrame({ className, children, footer }: { className?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <form className={className ? `adm-form ${className}` : 'adm-form'} onSubmit={(e) => e.preventDefault()} noValidate>
      <List>{children}</List>
      {footer ? <div className="adm-form-footer">{footer}</div> : null}
    </form>
  );
}

export interface FormRowProps {
  label?: ReactNode;
  required?: boolean;
  layout: 'horizontal' | 'vertical';
  /** The schema's `description`, shown under the control. */
  description?: string;
  /** The field's message, shown under the control (and its description). */
  error?: string;
  /** At the row's right end (a list entry's delete button). */
  extra?: ReactNode;
  children: ReactNode;
  'data-path'?: string;
}

export function FormRow({ label, required, layout, description, error, extra, children, ...rest }: FormRowProps) {
  const labelEl = label ? (
    <label className="adm-form-item-label">
      {label}
      {required ? <span className="adm-form-item-required-asterisk">*</span> : null}
    </label>
  ) : null;
  return (
    <List.Item
      title={layout === 'vertical' ? labelEl : undefined}
      prefix={layout === 'horizontal' ? labelEl : undefined}
      description={
        description || error ? (
          <>
            {description ? <div className="cf-hint cf-description">{description}</div> : null}
            {error ? <div className="adm-form-item-feedback-error">{error}</div> : null}
          </>
        ) : undefined
      }
      extra={extra}
      className={`adm-form-item adm-form-item-${layout}${error ? ' adm-form-item-has-error' : ''}`}
      {...rest}
    >
      <div className="adm-form-item-child adm-form-item-child-position-normal">
        <div className="adm-form-item-child-inner">{children}</div>
      </div>
    </List.Item>
  );
}
