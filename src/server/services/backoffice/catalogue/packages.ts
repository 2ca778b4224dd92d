/**
 * Packages in the studio's editor: create, edit, withdraw (下架) and publish
 * (上架), delete. Each is one transaction with its audit entry. Withdrawing
 * sets active = 0: the phone's next list and a new booking no longer see the
 * package (services/booking/catalog.ts reads active = 1 only), its orders stay
 * as they are. A package any order ever referenced — or a group member holds —
 * is never deleted, only withdrawn.
 */
import type { Db } from '../../../db/types';
import type { PackageRow } from '../../../../contract/api/backoffice/catalogue';
import { packageDeleteRefusal } from '../../../../contract/rules/package-rules';
import { recordAudit } from '../../studio/audit';
import { checkRev, checkUpdated, refuse, refuseProblems, uniqueOr409 } from './common';
import { packageAuditView, packageDraftOf, packageItemsProblem, writePackage } from './package-write';
import { packageUse, readPackage } from './rows';

export const MSG_PACKAGE_MISSING = '套餐不存在';
export const MSG_PACKAGE_TAKEN = '套餐编码已存在';

export interface Actor {
  actor: string;
  now: number;
}

export async function createPackage(db: Db, raw: unknown, a: Actor): Promise<PackageRow> {
  const { draft, problems } = packageDraftOf(raw);
  refuseProblems(problems);
  return uniqueOr409(
    () =>
      db.transaction(async (tx) => {
        if (await tx.one('SELECT clus_code FROM packages WHERE clus_code = $1', [draft.code])) refuse(409, MSG_PACKAGE_TAKEN);
        const itemProblem = await packageItemsProblem(tx, draft);
        if (itemProblem) refuse(422, itemProblem);
        return (await writePackage(tx, draft, undefined, a.actor, a.now))!;
      }),
    MSG_PACKAGE_TAKEN,
  );
}

export async function updatePackage(db: Db, code: string, raw: unknown, rev: unknown, a: Actor): Promise<PackageRow> {
  const { draft, problems } = packageDraftOf(raw);
  if (!problems.code && draft.code !== code) refuse(422, '套餐编码不能修改');
  refuseProblems(problems);
  return db.transaction(async (tx) => {
    const before = await readPackage(tx, code);
    if (!before) return refuse(404, MSG_PACKAGE_MISSING);
    checkRev(before.rev, rev, true);
    const itemProblem = await packageItemsProblem(tx, draft);
    if (itemProblem) refuse(422, itemProblem);
    const after = await writePackage(tx, draft, before, a.actor, a.now);
    checkUpdated(after ? 1 : 0);
    return after!;
  });
}

/** 下架 (active false) or 上架 (active true). */
export async function setPackageActive(db: Db, code: string, active: boolean, rev: unknown, a: Actor): Promise<PackageRow> {
  return db.transaction(async (tx) => {
    const before = await readPackage(tx, code);
    if (!before) return refuse(404, MSG_PACKAGE_MISSING);
    checkRev(before.rev, rev, false);
    if (before.active === active) return before;
    if (active) {
      // Published again: it must still follow the rules (an item may have changed sex since).
      const itemProblem = await packageItemsProblem(tx, before);
      if (itemProblem) refuse(422, `不能上架：${itemProblem}`);
    }
    checkUpdated(
      await tx.run('UPDATE packages SET active = $2, rev = rev + 1, updated_at = $3 WHERE clus_code = $1 AND rev = $4', [code, active ? 1 : 0, a.now, before.rev]),
    );
    const after = (await readPackage(tx, code))!;
    await recordAudit(
      tx,
      {
        actor: a.actor,
        action: active ? 'publish' : 'withdraw',
        entity: 'package',
        key: code,
        summary: `${active ? '上架' : '下架'}套餐 ${before.name}（${code}）${active ? '' : `，已有预约 ${before.orders} 个不受影响`}`,
        before: packageAuditView(before),
        after: packageAuditView(after),
      },
      a.now,
    );
    return after;
  });
}

export async function deletePackage(db: Db, code: string, rev: unknown, a: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readPackage(tx, code);
    if (!before) return refuse(404, MSG_PACKAGE_MISSING);
    checkRev(before.rev, rev, false);
    const use = await packageUse(tx, code);
    const refusal = packageDeleteRefusal(use.orders, use.members);
    if (refusal) refuse(409, refusal);
    await tx.run('DELETE FROM package_items WHERE clus_code = $1', [code]);
    checkUpdated(await tx.run('DELETE FROM packages WHERE clus_code = $1 AND rev = $2', [code, before.rev]));
    await recordAudit(tx, { actor: a.actor, action: 'delete', entity: 'package', key: code, summary: `删除套餐 ${before.name}（${code}）`, before: packageAuditView(before), after: null }, a.now);
  });
}
