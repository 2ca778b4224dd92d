import { getPath } from '../../common/values';

/**
 * Client-side keyword search of a card list: keeps items whose `field`
 * (dotted path allowed) contains the keyword, case-insensitive. Blank keyword or
 * no field → all items.
 */
export function filterItems<T>(items: T[], field: string | undefined, keyword: string): T[] {
  const k = keyword.trim().toLowerCase();
  if (!k || !field) return items;
  return items.filter((item) => {
    const v = getPath(item, field);
    return (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(k);
  });
}
