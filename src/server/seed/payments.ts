/** Demo pay records (scan-code payment): a valid one, an expired one and a paid one of the demo openid. */
import dayjs from 'dayjs';
import type { Queryable } from '../db/types';
import { DEMO, chinaMs } from './demo-people';

export async function seedPayRecords(db: Queryable, today: string, now: number): Promise<void> {
  const t = dayjs(today);
  // pay records: valid scan-code, expired scan-code, and a paid one of the demo openid
  const pays: Array<[string, string, string | null, string, string, string, number, string, number, string]> = [
    ['pr-valid', DEMO.payValid, null, '李明', `${today} 08:30:00`, '入职体检套餐（男）', 26800, t.add(2, 'day').format('YYYY-MM-DD'), chinaMs(t.add(3, 'day').format('YYYY-MM-DD')), 'F'],
    ['pr-expired', DEMO.payExpired, null, '王芳', `${t.subtract(10, 'day').format('YYYY-MM-DD')} 09:00:00`, '健康体检套餐（女）', 59800, t.subtract(8, 'day').format('YYYY-MM-DD'), chinaMs(t.subtract(7, 'day').format('YYYY-MM-DD')), 'F'],
    ['pr-paid', DEMO.payPaid, DEMO.openid, '李明', `${t.subtract(30, 'day').format('YYYY-MM-DD')} 10:15:00`, '基础体检套餐（男）', 39900, t.subtract(28, 'day').format('YYYY-MM-DD'), chinaMs(t.subtract(27, 'day').format('YYYY-MM-DD')), 'T'],
  ];
  for (const p of pays) {
    await db.run(
      `INSERT INTO pay_records (id, reg_no, openid, name, createtime, clus_name, amount_cents, tj_date, expires_at, pay_state, out_trade_no, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11) ON CONFLICT DO NOTHING`,
      [...p, now],
    );
  }
}
