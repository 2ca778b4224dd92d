/**
 * Items (检查项目) in the studio: create, edit, delete. An item's sex may not
 * change to one that a package holding it cannot take (itemFitsSex, the rule
 * the booking server applies to extras and the editor to package contents).
 * An item any package holds, or any order chose as an extra, is never deleted.
 */
import type { Db, Queryable } from '../../../db/types';
import type { ItemDraft, ItemRow } from '../../../../contract/api/backoffice/catalogue';
import { itemDeleteRefusal, itemFitsSex, itemProblems, SEX_LABEL, type ItemFields } from '../../../../contract/rules/package-rules';
import { formatCents } from '../../../../contract/rules/money';
import { recordAudit } from '../../studio/audit';
import { checkRev, checkUpdated, obj, refuse, refuseProblems, text, uniqueOr409 } from './common';
import type { Actor } from './packages';
import { itemUse, readItem } from './rows';

export const MSG_ITEM_MISSING = '项目不存在';
export const MSG_ITEM_TAKEN = '项目编码已存在';

function itemDraftOf(raw: unknown): ItemDraft {
  const b = obj(raw);
  const fields: ItemFields = {
    code: text(b.code),
    name: text(b.name),
    priceCents: b.priceCents,
    note: text(b.note ?? ''),
    categoryId: text(b.categoryId ?? ''),
    addable: b.addable ?? true,
    onsiteOnly: b.onsiteOnly ?? false,
    sex: b.sex ?? 3,
    sort: b.sort ?? 0,
  };
  refuseProblems(itemProblems(fields));
  return fields as unknown as ItemDraft;
}

/** The category exists; the new sex fits every package holding the item. */
async function checkItem(tx: Queryable, d: ItemDraft): Promise<void> {
  if (d.categoryId && !(await tx.one('SELECT id FROM item_categories WHERE id = $1', [d.categoryId]))) refuse(422, '分类不存在');
  const holders = await tx.all<{ clus_code: string; clus_name: string; sex: number }>(
    'SELECT p.clus_code, p.clus_name, p.sex FROM package_items pi JOIN packages p ON p.clus_code = pi.clus_code WHERE pi.comb_code = $1 ORDER BY p.clus_code',
    [d.code],
  );
  const clash = holders.filter((p) => !itemFitsSex(d.sex, p.sex));
  if (clash.length)
    refuse(422, `该项目在 ${clash.length} 个${SEX_LABEL[Number(clash[0].sex) as 1 | 2]}性套餐中（${clash.map((p) => p.clus_name).join('、')}），不能改为仅限${SEX_LABEL[d.sex]}`);
}

const auditView = (i: ItemRow) => {
  const { packages: _p, orders: _o, ...rest } = i;
  return rest;
};

const params = (d: ItemDraft) => [d.code, d.name, d.priceCents, d.note, d.categoryId || null, d.addable ? 1 : 0, d.onsiteOnly ? 1 : 0, d.sex, d.sort];

export async function createItem(db: Db, raw: unknown, a: Actor): Promise<ItemRow> {
  const d = itemDraftOf(raw);
  return uniqueOr409(
    () =>
      db.transaction(async (tx) => {
        if (await tx.one('SELECT comb_code FROM items WHERE comb_code = $1', [d.code])) refuse(409, MSG_ITEM_TAKEN);
        await checkItem(tx, d);
        await tx.run(
          `INSERT INTO items (comb_code, comb_name, price_cents, note, category_id, addable, onsite_only, sex, sort, rev, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10)`,
          [...params(d), a.now],
        );
        const after = (await readItem(tx, d.code))!;
        await recordAudit(tx, { actor: a.actor, action: 'create', entity: 'item', key: d.code, summary: `新增项目 ${d.name}（${d.code}，¥${formatCents(d.priceCents)}）`, after: auditView(after) }, a.now);
        return after;
      }),
    MSG_ITEM_TAKEN,
  );
}

export async function updateItem(db: Db, code: string, raw: unknown, rev: unknown, a: Actor): Promise<ItemRow> {
  const d = itemDraftOf(raw);
  if (d.code !== code) refuse(422, '项目编码不能修改');
  return db.transaction(async (tx) => {
    const before = await readItem(tx, code);
    if (!before) return refuse(404, MSG_ITEM_MISSING);
    checkRev(before.rev, rev, true);
    await checkItem(tx, d);
    checkUpdated(
      await tx.run(
        `UPDATE items SET comb_name = $2, price_cents = $3, note = $4, category_id = $5, addable = $6, onsite_only = $7, sex = $8, sort = $9,
                rev = rev + 1, updated_at = $10
          WHERE comb_code = $1 AND rev = $11`,
        [...params(d), a.now, before.rev],
      ),
    );
    const after = (await readItem(tx, code))!;
    const price = before.priceCents !== after.priceCents ? `：价格 ¥${formatCents(before.priceCents)}→¥${formatCents(after.priceCents)}` : '';
    await recordAudit(tx, { actor: a.actor, action: 'update', entity: 'item', key: code, summary: `修改项目 ${d.name}（${code}）${price}`, before: auditView(before), after: auditView(after) }, a.now);
    return after;
  });
}

export async function deleteItem(db: Db, code: string, rev: unknown, a: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readItem(tx, code);
    if (!before) return refuse(404, MSG_ITEM_MISSING);
    checkRev(before.rev, rev, false);
    const use = await itemUse(tx, code);
    const refusal = itemDeleteRefusal(use.packages, use.orders);
    if (refusal) refuse(409, refusal);
    checkUpdated(await tx.run('DELETE FROM items WHERE comb_code = $1 AND rev = $2', [code, before.rev]));
    await recordAudit(tx, { actor: a.actor, action: 'delete', entity: 'item', key: code, summary: `删除项目 ${before.name}（${code}）`, before: auditView(before), after: null }, a.now);
  });
}
