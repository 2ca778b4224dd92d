/**
 * Saving and reading answers of any questionnaire of the registry, by its owner:
 * an openId or an exam number. The spec's calls name two of them by their fields
 * (SaveGetQuestion ordinaryQs → health, occupationalDiseasesQs → occupational;
 * SaveQuestions kw); SaveQuestionnaire / GetQuestionnaire take any id.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../db/types';
import type { GetQuestionByIdRes, GetQuestionRes, QuestionnaireKind, QuestionnaireStatus } from '../../../contract/api/questionnaires';
import { scoreAnswers, type Score } from '../../../engine/form/score';
import { DEFAULT_QUESTIONNAIRES, FormSchemaValidator, Q_MSG, QuestionnaireError, parseAnswerText, titleOf, type QuestionnaireId } from './validation';
import { schemaPathOf, tagAndArchive } from './versions';
import { centreMinute } from '../../../contract/rules/centre-day';

async function upsertAnswer(
  tx: Queryable,
  a: { ownerKind: 'openid' | 'regno'; ownerKey: string; kind: QuestionnaireId; title: string; body: string; schemaId: string; schemaVersion: string | null; score: Score | null; now: number },
): Promise<string> {
  await tx.run(
    `INSERT INTO questionnaire_answers (id, owner_kind, owner_key, kind, title, status, body, schema_id, schema_version, created_at, updated_at, score, score_label)
     VALUES ($1, $2, $3, $4, $5, 'completed', $6, $7, $8, $9, $9, $10, $11)
     ON CONFLICT (owner_kind, owner_key, kind) DO UPDATE SET
       status = 'completed', title = excluded.title, body = excluded.body, schema_id = excluded.schema_id,
       schema_version = excluded.schema_version, updated_at = excluded.updated_at, score = excluded.score, score_label = excluded.score_label`,
    [randomUUID(), a.ownerKind, a.ownerKey, a.kind, a.title, a.body, a.schemaId, a.schemaVersion, a.now, a.score?.total ?? null, a.score?.label ?? null],
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

/** The score of an answer of a scored questionnaire (flows/app.yaml `scoring`), else null. */
function scoreOf(schemas: FormSchemaValidator, kind: QuestionnaireId, answer: Record<string, unknown>): Score | null {
  const def = (schemas.registry ?? DEFAULT_QUESTIONNAIRES)[kind];
  const schema = schemas.schemaOf?.(kind);
  return def?.scoring && schema ? scoreAnswers(schema, answer, def.scoring.bands) : null;
}

