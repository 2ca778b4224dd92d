/**
 * Failed-login counters in the DB (any instance sees them), per key: MAX
 * failures within WINDOW lock the key for LOCK. Used by the approver password
 * (keys `id:<approver>`, `client:<ip>`) and the group login (`team:…`), whose
 * secrets are short enough to guess: a 6-digit password, a phone number.
 * The admin studio's sign-in counts `studio:<username>` and `studio-client:<ip>`.
 * The rows live in `approver_login_limits` (its first user; the keys say whose).
 */
import type { Db } from '../../db/types';

export interface LoginLimit {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** 5 failures in 15 minutes lock the key for 15 minutes. */
export const DEFAULT_LOGIN_LIMIT: LoginLimit = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export async function isLocked(db: Db, key: string, now: number): Promise<boolean> {
  const r = await db.one<{ locked_until: number | string }>(`SELECT locked_until FROM approver_login_limits WHERE limit_key = $1`, [key]);
  return !!r && Number(r.locked_until) > now;
}

/** Milliseconds until the last of `keys` unlocks (0: none is locked). */
export async function lockedForMs(db: Db, keys: string[], now: number): Promise<number> {
  let until = 0;
  for (const k of keys) {
    const r = await db.one<{ locked_until: number | string }>(`SELECT locked_until FROM approver_login_limits WHERE limit_key = $1`, [k]);
    if (r) until = Math.max(until, Number(r.locked_until));
  }
  return Math.max(0, until - now);
}

export async function anyLocked(db: Db, keys: string[], now: number): Promise<boolean> {
  for (const k of keys) if (await isLocked(db, k, now)) return true;
  return false;
}

/** Counts one failure on a key (atomic); locks it when the window holds the limit's failures. */
export async function countFailure(db: Db, key: string, now: number, limit: LoginLimit = DEFAULT_LOGIN_LIMIT): Promise<void> {
  await db.run(
    `INSERT INTO approver_login_limits (limit_key, failures, window_start, locked_until) VALUES ($1, 0, $2, 0) ON CONFLICT (limit_key) DO NOTHING`,
    [key, now],
  );
  await db.run(
    `UPDATE approver_login_limits
        SET failures = CASE WHEN window_start <= $2 THEN 1 ELSE failures + 1 END,
            window_start = CASE WHEN window_start <= $2 THEN $3 ELSE window_start END
      WHERE limit_key = $1`,
    [key, now - limit.windowMs, now],
  );
  await db.run(
    `UPDATE approver_login_limits SET locked_until = $2, failures = 0, window_start = $3 WHERE limit_key = $1 AND failures >= $4`,
    [key, now + limit.lockMs, now, limit.maxFailures],
  );
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  for (const k of keys) await db.run(`DELETE FROM approver_login_limits WHERE limit_key = $1`, [k]);
}
