/**
 * Issue 23: companies, their packages and extras price, members. The back
 * office edits members (the groups page, the 团体人员 import), so the rules the
 * code keeps are guarded by the database too: one member per company and ID
 * number (TeamLogin and TeamOrderAdd look a member up by them), and one exam
 * number per member (a grant for an exam number lets its holder act for it —
 * services/groups/regno-grants.ts — so two people must never share one).
 * What a member pays for extras needs no column: the spec has the company pay
 * the package and the member the extra items at their own prices (items).
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE UNIQUE INDEX IF NOT EXISTS team_members_company_idcard ON team_members (lnc_code, idcard)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS team_members_reg_no ON team_members (reg_no)`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
