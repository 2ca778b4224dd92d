/**
 * 问卷答案 export: one row per completed answer of one questionnaire submitted
 * in [from, to] (the centre's days): who and when, then one column per question
 * of the questionnaire's current schema (answer-columns.ts), then 得分 / 分级 when
 * it scores (as stored with the answer), then what older versions asked that the
 * current one does not. An answer given in an older schema version is read by
 * question key; its own version (questionnaire_schema_versions) names a choice
 * since renamed and labels the extra keys.
 */
import type { Queryable } from '../../../db/types';
import { ANSWER_EXPORT_EXTRA, ANSWER_EXPORT_LEAD, ANSWER_EXPORT_SCORE, type ExportQuestionnaire } from '../../../../contract/api/backoffice/exports';
import { addDays, centreDayStart, centreMinute } from '../../../../contract/rules/centre-day';
import type { QuestionnaireRegistry } from '../../questionnaires/validation';
import { answerColumns, displayValue, extrasOf, valueAt, type AnswerColumn } from './answer-columns';
import { numbersFor, sheetXlsx, type Cell, type SheetColumn } from './workbook';

export interface AnswerSource {
  registry: QuestionnaireRegistry;
  /** The served config's form schemas, keyed `forms/<file>.json`. */
  schemas: Record<string, object>;
}

/** One stored answer as the export and the results read it. */
export interface AnswerRow {
  id: string;
  owner_kind: string;
  owner_key: string;
  title: string;
  body: string;
  schema_id: string | null;
  schema_version: string | null;
  updated_at: number | string;
  score: number | string | null;
  score_label: string | null;
}

interface Who {
  name: string;
  idCard: string;
  tel: string;
}

export async function questionnairesWithAnswers(db: Queryable, src: AnswerSource): Promise<ExportQuestionnaire[]> {
  const rows = await db.all<{ kind: string; n: number | string; title: string }>(
    `SELECT kind, COUNT(*) AS n, MAX(title) AS title FROM questionnaire_answers WHERE status = 'completed' AND body IS NOT NULL GROUP BY kind`,
  );
  const order = Object.keys(src.registry);
  return rows
    .map((r) => ({ id: r.kind, title: src.registry[r.kind]?.title ?? r.title, answers: Number(r.n), scored: !!src.registry[r.kind]?.scoring }))
    .sort((a, b) => (order.indexOf(a.id) + 1 || 999) - (order.indexOf(b.id) + 1 || 999) || a.id.localeCompare(b.id));
}

async function archived(db: Queryable, rows: AnswerRow[]): Promise<Map<string, AnswerColumn[]>> {
  const out = new Map<string, AnswerColumn[]>();
  for (const r of rows) {
    const key = `${r.schema_id}@${r.schema_version}`;
    if (!r.schema_id || !r.schema_version || out.has(key)) continue;
    const a = await db.one<{ body: string }>(`SELECT body FROM questionnaire_schema_versions WHERE schema_id = $1 AND hash = $2`, [r.schema_id, r.schema_version]);
    out.set(key, a ? answerColumns(JSON.parse(a.body) as object) : []);
  }
  return out;
}

/** Name, ID and phone of each owner: an openid's user, an exam number's patient or group member. */
async function owners(db: Queryable, kind: string, since: number, until: number): Promise<Map<string, Who>> {
  const inRange = `SELECT owner_key FROM questionnaire_answers WHERE kind = $1 AND updated_at >= $2 AND updated_at < $3`;
  const who = new Map<string, Who>();
  for (const u of await db.all<{ k: string; name: string; id_card: string; tel: string }>(`SELECT openid AS k, name, id_card, tel FROM users WHERE openid IN (${inRange} AND owner_kind = 'openid')`, [kind, since, until]))
    who.set(`openid:${u.k}`, { name: u.name, idCard: u.id_card, tel: u.tel });
  for (const m of await db.all<{ k: string; name: string; idcard: string; tel: string }>(`SELECT reg_no AS k, pat_name AS name, idcard, tel FROM team_members WHERE reg_no IN (${inRange} AND owner_kind = 'regno')`, [kind, since, until]))
    who.set(`regno:${m.k}`, { name: m.name, idCard: m.idcard, tel: m.tel });
  for (const p of await db.all<{ k: string; name: string; idcard: string; tel: string }>(`SELECT reg_no AS k, name, idcard, tel FROM exam_patients WHERE reg_no IN (${inRange} AND owner_kind = 'regno')`, [kind, since, until]))
    who.set(`regno:${p.k}`, { name: p.name, idCard: p.idcard, tel: p.tel });
  return who;
}

