/**
 * Studio admins. Production has no default password: the first admin comes from
 * STUDIO_ADMIN_USER + STUDIO_ADMIN_PASSWORD (≥ 12 characters, checked by
 * loadConfig), created at start when no admin of that name exists. An existing
 * admin's password is never overwritten by the env (it may have been changed
 * since): the start logs that the env password was not applied, and
 * STUDIO_ADMIN_RESET=1 (for one start) sets it on purpose and ends that admin's
 * sessions. Outside production the demo seed creates `admin` / DEMO_STUDIO_PASSWORD.
 * In the studio itself an admin lists, adds and removes admins, sets their roles
 * and changes their own password (routes/studio/admins.ts); the names and
 * passwords follow the one rule of contract/rules/studio-admin.ts, the roles
 * studioRolesProblem (contract/rules/studio-roles.ts), and the studio never has
 * no admin nor no admin with 配置. Every change writes its audit entry in its
 * own transaction (services/studio/audit.ts).
 */
import type { StudioAdminInfo } from '../../../contract/api/studio';
import { formatStudioRoles, parseStudioRoles, STUDIO_ROLE_LABEL, type StudioRole } from '../../../contract/rules/studio-roles';
import type { Db, Queryable } from '../../db/types';
import { clearFailures, countFailure, lockedForMs, type LoginLimit } from '../platform/login-limits';
import type { ServerConfig } from '../platform/config';
import { recordAudit } from './audit';
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

/** How the audit log shows an admin (never a hash). */
const adminShown = (username: string, roles: readonly StudioRole[]) => ({ username, roles: [...roles] });
const rolesText = (roles: readonly StudioRole[]) => roles.map((r) => STUDIO_ROLE_LABEL[r]).join('、');

async function lockAdmins(db: Db, tx: Queryable): Promise<void> {
  if (db.dialect === 'postgres') await tx.run(`SELECT pg_advisory_xact_lock(${ADMINS_LOCK_KEY})`);
}

/** Admins holding 配置 (under the lock: the last-config rule counts them). */
async function configAdmins(tx: Queryable): Promise<string[]> {
  const rows = await tx.all<{ username: string; roles: string }>(`SELECT username, roles FROM studio_admins`);
  return rows.filter((r) => parseStudioRoles(r.roles).includes('config')).map((r) => r.username);
}

/**
 * An admin added in the studio by `by`, with their roles (checked by the caller
 * with studioRolesProblem). 'exists' when the name is taken — also in another
 * case (`Zhangsan` beside `zhangsan`): two admins an eye cannot tell apart in the
 * list and the versions' author column are a mistake, never a wish. The audit
 * entry is written in the same transaction.
 */
export async function addStudioAdmin(db: Db, username: string, password: string, roles: readonly StudioRole[], by: string, now: number): Promise<'created' | 'exists'> {
  const hash = await hashStudioPassword(password);
  const stored = parseStudioRoles(formatStudioRoles(roles));
  return db.transaction(async (tx) => {
    await lockAdmins(db, tx);
    if (await tx.one(`SELECT username FROM studio_admins WHERE LOWER(username) = LOWER($1)`, [username])) return 'exists';
    const n = await tx.run(
      `INSERT INTO studio_admins (username, password_hash, created_at, updated_at, created_by, roles) VALUES ($1, $2, $3, $3, $4, $5) ON CONFLICT (username) DO NOTHING`,
      [username, hash, now, by, stored.join(',')],
    );
    if (n === 0) return 'exists';
    await recordAudit(tx, { actor: by, action: 'create', entity: 'admin', key: username, summary: `新增管理员 ${username}（${rolesText(stored)}）`, after: adminShown(username, stored) }, now);
    return 'created';
  });
}

export type StudioRolesOutcome = { before: StudioRole[]; after: StudioRole[] } | 'missing' | 'last-config' | 'gone' | 'refused';

/**
 * Sets `target`'s roles for `by` (the caller checked them with studioRolesProblem
 * and that `by` holds 配置). Under the admins lock, so two admins taking 配置 from
 * each other at the same moment cannot leave nobody with it ('last-config'). Your
 * own roles too (the same rule). Unchanged roles write nothing. Applies at the
 * target's next call: sessions read the roles on every request.
 */
export async function setStudioAdminRoles(db: Db, target: string, roles: readonly StudioRole[], by: string, now: number): Promise<StudioRolesOutcome> {
  const next = parseStudioRoles(formatStudioRoles(roles));
  return db.transaction(async (tx) => {
    await lockAdmins(db, tx);
    const rows = await tx.all<{ username: string; roles: string }>(`SELECT username, roles FROM studio_admins WHERE username = $1 OR username = $2`, [target, by]);
    const actor = rows.find((r) => r.username === by);
    // `by` was removed ('gone'), or lost 配置 ('refused'), meanwhile: its session was read before the lock.
    if (!actor) return 'gone';
    if (!parseStudioRoles(actor.roles).includes('config')) return 'refused';
    const row = rows.find((r) => r.username === target);
    if (!row) return 'missing';
    const before = parseStudioRoles(row.roles);
    if (before.join(',') === next.join(',')) return { before, after: next };
    if (before.includes('config') && !next.includes('config') && (await configAdmins(tx)).length <= 1) return 'last-config';
    await tx.run(`UPDATE studio_admins SET roles = $2, updated_at = $3 WHERE username = $1`, [target, next.join(','), now]);
    await recordAudit(
      tx,
      { actor: by, action: 'roles', entity: 'admin', key: target, summary: `修改管理员 ${target} 的角色：${rolesText(before)} → ${rolesText(next)}`, before: adminShown(target, before), after: adminShown(target, next) },
      now,
    );
    return { before, after: next };
  });
}

