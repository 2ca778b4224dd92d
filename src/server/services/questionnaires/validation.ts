/** What an answer must be: JSON object, size cap, no prototype keys, PNG data-URL signature, and — when a form schema exists under schemas/forms/ — that schema (pluggable: FormSchemaValidator). */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PACKAGE_SCHEMAS } from '../../paths';
import { serverTexts } from '../../messages';
import type { QuestionnaireDef } from '../../../engine/types';
import { createAjv, type ValidateFunction } from '../../../engine/schema/ajv';
import { buildFormModel } from '../../../engine/form/schema-model';
import { checkSubmission } from '../../../engine/form/check-submission';

export const QUESTIONNAIRE_MAX_BYTES = 512 * 1024;
export const QUESTIONNAIRE_MAX_DEPTH = 32;
export const SIGNATURE_PREFIX = 'data:image/png;base64,';

export const Q_MSG = serverTexts('questionnaires', {
  notJson: '问卷内容格式错误',
  notObject: '问卷内容必须是对象',
  tooLarge: '问卷内容过大',
  badKey: '问卷内容包含非法字段',
  tooDeep: '问卷内容层级过深',
  badSignature: '签名格式错误',
  nothing: '问卷内容不能为空',
  unknownRegno: '该体检号不存在',
  badKw: '问卷类型错误',
  notFound: '问卷不存在',
} as const);

export class QuestionnaireError extends Error {}

/** A questionnaire's id in the registry (flows/app.yaml `questionnaires`): health, occupational, or a centre's own. */
export type QuestionnaireId = string;
export type QuestionnaireRegistry = Record<QuestionnaireId, QuestionnaireDef>;

/**
 * The registry when the server serves no config (tools, tests without one): the
 * two questionnaires of the spec, as flows/app.yaml declares them.
 */
export const DEFAULT_QUESTIONNAIRES: QuestionnaireRegistry = {
  health: { title: '健康问卷', schema: 'forms/health-questionnaire.json', owner: 'openid' },
  occupational: { title: '职业健康检查问卷', schema: 'forms/occupational-questionnaire.json', owner: 'regno' },
};

/** The schema id answers of a questionnaire are tagged with: its schema file's name (`health-questionnaire`). */
export function schemaIdOf(registry: QuestionnaireRegistry, id: QuestionnaireId): string {
  const file = registry[id]?.schema ?? `forms/${id}.json`;
  return file.replace(/^.*\//, '').replace(/\.json$/, '');
}

export function titleOf(registry: QuestionnaireRegistry, id: QuestionnaireId): string {
  return registry[id]?.title ?? '问卷';
}

/** The current schema of a questionnaire kind: its id, content hash (the version) and text. */
export interface CurrentSchema {
  schemaId: string;
  /** Content hash (16 hex of sha256 of the schema's JSON): the version an answer is tagged with. */
  hash: string;
  text: string;
}

/** Validates a parsed answer against its form schema; null = valid (or no schema). */
export interface FormSchemaValidator {
  validate(kind: QuestionnaireId, data: object): string | null;
  /** Schema id and version of the current schema, when one exists. */
  describe(kind: QuestionnaireId): { schemaId: string; schemaVersion: string | null } | null;
  /** The current schema (for the version archive), when one exists. */
  current?(kind: QuestionnaireId): CurrentSchema | null;
  /** The questionnaires it knows (the registry it was made with). */
  registry?: QuestionnaireRegistry;
  /** The parsed schema, for scoring. */
  schemaOf?(kind: QuestionnaireId): Record<string, unknown> | null;
}

/** `versions/<schemaId>@<hash>.json`: where the app fetches an archived schema (GET /schemas/…). */
export function archivedSchemaPath(schemaId: string, hash: string): string {
  return `versions/${schemaId}@${hash}.json`;
}
const ARCHIVE_NAME = /^versions\/([A-Za-z0-9_.-]{1,100})@([0-9a-f]{16})\.json$/;
/** Parses `versions/<id>@<hash>.json`; null when it is not such a path. */
export function parseArchivedPath(p: string): { schemaId: string; hash: string } | null {
  const m = ARCHIVE_NAME.exec(p);
  return m ? { schemaId: m[1], hash: m[2] } : null;
}

export function schemaHash(schema: unknown): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16);
}

function compileEntry(schema: Record<string, unknown>, schemaId: string, where: string, log: (m: string) => void) {
  let fn: ValidateFunction | null = null;
  try {
    fn = createAjv().compile(schema);
  } catch (e) {
    log(`[questionnaires] schema ${where} not usable for validation, skipped: ${(e as Error).message}`);
  }
  const cur: CurrentSchema = { schemaId, hash: schemaHash(schema), text: JSON.stringify(schema) };
  // The form model gives the app's own first message (field label, required first, x-checkOrder).
  return { fn, cur, schema, root: fn ? buildFormModel(schema) : null };
}

