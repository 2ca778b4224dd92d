/**
 * Issue 23: capacity. The calendars themselves are calendar_days (flag 'T' =
 * closed) and calendar_slots (001_core); what the back office adds is the name
 * an admin gives a closed day (国庆节), one row per calendar and day, kept apart
 * from calendar_days so the examinee's calls read exactly what they read before.
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS calendar_day_notes (
     scope TEXT NOT NULL,
     day TEXT NOT NULL,
     note TEXT NOT NULL,
     PRIMARY KEY (scope, day)
   )`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
