/**
 * The catalogue as the back office reads it: the stored rows turned into the
 * contract's rows (cents, booleans, item codes in package order), with the
 * counts that decide whether a row may be deleted. PostgreSQL answers COUNT as
 * text, every number goes through Number().
 */
import type { Queryable } from '../../../db/types';
import type { BranchRow, ItemCategory, ItemRow, PackageRow } from '../../../../contract/api/backoffice/catalogue';
import type { ClusType, MarrRule, PackageSex } from '../../../../contract/rules/package-rules';

export interface BranchDbRow { hosp_code: string; hosp_name: string; hosp_tel: string; hosp_addr: string; sort: number; rev: number }
export interface PackageDbRow {
  clus_code: string; clus_name: string; clus_note: string; price_cents: number; clus_type: string; sex: number; marr_status: string;
  intro: string; notice: string; active: number; sort: number; rev: number;
}
export interface ItemDbRow {
  comb_code: string; comb_name: string; price_cents: number; note: string; category_id: string | null; addable: number; onsite_only: number;
  sex: number; sort: number; rev: number;
}

const n = (v: unknown) => Number(v ?? 0);

export const branchOf = (r: BranchDbRow, orders = 0): BranchRow => ({
  hospCode: r.hosp_code, hospName: r.hosp_name, hospTel: r.hosp_tel, hospAddr: r.hosp_addr, sort: n(r.sort), rev: n(r.rev), orders,
});

export const packageOf = (r: PackageDbRow, items: string[], orders = 0, members = 0): PackageRow => ({
  code: r.clus_code,
  name: r.clus_name,
  clusType: r.clus_type as ClusType,
  sex: n(r.sex) as PackageSex,
  marr: (r.marr_status === '2' ? '2' : '0') as MarrRule,
  priceCents: n(r.price_cents),
  intro: r.intro,
  notice: r.notice,
  note: r.clus_note,
  sort: n(r.sort),
  items,
  active: n(r.active) === 1,
  rev: n(r.rev),
  orders,
  members,
});

export const itemOf = (r: ItemDbRow, packages = 0, orders?: number): ItemRow => ({
  code: r.comb_code,
  name: r.comb_name,
  priceCents: n(r.price_cents),
  note: r.note,
  categoryId: r.category_id ?? '',
  addable: n(r.addable) === 1,
  onsiteOnly: n(r.onsite_only) === 1,
  sex: n(r.sex) as PackageSex,
  sort: n(r.sort),
  rev: n(r.rev),
  packages,
  ...(orders === undefined ? {} : { orders }),
});

async function countsBy(db: Queryable, sql: string, params: string[] = []): Promise<Map<string, number>> {
  const rows = await db.all<{ k: string; c: number | string }>(sql, params);
  return new Map(rows.map((r) => [r.k, n(r.c)]));
}

export async function listBranches(db: Queryable): Promise<BranchRow[]> {
  const rows = await db.all<BranchDbRow>('SELECT * FROM branches ORDER BY sort, hosp_code');
  const orders = await countsBy(db, 'SELECT hosp_code AS k, COUNT(*) AS c FROM orders GROUP BY hosp_code');
  return rows.map((r) => branchOf(r, orders.get(r.hosp_code) ?? 0));
}

export async function itemCodesOf(db: Queryable, clusCode: string): Promise<string[]> {
  return (await db.all<{ comb_code: string }>('SELECT comb_code FROM package_items WHERE clus_code = $1 ORDER BY sort, comb_code', [clusCode])).map((r) => r.comb_code);
}

