/** Saving and reading answers, by openId (health) or by exam number (occupational). */
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../db/types';
import type { GetQuestionByIdRes, GetQuestionRes, QuestionnaireKind, QuestionnaireStatus } from '../../../contract/api/questionnaires';
import { FormSchemaValidator, Q_MSG, QuestionnaireError, TITLES, parseAnswerText } from './validation';
import { schemaPathOf, tagAndArchive } from './versions';
import { centreMinute } from '../../../contract/rules/centre-day';

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
    submitTime: completed ? centreMinute(Number(r.updated_at)) : '',
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
