/**
 * Bearer tokens are rows (tokens table), so any instance can check them.
 * kind: 'service' (GetToken), and others may issue 'report' / 'approver'.
 */
import type { Queryable } from '../../db/types';
import { newToken } from './ids';

export interface IssuedToken {
  token_type: 'Bearer';
  access_token: string;
  expires_in: number;
}

export async function issueToken(db: Queryable, kind: string, subject: string | null, ttlSec: number, nowMs: number): Promise<IssuedToken> {
  const token = newToken();
  await db.run('INSERT INTO tokens (token, kind, subject, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)', [
    token,
    kind,
    subject,
    nowMs + ttlSec * 1000,
    nowMs,
  ]);
  return { token_type: 'Bearer', access_token: token, expires_in: ttlSec };
}

/** The token's row when present, of that kind and unexpired; else undefined. */
export async function checkToken(db: Queryable, kind: string, token: string | undefined, nowMs: number) {
  if (!token) return undefined;
  return db.one<{ token: string; subject: string | null; expires_at: number }>(
    'SELECT token, subject, expires_at FROM tokens WHERE token = $1 AND kind = $2 AND expires_at > $3',
    [token, kind, nowMs],
  );
}

export async function purgeExpiredTokens(db: Queryable, nowMs: number): Promise<number> {
  return db.run('DELETE FROM tokens WHERE expires_at < $1', [nowMs]);
}

/** `Authorization: Bearer xxx` → xxx */
export function bearerOf(header: string | string[] | undefined): string | undefined {
  const h = Array.isArray(header) ? header[0] : header;
  const m = /^Bearer\s+(\S+)$/i.exec(h ?? '');
  return m?.[1];
}
