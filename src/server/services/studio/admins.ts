/**
 * Studio admins. Production has no default password: the first admin comes from
 * STUDIO_ADMIN_USER + STUDIO_ADMIN_PASSWORD (≥ 12 characters, checked by
 * loadConfig), created at start when no admin of that name exists. An existing
 * admin's password is never overwritten by the env (it may have been changed
 * since): the start logs that the env password was not applied, and
 * STUDIO_ADMIN_RESET=1 (for one start) sets it on purpose and ends that admin's
 * sessions. Outside production the demo seed creates `admin` / DEMO_STUDIO_PASSWORD.
 */
import type { Db, Queryable } from '../../db/types';
import type { ServerConfig } from '../platform/config';
import { hashStudioPassword, studioPasswordMatches } from './passwords';

export const DEMO_STUDIO_ADMIN = 'admin';
export const DEMO_STUDIO_PASSWORD = 'studio-demo-2026';
export const STUDIO_PASSWORD_MIN = 12;
export const STUDIO_USERNAME_RE = /^[A-Za-z0-9_.@-]{1,64}$/;

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
