/**
 * Issue 23: the operations view. What staff did about an anomaly (a payment an order could
 * not take, or an order holding money it should not): who asked for its refund in the
 * studio and when, and who marked it handled, when, with what note; and, for an order, what
 * it was when staff first acted (its kind and when it arose: a refund then changes the order's
 * state, and the queue still names it as it was). One row per anomaly,
 * keyed as the studio names it ('pay:<trade number>' or 'order:<order id>'); the money's
 * own state stays where the payment services keep it (payment_anomalies, orders, pay_refunds).
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS ops_anomalies (
     id TEXT PRIMARY KEY,
     kind TEXT NOT NULL DEFAULT '',
     arose_at BIGINT,
     refund_by TEXT NOT NULL DEFAULT '',
     refund_at BIGINT,
     resolved_by TEXT NOT NULL DEFAULT '',
     resolved_at BIGINT,
     note TEXT NOT NULL DEFAULT '',
     updated_at BIGINT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS ops_anomalies_resolved ON ops_anomalies (resolved_at)`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
