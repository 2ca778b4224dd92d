/** Demo orders of the demo openid, one in every state (paid, unpaid with a hold, cancelled, refunded, in payment…). */
import dayjs from 'dayjs';
import type { Queryable } from '../db/types';
import { CATEGORIES, COMPANIES, DEMO, PACKAGES } from './data';
import { idemKeyFor } from './util';
import { centreDateTime } from '../../contract/rules/centre-day';

export async function seedDemoOrders(tx: Queryable, today: string, codes: Map<string, string>, nowMs: number): Promise<void> {
  const t0 = dayjs(today);
  await tx.run(`INSERT INTO users (openid, name, id_card, tel, tag, created_at, updated_at) VALUES ($1, $2, $3, $4, '1', $5, $5)`, [DEMO.openid, DEMO.name, DEMO.idCard, DEMO.tel, nowMs]);
  const extra = (name: string) => ({ comb_code: codes.get(name)!, comb_name: name, price: '' });
  const orders: Array<{ id: string; type: string; clus: string; d: number; state: string; pay: string; errmsg?: string; extras?: string[]; lnc?: string }> = [
    { id: 'DEMO0001', type: 'person', clus: 'P4002', d: 5, state: 'F', pay: 'T', extras: ['甲状腺功能五项'] },
    { id: 'DEMO0002', type: 'staff', clus: 'S1001', d: 7, state: 'S', pay: 'F' },
    { id: 'DEMO0003', type: 'vehicle', clus: 'V6001', d: 6, state: 'S', pay: 'EING' },
    { id: 'DEMO0004', type: 'healthCertificate', clus: 'H5001', d: 2, state: 'export', pay: 'T' },
    { id: 'DEMO0005', type: 'question', clus: 'P4005', d: 4, state: 'E', pay: 'T', errmsg: '体检系统同步失败：该时段号源冲突，请联系工作人员' },
    { id: 'DEMO0006', type: 'person', clus: 'P4001', d: -20, state: 'C', pay: 'F', errmsg: '用户撤销' },
    { id: 'DEMO0007', type: 'person', clus: 'P4005', d: -12, state: 'Refund', pay: 'TJServeERR', errmsg: '已退款' },
    { id: 'DEMO0008', type: 'staff', clus: 'S1003', d: -8, state: 'Refund', pay: 'RefundERR', errmsg: '退款失败：商户余额不足' },
    { id: 'DEMO0009', type: 'group', clus: 'T0001', d: -30, state: 'C', pay: 'T', lnc: 'L0001' },
  ];
  for (const [i, o] of orders.entries()) {
    const pkg = PACKAGES.find((p) => p.code === o.clus)!;
    const items = (o.extras ?? []).map(extra);
    const itemCents = items.reduce((a, it) => {
      const cat = CATEGORIES.flatMap((c) => c.items).find(([n]) => n === it.comb_name)!;
      it.price = cat[1].toFixed(2);
      return a + cat[1] * 100;
    }, 0);
    const price = o.type === 'group' ? itemCents : pkg.price * 100 + itemCents;
    const day = t0.add(o.d, 'day').format('YYYY-MM-DD');
    const created = nowMs - (30 - i) * 86_400_000 / 10;
    const scope = o.type === 'group' ? 'T:L0001' : o.type === 'question' ? 'P:person' : `P:${o.type}`;
    await tx.run(
      `INSERT INTO orders (id, openid, id_card, name, tel, type, clus_code, clus_name, begin_time, scope, sumtime_code, sumtime_name, price_cents,
         state, errmsg, pay_flag, choose_comb_code, company_name, lnc_code, regno, tj_date, hosp_code, marr_status, idem_key, hold_until, created_at, created_time, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '02', '08:30-09:30', $11, $12, $13, $14, $15, $16, $17, $18, $9, '01', '2', $19, NULL, $20, $21, $20)`,
      [
        o.id, DEMO.openid, DEMO.idCard, DEMO.name, DEMO.tel, o.type, pkg.code, pkg.name, day, scope, price, o.state, o.errmsg ?? '', o.pay,
        JSON.stringify(items), o.lnc ? COMPANIES.find((c) => c.lnc_code === o.lnc)!.lnc_name : '', o.lnc ?? '',
        o.state === 'export' || o.state === 'F' ? `2026${String(200001 + i)}` : '', idemKeyFor(o.id), created, centreDateTime(created),
      ],
    );
    if (['T', 'TJServeERR', 'RefundERR'].includes(o.pay) && price > 0)
      await tx.run(
        `INSERT INTO payments (out_trade_no, order_id, amount_cents, state, prepay_id, transaction_id, created_at, updated_at) VALUES ($1, $2, $3, 'T', '', $4, $5, $5)`,
        [`${o.id}_seed`, o.id, price, `seed-${o.id}`, created],
      );
    if (o.pay === 'EING')
      await tx.run(`INSERT INTO payments (out_trade_no, order_id, amount_cents, state, created_at, updated_at) VALUES ($1, $2, $3, 'EING', $4, $4)`, [`${o.id}_seed`, o.id, price, created]);
  }
}
