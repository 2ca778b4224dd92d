/**
 * Who may act for an exam number (regno): GetPatientinfo and SaveQuestions
 * (CALLS[...].owner = 'regno') answer an openid-bound token only when its openid
 * holds a grant for the body's regno. A grant is written when TeamLogin
 * succeeds under that openid's token (company + ID + phone proved the member),
 * and by the demo seed. Portable DDL (SQLite and PostgreSQL); idempotent.
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS regno_grants (
     openid TEXT NOT NULL,
     reg_no TEXT NOT NULL,
     source TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     PRIMARY KEY (openid, reg_no)
   )`,
  `CREATE INDEX IF NOT EXISTS regno_grants_regno_idx ON regno_grants (reg_no)`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
