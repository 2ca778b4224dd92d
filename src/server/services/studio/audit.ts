/**
 * The audit log (issue 23): every change to business data, roles and config,
 * written in the same transaction as the change it records (pass the `tx`), so
 * a change without its entry — or an entry for a change rolled back — cannot
 * exist. `before`/`after` are the row (or a summary of a bulk change) as the
 * caller chose to show it; null for a creation / a deletion. Below: the list
 * (newest first, a cursor per page), its filters (the centre's days), the
 * batches the Excel export streams (services/backoffice/audit/export-xlsx.ts).
 */
import { AUDIT_PAGE, type AuditEntryInfo, type AuditFacetsRes, type AuditFilter, type AuditListRes } from '../../../contract/api/backoffice/audit';
import { addDays, centreDayStart } from '../../../contract/rules/centre-day';
import type { Queryable, SqlValue } from '../../db/types';
import { newId } from '../platform/ids';

export interface AuditEntry {
  /** The admin's name (a studio session), or 'his:<client>' for the hospital system's push, 'system' for the server itself. */
  actor: string;
  /** What was done, e.g. 'create', 'update', 'withdraw', 'delete', 'import', 'publish', 'roles', 'refund', 'resolve'. */
  action: string;
  /** What kind of thing, e.g. 'package', 'item', 'branch', 'capacity', 'company', 'member', 'admin', 'config', 'anomaly', 'report'. */
  entity: string;
  /** Which one: its code or id ('' for a bulk change). */
  key?: string;
  /** One line in Chinese an admin reads in the list, e.g. '新增套餐 入职体检（¥180.00）'. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export async function recordAudit(tx: Queryable, e: AuditEntry, now: number): Promise<void> {
  await tx.run(
    `INSERT INTO audit_log (id, at, actor, action, entity, entity_key, summary, before_json, after_json) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [newId('au'), now, e.actor, e.action, e.entity, e.key ?? '', e.summary, json(e.before), json(e.after)],
  );
}

// ——— Reading the log (routes/studio/backoffice/audit.ts) ———

interface AuditRow {
  id: string;
  at: number | string;
  actor: string;
  action: string;
  entity: string;
  entity_key: string;
  summary: string;
  before_json: string | null;
  after_json: string | null;
}

const parsed = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // written by hand, not by recordAudit: shown as it is
  }
};

function entryOf(r: AuditRow): AuditEntryInfo {
  return {
    id: r.id,
    at: new Date(Number(r.at)).toISOString(),
    actor: r.actor,
    action: r.action,
    entity: r.entity,
    key: r.entity_key,
    summary: r.summary,
    before: parsed(r.before_json),
    after: parsed(r.after_json),
  };
}

/** A page's position: the last entry shown (at, then id: entries of one millisecond keep one order). */
interface Cursor {
  at: number;
  id: string;
}

const CURSOR = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/;
export const cursorOf = (e: { at: number | string; id: string }) => `${Number(e.at)}.${e.id}`;

/** The cursor the list gave, or null when it is not one. */
export function parseAuditCursor(text: string): Cursor | null {
  const m = CURSOR.exec(text);
  return m ? { at: Number(m[1]), id: m[2] } : null;
}

/** `LIKE` text for a contained string, with its own % _ \ taken literally. */
const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The WHERE of a filter (checked beforehand with auditFilterProblem): the days
 * are the centre's (from 00:00 of `from` to before 00:00 of the day after `to`,
 * at the centre), never UTC's.
 */
function whereOf(f: AuditFilter, cursor: Cursor | null): { sql: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  const add = (sql: (n: string) => string, v: SqlValue) => {
    params.push(v);
    parts.push(sql(`$${params.length}`));
  };
  if (f.from) add((n) => `at >= ${n}`, centreDayStart(f.from));
  if (f.to) add((n) => `at < ${n}`, centreDayStart(addDays(f.to, 1)));
  if (f.actor) add((n) => `actor = ${n}`, f.actor);
  if (f.entity) add((n) => `entity = ${n}`, f.entity);
  const q = f.q?.trim();
  if (q) {
    params.push(likeOf(q));
    const n = `$${params.length}`;
    const cols = ['summary', 'entity_key', 'actor', `COALESCE(before_json, '')`, `COALESCE(after_json, '')`];
    parts.push(`(${cols.map((c) => `LOWER(${c}) LIKE ${n} ESCAPE '\\'`).join(' OR ')})`);
  }
  if (cursor) {
    params.push(cursor.at, cursor.id);
    const [a, i] = [`$${params.length - 1}`, `$${params.length}`];
    parts.push(`(at < ${a} OR (at = ${a} AND id < ${i}))`);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** One page of the log, newest first; `next` continues after its last entry (null: that was all). */
export async function listAudit(db: Queryable, f: AuditFilter, before: Cursor | null, limit = AUDIT_PAGE): Promise<AuditListRes> {
  const { sql, params } = whereOf(f, before);
  const rows = await db.all<AuditRow>(
    `SELECT id, at, actor, action, entity, entity_key, summary, before_json, after_json FROM audit_log ${sql} ORDER BY at DESC, id DESC LIMIT ${limit + 1}`,
    params,
  );
  const page = rows.slice(0, limit);
  return { entries: page.map(entryOf), next: rows.length > limit ? cursorOf(page[page.length - 1]) : null };
}

/** Every entry of a filter, newest first, at most `max`, a batch at a time (the export streams them). */
export async function* auditBatches(db: Queryable, f: AuditFilter, max: number, batch = 1000): AsyncGenerator<AuditEntryInfo[]> {
  let cursor: Cursor | null = null;
  let left = max;
  while (left > 0) {
    const page = await listAudit(db, f, cursor, Math.min(batch, left));
    if (page.entries.length) yield page.entries;
    left -= page.entries.length;
    if (!page.next) return;
    cursor = parseAuditCursor(page.next);
  }
}

/** How many entries a filter has (the export says when it was cut at its maximum). */
export async function countAudit(db: Queryable, f: AuditFilter): Promise<number> {
  const { sql, params } = whereOf(f, null);
  return Number((await db.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM audit_log ${sql}`, params))!.n);
}

/** The filters' choices: every admin that exists or ever acted, every entity logged. */
export async function auditFacets(db: Queryable): Promise<AuditFacetsRes> {
  const actors = await db.all<{ v: string }>(`SELECT DISTINCT actor AS v FROM audit_log UNION SELECT username AS v FROM studio_admins`);
  const entities = await db.all<{ v: string }>(`SELECT DISTINCT entity AS v FROM audit_log`);
  const sorted = (rows: Array<{ v: string }>) => rows.map((r) => r.v).sort((a, b) => a.localeCompare(b, 'zh-CN'));
  return { actors: sorted(actors), entities: sorted(entities) };
}
