/**
 * Questionnaires (after-booking spec §2 Occupational / Health questionnaire /
 * My questionnaires, §3, §7): answers are stored as the JSON text the client
 * sends, one current row per owner (openId or regno) and kind, plus an
 * append-only history; each save records the questionnaire schema id and
 * version it was given in. Texts are validated: JSON object, size cap, no
 * prototype keys, PNG data-URL signature, and — when a form schema file exists
 * under schemas/forms/ — the schema (pluggable: FormSchemaValidator).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { PACKAGE_SCHEMAS } from '../paths';
import type { Db, Queryable } from '../db/types';
import type {
  GetQuestionByIdRes,
  GetQuestionRes,
  PatientInfo,
  QuestionListItem,
  QuestionnaireKind,
  QuestionnaireStatus,
} from '../../contract/after-booking';
import { createAjv, type ValidateFunction } from '../../engine/schema/ajv';
import { buildFormModel } from '../../engine/form/schema-model';
import { validateValues } from '../../engine/form/validate';
import { idCardBirth, idCardSex } from '../../contract/rules/idcard';
import { centreMinute } from '../../contract/rules/centre-day';

export const QUESTIONNAIRE_MAX_BYTES = 512 * 1024;
export const QUESTIONNAIRE_MAX_DEPTH = 32;
export const SIGNATURE_PREFIX = 'data:image/png;base64,';

export const Q_MSG = {
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
} as const;

export class QuestionnaireError extends Error {}

export const FORM_SCHEMA_FILES: Record<'health' | 'occupational', string> = {
  health: 'health-questionnaire.json',
  occupational: 'occupational-questionnaire.json',
};
export const DEFAULT_SCHEMA_ID: Record<'health' | 'occupational', string> = {
  health: 'health-questionnaire',
  occupational: 'occupational-questionnaire',
};
export const TITLES: Record<QuestionnaireKind, string> = {
  health: '健康问卷',
  occupational: '职业健康检查问卷',
  other: '问卷',
};

/** The current schema of a questionnaire kind: its id, content hash (the version) and text. */
export interface CurrentSchema {
  schemaId: string;
  /** Content hash (16 hex of sha256 of the schema's JSON): the version an answer is tagged with. */
  hash: string;
  text: string;
}

