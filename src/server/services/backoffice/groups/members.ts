/**
 * Writing members (the groups page and the 团体人员 import): insert, update,
 * remove, each with its audit entry in the caller's transaction. The audit
 * keeps ID and phone masked (the log is read by 只读 admins too). When a row's
 * exam number or ID changes, or the row goes, the team-login grants of its old
 * exam number are dropped: they proved a person who no longer holds it
 * (services/groups/regno-grants.ts).
 */
import type { Queryable } from '../../../db/types';
import { newId } from '../../platform/ids';
import { recordAudit } from '../../studio/audit';
import { maskIdCard } from '../../../../contract/rules/idcard';
import { maskPhone } from '../../../../contract/rules/phone';
import type { MemberCandidate, MemberRow } from './conflicts';

export const auditView = (r: Pick<MemberRow, 'lnc_code' | 'pat_name' | 'idcard' | 'tel' | 'clus_code' | 'reg_no' | 'flag'>) => ({
  lncCode: r.lnc_code,
  name: r.pat_name,
  idCard: maskIdCard(r.idcard),
  tel: maskPhone(r.tel),
  clusCode: r.clus_code,
  regNo: r.reg_no,
  flag: r.flag,
});

const rowOf = (id: string, m: MemberCandidate, clusName: string): MemberRow => ({
  id,
  lnc_code: m.lncCode,
  pat_name: m.name,
  idcard: m.idCard,
  tel: m.tel,
  clus_code: m.clusCode,
  clus_name: clusName,
  reg_no: m.regNo,
  flag: m.flag,
});

const same = (a: MemberRow, b: MemberRow) =>
  a.pat_name === b.pat_name && a.idcard.toUpperCase() === b.idcard && a.tel === b.tel && a.clus_code === b.clus_code && a.clus_name === b.clus_name && a.reg_no === b.reg_no && a.flag === b.flag;

async function dropGrants(tx: Queryable, regNo: string): Promise<void> {
  await tx.run(`DELETE FROM regno_grants WHERE reg_no = $1 AND source = 'team-login' AND NOT EXISTS (SELECT 1 FROM team_members WHERE reg_no = $1)`, [regNo]);
}

export interface SaveContext {
  actor: string;
  now: number;
  /** How the change came: shown in the audit line. */
  via: '团体单位' | '导入';
}

/** Inserts or updates one member; 'unchanged' writes nothing. */
export async function saveMember(tx: Queryable, m: MemberCandidate, target: MemberRow | undefined, clusName: string, ctx: SaveContext): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; row: MemberRow }> {
  if (!target) {
    const row = rowOf(newId('tm'), m, clusName);
    await tx.run(
      'INSERT INTO team_members (id, lnc_code, pat_name, idcard, tel, clus_code, clus_name, reg_no, flag) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [row.id, row.lnc_code, row.pat_name, row.idcard, row.tel, row.clus_code, row.clus_name, row.reg_no, row.flag],
    );
    await recordAudit(tx, { actor: ctx.actor, action: 'create', entity: 'member', key: row.id, summary: `新增团体成员 ${row.pat_name}（单位 ${row.lnc_code}，体检号 ${row.reg_no}）· ${ctx.via}`, after: auditView(row) }, ctx.now);
    return { outcome: 'created', row };
  }
  const row = rowOf(target.id, m, clusName);
  if (same(target, row)) return { outcome: 'unchanged', row: target };
  await tx.run('UPDATE team_members SET pat_name = $2, idcard = $3, tel = $4, clus_code = $5, clus_name = $6, reg_no = $7, flag = $8 WHERE id = $1', [
    row.id, row.pat_name, row.idcard, row.tel, row.clus_code, row.clus_name, row.reg_no, row.flag,
  ]);
  if (target.reg_no !== row.reg_no || target.idcard.toUpperCase() !== row.idcard) await dropGrants(tx, target.reg_no);
  await recordAudit(tx, { actor: ctx.actor, action: 'update', entity: 'member', key: row.id, summary: `修改团体成员 ${row.pat_name}（单位 ${row.lnc_code}，体检号 ${row.reg_no}）· ${ctx.via}`, before: auditView(target), after: auditView(row) }, ctx.now);
  return { outcome: 'updated', row };
}

export async function deleteMember(tx: Queryable, target: MemberRow, ctx: SaveContext): Promise<void> {
  await tx.run('DELETE FROM team_members WHERE id = $1', [target.id]);
  await dropGrants(tx, target.reg_no);
  await recordAudit(tx, { actor: ctx.actor, action: 'delete', entity: 'member', key: target.id, summary: `删除团体成员 ${target.pat_name}（单位 ${target.lnc_code}，体检号 ${target.reg_no}）· ${ctx.via}`, before: auditView(target) }, ctx.now);
}
