/** Issue 23: the catalogue's back office (branches, packages, items). */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
