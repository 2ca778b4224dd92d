/**
 * The types the checker starts from, for every expression of a config:
 * `session` from flows/app.yaml's declarations (a key whose `type` is one of
 * the six kinds says only that much; `UserInfo`, `ChosenItem[]`, `'1' | '2'`
 * or a map of fields say exactly), `const` from the constants' values,
 * `config` from the contract's start-up config, each call's answer from the
 * contract (src/contract/answers.ts), every function's signature. The
 * step-specific roots (form, data, item, event, result) are step-types.ts'.
 */
import { CALL_ANSWERS, STARTUP_CONFIG_SHAPE } from '../../contract/answers';
import { NAMED_SHAPES } from '../../contract/answer-shapes';
import { APP_FUNCTION_SIGNATURES } from '../../contract/vocabulary/functions';
import type { FunctionSignature, Shape } from '../../contract/shapes';
import { BUILTIN_SIGNATURES } from '../expr/signatures';
import { parseDeclaredType, TYPE_KEYWORDS } from '../expr/type-expr';
import { ANY, BOOL, NULL, NUM, STR, arrayOf, closedObject, fromShape, openObject, type Type } from '../expr/types';
import type { AppFile, Registries } from '../types';
import { APP_FILE } from './assemble';
import { suggest } from './suggest';
import { list } from './words';

export interface BaseTypes {
  session: Type;
  const: Type;
  config: Type;
  signatures: Record<string, FunctionSignature>;
  answers: Record<string, Shape>;
  names: Record<string, Shape>;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function baseTypes(app: AppFile, reg: Registries): BaseTypes {
  const names = reg.typeNames ?? NAMED_SHAPES;
  const fields: Record<string, Type> = {};
  for (const [k, def] of Object.entries(isObj(app.session) ? app.session : {})) {
    const t = isObj(def) ? parseDeclaredType(def.type, names) : null;
    fields[k] = t && 'type' in t ? t.type : ANY;
  }
  const consts: Record<string, Type> = {};
  for (const [k, v] of Object.entries(isObj(app.constants) ? app.constants : {})) consts[k] = constType(v);
  return {
    // An undeclared key is check.ts's to report (notDeclaredText), not the type checker's.
    session: openObject(fields, ANY),
    const: openObject(consts, ANY),
    config: fromShape(reg.startupConfig ?? STARTUP_CONFIG_SHAPE),
    signatures: { ...BUILTIN_SIGNATURES, ...APP_FUNCTION_SIGNATURES, ...(reg.signatures ?? {}) },
    answers: (reg.answers ?? CALL_ANSWERS) as Record<string, Shape>,
    names,
  };
}

/** A constant's type: its kind (a constant is the admin's to change, so not its one value). */
function constType(v: unknown): Type {
  if (typeof v === 'string') return v.startsWith('=') ? ANY : STR;
  if (typeof v === 'number') return NUM;
  if (typeof v === 'boolean') return BOOL;
  if (v === null) return NULL;
  if (Array.isArray(v)) return arrayOf(ANY);
  if (isObj(v)) return closedObject(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, constType(x)])));
  return ANY;
}

/** The envelope `result` is after a call: success, returnMsg, returnData (its answer). */
export function envelope(base: BaseTypes, call: string): Type {
  const answer = Object.prototype.hasOwnProperty.call(base.answers, call) ? fromShape(base.answers[call]) : ANY;
  return closedObject({ success: BOOL, returnMsg: STR, returnData: answer });
}

/** A call's answer (returnData) type; `any` for a call the contract does not describe. */
export function answerType(base: BaseTypes, call: string): Type {
  return Object.prototype.hasOwnProperty.call(base.answers, call) ? fromShape(base.answers[call]) : ANY;
}

/** Reports session declarations whose `type` cannot be read, at flows/app.yaml `session.<key>.type`. */
export function checkSessionTypes(
  app: AppFile, base: BaseTypes, error: (file: string, path: Array<string | number>, message: string) => void,
): void {
  for (const [k, def] of Object.entries(isObj(app.session) ? app.session : {})) {
    if (!isObj(def) || def.type === undefined) continue; // the format check reports it
    const r = parseDeclaredType(def.type, base.names);
    if (!('error' in r)) continue;
    const names = [...TYPE_KEYWORDS, ...Object.keys(base.names)];
    const hint = r.unknown ? `${suggest(r.unknown, names)}（可以写：${list([...TYPE_KEYWORDS])}，接口里的类型 ${list(Object.keys(base.names))}，或 X[]、'a' | 'b'、{ 字段: 类型 }）` : '';
    error(APP_FILE, ['session', k, 'type'], `flows/app.yaml 的 session "${k}" 的类型：${r.error}${hint}`);
  }
}
