/**
 * Branches (院区) in the studio: add, edit, delete. The phone reads them from
 * /config.json on its next start (plugins/static.ts). A branch's code is the
 * one its orders and reports carry: it changes only while none uses it, and a
 * used branch is never deleted.
 */
import type { Db, Queryable } from '../../../db/types';
import type { BranchDraft, BranchRow } from '../../../../contract/api/backoffice/catalogue';
import { branchDeleteRefusal, branchProblems, type BranchFields } from '../../../../contract/rules/package-rules';
import { recordAudit } from '../../studio/audit';
import { checkRev, checkUpdated, obj, refuse, refuseProblems, text, uniqueOr409 } from './common';
import type { Actor } from './packages';
import { branchOf, branchUse, type BranchDbRow } from './rows';

export const MSG_BRANCH_MISSING = '院区不存在';
export const MSG_BRANCH_TAKEN = '院区编码已存在';

function branchDraftOf(raw: unknown): BranchDraft {
  const b = obj(raw);
  const fields: BranchFields = { hospCode: text(b.hospCode), hospName: text(b.hospName), hospTel: text(b.hospTel), hospAddr: text(b.hospAddr), sort: b.sort ?? 0 };
  refuseProblems(branchProblems(fields));
  return fields as unknown as BranchDraft;
}

async function readBranch(db: Queryable, code: string): Promise<BranchRow | undefined> {
  const r = await db.one<BranchDbRow>('SELECT * FROM branches WHERE hosp_code = $1', [code]);
  return r ? branchOf(r, (await branchUse(db, code)).orders) : undefined;
}

const auditView = (b: BranchRow) => {
  const { orders: _o, ...rest } = b;
  return rest;
};

const useRefusal = (use: { orders: number; reports: number }, what: string) =>
  use.orders > 0 ? `已有 ${use.orders} 个预约使用此院区，${what}` : use.reports > 0 ? `已有 ${use.reports} 份报告属于此院区，${what}` : null;

export async function createBranch(db: Db, raw: unknown, a: Actor): Promise<BranchRow> {
  const d = branchDraftOf(raw);
  return uniqueOr409(
    () =>
      db.transaction(async (tx) => {
        if (await tx.one('SELECT hosp_code FROM branches WHERE hosp_code = $1', [d.hospCode])) refuse(409, MSG_BRANCH_TAKEN);
        await tx.run('INSERT INTO branches (hosp_code, hosp_name, hosp_tel, hosp_addr, sort, rev, updated_at) VALUES ($1, $2, $3, $4, $5, 1, $6)', [
          d.hospCode, d.hospName, d.hospTel, d.hospAddr, d.sort, a.now,
        ]);
        const after = (await readBranch(tx, d.hospCode))!;
        await recordAudit(tx, { actor: a.actor, action: 'create', entity: 'branch', key: d.hospCode, summary: `新增院区 ${d.hospName}（${d.hospCode}）`, after: auditView(after) }, a.now);
        return after;
      }),
    MSG_BRANCH_TAKEN,
  );
}

export async function updateBranch(db: Db, code: string, raw: unknown, rev: unknown, a: Actor): Promise<BranchRow> {
  const d = branchDraftOf(raw);
  return uniqueOr409(
    () =>
      db.transaction(async (tx) => {
        const before = await readBranch(tx, code);
        if (!before) return refuse(404, MSG_BRANCH_MISSING);
        checkRev(before.rev, rev, true);
        if (d.hospCode !== code) {
          const refusal = useRefusal(await branchUse(tx, code), '编码不能修改');
          if (refusal) refuse(409, refusal);
          if (await tx.one('SELECT hosp_code FROM branches WHERE hosp_code = $1', [d.hospCode])) refuse(409, MSG_BRANCH_TAKEN);
        }
        checkUpdated(
          await tx.run(
            `UPDATE branches SET hosp_code = $2, hosp_name = $3, hosp_tel = $4, hosp_addr = $5, sort = $6, rev = rev + 1, updated_at = $7
              WHERE hosp_code = $1 AND rev = $8`,
            [code, d.hospCode, d.hospName, d.hospTel, d.hospAddr, d.sort, a.now, before.rev],
          ),
        );
        const after = (await readBranch(tx, d.hospCode))!;
        const renamed = d.hospCode !== code ? `，编码 ${code}→${d.hospCode}` : '';
        await recordAudit(tx, { actor: a.actor, action: 'update', entity: 'branch', key: d.hospCode, summary: `修改院区 ${d.hospName}（${d.hospCode}${renamed}）`, before: auditView(before), after: auditView(after) }, a.now);
        return after;
      }),
    MSG_BRANCH_TAKEN,
  );
}

export async function deleteBranch(db: Db, code: string, rev: unknown, a: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readBranch(tx, code);
    if (!before) return refuse(404, MSG_BRANCH_MISSING);
    checkRev(before.rev, rev, false);
    const use = await branchUse(tx, code);
    const refusal = branchDeleteRefusal(use.orders) ?? useRefusal(use, '不能删除');
    if (refusal) refuse(409, refusal);
    const left = await tx.one<{ c: number | string }>('SELECT COUNT(*) AS c FROM branches');
    if (Number(left?.c) <= 1) refuse(409, '至少要保留一个院区');
    checkUpdated(await tx.run('DELETE FROM branches WHERE hosp_code = $1 AND rev = $2', [code, before.rev]));
    await recordAudit(tx, { actor: a.actor, action: 'delete', entity: 'branch', key: code, summary: `删除院区 ${before.hospName}（${code}）`, before: auditView(before), after: null }, a.now);
  });
}
