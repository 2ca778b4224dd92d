/**
 * 问卷统计 (contract/api/backoffice/results.ts): the completed answers of one
 * questionnaire submitted in [from, to] (the centre's days, by submit time as
 * the 问卷答案 export), of one 院区 or all, tallied here — the page gets counts,
 * never answers. JSON in a TEXT column cannot be counted by SQL both SQLite and
 * PostgreSQL speak, so the answers are read 500 at a time (keyset paging on
 * updated_at, id) and only the counts are kept. Questions follow the current
 * schema (as the export's columns do); a questionnaire gone from the registry
 * is read by the newest schema version any of its answers was given in.
 */
import type { Queryable, SqlValue } from '../../../db/types';
import { RESULTS_ALL_BRANCHES_LABEL, type ResultsBranch, type ResultsOptionsRes, type ResultsRes } from '../../../../contract/api/backoffice/results';
import { addDays, centreDayStart } from '../../../../contract/rules/centre-day';
import { schemaHash } from '../../questionnaires/validation';
import { questionnairesWithAnswers, type AnswerRow as StoredAnswer, type AnswerSource } from '../exports/answers';
import { inBranchSql, UNPLACED_SQL } from './branch-filter';
import { questionsOf, type Question } from './questions';
import { AnswerTally, ScoreTally } from './tally';

const PAGE = 500;

/** What the results read of an answer (who gave it is not needed: counts only). */
type AnswerRow = Omit<StoredAnswer, 'owner_kind' | 'owner_key' | 'title'>;

export async function resultBranches(db: Queryable): Promise<ResultsBranch[]> {
  const rows = await db.all<{ hosp_code: string; hosp_name: string }>(`SELECT hosp_code, hosp_name FROM branches ORDER BY sort, hosp_code`);
  return rows.map((r) => ({ code: r.hosp_code, name: r.hosp_name }));
}

export async function resultOptions(db: Queryable, src: AnswerSource): Promise<ResultsOptionsRes> {
  return { questionnaires: await questionnairesWithAnswers(db, src), branches: await resultBranches(db) };
}

/** The branch's name; '' asks for every branch; undefined when there is no such branch. */
export async function branchNameOf(db: Queryable, code: string): Promise<string | undefined> {
  if (!code) return RESULTS_ALL_BRANCHES_LABEL;
  return (await db.one<{ hosp_name: string }>(`SELECT hosp_name FROM branches WHERE hosp_code = $1`, [code]))?.hosp_name;
}

/** The schema its questions are read from, and its title; null when the questionnaire is neither registered nor answered. */
async function questionnaireOf(db: Queryable, src: AnswerSource, kind: string): Promise<{ schema: object; title: string } | null> {
  const def = src.registry[kind];
  const current = def ? src.schemas[def.schema] : undefined;
  if (def && current) return { schema: current, title: def.title };
  const any = await db.one<{ title: string }>(`SELECT title FROM questionnaire_answers WHERE kind = $1 LIMIT 1`, [kind]);
  if (!def && !any) return null;
  const last = await db.one<{ body: string }>(
    `SELECT v.body FROM questionnaire_schema_versions v JOIN questionnaire_answers a ON a.schema_id = v.schema_id AND a.schema_version = v.hash WHERE a.kind = $1 ORDER BY a.updated_at DESC LIMIT 1`,
    [kind],
  );
  return { schema: last ? (JSON.parse(last.body) as object) : { type: 'object', properties: {} }, title: def?.title ?? any?.title ?? kind };
}

/** Older schema versions' questions by path, loaded once per version met (to name a choice since renamed). */
class OldVersions {
  private readonly seen = new Map<string, Map<string, Question>>();
  constructor(
    private readonly db: Queryable,
    private readonly currentHash: string,
  ) {}

