/**
 * The back office (issue 23): each studio admin's roles (contract/rules/
 * studio-roles.ts; the admins that exist become 配置 + 运营), and the audit log
 * of every change to data, roles and config (services/studio/audit.ts): who,
 * when, what, the row before and after as JSON. Kept in the database so every
 * instance writes to and lists the same log.
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `ALTER TABLE studio_admins ADD COLUMN roles TEXT NOT NULL DEFAULT 'config,ops'`,
  `CREATE TABLE IF NOT EXISTS audit_log (
     id TEXT PRIMARY KEY,
     at BIGINT NOT NULL,
     actor TEXT NOT NULL,
     action TEXT NOT NULL,
     entity TEXT NOT NULL,
     entity_key TEXT NOT NULL DEFAULT '',
     summary TEXT NOT NULL DEFAULT '',
     before_json TEXT,
     after_json TEXT
   )`,
  `CREATE INDEX IF NOT EXISTS audit_log_at_idx ON audit_log (at)`,
  `CREATE INDEX IF NOT EXISTS audit_log_entity_idx ON audit_log (entity, entity_key, at)`,
  `CREATE INDEX IF NOT EXISTS audit_log_actor_idx ON audit_log (actor, at)`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
