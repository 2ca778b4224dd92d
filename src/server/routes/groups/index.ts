/** Group calls: companies by name and the member's team login (with its lock-out). */
import type { FastifyInstance } from 'fastify';
import { boundOpenid, defineCall } from '../../plugins/call';
import { grantRegnos } from '../../services/groups/regno-grants';
import { DEFAULT_LOGIN_LIMIT, anyLocked, clearFailures, countFailure } from '../../services/platform/login-limits';
import { normId, orderView, type OrderRow } from '../../services/orders';
import { formatCents } from '../../../contract/rules/money';
import type { TeamLoginBody, TeamMemberRecord } from '../../../contract/api/groups';

export const TEAM_LOGIN_LOCKED = '尝试次数过多，请15分钟后再试';
export const TEAM_LOGIN_FIRST = '请先登录团检信息';
/** One caller (openid, else IP) may mistype for several members before it is locked. */
const TEAM_CALLER_LIMIT = { ...DEFAULT_LOGIN_LIMIT, maxFailures: 20 };

export async function groupRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const { db } = deps;

  const companies = async (kw: string) => {
    const k = `%${String(kw ?? '').trim().replace(/[%_]/g, '')}%`;
    return db.all<{ lnc_Code: string; lnc_Name: string }>(
      `SELECT lnc_code AS "lnc_Code", lnc_name AS "lnc_Name" FROM companies WHERE lnc_name LIKE $1 OR lnc_code LIKE $1 ORDER BY lnc_code LIMIT 50`,
      [k],
    );
  };
  defineCall(app, 'GetTjLncListByName', { handler: async (b: { lnc_Name?: string }) => companies(b.lnc_Name ?? '') });
  defineCall(app, 'GetTjLncList', { handler: async (b: { kw?: string }) => companies(b.kw ?? '') });

  defineCall(app, 'TeamLogin', {
    handler: async (b: TeamLoginBody, req) => {
      const now = deps.clock.now();
      const openid = boundOpenid(req.authSubject);
      const fail = (err: string) => ({ returnMsg: err, returnData: JSON.stringify([{ err }]) });
      // The phone number is the only secret here: failures are counted per member (company + ID)
      // and, more loosely, per caller (a company's members may share one office network).
      const memberKey = `team:member:${b.lnc_Code.trim()}:${normId(b.idCard)}`;
      const callerKey = `team:caller:${openid ?? req.ip}`;
      if (await anyLocked(db, [memberKey, callerKey], now)) return fail(TEAM_LOGIN_LOCKED);
      const members = await db.all<Omit<TeamMemberRecord, 'clus_price' | 'order'> & { price_cents: number | null }>(
        `SELECT m.pat_name, m.idcard, m.tel, m.clus_code, m.clus_name, m.lnc_code, c.lnc_name, m.reg_no, m.flag,
                COALESCE(p.clus_note, '') AS clus_note, p.price_cents
           FROM team_members m JOIN companies c ON c.lnc_code = m.lnc_code LEFT JOIN packages p ON p.clus_code = m.clus_code
          WHERE m.lnc_code = $1 AND UPPER(m.idcard) = $2 AND m.tel = $3 ORDER BY m.reg_no`,
        [b.lnc_Code.trim(), normId(b.idCard), b.tel.trim()],
      );
      // The member's active booking of this exam (one active order per ID and type): shown instead of booking again.
      const rows: TeamMemberRecord[] = [];
      for (const { price_cents, ...m } of members) {
        const o = await db.one<OrderRow>(
          `SELECT * FROM orders WHERE UPPER(id_card) = $1 AND type = 'group' AND regno = $2 AND state <> 'C' AND state <> 'Refund' ORDER BY created_at DESC`,
          [normId(m.idcard), m.reg_no],
        );
        rows.push({ ...m, clus_price: formatCents(Number(price_cents ?? 0)), order: o ? orderView(o) : null });
      }
      if (rows.length === 0) {
        await countFailure(db, memberKey, now);
        await countFailure(db, callerKey, now, TEAM_CALLER_LIMIT);
        if (await anyLocked(db, [memberKey, callerKey], now)) return fail(TEAM_LOGIN_LOCKED);
        return fail('未查询到您的团检信息，请核对单位、身份证号和手机号');
      }
      await clearFailures(db, [memberKey]);
      // Company + ID + phone proved the member: the openid behind this token may now act for
      // the member's exam numbers (GetPatientinfo / SaveQuestions, CALLS owner 'regno').
      // A client token (no openid) proves nobody and records nothing.
      if (openid) await grantRegnos(db, openid, rows.map((r) => r.reg_no), 'team-login', now);
      return rows;
    },
  });
}
