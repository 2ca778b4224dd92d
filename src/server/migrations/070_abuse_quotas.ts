/**
 * Shared counters for abuse limits (SMS sends per client address, per device,
 * and the centre's daily SMS budget): one row per (key, time bucket), counted
 * by a conditional upsert, so every server instance on the database shares them.
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS quota_counters (
     key TEXT NOT NULL,
     bucket TEXT NOT NULL,
     count INTEGER NOT NULL,
     expires_at BIGINT NOT NULL,
     PRIMARY KEY (key, bucket)
   )`,
  `CREATE INDEX IF NOT EXISTS quota_counters_expiry ON quota_counters (expires_at)`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
