/** Tomorrow's arrivals by time slot, and money in and out per day (the overview's two tables). */
import type { OpsArrivalSlot, OpsMoneyDay } from '../../../contract/api/backoffice/operations';
import { yuan } from '../money';
import { dayLabel } from './api';

export function Arrivals({ day, count, slots, masked }: { day: string; count: number; slots: OpsArrivalSlot[]; masked: boolean }) {
  return (
    <section className="bo-section" aria-labelledby="bo-operations-arrivals">
      <div className="bo-operations-head">
        <h2 id="bo-operations-arrivals">明日到检</h2>
        <span className="st-muted bo-operations-sum">
          {dayLabel(day)}，共 {count} 人{masked ? '（姓名已隐藏：需要「运营」角色）' : ''}
        </span>
      </div>
      {slots.length === 0 ? (
        <p className="bo-operations-empty">明日暂无预约</p>
      ) : (
        <table className="bo-table" data-testid="ops-arrivals">
          <thead>
            <tr>
              <th>时段</th>
              <th className="bo-num">人数</th>
              <th>名单</th>
            </tr>
          </thead>
          <tbody>
            {slots.map((s) => (
              <tr key={s.slot}>
                <td>{s.slot}</td>
                <td className="bo-num">{s.count}</td>
                <td className="bo-operations-names">
                  {s.people.map((p, i) => (
                    <span key={p.orderId} title={`${p.kind} · ${p.packageName}${masked ? '' : ` · ${p.tel}`}`}>
                      {i ? '、' : ''}
                      {p.name}
                      {p.paid ? null : <span className="bo-operations-unpaid">（待支付）</span>}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function MoneyTable({ money }: { money: OpsMoneyDay[] }) {
  const rows = [...money].reverse(); // today first
  const sum = money.reduce((a, d) => ({ payments: a.payments + d.payments, paymentCents: a.paymentCents + d.paymentCents, refunds: a.refunds + d.refunds, refundCents: a.refundCents + d.refundCents }), {
    payments: 0,
    paymentCents: 0,
    refunds: 0,
    refundCents: 0,
  });
  return (
    <section className="bo-section" aria-labelledby="bo-operations-money">
      <div className="bo-operations-head">
        <h2 id="bo-operations-money">收款与退款</h2>
        <span className="st-muted bo-operations-sum">近 {money.length} 天，按成功时间</span>
      </div>
      <table className="bo-table" data-testid="ops-money">
        <thead>
          <tr>
            <th>日期</th>
            <th className="bo-num">收款笔数</th>
            <th className="bo-num">收款金额</th>
            <th className="bo-num">退款笔数</th>
            <th className="bo-num">退款金额</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.day}>
              <td>{dayLabel(d.day)}</td>
              <td className="bo-num">{d.payments}</td>
              <td className="bo-num">{yuan(d.paymentCents)}</td>
              <td className="bo-num">{d.refunds}</td>
              <td className="bo-num">{yuan(d.refundCents)}</td>
            </tr>
          ))}
          <tr className="bo-operations-total">
            <td>合计</td>
            <td className="bo-num">{sum.payments}</td>
            <td className="bo-num">{yuan(sum.paymentCents)}</td>
            <td className="bo-num">{sum.refunds}</td>
            <td className="bo-num">{yuan(sum.refundCents)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
