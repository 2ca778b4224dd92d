/**
 * The calendars the back office edits: the four personal ones, the shared
 * group pool and one per company with its own calendar (companies.own_calendar,
 * the same rule services/booking/calendar.ts teamScope follows). The examinee's
 * slot calls carry no branch: every branch books on the same calendar.
 */
import type { Queryable } from '../../../db/types';
import type { CapacityScopeInfo } from '../../../../contract/api/backoffice/capacity';
import { PERSONAL_SCOPES, TEAM_TOTAL_LABEL, TEAM_TOTAL_SCOPE, companyScopeLabel } from '../../../../contract/rules/capacity-rules';
import { StudioFailure } from '../../studio/live-sync';

export const MSG_NO_SCOPE = '没有这个日历';

export async function listScopes(db: Queryable): Promise<CapacityScopeInfo[]> {
  const companies = await db.all<{ lnc_code: string; lnc_name: string }>('SELECT lnc_code, lnc_name FROM companies WHERE own_calendar = 1 ORDER BY lnc_code');
  return [
    ...PERSONAL_SCOPES,
    { scope: TEAM_TOTAL_SCOPE, label: TEAM_TOTAL_LABEL },
    ...companies.map((c) => ({ scope: `T:${c.lnc_code}`, label: companyScopeLabel(c.lnc_name) })),
  ];
}

/** The calendar named by a request, or 404 (400 when it is not even text). */
export async function scopeInfo(db: Queryable, scope: unknown): Promise<CapacityScopeInfo> {
  if (typeof scope !== 'string' || !scope) throw new StudioFailure(400, '请选择日历');
  const known = PERSONAL_SCOPES.find((s) => s.scope === scope) ?? (scope === TEAM_TOTAL_SCOPE ? { scope, label: TEAM_TOTAL_LABEL } : undefined);
  if (known) return { ...known };
  if (scope.startsWith('T:')) {
    const c = await db.one<{ lnc_name: string }>('SELECT lnc_name FROM companies WHERE lnc_code = $1 AND own_calendar = 1', [scope.slice(2)]);
    if (c) return { scope, label: companyScopeLabel(c.lnc_name) };
  }
  throw new StudioFailure(404, MSG_NO_SCOPE);
}

/**
 * A calendar named as an admin writes it in a sheet: its Chinese name (个人体检,
 * 团体（共用）, 团体：<company name>), a scope code (P:person, T:L0001) or a
 * company code with its own calendar (L0001). Undefined when none matches.
 */
export async function scopeFromText(db: Queryable, text: string): Promise<CapacityScopeInfo | undefined> {
  const norm = (v: string) => v.replace(/\s+/g, '').replace(/\(/g, '（').replace(/\)/g, '）').replace(/:/g, '：');
  const raw = text.trim();
  const all = await listScopes(db);
  return all.find((s) => norm(s.label) === norm(raw)) ?? all.find((s) => s.scope === raw) ?? all.find((s) => s.scope === `T:${raw}`);
}
