/**
 * Report clients and their secrets. The server must compute each request's
 * HMAC, so it needs the secret — but it stores none: a client's secret is
 * derived from the master key (REPORT_PUSH_KEY, the environment, same on every
 * instance) and the client's random salt (its row). The database alone signs
 * nothing; the secret is shown to the admin once, when the client is made.
 * Outside production, with no REPORT_PUSH_KEY, the master key is derived from
 * the session secret (kept in DATA_DIR, or per process in tests); production
 * has no default: no key → the API answers 503 and no client can be made.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../../../db/types';
import type { ServerConfig } from '../../platform/config';
import type { ReportClientInfo } from '../../../../contract/api/report-push';

export const REPORT_PUSH_KEY_MIN = 32;

/** The master key, or null when none may be used (production without a good REPORT_PUSH_KEY). */
export function reportPushMasterKey(config: Pick<ServerConfig, 'nodeEnv' | 'sessionSecret'>, env: NodeJS.ProcessEnv = process.env): string | null {
  const given = env.REPORT_PUSH_KEY ?? '';
  if (given) return given.length >= REPORT_PUSH_KEY_MIN ? given : null;
  if (config.nodeEnv === 'production' || !config.sessionSecret) return null;
  return createHmac('sha256', config.sessionSecret).update('checkup-flow report-push master v1').digest('base64url');
}

/** The secret of a client: base64url of HMAC-SHA256(master, id|salt) — 43 characters. */
export function clientSecret(master: string, clientId: string, salt: string): string {
  return createHmac('sha256', master).update(`report-push-client-v1|${clientId}|${salt}`).digest('base64url');
}

/** A short fingerprint of a secret (not the secret: 48 bits of its SHA-256), to notice a changed master key. */
export function secretCheck(secret: string): string {
  return createHash('sha256').update(`check|${secret}`).digest('hex').slice(0, 12);
}

export interface ClientRow {
  id: string;
  name: string;
  key_salt: string;
  key_check: string;
  created_at: number | string;
  created_by: string;
  revoked_at: number | string | null;
  revoked_by: string | null;
  last_used_at: number | string | null;
}

const iso = (v: number | string | null) => (v === null || v === undefined ? null : new Date(Number(v)).toISOString());

export function clientInfo(r: ClientRow, master: string | null): ReportClientInfo {
  return {
    id: r.id,
    name: r.name,
    createdAt: iso(r.created_at)!,
    createdBy: r.created_by,
    revokedAt: iso(r.revoked_at),
    revokedBy: r.revoked_by,
    lastUsedAt: iso(r.last_used_at),
    keyOk: master !== null && secretCheck(clientSecret(master, r.id, r.key_salt)) === r.key_check,
  };
}

export async function findClient(db: Queryable, id: string): Promise<ClientRow | undefined> {
  return db.one<ClientRow>(`SELECT * FROM report_clients WHERE id = $1`, [id]);
}

export async function listClients(db: Queryable): Promise<ClientRow[]> {
  return db.all<ClientRow>(`SELECT * FROM report_clients ORDER BY created_at, id`);
}

/** A client id: 'his-' and 10 random lowercase letters/digits (easy to read out, safe in a header). */
function newClientId(): string {
  const chars = 'abcdefghijkmnpqrstuvwxyz23456789';
  const b = randomBytes(10);
  let s = 'his-';
  for (const x of b) s += chars[x % chars.length];
  return s;
}

export async function insertClient(tx: Queryable, master: string, name: string, by: string, now: number): Promise<{ row: ClientRow; secret: string }> {
  const id = newClientId();
  const salt = randomBytes(16).toString('base64url');
  const secret = clientSecret(master, id, salt);
  const row: ClientRow = { id, name, key_salt: salt, key_check: secretCheck(secret), created_at: now, created_by: by, revoked_at: null, revoked_by: null, last_used_at: null };
  await tx.run(`INSERT INTO report_clients (id, name, key_salt, key_check, created_at, created_by) VALUES ($1, $2, $3, $4, $5, $6)`, [
    row.id, row.name, row.key_salt, row.key_check, now, by,
  ]);
  return { row, secret };
}

export async function revokeClient(tx: Queryable, id: string, by: string, now: number): Promise<boolean> {
  return (await tx.run(`UPDATE report_clients SET revoked_at = $2, revoked_by = $3 WHERE id = $1 AND revoked_at IS NULL`, [id, now, by])) > 0;
}
