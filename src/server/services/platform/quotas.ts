/**
 * Counted limits shared by every instance: each quota is a row per (key, bucket)
 * in quota_counters, taken by one conditional upsert (the count only grows while
 * it is under the limit), all quotas of one request in one transaction, so a
 * request refused by its third quota has not used up the first two.
 */
import type { Db, Queryable } from '../../db/types';

export interface Quota {
  /** What is counted, e.g. `sms:ip:1.2.3.4`. */
  key: string;
  /** The time bucket, e.g. a day `2026-11-24` or an hour `2026-11-24T09`. */
  bucket: string;
  limit: number;
  /** When the row may be forgotten (epoch ms). */
  expiresAt: number;
  /** The examinee's message when this quota is used up. */
  message: string;
}

export interface Taken {
  quota: Quota;
  /** The count after this request. */
  count: number;
}

export class QuotaExceeded extends Error {
  constructor(readonly quota: Quota) {
    super(quota.message);
  }
}

/** Takes one unit of each quota inside `tx`; throws QuotaExceeded (the caller's transaction rolls back) at the first one used up. */
export async function takeQuotas(tx: Queryable, quotas: Quota[]): Promise<Taken[]> {
  const out: Taken[] = [];
  for (const q of quotas) {
    const rows = await tx.all<{ count: number | string }>(
      `INSERT INTO quota_counters (key, bucket, count, expires_at) VALUES ($1, $2, 1, $4)
       ON CONFLICT (key, bucket) DO UPDATE SET count = quota_counters.count + 1 WHERE quota_counters.count < $3
       RETURNING count`,
      [q.key, q.bucket, q.limit, q.expiresAt],
    );
    if (rows.length === 0 || Number(rows[0].count) > q.limit) throw new QuotaExceeded(q);
    out.push({ quota: q, count: Number(rows[0].count) });
  }
  return out;
}

/** Forgets counters whose bucket is over. */
export async function purgeQuotas(db: Db | Queryable, now: number): Promise<void> {
  await db.run('DELETE FROM quota_counters WHERE expires_at < $1', [now]);
}
