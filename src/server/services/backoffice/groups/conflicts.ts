/**
 * What the database says about members about to be saved (one from the
 * groups page, or every row of an import): the company and the package exist
 * (the package not withdrawn, of the member's sex — TeamOrderAdd would refuse
 * otherwise), the exam number belongs to nobody else (a grant for an exam
 * number lets its holder act for it: two people must never share one), and a
 * member with orders keeps the ID and exam number its orders point to.
 * Loads in bulk: an import checks thousands of rows with a few queries.
 */
import type { Queryable, Row } from '../../../db/types';
import { idCardSex } from '../../../../contract/rules/idcard';
import type { MemberField, MemberFields } from '../../../../contract/api/backoffice/groups';

/** A member's fields (idCard upper-cased) and their company. */
export interface MemberCandidate extends MemberFields {
  /** The member edited (the page); unset: the member of this company and ID, if any (an import upserts). */
  id?: string;
  lncCode: string;
}

export interface MemberRow {
  id: string;
  lnc_code: string;
  pat_name: string;
  idcard: string;
  tel: string;
  clus_code: string;
  clus_name: string;
  reg_no: string;
  flag: string;
}

export interface Conflict {
  /** Index into the candidates. */
  index: number;
  field: MemberField | 'lncCode';
  reason: string;
}

export interface CheckedMembers {
  conflicts: Conflict[];
  /** Per candidate: the existing row it updates (undefined: a new member). */
  targets: Array<MemberRow | undefined>;
  /** Package names by code (what the row stores as clus_name). */
  packageNames: Map<string, string>;
}

const CHUNK = 500;
export async function inChunks<T extends Row>(db: Queryable, sql: (ph: string) => string, values: string[]): Promise<T[]> {
  const out: T[] = [];
  const uniq = [...new Set(values)];
  for (let i = 0; i < uniq.length; i += CHUNK) {
    const part = uniq.slice(i, i + CHUNK);
    out.push(...(await db.all<T>(sql(part.map((_, j) => `$${j + 1}`).join(', ')), part)));
  }
  return out;
}

/** Orders per exam number of a company's members (any state): what a removal or a change of ID / exam number must respect. */
export async function orderCounts(db: Queryable, regNos: string[]): Promise<Map<string, number>> {
  const rows = await inChunks<{ lnc_code: string; regno: string; n: number | string }>(
    db,
    (ph) => `SELECT lnc_code, regno, COUNT(*) AS n FROM orders WHERE type = 'group' AND regno IN (${ph}) GROUP BY lnc_code, regno`,
    regNos.filter(Boolean),
  );
  return new Map(rows.map((r) => [`${r.lnc_code}|${r.regno}`, Number(r.n)]));
}

const SEX = { 1: '男性', 2: '女性' } as const;

export async function checkMembers(db: Queryable, list: MemberCandidate[]): Promise<CheckedMembers> {
  const conflicts: Conflict[] = [];
  const companies = new Set((await db.all<{ lnc_code: string }>('SELECT lnc_code FROM companies')).map((r) => r.lnc_code));
  const packages = new Map(
    (await inChunks<{ clus_code: string; clus_name: string; sex: number; active: number }>(db, (ph) => `SELECT clus_code, clus_name, sex, active FROM packages WHERE clus_code IN (${ph})`, list.map((m) => m.clusCode))).map((p) => [p.clus_code, p]),
  );
  const byId = new Map(
    (await inChunks<MemberRow>(db, (ph) => `SELECT * FROM team_members WHERE id IN (${ph})`, list.filter((m) => m.id).map((m) => m.id!))).map((r) => [r.id, r]),
  );
  const sameCompanyId = await inChunks<MemberRow>(db, (ph) => `SELECT * FROM team_members WHERE UPPER(idcard) IN (${ph})`, list.map((m) => m.idCard));
  const byCompanyId = new Map(sameCompanyId.map((r) => [`${r.lnc_code}|${r.idcard.toUpperCase()}`, r]));
  const byRegNo = new Map((await inChunks<MemberRow>(db, (ph) => `SELECT * FROM team_members WHERE reg_no IN (${ph})`, list.map((m) => m.regNo))).map((r) => [r.reg_no, r]));
  const patients = new Map(
    (await inChunks<{ reg_no: string; idcard: string }>(db, (ph) => `SELECT reg_no, idcard FROM exam_patients WHERE reg_no IN (${ph})`, list.map((m) => m.regNo))).map((r) => [r.reg_no, r.idcard.toUpperCase()]),
  );

  const targets = list.map((m) => (m.id ? byId.get(m.id) : byCompanyId.get(`${m.lncCode}|${m.idCard}`)));
  const orders = await orderCounts(db, targets.filter(Boolean).map((t) => t!.reg_no));

  list.forEach((m, index) => {
    const add = (field: Conflict['field'], reason: string) => conflicts.push({ index, field, reason });
    const target = targets[index];
    if (!companies.has(m.lncCode)) add('lncCode', `单位编码 ${m.lncCode} 不存在（请先在「团体单位」里添加这个单位）`);
    const pkg = packages.get(m.clusCode);
    if (!pkg) add('clusCode', `套餐编码 ${m.clusCode} 不存在`);
    else if (Number(pkg.active) !== 1) add('clusCode', `套餐 ${m.clusCode}（${pkg.clus_name}）已停用`);
    else if (Number(pkg.sex) !== 3 && Number(pkg.sex) !== idCardSex(m.idCard)) add('clusCode', `套餐 ${m.clusCode} 只限${SEX[Number(pkg.sex) as 1 | 2] ?? '指定性别'}，与身份证的性别不符`);
    if (m.id) {
      const other = byCompanyId.get(`${m.lncCode}|${m.idCard}`);
      if (other && other.id !== m.id) add('idCard', `本单位已有这个身份证号的成员（${other.pat_name}，体检号 ${other.reg_no}）`);
    }
    const holder = byRegNo.get(m.regNo);
    if (holder && holder.id !== target?.id) add('regNo', `体检号 ${m.regNo} 已属于${holder.lnc_code === m.lncCode ? '本单位' : `单位 ${holder.lnc_code} 的`}成员 ${holder.pat_name}`);
    else if (patients.has(m.regNo) && patients.get(m.regNo) !== m.idCard) add('regNo', `体检号 ${m.regNo} 已被另一位受检者使用`);
    if (target) {
      const n = orders.get(`${target.lnc_code}|${target.reg_no}`) ?? 0;
      if (n > 0 && target.reg_no !== m.regNo) add('regNo', `该成员已有 ${n} 个预约订单，不能修改体检号`);
      if (n > 0 && target.idcard.toUpperCase() !== m.idCard) add('idCard', `该成员已有 ${n} 个预约订单，不能修改身份证号`);
    }
  });
  return { conflicts, targets, packageNames: new Map([...packages].map(([k, p]) => [k, p.clus_name])) };
}
