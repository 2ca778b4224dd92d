/**
 * WeChat Pay API v3: refunds (each asked once by its out_refund_no; PROCESSING until the refund
 * notify or a query settles it) and the notifies already applied (a replayed delivery is answered
 * without being applied again; rows older than a day are pruned).
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS pay_refunds (
     out_refund_no TEXT PRIMARY KEY,
     out_trade_no TEXT NOT NULL,
     purpose TEXT NOT NULL,
     ref TEXT NOT NULL,
     amount_cents INTEGER NOT NULL,
     state TEXT NOT NULL,
     refund_id TEXT NOT NULL DEFAULT '',
     note TEXT NOT NULL DEFAULT '',
     created_at BIGINT NOT NULL,
     updated_at BIGINT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS pay_refunds_state ON pay_refunds (state)`,
  `CREATE TABLE IF NOT EXISTS pay_notifies_seen (
     notify_key TEXT PRIMARY KEY,
     seen_at BIGINT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS payments_state ON payments (state)`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