  async load(rows: AnswerRow[]): Promise<void> {
    for (const r of rows) {
      const key = `${r.schema_id}@${r.schema_version}`;
      if (!r.schema_id || !r.schema_version || r.schema_version === this.currentHash || this.seen.has(key)) continue;
      const v = await this.db.one<{ body: string }>(`SELECT body FROM questionnaire_schema_versions WHERE schema_id = $1 AND hash = $2`, [r.schema_id, r.schema_version]);
      this.seen.set(key, new Map(v ? questionsOf(JSON.parse(v.body) as object).map((q) => [q.path.join('.'), q]) : []));
    }
  }

  labeller(r: AnswerRow) {
    const old = this.seen.get(`${r.schema_id}@${r.schema_version}`);
    return (path: string, value: unknown) => old?.get(path)?.node.choices?.find((c) => c.value === value)?.label;
  }
}

export interface ResultsAsk {
  kind: string;
  from: string;
  to: string;
  /** A 院区 code, or '' for every branch. */
  branch: string;
  branchName: string;
}

/** null when the questionnaire is neither in the registry nor has answers. `pageSize`: answers read at a time (smaller in tests, to page). */
export async function resultsSummary(db: Queryable, src: AnswerSource, ask: ResultsAsk, pageSize = PAGE): Promise<ResultsRes | null> {
  const found = await questionnaireOf(db, src, ask.kind);
  if (!found) return null;
  const bands = src.registry[ask.kind]?.scoring?.bands ?? [];
  const where = [`a.kind = $1`, `a.status = 'completed'`, `a.body IS NOT NULL`, `a.updated_at >= $2`, `a.updated_at < $3`];
  const params: SqlValue[] = [ask.kind, centreDayStart(ask.from), centreDayStart(addDays(ask.to, 1))];
  if (ask.branch) {
    params.push(ask.branch);
    where.push(inBranchSql(params.length));
  }

  const limit = Math.max(1, Math.trunc(pageSize));
  const tally = new AnswerTally(questionsOf(found.schema));
  const scores = new ScoreTally(bands.map((b) => b.label));
  const old = new OldVersions(db, schemaHash(found.schema));
  let completed = 0;
  let anyScore = bands.length > 0;
  let after: { at: number; id: string } | null = null;
  for (;;) {
    const p = params.length;
    const page: AnswerRow[] = await db.all<AnswerRow>(
      `SELECT a.id, a.body, a.schema_id, a.schema_version, a.updated_at, a.score, a.score_label FROM questionnaire_answers a
        WHERE ${where.join(' AND ')}${after ? ` AND (a.updated_at > $${p + 1} OR (a.updated_at = $${p + 1} AND a.id > $${p + 2}))` : ''}
        ORDER BY a.updated_at, a.id LIMIT ${limit}`,
      after ? [...params, after.at, after.id] : params,
    );
    await old.load(page);
    for (const r of page) {
      let answer: unknown = {};
      try {
        answer = JSON.parse(r.body);
      } catch {
        answer = {};
      }
      completed++;
      tally.add(answer, old.labeller(r));
      if (r.score !== null && r.score !== undefined) anyScore = true;
      scores.add(r.score, r.score_label);
    }
    if (page.length < limit) break;
    const last = page[page.length - 1];
    after = { at: Number(last.updated_at), id: last.id };
  }

  const unplaced = ask.branch
    ? 0
    : Number((await db.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM questionnaire_answers a WHERE ${where.join(' AND ')} AND ${UNPLACED_SQL}`, params))?.n ?? 0);
  return {
    questionnaire: { id: ask.kind, title: found.title },
    from: ask.from,
    to: ask.to,
    branch: ask.branch,
    branchName: ask.branchName,
    completed,
    unplaced,
    // a questionnaire whose scoring was taken away still shows the scores its answers were saved with (as the export does)
    score: anyScore ? { ...scores.result(), limits: Object.fromEntries(bands.map((b) => [b.label, b.max])) } : null,
    questions: tally.results(),
  };
}