export interface AnswerSheet {
  title: string;
  columns: SheetColumn[];
  rows: Cell[][];
}

/** null when the questionnaire is neither in the registry nor has answers. */
export async function answerSheet(db: Queryable, src: AnswerSource, kind: string, from: string, to: string, full: boolean): Promise<AnswerSheet | null> {
  const def = src.registry[kind];
  const since = centreDayStart(from);
  const until = centreDayStart(addDays(to, 1));
  const rows = await db.all<AnswerRow>(
    `SELECT id, owner_kind, owner_key, title, body, schema_id, schema_version, updated_at, score, score_label FROM questionnaire_answers
      WHERE kind = $1 AND status = 'completed' AND body IS NOT NULL AND updated_at >= $2 AND updated_at < $3 ORDER BY updated_at, id`,
    [kind, since, until],
  );
  const old = await archived(db, rows);
  let schema = def ? src.schemas[def.schema] : undefined;
  if (!schema) {
    // Gone from the registry: the newest version any answer of it was given in.
    const any = await db.one<{ id: string }>(`SELECT id FROM questionnaire_answers WHERE kind = $1 LIMIT 1`, [kind]);
    if (!def && !any) return null;
    const last = await db.one<{ body: string }>(
      `SELECT v.body FROM questionnaire_schema_versions v JOIN questionnaire_answers a ON a.schema_id = v.schema_id AND a.schema_version = v.hash WHERE a.kind = $1 ORDER BY a.updated_at DESC LIMIT 1`,
      [kind],
    );
    schema = last ? (JSON.parse(last.body) as object) : { type: 'object', properties: {} };
  }
  const columns = answerColumns(schema, [...ANSWER_EXPORT_LEAD, ...ANSWER_EXPORT_SCORE, ANSWER_EXPORT_EXTRA]);
  const scored = !!def?.scoring || rows.some((r) => r.score !== null && r.score !== undefined);
  const who = await owners(db, kind, since, until);
  const n = numbersFor(full);
  const body: Cell[][] = [];
  let anyExtra = false;
  for (const r of rows) {
    let answer: unknown = {};
    try {
      answer = JSON.parse(r.body);
    } catch {
      answer = {};
    }
    const oldCols = old.get(`${r.schema_id}@${r.schema_version}`) ?? [];
    const w = who.get(`${r.owner_kind}:${r.owner_key}`);
    const cells: Cell[] = [centreMinute(Number(r.updated_at)), w?.name ?? '', n.id(w?.idCard ?? ''), n.phone(w?.tel ?? ''), r.owner_kind === 'regno' ? r.owner_key : ''];
    for (const c of columns) cells.push(n.text(displayValue(c.node, valueAt(answer, c.path), oldCols.find((o) => o.path.join('.') === c.path.join('.'))?.node)));
    if (scored) cells.push(r.score === null || r.score === undefined ? null : Number(r.score), r.score_label ?? '');
    const extra = n.text(extrasOf(answer, columns, oldCols));
    if (extra) anyExtra = true;
    cells.push(extra);
    body.push(cells);
  }
  const head: SheetColumn[] = [...ANSWER_EXPORT_LEAD, ...columns.map((c) => c.header), ...(scored ? ANSWER_EXPORT_SCORE : [])].map((header) => ({ header }));
  if (anyExtra) head.push({ header: ANSWER_EXPORT_EXTRA });
  else for (const b of body) b.pop();
  return { title: def?.title ?? rows[0]?.title ?? kind, columns: head, rows: body };
}

export async function answersXlsx(sheet: AnswerSheet): Promise<Buffer> {
  return sheetXlsx(sheet.title, sheet.columns, sheet.rows);
}
