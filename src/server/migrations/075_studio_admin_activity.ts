/**
 * Studio admins managed in the studio itself: when each admin last signed in
 * (the admins list shows it, so an unused account is seen and removed) and who
 * added it (null: the env's first admin or the demo seed).
 */
import type { Queryable } from '../db/types';

export async function up(db: Queryable): Promise<void> {
  await db.run('ALTER TABLE studio_admins ADD COLUMN last_login_at BIGINT');
  await db.run('ALTER TABLE studio_admins ADD COLUMN created_by TEXT');
}
