/** Packages and items (read side). All prices leave the server as '12.30' strings. */
import type { Queryable } from '../../db/types';
import { formatCents } from '../../../contract/rules/money';
import { itemFitsSex } from '../../../contract/rules/package-rules';
import type { AddItemCategory, AddItemNode, PackageCard, PackageItem } from '../../../contract/api/booking';

export interface PackageRow {
  clus_code: string;
  clus_name: string;
  clus_note: string;
  price_cents: number;
  clus_type: string;
  sex: number;
  marr_status: string;
  intro: string;
  notice: string;
}

export function packageCard(p: PackageRow): PackageCard {
  return {
    clus_Code: p.clus_code,
    clus_Name: p.clus_name,
    clus_Note: p.clus_note,
    price: formatCents(Number(p.price_cents)),
    sex: String(p.sex) as PackageCard['sex'],
    marr_status: p.marr_status,
    intro: p.intro,
    notice: p.notice,
  };
}

export async function getPackage(db: Queryable, code: string): Promise<PackageRow | undefined> {
  return db.one<PackageRow>('SELECT * FROM packages WHERE clus_code = $1 AND active = 1', [code]);
}

/** Packages of a clus_type; sex 1/2 → that sex plus 'either' (3); 3/undefined → all. */
export async function listPackages(db: Queryable, clusType: string, sex?: number): Promise<PackageCard[]> {
  const rows = await db.all<PackageRow>('SELECT * FROM packages WHERE clus_type = $1 AND active = 1 ORDER BY sort, clus_code', [clusType]);
  return rows.filter((p) => !sex || sex === 3 || Number(p.sex) === sex || Number(p.sex) === 3).map(packageCard);
}

export async function packageItems(db: Queryable, clusCode: string): Promise<PackageItem[]> {
  const rows = await db.all<{ comb_code: string; comb_name: string; price_cents: number; note: string }>(
    `SELECT i.comb_code, i.comb_name, i.price_cents, i.note FROM package_items pi JOIN items i ON i.comb_code = pi.comb_code
      WHERE pi.clus_code = $1 ORDER BY pi.sort, i.comb_code`,
    [clusCode],
  );
  return rows.map((r) => ({
    comb_Code: r.comb_code,
    comb_code: r.comb_code,
    comb_Name: r.comb_name,
    comb_Price: formatCents(Number(r.price_cents)),
    note: r.note,
  }));
}

export interface ItemRow {
  comb_code: string;
  comb_name: string;
  price_cents: number;
  note: string;
  category_id: string | null;
  addable: number;
  onsite_only: number;
}

/** True when an item (sex 1/2/3) may be added to a package of `pkgSex` (3 = either): one rule with the back office's editor. */
export { itemFitsSex };

/** The extra-item tree for a package: categories with children, package's own items left out. */
export async function addItemTree(db: Queryable, clusCode: string): Promise<AddItemCategory[]> {
  const cats = await db.all<{ id: string; name: string }>('SELECT id, name FROM item_categories ORDER BY sort, id');
  const pkg = await db.one<{ sex: number }>('SELECT sex FROM packages WHERE clus_code = $1', [clusCode]);
  // Items of the other sex are not offered for a package of one sex (a man's package, a woman's).
  const items = (
    await db.all<ItemRow & { sex?: number }>(
      `SELECT * FROM items WHERE addable = 1 AND category_id IS NOT NULL
          AND comb_code NOT IN (SELECT comb_code FROM package_items WHERE clus_code = $1)
        ORDER BY sort, comb_code`,
      [clusCode],
    )
  ).filter((i) => itemFitsSex(i.sex, pkg?.sex));
  return cats
    .map((c) => ({
      id: c.id,
      text: c.name,
      children: items
        .filter((i) => i.category_id === c.id)
        .map<AddItemNode>((i) => ({
          comb_code: i.comb_code,
          comb_name: i.comb_name,
          price: formatCents(Number(i.price_cents)),
          clus_code: clusCode,
          id: i.comb_code,
          text: i.comb_name,
          note: i.note,
        })),
    }))
    .filter((c) => c.children.length > 0);
}

export async function onsiteOnlyItems(db: Queryable): Promise<Array<{ comb_code: string; comb_name: string }>> {
  return db.all('SELECT comb_code, comb_name FROM items WHERE onsite_only = 1 ORDER BY sort, comb_code');
}

export async function itemsByCodes(db: Queryable, codes: string[]): Promise<ItemRow[]> {
  if (codes.length === 0) return [];
  const ph = codes.map((_, i) => `$${i + 1}`).join(', ');
  return db.all<ItemRow>(`SELECT * FROM items WHERE comb_code IN (${ph})`, codes);
}
