/**
 * Companies (团体单位) in the back office: list, add, edit (name and whether
 * its members book from its own calendar — the code is the key members and
 * orders carry, never changed), and one company's packages (those its members
 * have; the company pays them) with what a member pays for extras: the spec
 * has the member pay the extra items at their own prices, when adding items
 * is on at all (IS_ADD_CLUS_ITEM). Every change in one transaction with its
 * audit entry.
 */
import type { Db, Queryable } from '../../../db/types';
import { recordAudit } from '../../studio/audit';
import { StudioFailure } from '../../studio/live-sync';
import { companyProblem, type CompanyDetailRes, type CompanyInfo, type CompanyUpdateReq, type CompanyCreateReq } from '../../../../contract/api/backoffice/groups';

interface CompanyRow {
  lnc_code: string;
  lnc_name: string;
  own_calendar: number;
  members: number | string;
}

const info = (r: CompanyRow): CompanyInfo => ({ lncCode: r.lnc_code, lncName: r.lnc_name, ownCalendar: Number(r.own_calendar) === 1, members: Number(r.members) });

const SELECT = `SELECT c.lnc_code, c.lnc_name, c.own_calendar, (SELECT COUNT(*) FROM team_members m WHERE m.lnc_code = c.lnc_code) AS members FROM companies c`;

export async function listCompanies(db: Queryable, q: string): Promise<CompanyInfo[]> {
  const k = `%${q.trim().replace(/[%_]/g, '').toLowerCase()}%`;
  return (await db.all<CompanyRow>(`${SELECT} WHERE LOWER(c.lnc_code) LIKE $1 OR LOWER(c.lnc_name) LIKE $1 ORDER BY c.lnc_code LIMIT 500`, [k])).map(info);
}

export async function findCompany(db: Queryable, code: string): Promise<CompanyInfo | null> {
  const r = await db.one<CompanyRow>(`${SELECT} WHERE c.lnc_code = $1`, [code]);
  return r ? info(r) : null;
}

export async function companyOr404(db: Queryable, code: string): Promise<CompanyInfo> {
  const c = await findCompany(db, code);
  if (!c) throw new StudioFailure(404, '没有这个单位');
  return c;
}

const shown = (c: CompanyInfo) => ({ lncCode: c.lncCode, lncName: c.lncName, ownCalendar: c.ownCalendar });
const calendarText = (own: boolean) => (own ? '单独号源' : '共用团体号源');

export async function createCompany(db: Db, req: CompanyCreateReq, actor: string, now: number): Promise<CompanyInfo> {
  const p = companyProblem(req);
  if (p) throw new StudioFailure(400, p.reason);
  const code = req.lncCode.trim();
  const name = req.lncName.trim();
  return db.transaction(async (tx) => {
    const taken = await tx.one<{ lnc_code: string }>('SELECT lnc_code FROM companies WHERE LOWER(lnc_code) = LOWER($1)', [code]);
    if (taken) throw new StudioFailure(409, `单位编码 ${taken.lnc_code} 已存在`);
    await tx.run('INSERT INTO companies (lnc_code, lnc_name, own_calendar) VALUES ($1, $2, $3)', [code, name, req.ownCalendar ? 1 : 0]);
    const c = (await findCompany(tx, code))!;
    await recordAudit(tx, { actor, action: 'create', entity: 'company', key: code, summary: `新增团体单位 ${name}（${code}，${calendarText(c.ownCalendar)}）`, after: shown(c) }, now);
    return c;
  });
}

export async function updateCompany(db: Db, code: string, req: CompanyUpdateReq, actor: string, now: number): Promise<CompanyInfo> {
  const p = companyProblem({ lncName: req.lncName });
  if (p) throw new StudioFailure(400, p.reason);
  return db.transaction(async (tx) => {
    const before = await companyOr404(tx, code);
    await tx.run('UPDATE companies SET lnc_name = $2, own_calendar = $3 WHERE lnc_code = $1', [code, req.lncName.trim(), req.ownCalendar ? 1 : 0]);
    const after = (await findCompany(tx, code))!;
    const what = [before.lncName !== after.lncName ? `名称改为 ${after.lncName}` : '', before.ownCalendar !== after.ownCalendar ? `改为${calendarText(after.ownCalendar)}` : ''].filter(Boolean).join('，');
    await recordAudit(tx, { actor, action: 'update', entity: 'company', key: code, summary: `修改团体单位 ${before.lncName}（${code}）${what ? `：${what}` : ''}`, before: shown(before), after: shown(after) }, now);
    return after;
  });
}

export async function companyDetail(db: Queryable, code: string, extrasAllowed: boolean): Promise<CompanyDetailRes> {
  const company = await companyOr404(db, code);
  const pkgs = await db.all<{ clus_code: string; clus_name: string; price_cents: number | null; active: number | null; members: number | string }>(
    `SELECT m.clus_code, COALESCE(MAX(p.clus_name), MAX(m.clus_name)) AS clus_name, MAX(p.price_cents) AS price_cents, MAX(p.active) AS active, COUNT(*) AS members
       FROM team_members m LEFT JOIN packages p ON p.clus_code = m.clus_code
      WHERE m.lnc_code = $1 GROUP BY m.clus_code ORDER BY m.clus_code`,
    [code],
  );
  // What a member may add online (the same rule the booking server applies: addable, not on-site only).
  const extras = await db.one<{ n: number | string; lo: number | null; hi: number | null }>(
    `SELECT COUNT(*) AS n, MIN(price_cents) AS lo, MAX(price_cents) AS hi FROM items WHERE addable = 1 AND onsite_only = 0`,
  );
  return {
    company,
    packages: pkgs.map((p) => ({
      clusCode: p.clus_code,
      clusName: p.clus_name,
      priceCents: p.price_cents === null ? null : Number(p.price_cents),
      active: p.active !== null && Number(p.active) === 1,
      members: Number(p.members),
    })),
    extras: { allowed: extrasAllowed, items: Number(extras?.n ?? 0), minCents: extras?.lo == null ? null : Number(extras.lo), maxCents: extras?.hi == null ? null : Number(extras.hi) },
  };
}
