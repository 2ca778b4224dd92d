import { tryCents } from '../../contract/rules/money';
import { asArray } from '../common/values';

/**
 * The extra-item category tree (after-booking §2 "Extra-item selection"):
 * normalising server categories through configurable field names, name-substring
 * search, and the running total in integer cents (booking §9: computed in cents).
 */

export interface TreeFields {
  /** Category title. */
  text: string;
  children: string;
  code: string;
  name: string;
  price: string;
  note: string;
}

export const DEFAULT_TREE_FIELDS: TreeFields = {
  text: 'text',
  children: 'children',
  code: 'comb_code',
  name: 'comb_name',
  price: 'price',
  note: 'note',
};

export interface TreeItem {
  code: string;
  name: string;
  /** Price in cents; 0 when the server price is not an amount. */
  cents: number;
  note: string;
  raw: Record<string, unknown>;
}

export interface TreeCategory {
  text: string;
  items: TreeItem[];
}

/** Categories from the server (a list, or its JSON text: AddClusItem returns JSON text). */
export function normalizeTree(tree: unknown, fields: TreeFields = DEFAULT_TREE_FIELDS): TreeCategory[] {
  return asArray<unknown>(tree)
    .filter((c): c is Record<string, unknown> => !!c && typeof c === 'object')
    .map((c) => ({
      text: String(c[fields.text] ?? ''),
      items: (Array.isArray(c[fields.children]) ? (c[fields.children] as unknown[]) : [])
        .filter((i): i is Record<string, unknown> => !!i && typeof i === 'object')
        .map((i) => ({
          code: String(i[fields.code] ?? ''),
          name: String(i[fields.name] ?? ''),
          cents: tryCents(i[fields.price]) ?? 0,
          note: String(i[fields.note] ?? ''),
          raw: i,
        })),
    }));
}

/** Keep items whose name contains the keyword (case-insensitive); drop categories left empty. Blank keyword → all. */
export function filterTree(categories: TreeCategory[], keyword: string): TreeCategory[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return categories;
  return categories
    .map((c) => ({ ...c, items: c.items.filter((i) => i.name.toLowerCase().includes(k)) }))
    .filter((c) => c.items.length > 0);
}

/** Selected items in tree order, each code once (an item listed under two categories counts once). */
export function selectedItems(categories: TreeCategory[], codes: ReadonlySet<string> | string[]): TreeItem[] {
  const want = codes instanceof Set ? codes : new Set(codes);
  const seen = new Set<string>();
  const out: TreeItem[] = [];
  for (const c of categories)
    for (const i of c.items)
      if (want.has(i.code) && !seen.has(i.code)) {
        seen.add(i.code);
        out.push(i);
      }
  return out;
}

/** Base (package) price plus the selected extras, in cents. */
export function totalCents(baseCents: number, items: TreeItem[]): number {
  return items.reduce((sum, i) => sum + i.cents, baseCents);
}

/** Outcome of ticking an item: on-site-only codes are refused (spec: 该项目需要到现场增加, left unchecked). */
export function toggleCode(selected: ReadonlySet<string>, code: string, checked: boolean, blocked: ReadonlySet<string>): { selected: Set<string>; blocked: boolean } {
  const next = new Set(selected);
  if (checked && blocked.has(code)) {
    next.delete(code);
    return { selected: next, blocked: true };
  }
  if (checked) next.add(code);
  else next.delete(code);
  return { selected: next, blocked: false };
}
