/**
 * The flow format: what `flows/*.yaml` say, as types. The JSON Schema of the
 * same format is `schemas/meta/flow.schema.json` (editors complete against it,
 * the loader validates against it); this file and that schema must agree.
 *
 * Conventions (docs/flow-format.md explains each with examples):
 * - A string value that starts with `=` is an EXPRESSION (safe evaluator, no eval):
 *   `"=session.hospInfo.hospAddr"`. Any other string is literal. Condition fields
 *   (`if`, `when`, `visibleIf`, `enabledIf`) are always expressions, no `=` needed.
 * - Message fields (`alert`, `toast`, `confirm`, `okText`, …) hold a KEY of
 *   `flows/messages.yaml`, or `=expr` for a text computed at run time
 *   (e.g. the server's returnMsg).
 * - Step ids are unique across all flow files; `go` names a step id, never a path.
 * - Expression roots: session, data, form, query, event, result, config, const, item.
 */
import type { FunctionSignature, Shape } from '../contract/shapes';

/** A value in config: literal, or an expression when a string starts with `=`. */
export type Value = string | number | boolean | null | Value[] | { [k: string]: Value };
/** Named values (body, query, params, initial): a map of values, or one `=expr` giving the whole map. */
export type ValueMap = Record<string, Value> | string;
/** An expression string (no leading `=` needed). */
export type Expr = string;
/** A key of flows/messages.yaml, or `=expr`. */
export type MessageRef = string;
/** A step id (unique across flows). */
export type StepRef = string;

// ---------------------------------------------------------------- actions
// An action list runs top to bottom; each action object has exactly one of the
// action keys below (plus its modifiers). `stop` ends the list (and the lists
// that called it).

export interface CallAction {
  /** A call name of src/contract/calls.ts. */
  call: string;
  /** Body fields; values are literals or `=expr`. */
  body?: ValueMap;
  /** Where to keep returnData (after `pick`): `data.x` (step-local) or `session.x`. */
  keep?: string;
  /** Transform before keeping: an expression over `result` (the envelope). */
  pick?: Expr;
  /** No progress bar for this call. */
  noLoading?: boolean;
  /** Runs when the server answers success:false. Default: alert result.returnMsg and stop. */
  onFail?: Action[];
  /** Runs on a network/HTTP failure. Default: alert the request layer's message and stop. */
  onError?: Action[];
  /** Runs after success (before the next action in the list). */
  then?: Action[];
}
export interface SetAction { set: Record<string, Value> } // keys are targets: session.x, data.x, form.x; `form` / `data` alone replace the whole object
export interface GoAction { go: StepRef; query?: ValueMap; replace?: boolean }
export interface BackAction { back: number }
export interface IfAction { if: Expr; then?: Action[]; else?: Action[] }
export interface SwitchAction { switch: Array<{ when?: Expr; do: Action[] }> } // first match runs
export interface ConfirmAction { confirm: MessageRef; okText?: MessageRef; cancelText?: MessageRef; then?: Action[]; else?: Action[]; params?: ValueMap }
export interface AlertAction { alert: MessageRef; then?: Action[]; params?: ValueMap }
export interface ToastAction { toast: MessageRef; icon?: 'success' | 'fail' | 'loading'; duration?: number; params?: ValueMap }
export interface DelayAction { delay: number }
/** Validate the step's form; on failure show its first message (alert) and stop. */
export interface ValidateAction { validate: true; show?: 'alert' | 'toast' }
/** A popup form: shows `schema` in a bottom sheet; on submit runs `then` with `form` = its values. */
export interface SheetAction {
  sheet: string; title?: string; submitText?: string; then?: Action[]; initial?: ValueMap;
  /** Submit (after validation) as soon as this field gets a value: a choice that is itself the answer. */
  submitOnChange?: string;
}
/** An app-supplied effect by name (wechatPay, oauthRedirect, clearDraft, …) with named outcomes. */
export interface InvokeAction { invoke: string; params?: ValueMap; on?: Record<string, Action[]> }
/** Run the step's `next` rules. */
export interface NextAction { next: true }
export interface StopAction { stop: true }

export type Action =
  | CallAction | SetAction | GoAction | BackAction | IfAction | SwitchAction
  | ConfirmAction | AlertAction | ToastAction | DelayAction | ValidateAction
  | SheetAction | InvokeAction | NextAction | StopAction;

export const ACTION_KEYS = [
  'call', 'set', 'go', 'back', 'if', 'switch', 'confirm', 'alert', 'toast',
  'delay', 'validate', 'sheet', 'invoke', 'next', 'stop',
] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

// ---------------------------------------------------------------- steps

export interface NextRule { if?: Expr; go: StepRef; query?: Record<string, Value>; replace?: boolean }

export interface StepForm {
  /** Path below schemas/, e.g. `forms/person-order.json`, or `=expr` choosing one of `choices`. */
  schema: string;
  /** When `schema` is an expression, the schema files it may pick (checked at load). */
  choices?: string[];
  /**
   * The expression may also give an archived version of one of `choices`:
   * `versions/<name>@<hash>.json` (<name> = a choice's file name without
   * `.json`), served by the back end for answers given in an older version.
   * Such a path is fetched at run time and cannot be checked at load.
   */
  archived?: boolean;
  /** Persist values while typing under this key (restored after reload / killed webview). */
  draft?: string;
  /** Initial values: literals or `=expr`. */
  initial?: Record<string, Value>;
  /** Render read-only when true (view mode). */
  readOnlyIf?: Expr;
}

