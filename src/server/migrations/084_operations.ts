/** Issue 23: the operations view (anomaly resolution notes). */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
