/**
 * For the operations view's server tests: an app with the studio (a fixed flow config) and a
 * payment provider that answers as the sandbox does unless told otherwise — a refund refused
 * (NOT_ENOUGH) or left PROCESSING, a refund held until the test lets it go (two clicks at
 * once), a close that fails and a trade WeChat says is paid (a late payment). Every refund it
 * is asked for is recorded. Both stores (TEST_DB).
 */
import { expect } from 'vitest';
import { loadConfigFiles } from '../../src/engine/config/check-files';
import { readConfigFiles } from '../../src/engine/config/read-files';
import { sandboxProvider } from '../../src/server/providers/wechat/sandbox';
import { sandboxMpProvider } from '../../src/server/providers/wechat-mp/sandbox';
import type { PayProvider, RefundStatus } from '../../src/server/providers/wechat/types';
import { createStudioAdmin, DEMO_STUDIO_ADMIN, DEMO_STUDIO_PASSWORD } from '../../src/server/services/studio/admins';
import type { StudioRole } from '../../src/contract/rules/studio-roles';
import { makeTestApp, personBody, type TestApp } from './core-helpers';
import { signIn, type Admin } from './studio-helpers';

export type RefundScript = 'SUCCESS' | 'PROCESSING' | { code: string; message: string };

export interface ScriptedPay extends PayProvider {
  /** Every refund asked, in order. */
  asked: Array<{ outTradeNo: string; outRefundNo: string; refund: number }>;
  /** How the next refunds answer (then SUCCESS). */
  next: RefundScript[];
  /** While set, a refund waits for it before answering. */
  gate: Promise<void> | null;
  /** What queryRefund answers (the reconciler). */
  refundStatus: Map<string, RefundStatus>;
  /** closeTrade fails (SYSTEM_ERROR) while true. */
  closeFails: boolean;
  /** Trades WeChat says are paid (queryTrade SUCCESS), with their amount. */
  paid: Map<string, number>;
}

export function scriptedPay(now: () => number): ScriptedPay {
  const base = sandboxProvider({ now });
  const p: ScriptedPay = {
    ...base,
    asked: [],
    next: [],
    gate: null,
    refundStatus: new Map(),
    closeFails: false,
    paid: new Map(),
    async refund(r) {
      p.asked.push({ outTradeNo: r.outTradeNo, outRefundNo: r.outRefundNo, refund: r.refund });
      if (p.gate) await p.gate;
      const s = p.next.shift() ?? 'SUCCESS';
      if (typeof s === 'object') return { ok: false, ...s };
      p.refundStatus.set(r.outRefundNo, s);
      return { ok: true, refund: { outTradeNo: r.outTradeNo, outRefundNo: r.outRefundNo, refundId: `rf-${r.outRefundNo}`, status: s, refund: r.refund } };
    },
    async queryRefund(no) {
      const status = p.refundStatus.get(no);
      return status ? { outTradeNo: '', outRefundNo: no, refundId: `rf-${no}`, status, refund: 0 } : null;
    },
    async closeTrade() {
      return p.closeFails ? { ok: false, code: 'SYSTEM_ERROR', message: '系统繁忙，请稍后再试' } : { ok: true };
    },
    async queryTrade(no) {
      const total = p.paid.get(no);
      if (total === undefined) return null;
      return { appid: base.appid, mchid: base.mchid, outTradeNo: no, transactionId: `tx-${no}`, tradeState: 'SUCCESS', total };
    },
  };
  return p;
}

export interface OpsEnv {
  t: TestApp;
  pay: ScriptedPay;
  /** 配置+运营 (the demo admin), 运营 only, 只读. */
  admin: Admin;
  ops: Admin;
  reader: Admin;
}

export const flowConfig = () => loadConfigFiles(readConfigFiles(process.cwd())).config;

/** The app, the demo admin and two more (运营, 只读); no demo orders, payments or calendars (each test puts its own). */
export async function startOps(): Promise<OpsEnv> {
  let pay!: ScriptedPay;
  const t = await makeTestApp({}, { flowConfig: flowConfig(), providers: (_c, clock) => ({ pay: (pay = scriptedPay(() => clock.now())), mp: sandboxMpProvider() }) });
  for (const table of ['orders', 'payments', 'pay_refunds', 'payment_anomalies', 'pay_records', 'calendar_slots', 'calendar_days']) await t.db.run(`DELETE FROM ${table}`);
  await createStudioAdmin(t.db, DEMO_STUDIO_ADMIN, DEMO_STUDIO_PASSWORD, t.clock.now());
  const admin = await signIn(t.app);
  const add = async (name: string, roles: StudioRole[]) => {
    const r = await admin.post('/api/studio/admins', { username: name, password: 'ops-test-password-2026', roles });
    expect(r.statusCode, r.body).toBe(201);
    return signIn(t.app, name, 'ops-test-password-2026');
  };
  return { t, pay, admin, ops: await add('yunying', ['ops']), reader: await add('duzhe', ['readonly']) };
}

/** A personal booking; `paid` pays it through the sandbox sheet (what a verified notify applies). */
export async function book(t: TestApp, day: string, over: Record<string, unknown> = {}, paid = false): Promise<{ id: string; idCard: string; price: string }> {
  const r = await t.call('PersonOrderAdd', personBody(day, over));
  expect(r.body.returnMsg, JSON.stringify(over)).toBe('预约成功');
  const ord = r.body.returnData.ord as { id: string; idCard: string; price: string };
  if (paid) await payNow(t, ord);
  return ord;
}

export async function payNow(t: TestApp, ord: { id: string; idCard: string }): Promise<void> {
  expect((await t.call('PersonOrderPay', ord)).body.success).toBe(true);
  expect((await t.call('SandboxPayResult', { id: ord.id, outcome: 'ok' })).body.returnMsg).toBe('支付成功');
}

export const tradeOf = async (t: TestApp, orderId: string) => (await t.db.one<{ out_trade_no: string }>('SELECT out_trade_no FROM payments WHERE order_id = $1 ORDER BY created_at', [orderId]))!.out_trade_no;

/** Rows that an action would change, as text: equal before and after a refused call. */
export async function moneyRows(t: TestApp): Promise<string> {
  const rows = [];
  for (const table of ['orders', 'payments', 'pay_refunds', 'payment_anomalies', 'ops_anomalies', 'audit_log'])
    rows.push(table, ...(await t.db.all(`SELECT * FROM ${table}`)).map((r) => JSON.stringify(r)).sort());
  return rows.join('\n');
}

export const json = <T>(r: { json(): unknown }) => r.json() as T;
