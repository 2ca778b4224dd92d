/**
 * Studio sessions: a random token in an HttpOnly cookie (SameSite=Strict, Path
 * /api/studio, Secure in production); the database keeps only its SHA-256, the
 * admin's name, the CSRF token the page sends back on every change, and the
 * expiry (12 h after sign-in, not extended: an admin signs in again each day).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/types';
import { STUDIO_API_PREFIX, STUDIO_SESSION_COOKIE } from '../../../contract/api/studio';
import { parseStudioRoles, type StudioRole } from '../../../contract/rules/studio-roles';

export const STUDIO_SESSION_MS = 12 * 3600_000;

export interface StudioSession {
  username: string;
  csrf: string;
  expiresAt: number;
  /** Read from the admin's row on every request: a role taken away applies at the next call. */
  roles: StudioRole[];
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createStudioSession(db: Queryable, username: string, now: number): Promise<{ token: string; session: StudioSession }> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  const expiresAt = now + STUDIO_SESSION_MS;
  // Expired rows go when someone signs in: no timer needed, the table stays small.
  await db.run(`DELETE FROM studio_sessions WHERE expires_at <= $1`, [now]);
  await db.run(`INSERT INTO studio_sessions (token_hash, username, csrf, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`, [hashToken(token), username, csrf, expiresAt, now]);
  const admin = await db.one<{ roles: string }>(`SELECT roles FROM studio_admins WHERE username = $1`, [username]);
  return { token, session: { username, csrf, expiresAt, roles: parseStudioRoles(admin?.roles) } };
}

/** The live session of a cookie token (null: none, unknown, expired, or its admin is gone). */
export async function findStudioSession(db: Queryable, token: string | undefined, now: number): Promise<StudioSession | null> {
  if (!token || token.length > 128) return null;
  const r = await db.one<{ username: string; csrf: string; expires_at: number | string; roles: string }>(
    `SELECT s.username, s.csrf, s.expires_at, a.roles FROM studio_sessions s JOIN studio_admins a ON a.username = s.username WHERE s.token_hash = $1`,
    [hashToken(token)],
  );
  if (!r || Number(r.expires_at) <= now) return null;
  return { username: r.username, csrf: r.csrf, expiresAt: Number(r.expires_at), roles: parseStudioRoles(r.roles) };
}

export async function endStudioSession(db: Queryable, token: string | undefined): Promise<void> {
  if (token) await db.run(`DELETE FROM studio_sessions WHERE token_hash = $1`, [hashToken(token)]);
}

/** Ends every session of `username` but the one of `keepToken` (a password change keeps the admin's own page signed in); how many ended. */
export async function endOtherStudioSessions(db: Queryable, username: string, keepToken: string | undefined): Promise<number> {
  return db.run(`DELETE FROM studio_sessions WHERE username = $1 AND token_hash <> $2`, [username, keepToken ? hashToken(keepToken) : '']);
}

/** Sets (token) or clears (null) the session cookie. */
export function setStudioCookie(reply: FastifyReply, token: string | null, secure: boolean): void {
  const attrs = [
    `${STUDIO_SESSION_COOKIE}=${token ?? ''}`,
    `Path=${STUDIO_API_PREFIX}`,
    `Max-Age=${token ? STUDIO_SESSION_MS / 1000 : 0}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}
