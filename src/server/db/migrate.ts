/**
 * Migrations runner. Files `src/server/migrations/NNN_name.ts` export
 * `up(db: Queryable)` and are listed in `migrations/index.ts`; each runs in its
 * own transaction and is recorded in `schema_migrations` by its id. Ids are
 * history, never renamed (a database that ran `050_after_booking` must not run it
 * again); a new migration takes the next free number. On PostgreSQL an advisory
 * lock keeps starting instances from migrating (or seeding, seed/index.ts) at
 * once; sqlite's BEGIN IMMEDIATE does the same.
 */
import { MIGRATIONS } from '../migrations/index';
import type { Db, Migration, Queryable } from './types';

export type { Migration };

/** The listed migrations, in order. */
export async function loadMigrations(): Promise<Migration[]> {
  return MIGRATIONS;
}

/** The key of the advisory lock that serialises start-up work (migrations, first seed) across instances. */
export const START_LOCK_KEY = 734501;

/**
 * Inside a transaction: waits until no other instance holds the start-up lock, and
 * holds it until this transaction ends. PostgreSQL: a transaction-scoped advisory
 * lock. SQLite: the transaction's BEGIN IMMEDIATE already excludes other processes.
 */
export async function holdStartLock(tx: Queryable, dialect: Db['dialect']): Promise<void> {
  if (dialect === 'postgres') await tx.run(`SELECT pg_advisory_xact_lock(${START_LOCK_KEY})`);
}

export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const list = migrations ?? (await loadMigrations());
  // Under the lock too: two instances creating the table at once collide on PostgreSQL's catalog.
  await db.transaction(async (tx) => {
    await holdStartLock(tx, db.dialect);
    await tx.run('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  });
  const applied: string[] = [];
  for (const m of list) {
    const done = await db.transaction(async (tx) => {
      await holdStartLock(tx, db.dialect);
      const seen = await tx.one('SELECT id FROM schema_migrations WHERE id = $1', [m.id]);
      if (seen) return false;
      await m.up(tx);
      await tx.run('INSERT INTO schema_migrations (id, applied_at) VALUES ($1, $2)', [m.id, new Date().toISOString()]);
      return true;
    });
    if (done) applied.push(m.id);
  }
  return applied;
}