/** Every package (withdrawn ones too), of one clus_type when given. */
export async function listPackages(db: Queryable, clusType?: string): Promise<PackageRow[]> {
  const rows = clusType
    ? await db.all<PackageDbRow>('SELECT * FROM packages WHERE clus_type = $1 ORDER BY sort, clus_code', [clusType])
    : await db.all<PackageDbRow>('SELECT * FROM packages ORDER BY clus_type, sort, clus_code');
  const links = await db.all<{ clus_code: string; comb_code: string }>('SELECT clus_code, comb_code FROM package_items ORDER BY clus_code, sort, comb_code');
  const items = new Map<string, string[]>();
  for (const l of links) items.set(l.clus_code, [...(items.get(l.clus_code) ?? []), l.comb_code]);
  const orders = await countsBy(db, 'SELECT clus_code AS k, COUNT(*) AS c FROM orders GROUP BY clus_code');
  const members = await countsBy(db, 'SELECT clus_code AS k, COUNT(*) AS c FROM team_members GROUP BY clus_code');
  return rows.map((r) => packageOf(r, items.get(r.clus_code) ?? [], orders.get(r.clus_code) ?? 0, members.get(r.clus_code) ?? 0));
}

export async function readPackage(db: Queryable, code: string): Promise<PackageRow | undefined> {
  const r = await db.one<PackageDbRow>('SELECT * FROM packages WHERE clus_code = $1', [code]);
  if (!r) return undefined;
  const c = await packageUse(db, code);
  return packageOf(r, await itemCodesOf(db, code), c.orders, c.members);
}

export async function packageUse(db: Queryable, code: string): Promise<{ orders: number; members: number }> {
  const o = await db.one<{ c: number | string }>('SELECT COUNT(*) AS c FROM orders WHERE clus_code = $1', [code]);
  const m = await db.one<{ c: number | string }>('SELECT COUNT(*) AS c FROM team_members WHERE clus_code = $1', [code]);
  return { orders: n(o?.c), members: n(m?.c) };
}

/** Items with how many packages hold each; `orders` (chosen as an extra) is counted only for one item (itemUse), it needs a scan. */
export async function listItems(db: Queryable): Promise<{ items: ItemRow[]; categories: ItemCategory[] }> {
  const rows = await db.all<ItemDbRow>('SELECT * FROM items ORDER BY sort, comb_code');
  const pk = await countsBy(db, 'SELECT comb_code AS k, COUNT(*) AS c FROM package_items GROUP BY comb_code');
  const categories = await db.all<ItemCategory>('SELECT id, name FROM item_categories ORDER BY sort, id');
  return { items: rows.map((r) => itemOf(r, pk.get(r.comb_code) ?? 0)), categories };
}

export async function readItem(db: Queryable, code: string): Promise<ItemRow | undefined> {
  const r = await db.one<ItemDbRow>('SELECT * FROM items WHERE comb_code = $1', [code]);
  if (!r) return undefined;
  const u = await itemUse(db, code);
  return itemOf(r, u.packages, u.orders);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Packages holding the item, and orders that chose it as an extra (choose_comb_code is a JSON list of {comb_code, …}). */
export async function itemUse(db: Queryable, code: string): Promise<{ packages: number; orders: number }> {
  const p = await db.one<{ c: number | string }>('SELECT COUNT(*) AS c FROM package_items WHERE comb_code = $1', [code]);
  const candidates = await db.all<{ choose_comb_code: string }>(`SELECT choose_comb_code FROM orders WHERE choose_comb_code LIKE $1 ESCAPE '\\'`, [
    `%${likeEscape(JSON.stringify(code))}%`,
  ]);
  const orders = candidates.filter((o) => {
    try {
      const list = JSON.parse(o.choose_comb_code) as Array<{ comb_code?: unknown }>;
      return Array.isArray(list) && list.some((i) => i?.comb_code === code);
    } catch {
      return false;
    }
  }).length;
  return { packages: n(p?.c), orders };
}

/** Orders and reports of a branch: either keeps it (and its code). */
export async function branchUse(db: Queryable, code: string): Promise<{ orders: number; reports: number }> {
  const o = await db.one<{ c: number | string }>('SELECT COUNT(*) AS c FROM orders WHERE hosp_code = $1', [code]);
  const r = await db.one<{ c: number | string }>('SELECT COUNT(*) AS c FROM reports WHERE hosp_code = $1', [code]);
  return { orders: n(o?.c), reports: n(r?.c) };
}
