import type { FunctionRegistry } from '../expr/compile';
import type { Step } from '../types';

/** The call envelope every back-end answer has. */
export interface CallResult {
  success: boolean;
  returnMsg: string;
  returnData: unknown;
}

/** What actions may do to the world. The app implements it; tests use a fake. */
export interface Effects {
  /** Rejects with Error(message) on a network/HTTP failure. */
  call(name: string, body: Record<string, unknown>, opts: { noLoading?: boolean }): Promise<CallResult>;
  navigate(stepId: string, query: Record<string, string>, replace: boolean): void;
  back(n: number): void;
  alert(text: string): Promise<void>;
  confirm(text: string, okText?: string, cancelText?: string): Promise<boolean>;
  toast(text: string, opts: { icon?: 'success' | 'fail' | 'loading'; duration?: number }): void;
  delay(ms: number): Promise<void>;
  sheet(schemaPath: string, opts: { title?: string; submitText?: string; submitOnChange?: string; initial?: Record<string, unknown> }): Promise<Record<string, unknown> | null>;
  /** Runs an app effect; resolves with the outcome name. */
  invoke(name: string, params: Record<string, unknown>): Promise<string>;
  /** Validates the step's form: the first error message, or null. */
  validateForm(): Promise<string | null>;
  /** `path` '' (targets `form` / `data`) replaces the whole object. */
  set(target: SetTarget, path: string, value: unknown): void;
}

export type SetTarget = 'session' | 'data' | 'form';
export const SET_TARGETS: readonly SetTarget[] = ['session', 'data', 'form'];

/** What expressions see. Roots other than these are check errors. */
export interface RuntimeScope {
  session: Record<string, unknown>;
  data: Record<string, unknown>;
  form: Record<string, unknown>;
  query: Record<string, string>;
  event?: unknown;
  result?: unknown;
  config?: unknown;
  const?: Record<string, unknown>;
  item?: unknown;
  [root: string]: unknown;
}

export interface ActionContext {
  /** Mutated as actions run (set/keep/result), so later actions see earlier writes. */
  scope: RuntimeScope;
  effects: Effects;
  messages: Record<string, string>;
  fns: FunctionRegistry;
  /** The step whose actions run (for `next`). */
  step?: Step & { id?: string };
  /** Whether a call's returnData is JSON text; default: the contract table (src/contract/calls.ts). */
  isJsonText?: (callName: string) => boolean;
}

export type RunResult = 'done' | 'stopped';
