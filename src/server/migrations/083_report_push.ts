/** Issue 23: the hospital system's report push (clients, received reports). */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