/** Validates a parsed answer against its form schema; null = valid (or no schema). */
export interface FormSchemaValidator {
  validate(kind: 'health' | 'occupational', data: object): string | null;
  /** Schema id and version of the current schema, when one exists. */
  describe(kind: 'health' | 'occupational'): { schemaId: string; schemaVersion: string | null } | null;
  /** The current schema (for the version archive), when one exists. */
  current?(kind: 'health' | 'occupational'): CurrentSchema | null;
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

function compileEntry(schema: Record<string, unknown>, kind: 'health' | 'occupational', where: string, log: (m: string) => void) {
  let fn: ValidateFunction | null = null;
  try {
    fn = createAjv().compile(schema);
  } catch (e) {
    log(`[questionnaires] schema ${where} not usable for validation, skipped: ${(e as Error).message}`);
  }
  const cur: CurrentSchema = { schemaId: DEFAULT_SCHEMA_ID[kind], hash: schemaHash(schema), text: JSON.stringify(schema) };
  // The form model gives the app's own first message (field label, required first, x-checkOrder).
  return { fn, cur, root: fn ? buildFormModel(schema) : null };
}

function validatorOf(get: (kind: 'health' | 'occupational') => ReturnType<typeof compileEntry> | null): FormSchemaValidator {
  return {
    validate(kind, data) {
      const e = get(kind);
      if (!e?.fn || !e.root) return null;
      return validateValues(e.root, data as Record<string, unknown>, [], e.fn).first;
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
export function configFormSchemaValidator(schemas: Record<string, unknown>, log: (m: string) => void = (m) => console.warn(m)): FormSchemaValidator {
  const entries = new Map<string, ReturnType<typeof compileEntry> | null>();
  const get = (kind: 'health' | 'occupational') => {
    if (!entries.has(kind)) {
      const key = `forms/${FORM_SCHEMA_FILES[kind]}`;
      const s = schemas[key];
      entries.set(kind, s && typeof s === 'object' ? compileEntry(s as Record<string, unknown>, kind, key, log) : null);
    }
    return entries.get(kind) ?? null;
  };
  return validatorOf(get);
}

const FORMS_DIR = path.join(PACKAGE_SCHEMAS, 'forms');

/**
 * Reads schemas/forms/<kind>.json when present (re-read when its mtime
 * changes). A missing file means "no schema check yet"; a file that does not
 * compile is logged and skipped, so a broken schema never blocks saving.
 */
export function fileFormSchemaValidator(dir = FORMS_DIR, log: (m: string) => void = (m) => console.warn(m)): FormSchemaValidator {
  const cache = new Map<string, { mtime: number; entry: ReturnType<typeof compileEntry> | null }>();
  const get = (kind: 'health' | 'occupational') => {
    const file = path.join(dir, FORM_SCHEMA_FILES[kind]);
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
      entry = compileEntry(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>, kind, file, log);
    } catch (e) {
      log(`[questionnaires] schema ${file} not usable, skipped: ${(e as Error).message}`);
    }
    cache.set(file, { mtime: st.mtimeMs, entry });
    return entry;
  };
  return validatorOf(get);
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
export function parseAnswerText(text: unknown, kind: 'health' | 'occupational', schemas: FormSchemaValidator): Record<string, unknown> {
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

/**
 * The tag an answer is saved with: the server's current schema (id + content
 * hash), archived in the same transaction; the client's schemaId/schemaVersion
 * only when the server has no schema for the kind (structural checks only).
 */
async function tagAndArchive(
  tx: Queryable,
  kind: 'health' | 'occupational',
  given: { schemaId?: string; schemaVersion?: string },
  schemas: FormSchemaValidator,
  now: number,
): Promise<{ schemaId: string; schemaVersion: string | null }> {
  const cur = schemas.current?.(kind) ?? null;
  if (cur) {
    await archiveSchema(tx, cur, now);
    return { schemaId: cur.schemaId, schemaVersion: cur.hash };
  }
  const d = schemas.describe(kind);
  return {
    schemaId: d?.schemaId ?? given.schemaId ?? DEFAULT_SCHEMA_ID[kind],
    schemaVersion: d?.schemaVersion ?? given.schemaVersion ?? null,
  };
}

export async function archiveSchema(tx: Queryable, cur: CurrentSchema, now: number): Promise<void> {
  await tx.run(
    `INSERT INTO questionnaire_schema_versions (schema_id, hash, body, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (schema_id, hash) DO NOTHING`,
    [cur.schemaId, cur.hash, cur.text, now],
  );
}

/** Archives the current schemas (at start), so the current version is servable before any save. */
export async function archiveCurrentSchemas(db: Db, schemas: FormSchemaValidator, now: number): Promise<void> {
  for (const kind of ['health', 'occupational'] as const) {
    const cur = schemas.current?.(kind);
    if (cur) await archiveSchema(db, cur, now);
  }
}

/** The archived schema text for `versions/<id>@<hash>.json`, or null. */
export async function archivedSchemaText(db: Db, schemaId: string, hash: string): Promise<string | null> {
  const r = await db.one<{ body: string }>(`SELECT body FROM questionnaire_schema_versions WHERE schema_id = $1 AND hash = $2`, [schemaId, hash]);
  return r?.body ?? null;
}

function schemaPathOf(schemaId: string | null, version: string | null): string | null {
  return schemaId && version && /^[0-9a-f]{16}$/.test(version) && /^[A-Za-z0-9_.-]{1,100}$/.test(schemaId) ? archivedSchemaPath(schemaId, version) : null;
}

async function upsertAnswer(
  tx: Queryable,
  a: { ownerKind: 'openid' | 'regno'; ownerKey: string; kind: 'health' | 'occupational'; body: string; schemaId: string; schemaVersion: string | null; now: number },
): Promise<string> {
  await tx.run(
    `INSERT INTO questionnaire_answers (id, owner_kind, owner_key, kind, title, status, body, schema_id, schema_version, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'completed', $6, $7, $8, $9, $9)
     ON CONFLICT (owner_kind, owner_key, kind) DO UPDATE SET
       status = 'completed', body = excluded.body, schema_id = excluded.schema_id,
       schema_version = excluded.schema_version, updated_at = excluded.updated_at`,
    [randomUUID(), a.ownerKind, a.ownerKey, a.kind, TITLES[a.kind], a.body, a.schemaId, a.schemaVersion, a.now],
  );
  const row = await tx.one<{ id: string }>(
    `SELECT id FROM questionnaire_answers WHERE owner_kind = $1 AND owner_key = $2 AND kind = $3`,
    [a.ownerKind, a.ownerKey, a.kind],
  );
  await tx.run(
    `INSERT INTO questionnaire_answer_history (id, answer_id, body, schema_id, schema_version, saved_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [randomUUID(), row!.id, a.body, a.schemaId, a.schemaVersion, a.now],
  );
  return row!.id;
}

export interface SaveByOpenIdInput {
  openId: string;
  ordinaryQs?: string;
  occupationalDiseasesQs?: string;
  schemaId?: string;
  schemaVersion?: string;
  now: number;
}

export async function saveByOpenId(db: Db, q: SaveByOpenIdInput, schemas: FormSchemaValidator): Promise<void> {
  const parts: Array<['health' | 'occupational', string]> = [];
  if (q.ordinaryQs !== undefined && q.ordinaryQs !== '') parts.push(['health', q.ordinaryQs]);
  if (q.occupationalDiseasesQs !== undefined && q.occupationalDiseasesQs !== '') parts.push(['occupational', q.occupationalDiseasesQs]);
  if (parts.length === 0) throw new QuestionnaireError(Q_MSG.nothing);
  // Validate everything before writing anything.
  for (const [kind, text] of parts) parseAnswerText(text, kind, schemas);
  // A client tag applies when it saves one questionnaire; with both, each gets its schema file's tag.
  const given = parts.length === 1 ? { schemaId: q.schemaId, schemaVersion: q.schemaVersion } : {};
  await db.transaction(async (tx) => {
    for (const [kind, text] of parts) {
      const tag = await tagAndArchive(tx, kind, given, schemas, q.now);
      await upsertAnswer(tx, { ownerKind: 'openid', ownerKey: q.openId, kind, body: text, ...tag, now: q.now });
    }
  });
}

export async function getByOpenId(db: Db, openId: string): Promise<GetQuestionRes> {
  const rows = await db.all<{ kind: string; body: string | null; schema_id: string | null; schema_version: string | null }>(
    `SELECT kind, body, schema_id, schema_version FROM questionnaire_answers WHERE owner_kind = 'openid' AND owner_key = $1 AND status = 'completed'`,
    [openId],
  );
  const occ = rows.find((r) => r.kind === 'occupational');
  const health = rows.find((r) => r.kind === 'health');
  return {
    occupationalDiseasesQs: occ?.body ?? '',
    ordinaryQs: health?.body ?? '',
    occupationalDiseasesQsSchema: (occ && schemaPathOf(occ.schema_id, occ.schema_version)) ?? '',
    ordinaryQsSchema: (health && schemaPathOf(health.schema_id, health.schema_version)) ?? '',
  };
}

/**
 * One saved answer by id, for view mode: only the owner's openId reads it
 * (anything else, missing or not, answers the same 问卷不存在).
 */
export async function getById(db: Db, openId: string, id: string): Promise<GetQuestionByIdRes> {
  const r = await db.one<{ id: string; kind: string; title: string; status: string; body: string | null; schema_id: string | null; schema_version: string | null; updated_at: number | string }>(
    `SELECT id, kind, title, status, body, schema_id, schema_version, updated_at FROM questionnaire_answers
      WHERE id = $1 AND owner_kind = 'openid' AND owner_key = $2`,
    [id, openId],
  );
  if (!r) throw new QuestionnaireError(Q_MSG.notFound);
  const completed = r.status === 'completed' && !!r.body;
  return {
    id: r.id,
    title: r.title,
    kind: (r.kind === 'health' || r.kind === 'occupational' ? r.kind : 'other') as QuestionnaireKind,
    status: (['completed', 'pending', 'processing'].includes(r.status) ? r.status : 'pending') as QuestionnaireStatus,
    submitTime: completed ? chinaMinute(Number(r.updated_at)) : '',
    body: r.body ?? '',
    schemaId: r.schema_id,
    schemaVersion: r.schema_version,
    schemaPath: schemaPathOf(r.schema_id, r.schema_version),
  };
}

/** kw '2' = occupational (the only value the spec shows), '1' = health. */
export function kindOfKw(kw: string): 'health' | 'occupational' {
  if (kw === '2') return 'occupational';
  if (kw === '1') return 'health';
  throw new QuestionnaireError(Q_MSG.badKw);
}

/** A regno is known when it is in exam_patients or is a group member's reg_no (core team_members). */
export async function regnoKnown(db: Db, regno: string): Promise<boolean> {
  if (await db.one(`SELECT reg_no FROM exam_patients WHERE reg_no = $1`, [regno])) return true;
  return !!(await db.one(`SELECT reg_no FROM team_members WHERE reg_no = $1`, [regno]));
}

export async function saveByRegno(
  db: Db,
  q: { regno: string; kw: string; questionZC: string; schemaId?: string; schemaVersion?: string; now: number },
  schemas: FormSchemaValidator,
): Promise<void> {
  const kind = kindOfKw(q.kw);
  parseAnswerText(q.questionZC, kind, schemas);
  if (!(await regnoKnown(db, q.regno))) throw new QuestionnaireError(Q_MSG.unknownRegno);
  await db.transaction(async (tx) => {
    const tag = await tagAndArchive(tx, kind, q, schemas, q.now);
    await upsertAnswer(tx, { ownerKind: 'regno', ownerKey: q.regno, kind, body: q.questionZC, ...tag, now: q.now });
  });
}

export async function getByRegno(db: Db, regno: string, kind: 'health' | 'occupational'): Promise<{ body: string; schemaId: string | null; schemaVersion: string | null } | null> {
  const r = await db.one<{ body: string; schema_id: string | null; schema_version: string | null }>(
    `SELECT body, schema_id, schema_version FROM questionnaire_answers WHERE owner_kind = 'regno' AND owner_key = $1 AND kind = $2 AND status = 'completed'`,
    [regno, kind],
  );
  return r ? { body: r.body, schemaId: r.schema_id, schemaVersion: r.schema_version } : null;
}

export async function patientInfo(db: Db, regno: string, today: string): Promise<PatientInfo[]> {
  const rows = await db.all<Record<string, string | number>>(
    `SELECT reg_no, name, tel, lnc_name, idcard, age, sex_male, flag FROM exam_patients WHERE reg_no = $1`,
    [regno],
  );
  if (rows.length) {
    return rows.map((r) => ({
      name: String(r.name),
      tel: String(r.tel),
      lncName: String(r.lnc_name),
      idcard: String(r.idcard),
      age: Number(r.age),
      sex: Number(r.sex_male) === 1,
      regno: String(r.reg_no),
      flag: String(r.flag),
    }));
  }
  // A group member of the core seed / TeamLogin data: age and sex from the ID number.
  const members = await db.all<{ reg_no: string; pat_name: string; tel: string; idcard: string; flag: string; lnc_name: string | null }>(
    `SELECT m.reg_no, m.pat_name, m.tel, m.idcard, m.flag, c.lnc_name FROM team_members m LEFT JOIN companies c ON c.lnc_code = m.lnc_code WHERE m.reg_no = $1`,
    [regno],
  );
  return members.slice(0, 1).map((m) => {
    const birth = idCardBirth(m.idcard);
    let age = 0;
    if (birth) {
      age = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
      if (today.slice(5) < birth.slice(5)) age -= 1;
    }
    return {
      name: m.pat_name,
      tel: m.tel,
      lncName: m.lnc_name ?? '',
      idcard: m.idcard,
      age: Math.max(0, age),
      sex: /^\d{17}[\dXx]$/.test(m.idcard) ? idCardSex(m.idcard) === 1 : true,
      regno: m.reg_no,
      flag: m.flag,
    };
  });
}

const chinaMinute = centreMinute;

export async function listQuestionnaires(db: Db, openId: string): Promise<QuestionListItem[]> {
  const rows = await db.all<{ id: string; title: string; kind: string; status: string; schema_id: string | null; schema_version: string | null; updated_at: number | string }>(
    `SELECT id, title, kind, status, schema_id, schema_version, updated_at FROM questionnaire_answers
      WHERE owner_kind = 'openid' AND owner_key = $1 ORDER BY updated_at DESC, id`,
    [openId],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    submitTime: r.status === 'completed' ? chinaMinute(Number(r.updated_at)) : '',
    status: (['completed', 'pending', 'processing'].includes(r.status) ? r.status : 'pending') as QuestionnaireStatus,
    kind: (r.kind === 'health' || r.kind === 'occupational' ? r.kind : 'other') as QuestionnaireKind,
    schemaId: r.schema_id,
    schemaVersion: r.schema_version,
  }));
}
