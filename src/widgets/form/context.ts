/**
 * The form's one context value, created once per form and never replaced, so
 * providing it re-renders nothing. Fields read values through react-hook-form
 * subscriptions (useWatch / useFormState by exact name), never through this context.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { Control } from 'react-hook-form';
import type { FieldNode } from '../../engine/form/schema-model';
import type { Registry, WidgetEnv, WidgetProps } from './types';
import type { FormRowProps } from './FormRow';
import type { Values } from '../../engine/form/values';

export interface FormEnv extends WidgetEnv {
  formId: string;
  control: Control<Values>;
  registry: Registry;
  root: FieldNode;
  /** Evaluates an `x-visibleIf` over the raw values. */
  isVisible(expr: string): boolean;
  /** Sets one value (no validation), clears its shown error, schedules onChange. */
  setValue(path: string, value: unknown): void;
  /** Schedules onChange after a change made outside setValue (list add/delete). */
  changed(): void;
  /**
   * Whether the form's first frame has been painted: only rows that mount before it keep
   * the rows below the first screen for later (first-rows.ts); a list entry added by a
   * tap, or a section shown by an answer, is drawn whole at once.
   */
  firstFrame: { painted: boolean };
}

export const FormEnvContext = createContext<FormEnv | null>(null);

export function useFormEnv(): FormEnv {
  const env = useContext(FormEnvContext);
  if (!env) throw new Error('form widgets must render inside SchemaForm');
  return env;
}

/** Read-only is separate so toggling it re-renders fields without rebuilding the env. */
export const ReadOnlyContext = createContext(false);

/** How a grid draws its rows (MatrixWidget.tsx, loaded with the choices): a row and its cells. */
export interface MatrixParts {
  Row: ComponentType<FormRowProps>;
  Cells: ComponentType<WidgetProps>;
}

/**
 * Inside a section drawn as a grid (a matrix, engine/form/matrix.ts): its rows
 * draw as grid rows (label over one tap cell per option) instead of form rows.
 * Set once by the section, so it never changes while its rows live.
 */
export const MatrixContext = createContext<MatrixParts | null>(null);
