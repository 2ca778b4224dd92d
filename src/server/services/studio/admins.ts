/**
 * Studio admins. Production has no default password: the first admin comes from
 * STUDIO_ADMIN_USER + STUDIO_ADMIN_PASSWORD (≥ 12 characters, checked by
 * loadConfig), created at start when no admin of that name exists. An existing
 * admin's password is never overwritten by the env (it may have been changed
 * since): the start logs that the env password was not applied, and
 * STUDIO_ADMIN_RESET=1 (for one start) sets it on purpose and ends that admin's
 * sessions. Outside production the demo seed creates `admin` / DEMO_STUDIO_PASSWORD.
 * In the studio itself an admin lists, adds and removes admins and changes their
 * own password (routes/studio/admins.ts); the names and passwords follow the one
 * rule of contract/rules/studio-admin.ts, and the studio never has no admin.
 */
import type { StudioAdminInfo } from '../../../contract/api/studio';
import { parseStudioRoles } from '../../../contract/rules/studio-roles';
import type { Db, Queryable } from '../../db/types';
import { clearFailures, countFailure, lockedForMs } from '../platform/login-limits';
import type { ServerConfig } from '../platform/config';
import { hashStudioPassword, studioPasswordMatches } from './passwords';

export const DEMO_STUDIO_ADMIN = 'admin';
export const DEMO_STUDIO_PASSWORD = 'studio-demo-2026';
export { STUDIO_PASSWORD_MIN } from '../../../contract/rules/studio-admin';

/** Creates the admin unless one of that name exists; true when created. */
export async function createStudioAdmin(db: Queryable, username: string, password: string, now: number): Promise<boolean> {
  const hash = await hashStudioPassword(password);
  const n = await db.run(
    `INSERT INTO studio_admins (username, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT (username) DO NOTHING`,
    [username, hash, now],
  );
  return n > 0;
}

/** Sets an admin's password (explicit reset) and ends its sessions. */
export async function resetStudioPassword(db: Queryable, username: string, password: string, now: number): Promise<void> {
  await db.run(`UPDATE studio_admins SET password_hash = $2, updated_at = $3 WHERE username = $1`, [username, await hashStudioPassword(password), now]);
  await db.run(`DELETE FROM studio_sessions WHERE username = $1`, [username]);
}

export async function studioAdminHash(db: Queryable, username: string): Promise<string | null> {
  const r = await db.one<{ password_hash: string }>(`SELECT password_hash FROM studio_admins WHERE username = $1`, [username]);
  return r?.password_hash ?? null;
}

/** The demo admin, for the demo seed (never in production: a password in the repository must not open a real centre's studio). */
export async function seedDemoStudioAdmin(db: Queryable, now: number, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (env.NODE_ENV === 'production') return false;
  return createStudioAdmin(db, DEMO_STUDIO_ADMIN, DEMO_STUDIO_PASSWORD, now);
}

/**
 * At start: the admin from configuration (created, or reset on purpose), else in
 * production one line on how to create one, else (demo mode) the demo admin when
 * the database has none (a database seeded before the studio existed).
 */
export async function ensureStudioAdmins(db: Db, config: ServerConfig, now: number, log: (msg: string) => void): Promise<void> {
  const { adminUser, adminPassword, adminReset } = config.studio;
  if (adminUser) {
    const stored = await studioAdminHash(db, adminUser);
    if (stored === null) {
      await createStudioAdmin(db, adminUser, adminPassword, now);
      log(`studio admin "${adminUser}" created from STUDIO_ADMIN_USER/STUDIO_ADMIN_PASSWORD`);
    } else if (adminReset) {
      await resetStudioPassword(db, adminUser, adminPassword, now);
      log(`studio admin "${adminUser}": password reset from STUDIO_ADMIN_PASSWORD (STUDIO_ADMIN_RESET=1; remove it now), its sessions ended`);
    } else if (!(await studioPasswordMatches(adminPassword, stored))) {
      log(`studio admin "${adminUser}" exists with another password: STUDIO_ADMIN_PASSWORD NOT applied (it only creates the admin; start once with STUDIO_ADMIN_RESET=1 to make it the password)`);
    }
    return;
  }
  const any = await db.one(`SELECT username FROM studio_admins LIMIT 1`);
  if (config.nodeEnv === 'production') {
    if (!any) log('no studio admin: the admin studio (/studio/) refuses every sign-in until STUDIO_ADMIN_USER and STUDIO_ADMIN_PASSWORD (at least 12 characters) are set and the server restarted');
    return;
  }
  if (!any && config.seedOnStart && (await seedDemoStudioAdmin(db, now))) {
    log(`studio admin "${DEMO_STUDIO_ADMIN}" created with the demo password ${DEMO_STUDIO_PASSWORD} (not in production)`);
  }
}

// ——— Managed in the studio (routes/studio/admins.ts) ———

