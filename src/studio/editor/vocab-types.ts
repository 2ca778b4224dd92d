/** The vocabulary's types (no engine code: the page's first load imports these). */
import type { StudioCheckContextRes } from '../../contract/api/studio';
import type { PathSeg } from './doc-context';
import type { Type } from '../../engine/expr/types';

export type StudioRegistries = StudioCheckContextRes['registries'];

export interface StepInfo {
  title?: string;
  route?: string;
  screen?: string;
  flow: string;
  file: string;
  /** Events the step handles (keys of `on`). */
  handles: string[];
  /** Events its props emit (x-ref event values). */
  emits: string[];
}

export interface Vocabulary {
  steps: Record<string, StepInfo>;
  /** flows/messages.yaml `messages`: key → text. */
  messages: Record<string, string>;
  /** Message keys named by flows (actions and message props), with the params passed. */
  usedMessages: Record<string, string[]>;
  /** Message key → the steps naming it. */
  messageUsers: Record<string, string[]>;
  /** Files below schemas/ (`forms/sleep.json`). */
  schemas: string[];
  /** flows/messages.yaml `server`: area → key → text. */
  serverMessages: Record<string, Record<string, string>>;
  /** Action keys and modifiers whose value is a message key (alert, toast, confirm, okText…). */
  messageFields: string[];
  start?: string;
  login?: string;
  notFound?: string;
  /** The types expressions are checked with (plain data): completion after `form.`, hover shows a path's type. */
  exprTypes?: ExprTypes;
}

/** What the checker knows of each expression root, per place (src/engine/config/step-types.ts). */
export interface ExprTypes {
  /** session, const, config, query. */
  base: Record<string, Type>;
  /** Per step: its form and data, a row of its list (item), what a handler receives (event). */
  /** Per step; `events`: a handler's event where its screen says what it sends. */
  steps: Record<string, { form: Type; data: Type; item: Type; event: Type; events?: Record<string, Type> }>;
  /** Per form schema (below schemas/): `form` in its x-visibleIf. */
  schemas: Record<string, Type>;
  /** The envelope `result` is after each call. */
  results: Record<string, Type>;
  /** Every function: `name(a, b?)` and its one line. */
  functions: Record<string, { signature: string; doc: string }>;
}

export const EMPTY_VOCABULARY: Vocabulary = { steps: {}, messages: {}, usedMessages: {}, messageUsers: {}, schemas: [], serverMessages: {}, messageFields: ['alert', 'toast', 'confirm', 'okText', 'cancelText'] };

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The value at a path of plain data (undefined when a step is missing). */
export function getIn(v: unknown, path: readonly PathSeg[]): unknown {
  let cur = v;
  for (const s of path) {
    if (Array.isArray(cur) && typeof s === 'number') cur = cur[s];
    else if (isObj(cur)) cur = cur[String(s)];
    else return undefined;
  }
  return cur;
}
