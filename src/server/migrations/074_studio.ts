/**
 * The admin studio (issue 13): its admins (scrypt hashes), their sessions (only
 * a hash of the cookie's token is stored), every config version published (the
 * files as JSON text), and which version is live: one row every instance reads,
 * so all of them serve the same config.
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS studio_admins (
     username TEXT PRIMARY KEY,
     password_hash TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     updated_at BIGINT NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS studio_sessions (
     token_hash TEXT PRIMARY KEY,
     username TEXT NOT NULL,
     csrf TEXT NOT NULL,
     expires_at BIGINT NOT NULL,
     created_at BIGINT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS studio_sessions_expiry ON studio_sessions (expires_at)`,
  `CREATE TABLE IF NOT EXISTS studio_versions (
     id INTEGER PRIMARY KEY,
     hash TEXT NOT NULL,
     files TEXT NOT NULL,
     author TEXT NOT NULL,
     note TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     source TEXT NOT NULL CHECK (source IN ('files', 'publish', 'restore')),
     restored_from INTEGER
   )`,
  // follows_files = 1: each instance serves (and follows) its CONFIG_DIR, version_id records those files;
  // 0: every instance serves version_id's files.
  `CREATE TABLE IF NOT EXISTS studio_live (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     version_id INTEGER NOT NULL,
     follows_files INTEGER NOT NULL,
     updated_at BIGINT NOT NULL
   )`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
