/**
 * openDb(): PostgreSQL when DATABASE_URL is set, else better-sqlite3 at
 * DATA_DIR/checkup.db (DATA_DIR default ./data). Runs migrations unless told not to.
 */
import path from 'node:path';
import type { Db } from './types';
import { openSqlite } from './sqlite';
import { openPg } from './pg';
import { migrate } from './migrate';

export type { Db, Queryable, Row, SqlValue } from './types';

export interface OpenDbOptions {
  databaseUrl?: string;
  dataDir?: string;
  migrate?: boolean;
}

export async function openDb(opts: OpenDbOptions = {}): Promise<Db> {
  const url = opts.databaseUrl ?? process.env.DATABASE_URL;
  const db = url ? openPg(url) : openSqlite(path.resolve(opts.dataDir ?? process.env.DATA_DIR ?? './data', 'checkup.db'));
  if (opts.migrate !== false) await migrate(db);
  return db;
}

/** True for a unique-constraint violation on either store. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err?.message ?? '');
}

/** True for a CHECK violation (e.g. surplus >= 0) on either store. */
export function isCheckViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23514' || err?.code === 'SQLITE_CONSTRAINT_CHECK' || /CHECK constraint failed/.test(err?.message ?? '');
}
