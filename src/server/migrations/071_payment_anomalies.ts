/**
 * Money that arrived where it could not be taken: a payment for an order already
 * paid (by another trade), refunded or cancelled by the examinee, or for a
 * scan-code trade no bill has open. Each is
 * recorded here once (by trade number), refunded through the provider, and
 * flagged for the centre's staff with the refund's outcome.
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS payment_anomalies (
     out_trade_no TEXT PRIMARY KEY,
     kind TEXT NOT NULL,
     ref TEXT NOT NULL,
     amount_cents INTEGER NOT NULL,
     transaction_id TEXT NOT NULL DEFAULT '',
     refund_state TEXT NOT NULL,
     refund_note TEXT NOT NULL DEFAULT '',
     created_at BIGINT NOT NULL,
     updated_at BIGINT NOT NULL
   )`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