export type StudioPasswordVerdict = { kind: 'ok' } | { kind: 'wrong' } | { kind: 'locked'; ms: number; counted: boolean };

/**
 * One address's failures across every name: a higher limit than an account's,
 * since a whole office signs in from one address (behind one NAT) — one
 * typo-prone colleague must not lock every admin out.
 */
export const STUDIO_ADDRESS_LIMIT: LoginLimit = { maxFailures: 25, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * A password typed by (or for) `username`, under the sign-in lock-out:
 * - the account, key `studio:<name>` (counted whether or not the name exists,
 *   so a lock-out does not tell which names do): 5 wrong in 15 minutes lock
 *   that name, from any address, its right password included;
 * - the address, key `studio-client:<ip>`: STUDIO_ADDRESS_LIMIT wrong
 *   passwords on any names lock the address for wrong ones only — a locked
 *   address still lets another account in with its right password, and a
 *   wrong one still counts against that account, so the address lock never
 *   buys a guesser more tries.
 * Wrong → counted ('locked' when the account or the address is locked now,
 * counted: true); right → the account's failures cleared. Sign-in and the
 * password change both go through here, so guessing through either spends
 * the same five tries.
 */
export async function verifyStudioPassword(db: Db, username: string, password: string, ip: string, now: number): Promise<StudioPasswordVerdict> {
  const account = `studio:${username}`;
  const address = `studio-client:${ip}`;
  const accountLocked = await lockedForMs(db, [account], now);
  if (accountLocked) return { kind: 'locked', ms: accountLocked, counted: false };
  const addressLocked = await lockedForMs(db, [address], now);
  if (await studioPasswordMatches(password, await studioAdminHash(db, username))) {
    await clearFailures(db, [account]);
    return { kind: 'ok' };
  }
  await countFailure(db, account, now);
  if (!addressLocked) await countFailure(db, address, now, STUDIO_ADDRESS_LIMIT);
  const after = await lockedForMs(db, [account, address], now);
  return after ? { kind: 'locked', ms: after, counted: true } : { kind: 'wrong' };
}

/**
 * Sets the admin's own new password, with its audit entry (that it changed,
 * never the password or its hash) in the same transaction; the caller ends
 * their other sessions.
 */
export async function setStudioPassword(db: Db, username: string, password: string, now: number): Promise<void> {
  const hash = await hashStudioPassword(password);
  await db.transaction(async (tx) => {
    await tx.run(`UPDATE studio_admins SET password_hash = $2, updated_at = $3 WHERE username = $1`, [username, hash, now]);
    await recordAudit(tx, { actor: username, action: 'password', entity: 'admin', key: username, summary: `管理员 ${username} 修改了自己的密码` }, now);
  });
}

/**
 * Removes `target` (and its sessions) for `by`. Never yourself (you would lock
 * yourself out mid-page), never the last admin (nobody could sign in until a
 * restart with STUDIO_ADMIN_*), never the last 配置 admin (nobody could manage
 * admins or config again: 'last-config'): checked under the lock, so two admins
 * removing each other at the same moment cannot both succeed ('gone': `by`
 * itself was removed meanwhile). The only admin asking to remove itself hears
 * 'last'. The audit entry (the admin as it was) is written in the same transaction.
 */
export async function removeStudioAdmin(db: Db, target: string, by: string, now = Date.now()): Promise<{ endedSessions: number } | 'self' | 'missing' | 'last' | 'last-config' | 'gone'> {
  return db.transaction(async (tx) => {
    await lockAdmins(db, tx);
    // `by` was removed meanwhile (its session was checked before the lock): it may no longer act.
    if (!(await tx.one(`SELECT username FROM studio_admins WHERE username = $1`, [by]))) return 'gone';
    const row = await tx.one<{ roles: string }>(`SELECT roles FROM studio_admins WHERE username = $1`, [target]);
    if (!row) return 'missing';
    const count = await tx.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM studio_admins`);
    if (Number(count!.n) <= 1) return 'last';
    if (target === by) return 'self';
    const roles = parseStudioRoles(row.roles);
    if (roles.includes('config') && (await configAdmins(tx)).length <= 1) return 'last-config';
    await tx.run(`DELETE FROM studio_admins WHERE username = $1`, [target]);
    const endedSessions = await tx.run(`DELETE FROM studio_sessions WHERE username = $1`, [target]);
    await recordAudit(tx, { actor: by, action: 'delete', entity: 'admin', key: target, summary: `删除管理员 ${target}（${rolesText(roles)}）`, before: adminShown(target, roles) }, now);
    return { endedSessions };
  });
}
