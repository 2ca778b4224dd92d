/**
 * The server's Prometheus series (prom-client), one registry per buildServer() so several servers in
 * one process (tests) never share or collide on counters. Instrumented code calls the one-line
 * helpers below with what it already holds (ServerDeps or the Db): they find that server's metrics,
 * and do nothing when there are none (tools, scripts). Every label is a bounded key — a call name, a
 * message key, an outcome — never an ID, a phone, a name or a raw URL.
 */
import client from 'prom-client';
import type { Db } from '../../db/types';

export class ServerMetrics {
  readonly registry = new client.Registry();
  readonly requests = new client.Counter({ name: 'checkup_http_requests_total', help: 'HTTP requests by contract call name (or a fixed route group) and status code', labelNames: ['call', 'status'], registers: [this.registry] });
  readonly latency = new client.Histogram({ name: 'checkup_http_request_duration_seconds', help: 'Request latency by contract call name', labelNames: ['call'], buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [this.registry] });
  readonly bookings = new client.Counter({ name: 'checkup_bookings_total', help: 'Bookings answered: made, or refused by reason (the message key of services/orders/model.ts, or other)', labelNames: ['call', 'outcome', 'reason'], registers: [this.registry] });
  readonly payments = new client.Counter({ name: 'checkup_payments_total', help: 'Payment confirmations (notify, query, sandbox) by outcome', labelNames: ['outcome'], registers: [this.registry] });
  readonly refunds = new client.Counter({ name: 'checkup_refunds_total', help: 'Refunds settled, by purpose (order, anomaly) and final state', labelNames: ['purpose', 'state'], registers: [this.registry] });
  readonly sms = new client.Counter({ name: 'checkup_sms_total', help: 'Verification SMS handed to the gateway: sent, or refused by refusal kind (error: no usable answer)', labelNames: ['outcome'], registers: [this.registry] });
  readonly configInfo = new client.Gauge({ name: 'checkup_config_info', help: 'The served flow config: 1 for its version and source', labelNames: ['version', 'source'], registers: [this.registry] });
  readonly configReloads = new client.Counter({ name: 'checkup_config_reloads_total', help: 'Flow config swaps since start (file edits, studio versions)', registers: [this.registry] });

  constructor() {
    // Process series (CPU, memory, event-loop lag nodejs_eventloop_lag_*, GC) into this registry only.
    client.collectDefaultMetrics({ register: this.registry, prefix: 'checkup_', eventLoopMonitoringPrecision: 20 });
  }

  /** Database pool gauges: PostgreSQL's pool sizes read at scrape time; SQLite says it has no pool. */
  watchDb(db: Db): void {
    const stats = db.poolStats?.bind(db);
    const reg = [this.registry];
    if (!stats) {
      new client.Gauge({ name: 'checkup_db_pool_absent', help: '1: the store is SQLite (one embedded connection, no pool)', registers: reg }).set(1);
      return;
    }
    const gauge = (name: string, help: string, key: 'total' | 'idle' | 'waiting') =>
      new client.Gauge({ name, help, registers: reg, collect() { this.set(stats()[key]); } });
    gauge('checkup_db_pool_total', 'PostgreSQL pool: connections open', 'total');
    gauge('checkup_db_pool_idle', 'PostgreSQL pool: connections idle', 'idle');
    gauge('checkup_db_pool_waiting', 'PostgreSQL pool: queries waiting for a connection', 'waiting');
  }

  setConfig(version: string, source: string): void {
    this.configInfo.reset();
    this.configInfo.set({ version, source }, 1);
  }
}

/** Each server's metrics, reachable from its ServerDeps and its Db (what instrumented code holds). */
const owners = new WeakMap<object, ServerMetrics>();

export function attachMetrics(m: ServerMetrics, ...holders: object[]): void {
  for (const h of holders) owners.set(h, m);
}

/** The metrics of the server owning `holder` (its ServerDeps, or its Db); undefined outside a server. */
export function metricsOf(holder: object | undefined): ServerMetrics | undefined {
  return holder ? (owners.get(holder) ?? owners.get((holder as { db?: object }).db ?? {})) : undefined;
}

/* One-line instrumentation helpers. */

/** A payment confirmation: paid, paid_stray_<kind> (refunded as an anomaly), or refused (unknown trade, amount mismatch). */
export function countPayment(deps: object, r: { ok: boolean; reason?: string; stray?: string }): void {
  const outcome = r.stray ? `stray_${r.stray}` : r.ok ? 'paid' : r.reason === 'amount mismatch' ? 'amount_mismatch' : r.reason === 'unknown out_trade_no' ? 'unknown_trade' : 'refused';
  metricsOf(deps)?.payments.inc({ outcome });
}

/** A refund reaching its final state once (SUCCESS, ABNORMAL, CLOSED, FAILED). */
export function countRefund(deps: object, purpose: string, state: string): void {
  metricsOf(deps)?.refunds.inc({ purpose, state });
}

/** A verification SMS: 'sent', or the gateway's refusal kind, or 'error'. */
export function countSms(db: object, outcome: string): void {
  metricsOf(db)?.sms.inc({ outcome });
}
