/** Props the registry's components receive. */
import type { ComponentType, ReactNode } from 'react';
import type { FieldNode } from '../../engine/form/schema-model';
import type { Values } from '../../engine/form/values';

/** What the app may do for a widget button (`code`'s send button). Returning false cancels the countdown. */
export type OnAction = (name: string, values: Values) => void | boolean | Promise<void | boolean>;

/** Stable services a widget may use (never changes identity while the form lives). */
export interface WidgetEnv {
  /** Cleaned current values (hidden fields removed). */
  getValues(): Values;
  onAction(name: string, values: Values): Promise<void | boolean>;
  /** Evaluates an `=expr` option (date min/max/default); undefined when the app gave no evaluator. */
  evalValue(expr: string): unknown;
}

/** A leaf widget: renders only the control; label, required mark and error come from the field row. */
export interface WidgetProps<V = unknown> {
  id: string;
  node: FieldNode;
  path: string;
  value: V | undefined;
  onChange(value: V | undefined): void;
  env: WidgetEnv;
}

export interface SectionProps {
  node: FieldNode;
  path: string;
  readOnly: boolean;
  children: ReactNode;
}

export interface ListProps {
  node: FieldNode;
  path: string;
  readOnly: boolean;
  /**
   * Renders entry `index` (absolute base path given): an object's fields, or a
   * single value's row (node.each), with `extra` (its delete button) in the row.
   */
  renderEntry(base: string, index: number, extra?: ReactNode): ReactNode;
  /** Value of a new entry (schema defaults): an object's values, or a single value (undefined when none). */
  newEntry(): unknown;
}

/** `x-widget` name → component. Leaf widgets take WidgetProps; `section` takes SectionProps; `list` takes ListProps. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Registry = Record<string, ComponentType<any>>;
