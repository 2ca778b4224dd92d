/** Unpaid orders hold their place until the hold runs out; the sweeper and a lazy check release them. */
import type { FastifyInstance } from 'fastify';
import { type ServerDeps } from '../../plugins/call';
import { releasePlace } from '../booking/calendar';
import { OrderRow } from './model';
import { closeTrades } from './pay-sync';

let lastLazy = -Infinity;

/**
 * Releases places of unpaid orders whose hold ran out (order → C, surplus + 1), then closes their
 * trades at WeChat (outside the transactions; a close answered ORDERPAID is applied as a late payment).
 * Safe across instances: only the instance whose conditional UPDATE released an order closes its trade.
 */
export async function releaseExpired(deps: ServerDeps, limit = 200): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.db.all<{ id: string }>(
    `SELECT id FROM orders WHERE state = 'S' AND hold_until IS NOT NULL AND hold_until < $1 ORDER BY hold_until LIMIT ${Number(limit)}`,
    [now],
  );
  const released: string[] = [];
  for (const r of rows) {
    const done = await deps.db.transaction(async (tx) => {
      const o = await tx.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [r.id]);
      if (!o) return false;
      const changed = await tx.run(
        `UPDATE orders SET state = 'C', errmsg = '超时未支付，已自动取消', pay_flag = 'F', updated_at = $2
          WHERE id = $1 AND state = 'S' AND hold_until IS NOT NULL AND hold_until < $2`,
        [r.id, now],
      );
      if (changed !== 1) return false;
      await releasePlace(tx, o.scope, o.begin_time, o.sumtime_code);
      return true;
    });
    if (done) released.push(r.id);
  }
  if (released.length) await closeTrades(deps, released).catch(() => undefined);
  return released.length;
}

/** The lazy variant called on reads: at most once a second per process. */
export async function releaseExpiredLazy(deps: ServerDeps): Promise<void> {
  const now = deps.clock.now();
  if (Math.abs(now - lastLazy) < 1000) return;
  lastLazy = now;
  await releaseExpired(deps);
}

export function startSweeper(app: FastifyInstance): () => void {
  const t = setInterval(() => {
    releaseExpired(app.deps).catch((err) => app.log.warn({ err }, 'hold sweep failed'));
  }, app.deps.config.sweepIntervalMs);
  t.unref();
  return () => clearInterval(t);
}
