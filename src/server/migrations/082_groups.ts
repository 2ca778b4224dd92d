/** Issue 23: companies, their packages and extras price, members. */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
