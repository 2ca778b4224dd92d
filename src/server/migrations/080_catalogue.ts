/**
 * Issue 23: the catalogue's back office (branches, packages, items). Each row
 * gets `rev`, its version (an edit carries the rev it was shown and is refused
 * when the row changed meanwhile), and `updated_at`. The indexes serve the
 * counts that refuse a delete (orders of a package or branch, packages of an item).
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `ALTER TABLE branches ADD COLUMN rev INTEGER NOT NULL DEFAULT 0`,
  `ALTER TABLE branches ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0`,
  `ALTER TABLE packages ADD COLUMN rev INTEGER NOT NULL DEFAULT 0`,
  `ALTER TABLE packages ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0`,
  `ALTER TABLE items ADD COLUMN rev INTEGER NOT NULL DEFAULT 0`,
  `ALTER TABLE items ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0`,
  `CREATE INDEX IF NOT EXISTS package_items_comb ON package_items (comb_code)`,
  `CREATE INDEX IF NOT EXISTS orders_clus ON orders (clus_code)`,
  `CREATE INDEX IF NOT EXISTS orders_hosp ON orders (hosp_code)`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