/** Serialises admin changes across instances (PostgreSQL; SQLite's write transaction already does). */
const ADMINS_LOCK_KEY = 734503;

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Every admin by name: when added and by whom, when last signed in. Never a hash. */
export async function listStudioAdmins(db: Queryable): Promise<StudioAdminInfo[]> {
  const rows = await db.all<{ username: string; created_at: number | string; created_by: string | null; last_login_at: number | string | null; roles: string }>(
    `SELECT username, created_at, created_by, last_login_at, roles FROM studio_admins ORDER BY created_at, username`,
  );
  return rows.map((r) => ({ username: r.username, createdAt: iso(r.created_at)!, createdBy: r.created_by ?? null, lastLoginAt: iso(r.last_login_at), roles: parseStudioRoles(r.roles) }));
}

/** A successful sign-in, for the list. */
export async function recordStudioSignIn(db: Queryable, username: string, now: number): Promise<void> {
  await db.run(`UPDATE studio_admins SET last_login_at = $2 WHERE username = $1`, [username, now]);
}

/**
 * An admin added in the studio by `by`. 'exists' when the name is taken — also
 * in another case (`Zhangsan` beside `zhangsan`): two admins an eye cannot tell
 * apart in the list and the versions' author column are a mistake, never a wish.
 */
export async function addStudioAdmin(db: Db, username: string, password: string, by: string, now: number): Promise<'created' | 'exists'> {
  const hash = await hashStudioPassword(password);
  return db.transaction(async (tx) => {
    if (db.dialect === 'postgres') await tx.run(`SELECT pg_advisory_xact_lock(${ADMINS_LOCK_KEY})`);
    if (await tx.one(`SELECT username FROM studio_admins WHERE LOWER(username) = LOWER($1)`, [username])) return 'exists';
    const n = await tx.run(
      `INSERT INTO studio_admins (username, password_hash, created_at, updated_at, created_by) VALUES ($1, $2, $3, $3, $4) ON CONFLICT (username) DO NOTHING`,
      [username, hash, now, by],
    );
    return n > 0 ? 'created' : 'exists';
  });
}

export type StudioPasswordVerdict = { kind: 'ok' } | { kind: 'wrong' } | { kind: 'locked'; ms: number; counted: boolean };

/**
 * A password typed by (or for) `username`, under the sign-in lock-out: keys
 * `studio:<name>` (counted whether or not the name exists) and
 * `studio-client:<ip>`. Locked → not even compared; wrong → counted (and
 * 'locked' when that failure locked it, counted: true); right → both cleared.
 * Sign-in and the password change both go through here, so guessing through
 * either spends the same five tries.
 */
export async function verifyStudioPassword(db: Db, username: string, password: string, ip: string, now: number): Promise<StudioPasswordVerdict> {
  const keys = [`studio:${username}`, `studio-client:${ip}`];
  const before = await lockedForMs(db, keys, now);
  if (before) return { kind: 'locked', ms: before, counted: false };
  if (!(await studioPasswordMatches(password, await studioAdminHash(db, username)))) {
    for (const k of keys) await countFailure(db, k, now);
    const after = await lockedForMs(db, keys, now);
    return after ? { kind: 'locked', ms: after, counted: true } : { kind: 'wrong' };
  }
  await clearFailures(db, keys);
  return { kind: 'ok' };
}

/** Sets the admin's own new password; the caller ends their other sessions. */
export async function setStudioPassword(db: Queryable, username: string, password: string, now: number): Promise<void> {
  await db.run(`UPDATE studio_admins SET password_hash = $2, updated_at = $3 WHERE username = $1`, [username, await hashStudioPassword(password), now]);
}

/**
 * Removes `target` (and its sessions) for `by`. Never yourself (you would lock
 * yourself out mid-page) and never the last admin (nobody could sign in until a
 * restart with STUDIO_ADMIN_*): checked under the lock, so two admins removing
 * each other at the same moment cannot both succeed ('gone': `by` itself was
 * removed meanwhile). The only admin asking to remove itself hears 'last'.
 */
export async function removeStudioAdmin(db: Db, target: string, by: string): Promise<{ endedSessions: number } | 'self' | 'missing' | 'last' | 'gone'> {
  return db.transaction(async (tx) => {
    if (db.dialect === 'postgres') await tx.run(`SELECT pg_advisory_xact_lock(${ADMINS_LOCK_KEY})`);
    // `by` was removed meanwhile (its session was checked before the lock): it may no longer act.
    if (!(await tx.one(`SELECT username FROM studio_admins WHERE username = $1`, [by]))) return 'gone';
    if (!(await tx.one(`SELECT username FROM studio_admins WHERE username = $1`, [target]))) return 'missing';
    const count = await tx.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM studio_admins`);
    if (Number(count!.n) <= 1) return 'last';
    if (target === by) return 'self';
    await tx.run(`DELETE FROM studio_admins WHERE username = $1`, [target]);
    return { endedSessions: await tx.run(`DELETE FROM studio_sessions WHERE username = $1`, [target]) };
  });
}