/** Validates, scores, tags with the schema version and stores one answer (and its history row). */
async function saveAnswer(
  tx: Queryable,
  a: { ownerKind: 'openid' | 'regno'; ownerKey: string; kind: QuestionnaireId; text: string; answer: Record<string, unknown>; given: { schemaId?: string; schemaVersion?: string }; now: number },
  schemas: FormSchemaValidator,
): Promise<{ id: string; score: Score | null }> {
  const tag = await tagAndArchive(tx, a.kind, a.given, schemas, a.now);
  const score = scoreOf(schemas, a.kind, a.answer);
  const title = titleOf(schemas.registry ?? DEFAULT_QUESTIONNAIRES, a.kind);
  const id = await upsertAnswer(tx, { ownerKind: a.ownerKind, ownerKey: a.ownerKey, kind: a.kind, title, body: a.text, ...tag, score, now: a.now });
  return { id, score };
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
  const answers = parts.map(([kind, text]) => parseAnswerText(text, kind, schemas));
  // A client tag applies when it saves one questionnaire; with both, each gets its schema file's tag.
  const given = parts.length === 1 ? { schemaId: q.schemaId, schemaVersion: q.schemaVersion } : {};
  await db.transaction(async (tx) => {
    for (const [i, [kind, text]] of parts.entries()) {
      await saveAnswer(tx, { ownerKind: 'openid', ownerKey: q.openId, kind, text, answer: answers[i], given, now: q.now }, schemas);
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
  const r = await db.one<{ id: string; kind: string; title: string; status: string; body: string | null; schema_id: string | null; schema_version: string | null; updated_at: number | string; score: number | null; score_label: string | null }>(
    `SELECT id, kind, title, status, body, schema_id, schema_version, updated_at, score, score_label FROM questionnaire_answers
      WHERE id = $1 AND owner_kind = 'openid' AND owner_key = $2`,
    [id, openId],
  );
  if (!r) throw new QuestionnaireError(Q_MSG.notFound);
  const completed = r.status === 'completed' && !!r.body;
  return {
    id: r.id,
    title: r.title,
    kind: r.kind as QuestionnaireKind,
    status: (['completed', 'pending', 'processing'].includes(r.status) ? r.status : 'pending') as QuestionnaireStatus,
    submitTime: completed ? centreMinute(Number(r.updated_at)) : '',
    body: r.body ?? '',
    schemaId: r.schema_id,
    schemaVersion: r.schema_version,
    schemaPath: schemaPathOf(r.schema_id, r.schema_version),
    score: r.score === null || r.score === undefined ? null : Number(r.score),
    scoreLabel: r.score_label ?? '',
  };
}

/** SaveQuestionnaire: the user's answer to questionnaire `qid` of the registry (owner openid). */
export async function saveQuestionnaire(
  db: Db,
  q: { openId: string; qid: string; answers: string; schemaId?: string; schemaVersion?: string; now: number },
  schemas: FormSchemaValidator,
): Promise<{ id: string; score: number | null; scoreLabel: string }> {
  const def = (schemas.registry ?? DEFAULT_QUESTIONNAIRES)[q.qid];
  if (!def || def.owner !== 'openid') throw new QuestionnaireError(Q_MSG.notFound);
  const answer = parseAnswerText(q.answers, q.qid, schemas);
  const saved = await db.transaction((tx) =>
    saveAnswer(tx, { ownerKind: 'openid', ownerKey: q.openId, kind: q.qid, text: q.answers, answer, given: q, now: q.now }, schemas),
  );
  return { id: saved.id, score: saved.score?.total ?? null, scoreLabel: saved.score?.label ?? '' };
}

/** GetQuestionnaire: the user's answer to questionnaire `qid` ('' body when none yet). */
export async function getQuestionnaire(db: Db, openId: string, qid: string, schemas: FormSchemaValidator): Promise<GetQuestionByIdRes> {
  const registry = schemas.registry ?? DEFAULT_QUESTIONNAIRES;
  if (!registry[qid]) throw new QuestionnaireError(Q_MSG.notFound);
  const r = await db.one<{ id: string }>(`SELECT id FROM questionnaire_answers WHERE owner_kind = 'openid' AND owner_key = $1 AND kind = $2`, [openId, qid]);
  if (r) return getById(db, openId, r.id);
  const d = schemas.describe(qid);
  return {
    id: '', title: titleOf(registry, qid), kind: qid, status: 'pending', submitTime: '', body: '',
    schemaId: d?.schemaId ?? null, schemaVersion: d?.schemaVersion ?? null, schemaPath: null, score: null, scoreLabel: '',
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
  const answer = parseAnswerText(q.questionZC, kind, schemas);
  if (!(await regnoKnown(db, q.regno))) throw new QuestionnaireError(Q_MSG.unknownRegno);
  await db.transaction(async (tx) => {
    await saveAnswer(tx, { ownerKind: 'regno', ownerKey: q.regno, kind, text: q.questionZC, answer, given: q, now: q.now }, schemas);
  });
}

export async function getByRegno(db: Db, regno: string, kind: QuestionnaireId): Promise<{ body: string; schemaId: string | null; schemaVersion: string | null } | null> {
  const r = await db.one<{ body: string; schema_id: string | null; schema_version: string | null }>(
    `SELECT body, schema_id, schema_version FROM questionnaire_answers WHERE owner_kind = 'regno' AND owner_key = $1 AND kind = $2 AND status = 'completed'`,
    [regno, kind],
  );
  return r ? { body: r.body, schemaId: r.schema_id, schemaVersion: r.schema_version } : null;
}
