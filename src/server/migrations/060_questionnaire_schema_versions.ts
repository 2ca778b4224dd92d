/**
 * Archived questionnaire schemas: every version of a form schema an answer was
 * given in, keyed by schema id + content hash, so an old answer still opens in
 * view mode exactly as it was answered after the centre edits the schema
 * (served at GET /schemas/versions/<schemaId>@<hash>.json).
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS questionnaire_schema_versions (
     schema_id TEXT NOT NULL,
     hash TEXT NOT NULL,
     body TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     PRIMARY KEY (schema_id, hash)
   )`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
