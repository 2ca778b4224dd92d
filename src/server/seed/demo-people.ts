/**
 * The demo people of reports, approvals, payments and questionnaires (also in
 * docs/decisions-after-booking.md); exam numbers are relative to `today`.
 * - Reports, person A: 李明 (phone 13800138000), two years of reports
 * - Reports, person B: 王芳 (phone 13900139000) — the "someone else" of access tests
 * - Person C: 李小明, same phone as A (a family member) — a session bound to A cannot read C
 */
import { makeIdCard } from '../../contract/rules/idcard';

export const DEMO = {
  personA: { id: 'rp-a', name: '李明', idCard: makeIdCard('110101', '19850315', '123'), tel: '13800138000', sex: 1 },
  personB: { id: 'rp-b', name: '王芳', idCard: makeIdCard('310104', '19900708', '246'), tel: '13900139000', sex: 2 },
  personC: { id: 'rp-c', name: '李小明', idCard: makeIdCard('110101', '20120601', '315'), tel: '13800138000', sex: 1 },
  /** person A: this year (tj_cls 0, has PDF) and last year (tj_cls 1, no PDF); B: this year; C: this year */
  reportsA: ['R{Y}0001', 'R{Y-1}0007'],
  reportB: 'R{Y}0002',
  reportC: 'R{Y}0003',
  approver: { id: '1', name: '张主任' },
  openid: 'demo-openid-0001',
  /** exam_patients: group members for GetPatientinfo / SaveQuestions */
  patientOccupational: 'T000101',
  patientOrdinary: 'T000102',
  /** scan-code pay records */
  payValid: 'P000201',
  payExpired: 'P000202',
  payPaid: 'P000203',
} as const;

/** Exam numbers with the year filled in for a given today. */
export function demoRegNos(today: string) {
  const y = Number(today.slice(0, 4));
  const fill = (s: string) => s.replace('{Y-1}', String(y - 1)).replace('{Y}', String(y));
  return { a: DEMO.reportsA.map(fill), b: fill(DEMO.reportB), c: fill(DEMO.reportC) };
}

/** A day's wall-clock time at the centre (UTC+8) as epoch ms. */
export const chinaMs = (day: string, time = '00:00:00') => Date.parse(`${day}T${time}+08:00`);
