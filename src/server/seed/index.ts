/**
 * Demo data, dates relative to `today` so it never goes stale, one module per
 * domain: booking (catalogue, calendars), orders, then the records examinees and
 * approvers meet after booking — notice, reports, approvals, payments,
 * questionnaires. seedAll() fills an empty database (first start).
 */
import type { Db, Queryable } from '../db/types';
import { holdStartLock } from '../db/migrate';
import { centreDay } from '../../contract/rules/centre-day';
import { seedCalendars, seedCatalog } from './booking';
import { seedDemoOrders } from './orders';
import { chinaMs } from './demo-people';
import { seedNotice } from './notice';
import { seedReports } from './reports';
import { seedApprovals } from './approvals';
import { seedPayRecords } from './payments';
import { seedQuestionnaires } from './questionnaires';
import { seedDemoStudioAdmin } from '../services/studio/admins';

export { DEMO, COMPANIES, MEMBERS, BRANCHES } from './data';
export { PERSON_SCOPES, TEAM_SCOPES, SLOT_DEFS, dayKind, seedCalendars } from './booking';

export async function isSeeded(db: Queryable): Promise<boolean> {
  return Boolean(await db.one('SELECT clus_code FROM packages LIMIT 1'));
}

export interface SeedOptions {
  today?: string;
  nowMs?: number;
  /** Also seed the records after booking: notice, reports, approvals, payments, questionnaires (default true). */
  records?: boolean;
}

export async function seedAll(db: Db, opts: SeedOptions = {}): Promise<void> {
  await db.transaction((tx) => seedInto(tx, opts));
}

/** Everything in one transaction: a start that dies half-way leaves no half-seeded database. */
async function seedInto(tx: Queryable, opts: SeedOptions): Promise<void> {
  const nowMs = opts.nowMs ?? Date.now();
  const today = opts.today ?? centreDay(nowMs);
  const codes = await seedCatalog(tx);
  await seedCalendars(tx, today);
  await seedDemoOrders(tx, today, codes, nowMs);
  // The studio's demo admin (admin / studio-demo-2026), never in production.
  await seedDemoStudioAdmin(tx, nowMs);
  if (opts.records !== false) await seedRecords(tx, today);
}

/** The demo records after booking (idempotent: ON CONFLICT DO NOTHING; the approver's password is re-hashed from env each run). */
export async function seedRecords(db: Queryable, today: string): Promise<void> {
  const now = chinaMs(today, '09:00:00');
  await seedNotice(db, now);
  await seedReports(db, today);
  await seedApprovals(db, today, now);
  await seedPayRecords(db, today, now);
  await seedQuestionnaires(db, today, now);
}

/**
 * Seeds when the database is empty (first start). Under the start-up lock, so
 * instances starting together on one empty database seed it once.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await holdStartLock(tx, db.dialect);
    if (await isSeeded(tx)) return false;
    await seedInto(tx, opts);
    return true;
  });
}

/** Drops every table (reset), for `npm run seed` and tests. */
export async function dropAll(db: Db): Promise<void> {
  const tables =
    db.dialect === 'postgres'
      ? (await db.all<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema()`)).map((r) => r.t)
      : (await db.all<{ t: string }>(`SELECT name AS t FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((r) => r.t);
  for (const t of tables) await db.run(db.dialect === 'postgres' ? `DROP TABLE IF EXISTS "${t}" CASCADE` : `DROP TABLE IF EXISTS "${t}"`);
}
