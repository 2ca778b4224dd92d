/**
 * Groups (团体) in the back office (issue 23), under /api/studio: companies,
 * the packages their members have (paid by the company), what a member pays
 * for extras, and the member lists with exam numbers. Changes need the role
 * 运营; ID and phone numbers come masked to an admin without it (the server
 * masks them). The field rules below are the ones the server applies (the
 * import sheet 团体人员 too) and the page shows as the admin types; they
 * follow the booking server (TeamOrderAdd: a name of at most 6 characters,
 * the ID and phone rules of contract/rules).
 */
import { checkIdCard } from '../../rules/idcard';
import { checkPhone } from '../../rules/phone';

export interface CompanyInfo {
  lncCode: string;
  lncName: string;
  /** Its members book from the company's own calendar (capacity 'T:<code>'), else the shared group pool. */
  ownCalendar: boolean;
  members: number;
}

// GET /api/studio/groups/companies?q= → every company (q: part of code or name)
export interface CompaniesRes { companies: CompanyInfo[] }

// POST /api/studio/groups/companies { lncCode, lncName, ownCalendar } → 201 { company } | 409 (code taken) | 400
export interface CompanyCreateReq { lncCode: string; lncName: string; ownCalendar: boolean }
// POST /api/studio/groups/companies/:code { lncName, ownCalendar } → { company } (the code is the key: never changed)
export interface CompanyUpdateReq { lncName: string; ownCalendar: boolean }
export interface CompanyRes { company: CompanyInfo }

export interface CompanyPackageInfo {
  clusCode: string;
  clusName: string;
  /** The package's price, paid by the company (null: the package no longer exists). */
  priceCents: number | null;
  active: boolean;
  members: number;
}

/** What a member pays beyond the package (spec: the company pays the package; the member pays the extra items chosen, at their own prices). */
export interface ExtrasInfo {
  /** Whether members may add items at all (server setting IS_ADD_CLUS_ITEM). */
  allowed: boolean;
  /** Items a member may add online: count and price range (cents). */
  items: number;
  minCents: number | null;
  maxCents: number | null;
}

// GET /api/studio/groups/companies/:code → the company, its packages and the extras rule
export interface CompanyDetailRes {
  company: CompanyInfo;
  packages: CompanyPackageInfo[];
  extras: ExtrasInfo;
}

export interface MemberInfo {
  id: string;
  lncCode: string;
  name: string;
  /** Masked (110101********123X) unless the admin has 运营. */
  idCard: string;
  /** Masked (138****5678) unless the admin has 运营. */
  tel: string;
  clusCode: string;
  clusName: string;
  /** The exam number (体检号) the hospital gave this member's exam. */
  regNo: string;
  /** 普通体检 or an occupational type. */
  flag: string;
  /** Orders this member made (any state): a member with orders cannot be removed. */
  orders: number;
}

// GET /api/studio/groups/companies/:code/members?q=&page=1&size=20 → one page (q: part of name, ID, phone or exam number)
export interface MembersRes {
  members: MemberInfo[];
  total: number;
  page: number;
  size: number;
  /** Whether idCard and tel are the full numbers. */
  full: boolean;
}

export interface MemberFields {
  name: string;
  idCard: string;
  tel: string;
  clusCode: string;
  regNo: string;
  flag: string;
}
// POST /api/studio/groups/companies/:code/members MemberFields → 201 { member } | 400/409 { error }
// POST /api/studio/groups/members/:id MemberFields → { member }
// POST /api/studio/groups/members/:id/remove → { removed: id } | 409 (has orders)
export interface MemberRes { member: MemberInfo }
export interface MemberRemoveRes { removed: string }

export const MEMBER_NAME_MAX = 6;
export const DEFAULT_MEMBER_FLAG = '普通体检';
export const CODE_RE = /^[A-Za-z0-9_-]{1,32}$/;

export type MemberField = keyof MemberFields;

/** The first problem of each field (Chinese), as the server and the page check them; {} when clean. */
export function memberProblems(m: MemberFields, today: string): Partial<Record<MemberField, string>> {
  const out: Partial<Record<MemberField, string>> = {};
  const name = m.name.trim();
  if (!name) out.name = '请填写姓名';
  else if ([...name].length > MEMBER_NAME_MAX) out.name = `姓名不能超过${MEMBER_NAME_MAX}个字`;
  const id = m.idCard.trim().toUpperCase();
  if (!id) out.idCard = '请填写身份证号';
  else {
    const p = checkIdCard(id, today);
    if (p) out.idCard = p;
  }
  const tel = m.tel.trim();
  if (!tel) out.tel = '请填写手机号';
  else if (checkPhone(tel)) out.tel = checkPhone(tel)!;
  if (!m.clusCode.trim()) out.clusCode = '请填写套餐编码';
  const reg = m.regNo.trim();
  if (!reg) out.regNo = '请填写体检号';
  else if (!CODE_RE.test(reg)) out.regNo = '体检号只能是 1–32 位字母、数字、- 或 _';
  if ([...m.flag.trim()].length > 20) out.flag = '体检类别不能超过20个字';
  return out;
}

/** The problem with a company's code or name, or null. */
export function companyProblem(c: { lncCode?: string; lncName: string }): { field: 'lncCode' | 'lncName'; reason: string } | null {
  if (c.lncCode !== undefined) {
    const code = c.lncCode.trim();
    if (!code) return { field: 'lncCode', reason: '请填写单位编码' };
    if (!CODE_RE.test(code)) return { field: 'lncCode', reason: '单位编码只能是 1–32 位字母、数字、- 或 _' };
  }
  const name = c.lncName.trim();
  if (!name) return { field: 'lncName', reason: '请填写单位名称' };
  if ([...name].length > 60) return { field: 'lncName', reason: '单位名称不能超过60个字' };
  return null;
}
