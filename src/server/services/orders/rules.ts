/** The checks a booking passes before an order is created (the form's own fields are the form schema's). */
import dayjs from 'dayjs';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../plugins/call';
import { formatCents, tryCents } from '../../../contract/rules/money';
import { checkIdCard, idCardSex } from '../../../contract/rules/idcard';
import { checkPhone } from '../../../contract/rules/phone';
import type { ChosenItem } from '../../../contract/api/orders';
import { itemFitsSex, itemsByCodes, type PackageRow } from '../booking/catalog';
import { todayOf } from '../booking/calendar';
import { addDays } from '../../../contract/rules/centre-day';
import { MSG } from './model';

/**
 * ID (spec order of messages) and phone of a group booking. The name's limits
 * live in schemas/api/TeamOrderAdd.json; a personal booking's fields in its
 * form schema (forms/person-order*.json), which the server applies as the app does.
 */
export function checkIdAndPhone(idCard: string, tel: string, today: string): void {
  const idMsg = checkIdCard(idCard, today);
  if (idMsg) throw new ApiError(idMsg);
  const telMsg = checkPhone(tel);
  if (telMsg) throw new ApiError(telMsg);
}

/** Sex parity of the ID's 17th digit vs the package sex (3 = either). */
export function checkSex(pkg: PackageRow, idCard: string): void {
  const sex = Number(pkg.sex);
  if (sex !== 3 && sex !== idCardSex(idCard)) throw new ApiError(MSG.sexMismatch);
}

/** Booking at the latest one day before: the exam day must be after today. */
export function checkDay(day: string, nowMs: number, endDays: number): void {
  const today = todayOf(nowMs);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !dayjs(day).isValid()) throw new ApiError('请选择体检日期');
  if (day <= today) throw new ApiError(MSG.dayBefore);
  if (day > addDays(today, endDays)) throw new ApiError(MSG.notOpen);
}

/** Parses 'a,b,c' extra codes; refuses unknown, on-site-only and in-package items; returns items + cents. */
export async function resolveExtras(
  db: Queryable,
  raw: string | undefined,
  clusCode: string,
  allowAdd: boolean,
): Promise<{ items: ChosenItem[]; cents: number }> {
  const codes = [...new Set(String(raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (codes.length === 0) return { items: [], cents: 0 };
  if (!allowAdd) throw new ApiError(MSG.addItemOff);
  if (codes.length > 200) throw new ApiError(MSG.itemMissing);
  const rows = await itemsByCodes(db, codes);
  if (rows.length !== codes.length) throw new ApiError(MSG.itemMissing);
  if (rows.some((r) => Number(r.onsite_only) === 1)) throw new ApiError(MSG.onsiteOnly);
  if (rows.some((r) => Number(r.addable) !== 1)) throw new ApiError(MSG.itemMissing);
  const inPkg = await db.all<{ comb_code: string }>(
    `SELECT comb_code FROM package_items WHERE clus_code = $1 AND comb_code IN (${codes.map((_, i) => `$${i + 2}`).join(', ')})`,
    [clusCode, ...codes],
  );
  if (inPkg.length > 0) throw new ApiError(MSG.itemInPackage);
  const pkg = await db.one<{ sex: number }>('SELECT sex FROM packages WHERE clus_code = $1', [clusCode]);
  if (rows.some((r) => !itemFitsSex((r as { sex?: number }).sex, pkg?.sex))) throw new ApiError(MSG.itemSex);
  const byCode = new Map(rows.map((r) => [r.comb_code, r]));
  const items = codes.map((c) => {
    const r = byCode.get(c)!;
    return { comb_code: r.comb_code, comb_name: r.comb_name, price: formatCents(Number(r.price_cents)) };
  });
  return { items, cents: rows.reduce((a, r) => a + Number(r.price_cents), 0) };
}

export function checkPrice(clientPrice: unknown, expectedCents: number): void {
  const c = tryCents(clientPrice as string | number);
  if (c === null || c !== expectedCents) throw new ApiError(MSG.priceMismatch);
}
