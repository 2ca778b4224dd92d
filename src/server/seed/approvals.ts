/** Demo approvals: the approver (password from env), free-exam requests and token cards in every state. */
import dayjs from 'dayjs';
import type { Queryable } from '../db/types';
import { makeIdCard } from '../../contract/rules/idcard';
import { directorPasswordFromEnv, setApprover } from '../services/approvals/approvals';
import { DEMO } from './demo-people';

export async function seedApprovals(db: Queryable, today: string, now: number): Promise<void> {
  const t = dayjs(today);
  // approver (password from env; none in production without DIRECTOR_PASSWORD)
  const pwd = directorPasswordFromEnv();
  if (pwd) await setApprover(db, { id: DEMO.approver.id, name: DEMO.approver.name, password: pwd, now });

  // free-exam review items in every state
  const free: Array<[string, string, string, string, string, string, string, string, number, string, string]> = [
    ['F000301', '赵强', '护士', '本人', makeIdCard('110105', '19920511', '031'), '13700137001', '北京市朝阳区建国路88号', '市第一人民医院', 48000, 'F'],
    ['F000302', '钱丽', '会计', '配偶', makeIdCard('110108', '19880923', '042'), '13700137002', '北京市海淀区中关村大街1号', '市第一人民医院', 36000, 'F'],
    ['F000303', '孙伟', '司机', '父亲', makeIdCard('120101', '19600214', '053'), '13700137003', '天津市和平区南京路20号', '市第一人民医院', 52000, 'T'],
    ['F000304', '周敏', '教师', '母亲', makeIdCard('130102', '19620730', '064'), '13700137004', '石家庄市长安区中山路5号', '市第一人民医院', 41000, '0'],
  ].map(([reg, n, pos, party, id, tel, addr, lnc, amt, st], i) => [
    reg as string, n as string, pos as string, party as string, id as string, tel as string, addr as string, lnc as string, amt as number,
    `${t.subtract(i + 1, 'day').format('YYYY-MM-DD')} 10:${String(10 + i * 7).padStart(2, '0')}:00`, st as string,
  ]);
  for (const f of free) {
    await db.run(
      `INSERT INTO free_exam_requests (reg_no, pat_name, position, party, idcard, tel, addr, lnc_name, amt_cents, sq_date, is_pay)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
      f,
    );
  }

  // token cards in every status
  const cards: Array<[string, string, number, string, string]> = [
    ['C000401', '体检代金券（员工）', 50000, 'E1001', '0'],
    ['C000402', '体检代金券（家属）', 30000, 'E1002', '0'],
    ['C000403', '体检代金券（员工）', 50000, 'E1003', '1'],
    ['C000404', '体检代金券（退休）', 20000, 'E1004', '2'],
  ];
  for (const [i, [no, name, cents, oper, st]] of cards.entries()) {
    await db.run(
      `INSERT INTO token_cards (card_no, name, par_value_cents, oper, ddrq, status) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [no, name, cents, oper, `${t.subtract(i, 'day').format('YYYY-MM-DD')} 14:${String(20 + i).padStart(2, '0')}:00`, st],
    );
  }
}
