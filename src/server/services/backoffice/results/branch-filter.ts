/**
 * Which 院区 an answer belongs to (questionnaire_answers has no branch; the
 * decision is docs/decisions-back-office.md「问卷统计」): an account's answer
 * (owner openid) to each branch where that account holds an active booking
 * (orders.hosp_code; cancelled and refunded ones left out, as orders_one_active
 * leaves them out); an exam number's answer (owner regno) to the branch of its
 * report (reports.hosp_code, pushed by the hospital) — group bookings carry no
 * branch. Plain correlated EXISTS, the same on SQLite and PostgreSQL; `a` is
 * the answers table's alias, `$n` the branch parameter.
 */

const ACTIVE = `o.state <> 'C' AND o.state <> 'Refund'`;

/** The answer belongs to the branch in parameter `$n`. */
export function inBranchSql(n: number): string {
  return `((a.owner_kind = 'openid' AND EXISTS (SELECT 1 FROM orders o WHERE o.openid = a.owner_key AND o.hosp_code = $${n} AND ${ACTIVE}))
    OR (a.owner_kind = 'regno' AND EXISTS (SELECT 1 FROM reports r WHERE r.reg_no = a.owner_key AND r.hosp_code = $${n})))`;
}

/** No branch can be told for the answer (it counts under 全部院区 only). */
export const UNPLACED_SQL = `NOT ((a.owner_kind = 'openid' AND EXISTS (SELECT 1 FROM orders o WHERE o.openid = a.owner_key AND o.hosp_code <> '' AND ${ACTIVE}))
    OR (a.owner_kind = 'regno' AND EXISTS (SELECT 1 FROM reports r WHERE r.reg_no = a.owner_key AND r.hosp_code <> '')))`;
