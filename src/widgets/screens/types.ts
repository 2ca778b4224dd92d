import type React from 'react';

/**
 * The contract between the app's step runner and a screen kind.
 * A kind renders its step from `props` and reports user intent with `emit`;
 * it never calls the API, never navigates, never reads the session.
 */
export interface ScreenProps<P = Record<string, unknown>> {
  /** Props from the step's YAML with every `=expr` already evaluated by the runner (item-level expressions stay as functions, see below). */
  props: P;
  /** Emit an event; the runner runs the step's `on[name]` actions with `event = payload`. Resolves when those actions finish. */
  emit(name: string, payload?: Record<string, unknown>): Promise<void>;
  /** Evaluate a per-item expression (card fields like "=item.clus_Name") against an item: the runner supplies it. */
  evalItem(value: unknown, item: unknown): unknown;
  /** The step's form (for kind `form`): rendered by the runner-provided element. */
  formSlot?: React.ReactNode;
  title?: string;
}

/** A screen kind component. */
export type ScreenKind<P = Record<string, unknown>> = React.ComponentType<ScreenProps<P>>;