function validatorOf(get: (kind: QuestionnaireId) => ReturnType<typeof compileEntry> | null, registry: QuestionnaireRegistry): FormSchemaValidator {
  return {
    registry,
    schemaOf(kind) {
      return get(kind)?.schema ?? null;
    },
    validate(kind, data) {
      const e = get(kind);
      if (!e?.fn || !e.root) return null;
      // As the phone checked it: a field its condition hides is not demanded.
      return checkSubmission(e.root, data as Record<string, unknown>, e.fn).first;
    },
    describe(kind) {
      const e = get(kind);
      return e ? { schemaId: e.cur.schemaId, schemaVersion: e.cur.hash } : null;
    },
    current(kind) {
      return get(kind)?.cur ?? null;
    },
  };
}

/**
 * The schemas of the served, checked config (`deps.formSchemas`, keyed
 * `forms/<file>`): what the app renders is what the server validates and
 * archives (CONFIG_DIR, not the repository's copy).
 */
export function configFormSchemaValidator(
  schemas: Record<string, unknown>,
  log: (m: string) => void = (m) => console.warn(m),
  registry: QuestionnaireRegistry = DEFAULT_QUESTIONNAIRES,
): FormSchemaValidator {
  const entries = new Map<string, ReturnType<typeof compileEntry> | null>();
  const get = (kind: QuestionnaireId) => {
    if (!entries.has(kind)) {
      const key = registry[kind]?.schema;
      const s = key ? schemas[key] : undefined;
      entries.set(kind, key && s && typeof s === 'object' ? compileEntry(s as Record<string, unknown>, schemaIdOf(registry, kind), key, log) : null);
    }
    return entries.get(kind) ?? null;
  };
  return validatorOf(get, registry);
}

const FORMS_DIR = path.join(PACKAGE_SCHEMAS, 'forms');

/**
 * Reads schemas/forms/<kind>.json when present (re-read when its mtime
 * changes). A missing file means "no schema check yet"; a file that does not
 * compile is logged and skipped, so a broken schema never blocks saving.
 */
export function fileFormSchemaValidator(dir = FORMS_DIR, log: (m: string) => void = (m) => console.warn(m), registry: QuestionnaireRegistry = DEFAULT_QUESTIONNAIRES): FormSchemaValidator {
  const cache = new Map<string, { mtime: number; entry: ReturnType<typeof compileEntry> | null }>();
  const get = (kind: QuestionnaireId) => {
    if (!registry[kind]) return null;
    const file = path.join(dir, `${schemaIdOf(registry, kind)}.json`);
    let st: fs.Stats;
    try {
      st = fs.statSync(file);
    } catch {
      return null;
    }
    const hit = cache.get(file);
    if (hit && hit.mtime === st.mtimeMs) return hit.entry;
    let entry: ReturnType<typeof compileEntry> | null = null;
    try {
      entry = compileEntry(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>, schemaIdOf(registry, kind), file, log);
    } catch (e) {
      log(`[questionnaires] schema ${file} not usable, skipped: ${(e as Error).message}`);
    }
    cache.set(file, { mtime: st.mtimeMs, entry });
    return entry;
  };
  return validatorOf(get, registry);
}

export const noFormSchemaValidator: FormSchemaValidator = { validate: () => null, describe: () => null };

function checkKeys(v: unknown, depth: number): string | null {
  if (depth > QUESTIONNAIRE_MAX_DEPTH) return Q_MSG.tooDeep;
  if (Array.isArray(v)) {
    for (const x of v) {
      const m = checkKeys(x, depth + 1);
      if (m) return m;
    }
  } else if (v && typeof v === 'object') {
    for (const k of Object.keys(v)) {
      if (k === '__proto__' || k === 'constructor' || k === 'prototype') return Q_MSG.badKey;
      const m = checkKeys((v as Record<string, unknown>)[k], depth + 1);
      if (m) return m;
    }
  }
  return null;
}

/** Parses and checks one answer text; returns the object or throws QuestionnaireError. */
export function parseAnswerText(text: unknown, kind: QuestionnaireId, schemas: FormSchemaValidator): Record<string, unknown> {
  if (typeof text !== 'string' || text.trim() === '') throw new QuestionnaireError(Q_MSG.nothing);
  if (Buffer.byteLength(text, 'utf8') > QUESTIONNAIRE_MAX_BYTES) throw new QuestionnaireError(Q_MSG.tooLarge);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new QuestionnaireError(Q_MSG.notJson);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new QuestionnaireError(Q_MSG.notObject);
  const keyMsg = checkKeys(v, 0);
  if (keyMsg) throw new QuestionnaireError(keyMsg);
  const sig = (v as { signature?: unknown }).signature;
  if (sig !== undefined && sig !== null) {
    if (typeof sig !== 'object' || Array.isArray(sig)) throw new QuestionnaireError(Q_MSG.badSignature);
    const p = (sig as { patient?: unknown }).patient;
    if (p !== undefined && p !== null && p !== '') {
      if (typeof p !== 'string' || !p.startsWith(SIGNATURE_PREFIX) || !/^[A-Za-z0-9+/]+={0,2}$/.test(p.slice(SIGNATURE_PREFIX.length)))
        throw new QuestionnaireError(Q_MSG.badSignature);
    }
  }
  const schemaMsg = schemas.validate(kind, v as object);
  if (schemaMsg) throw new QuestionnaireError(schemaMsg);
  return v as Record<string, unknown>;
}
