/**
 * Migrations runner. Files `src/server/migrations/NNN_name.ts` export
 * `up(db: Queryable)`; each runs in its own transaction and is recorded in
 * `schema_migrations`. 001..049 are the core/booking engineer's, 050..099 the
 * after-booking engineer's. On PostgreSQL an advisory lock keeps starting instances
 * from migrating (or seeding, seed/index.ts) at once; sqlite's BEGIN IMMEDIATE does the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Db, Queryable } from './types';

export interface Migration {
  id: string;
  up: (db: Queryable) => Promise<void>;
}

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
    .sort();
  const out: Migration[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { up?: Migration['up'] };
    if (typeof mod.up !== 'function') throw new Error(`migration ${f} has no up()`);
    out.push({ id: f.replace(/\.(ts|js)$/, ''), up: mod.up });
  }
  return out;
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