export interface Step {
  /** Route path, exactly as in the spec (`/PersonIndex`). */
  route: string;
  /** Extra paths that show the same step (`/reportguide`). */
  aliases?: string[];
  /** Needs a logged-in user (spec after-booking §2). */
  auth: boolean;
  /** Reachable from outside the app (QR code, shared link, OAuth return). */
  entry?: boolean;
  /** Back navigation not allowed (the /oauth step). */
  noBack?: boolean;
  /** false: no back arrow in the title bar (a home page); unlike noBack, leaving by the system back stays possible. */
  backArrow?: boolean;
  title?: string;
  /** A screen kind (schemas/meta/screens/<kind>.json). */
  screen: string;
  /** Screen-kind properties, validated by that kind's props schema. */
  props?: Record<string, Value>;
  form?: StepForm;
  /** Actions run when the step is entered (data loading). */
  load?: Action[];
  /** Events the screen kind emits → actions. */
  on?: Record<string, Action[]>;
  /** Where `next: true` (or the screen's `done` event) goes: first matching rule. */
  next?: NextRule[];
}

export interface FlowFile {
  flow: string;
  title?: string;
  steps: Record<string, Step>;
}

/**
 * A session key's type: one of the six kinds (as before: `object` / `array`
 * say nothing more), or exactly — a contract type (`UserInfo`), a list of one
 * (`ChosenItem[]`), values (`'1' | '2'`), either (`OrderView | null`), fields
 * (`"{ hospCode: string }"`), or in YAML a map of fields / a one-item list.
 * The checker types `session.<key>…` with it (src/engine/expr/type-expr.ts).
 */
export type SessionType = string | SessionType[] | { [field: string]: SessionType };

export interface SessionKeyDef {
  type: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'any' | SessionType;
  /** Kept across reloads (localStorage). Default true. */
  persist?: boolean;
  description?: string;
}

/** flows/app.yaml */
export interface AppFile {
  /** The step of `/` when the address has no path. */
  start: StepRef;
  /** Where an auth route without a user goes (the OAuth step). */
  login: StepRef;
  /** Shown for an unknown path. */
  notFound?: StepRef;
  session: Record<string, SessionKeyDef>;
  constants?: Record<string, Value>;
  /** The questionnaires the server stores, lists and serves, by id. */
  questionnaires?: Record<string, QuestionnaireDef>;
}

/** One questionnaire of the registry (flows/app.yaml `questionnaires`). */
export interface QuestionnaireDef {
  /** Its title (the list, view mode). */
  title: string;
  /** Its form schema, below schemas/ (`forms/sleep.json`): what an answer is validated against. */
  schema: string;
  /** Whose answer it is: the user (openid) or an exam number (regno, a group member's occupational questionnaire). */
  owner: 'openid' | 'regno';
  /** Shown in 我的问卷 (GetQuestionList) before it is answered, as 待填写. Default false: listed once answered. */
  listed?: boolean;
  /** A total over the chosen options' `x-score` points, with labelled bands (the first band whose `max` ≥ the total). */
  scoring?: { bands: Array<{ max: number; label: string }> };
}

/** flows/messages.yaml */
export interface MessagesFile {
  messages: Record<string, string>;
  /** Texts the server answers with (refusals of a booking, an order…), by key; a key left out keeps the server's default. */
  server?: Record<string, Record<string, string>>;
}

/** What the checker needs from the app: every name config may use. */
export interface Registries {
  calls: string[];
  screens: Record<string, object>; // kind → props JSON Schema (with x-ref annotations)
  widgets: string[];
  effects: Record<string, { outcomes: string[] }>;
  functions: string[];
  /** Message keys the app shows by itself (request failures…): used even when no flow names them. */
  messages?: string[];
  /** Keys of the texts the server answers with (flows/messages.yaml `server`). */
  serverMessages?: string[];
  /** Each call's answer (returnData) shape; default: the contract's (src/contract/answers.ts). */
  answers?: Record<string, Shape>;
  /** Function signatures beyond the built-ins' and the contract's app functions'. */
  signatures?: Record<string, FunctionSignature>;
  /** Type names a session declaration may use; default: the contract's (src/contract/answer-shapes.ts). */
  typeNames?: Record<string, Shape>;
  /** The start-up config's shape (`config.*`); default: the contract's. */
  startupConfig?: Shape;
}

/** One problem found in config. Lines and columns are 1-based. */
export interface ConfigError {
  file: string;
  line: number;
  column: number;
  /** In the admin's words: the place is said (第 3 条跳转规则的条件), not its path. */
  message: string;
  /**
   * The place as written in the file (`next[2].if`, `on.notice[0].go`; for an
   * expression `next[2].if: age > 60`), when the message put it in words:
   * the studio's hover and the CLI show it for whoever knows the format.
   */
  raw?: string;
}
