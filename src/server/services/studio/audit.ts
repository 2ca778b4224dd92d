/**
 * The audit log (issue 23): every change to business data, roles and config,
 * written in the same transaction as the change it records (pass the `tx`), so
 * a change without its entry — or an entry for a change rolled back — cannot
 * exist. `before`/`after` are the row (or a summary of a bulk change) as the
 * caller chose to show it; null for a creation / a deletion. Listing, filters
 * and the Excel export live beside this (routes/studio/backoffice/audit.ts).
 */
import type { Queryable } from '../../db/types';
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
