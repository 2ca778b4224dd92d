/**
 * Grants: which openid may act for which exam number (regno). GetPatientinfo
 * (name, phone, company, ID number, age, sex) and SaveQuestions are keyed by a
 * regno; defineCall lets an openid-bound token through only when
 * mayActForRegno() says so (plugins/call.ts, CALLS owner 'regno').
 *
 * An openid may act for a regno when
 * - it holds a grant row (regno_grants): written when TeamLogin (company code +
 *   ID number + phone, the proof that the caller is that member) succeeds under
 *   the openid's token — one row per returned member record — or by the demo seed;
 * - or its own user record (users, filled by its latest booking) names the
 *   regno's person by ID number AND phone (team_members or exam_patients). The
 *   ID number alone is not enough: users.id_card is whatever the last booking
 *   typed, unverified, so matching it alone would be weaker than TeamLogin;
 *   ID + phone is exactly what TeamLogin asks (the company is a public list).
 */
import type { Queryable } from '../../db/types';

export type GrantSource = 'team-login' | 'seed';

/** Records that `openid` may act for each regno (idempotent: a repeat keeps the first row). */
export async function grantRegnos(db: Queryable, openid: string, regnos: Iterable<string>, source: GrantSource, now: number): Promise<number> {
  let n = 0;
  for (const regno of new Set(regnos)) {
    if (!regno) continue;
    n += await db.run(
      `INSERT INTO regno_grants (openid, reg_no, source, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (openid, reg_no) DO NOTHING`,
      [openid, regno, source, now],
    );
  }
  return n;
}

/** True when `openid` may read / write the data of exam number `regno` (see the file comment). */
export async function mayActForRegno(db: Queryable, openid: string, regno: string): Promise<boolean> {
  if (!openid || !regno) return false;
  const g = await db.one('SELECT 1 AS ok FROM regno_grants WHERE openid = $1 AND reg_no = $2', [openid, regno]);
  if (g) return true;
  const own = await db.one(
    `SELECT 1 AS ok FROM users u
      WHERE u.openid = $1 AND u.id_card <> '' AND u.tel <> ''
        AND (EXISTS (SELECT 1 FROM team_members m WHERE m.reg_no = $2 AND UPPER(m.idcard) = u.id_card AND m.tel = u.tel)
          OR EXISTS (SELECT 1 FROM exam_patients p WHERE p.reg_no = $2 AND UPPER(p.idcard) = u.id_card AND p.tel = u.tel))`,
    [openid, regno],
  );
  return Boolean(own);
}
