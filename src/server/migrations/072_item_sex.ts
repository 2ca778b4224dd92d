/**
 * Extra items for one sex only (items.sex: 1 male, 2 female, 3 both): a package of one sex
 * neither offers nor accepts an item of the other (services/booking/catalog.ts, services/orders/).
 * An existing catalogue is marked from the same list the seed uses.
 */
import type { Queryable } from '../db/types';
import { FEMALE_CATEGORY, ITEM_SEX_BY_NAME } from '../seed/data';

export async function up(db: Queryable): Promise<void> {
  await db.run('ALTER TABLE items ADD COLUMN sex INTEGER NOT NULL DEFAULT 3');
  await db.run('UPDATE items SET sex = 2 WHERE category_id = $1', [FEMALE_CATEGORY]);
  for (const [name, sex] of Object.entries(ITEM_SEX_BY_NAME)) await db.run('UPDATE items SET sex = $2 WHERE comb_name = $1', [name, sex]);
}
