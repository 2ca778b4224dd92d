/**
 * One company's members in the back office: the list (search by part of the
 * name, ID, phone or exam number; pages), and adding, editing, removing one —
 * the same field rules as the import (contract memberProblems) and the same
 * database checks (conflicts.ts), in one transaction with the audit entry.
 * A member with orders is never removed (its orders point to its exam number).
 * ID and phone go out masked unless the admin may see them (`full`), and are
 * then not searched either.
 */
import type { Db, Queryable } from '../../../db/types';
import { StudioFailure } from '../../studio/live-sync';
import { DEFAULT_MEMBER_FLAG, memberProblems, type MemberFields, type MemberInfo, type MembersRes } from '../../../../contract/api/backoffice/groups';
import { maskIdCard } from '../../../../contract/rules/idcard';
import { maskPhone } from '../../../../contract/rules/phone';
import { checkMembers, orderCounts, type MemberCandidate, type MemberRow } from './conflicts';
import { companyOr404 } from './companies';
import { deleteMember, saveMember, type SaveContext } from './members';

export const MEMBER_PAGE_MAX = 100;

export function memberInfo(r: MemberRow, orders: number, full: boolean): MemberInfo {
  return {
    id: r.id,
    lncCode: r.lnc_code,
    name: r.pat_name,
    idCard: full ? r.idcard : maskIdCard(r.idcard),
    tel: full ? r.tel : maskPhone(r.tel),
    clusCode: r.clus_code,
    clusName: r.clus_name,
    regNo: r.reg_no,
    flag: r.flag,
    orders,
  };
}

export async function listMembers(db: Queryable, code: string, q: { text: string; page: number; size: number }, full: boolean): Promise<MembersRes> {
  await companyOr404(db, code);
  const size = Math.min(MEMBER_PAGE_MAX, Math.max(1, Math.floor(q.size) || 20));
  const page = Math.max(1, Math.floor(q.page) || 1);
  const text = q.text.trim().replace(/[%_]/g, '');
  // Searching by ID or phone would tell an admin who may not see them whose they are: name and exam number only then.
  const by = full ? 'LOWER(pat_name) LIKE $2 OR LOWER(idcard) LIKE $2 OR tel LIKE $2 OR LOWER(reg_no) LIKE $2' : 'LOWER(pat_name) LIKE $2 OR LOWER(reg_no) LIKE $2';
  const where = `lnc_code = $1${text ? ` AND (${by})` : ''}`;
  const params = text ? [code, `%${text.toLowerCase()}%`] : [code];
  const total = Number((await db.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM team_members WHERE ${where}`, params))!.n);
  const rows = await db.all<MemberRow>(`SELECT * FROM team_members WHERE ${where} ORDER BY reg_no, id LIMIT ${size} OFFSET ${(page - 1) * size}`, params);
  const orders = await orderCounts(db, rows.map((r) => r.reg_no));
  return { members: rows.map((r) => memberInfo(r, orders.get(`${r.lnc_code}|${r.reg_no}`) ?? 0, full)), total, page, size, full };
}

function candidate(code: string, f: MemberFields, today: string, id?: string): MemberCandidate {
  const m = { name: String(f.name ?? '').trim(), idCard: String(f.idCard ?? '').replace(/\s+/g, '').toUpperCase(), tel: String(f.tel ?? '').trim(), clusCode: String(f.clusCode ?? '').trim(), regNo: String(f.regNo ?? '').trim(), flag: String(f.flag ?? '').trim() || DEFAULT_MEMBER_FLAG };
  const found = Object.values(memberProblems(m, today));
  if (found.length) throw new StudioFailure(400, found[0]);
  return { ...m, lncCode: code, id };
}

async function saveChecked(tx: Queryable, m: MemberCandidate, target: MemberRow | undefined, ctx: SaveContext): Promise<MemberInfo> {
  const checked = await checkMembers(tx, [m]);
  if (checked.conflicts.length) throw new StudioFailure(409, checked.conflicts[0].reason);
  const { row } = await saveMember(tx, m, target, checked.packageNames.get(m.clusCode) ?? '', ctx);
  const orders = await orderCounts(tx, [row.reg_no]);
  return memberInfo(row, orders.get(`${row.lnc_code}|${row.reg_no}`) ?? 0, true);
}

async function memberOr404(db: Queryable, id: string): Promise<MemberRow> {
  const r = await db.one<MemberRow>('SELECT * FROM team_members WHERE id = $1', [id]);
  if (!r) throw new StudioFailure(404, '没有这个成员（可能已被删除）');
  return r;
}

export async function addMember(db: Db, code: string, f: MemberFields, today: string, ctx: SaveContext): Promise<MemberInfo> {
  return db.transaction(async (tx) => {
    await companyOr404(tx, code);
    const m = candidate(code, f, today);
    const checked = await checkMembers(tx, [m]);
    const existing = checked.targets[0];
    if (existing) throw new StudioFailure(409, `本单位已有这个身份证号的成员（${existing.pat_name}，体检号 ${existing.reg_no}）`);
    return saveChecked(tx, m, undefined, ctx);
  });
}

export async function updateMember(db: Db, id: string, f: MemberFields, today: string, ctx: SaveContext): Promise<MemberInfo> {
  return db.transaction(async (tx) => {
    const target = await memberOr404(tx, id);
    return saveChecked(tx, candidate(target.lnc_code, f, today, id), target, ctx);
  });
}

export async function removeMember(db: Db, id: string, ctx: SaveContext): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await memberOr404(tx, id);
    const n = (await orderCounts(tx, [target.reg_no])).get(`${target.lnc_code}|${target.reg_no}`) ?? 0;
    if (n > 0) throw new StudioFailure(409, `${target.pat_name} 已有 ${n} 个预约订单，不能删除（订单记录着这个体检号）`);
    await deleteMember(tx, target, ctx);
  });
}
