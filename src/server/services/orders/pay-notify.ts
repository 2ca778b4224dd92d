/**
 * A WeChat Pay v3 notify (orders and scan-code bills; payments and refunds), as the v3 docs want it
 * answered: applied → HTTP 200, no body; refused → 4xx/5xx with {"code":"FAIL","message":"失败"}, so
 * WeChat retries what we could not take. Verification and decryption: providers/wechat/notify.ts.
 * A delivery seen before (same Wechatpay-Timestamp + Nonce, or same notify id) that was applied is
 * answered 200 without being applied again; applying is idempotent anyway (markPaid, settleRefund).
 */
import type { ServerDeps } from '../../plugins/call';
import type { NotifyOutcome } from '../../providers/wechat/types';
import { applyPaidTrade } from './pay-sync';
import { settleRefund } from './refunds';

export const NOTIFY_FAIL = { code: 'FAIL', message: '失败' } as const;

export interface NotifyReply {
  status: number;
  body?: typeof NOTIFY_FAIL;
}

type Log = { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };

export async function handlePayNotify(
  deps: ServerDeps,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
  unknownTrade: 'refuse' | 'refund',
  log: Log,
): Promise<NotifyReply> {
  let v: NotifyOutcome;
  try {
    v = await deps.providers.pay.parseNotify(headers, raw);
  } catch (err) {
    log.error({ err }, 'pay notify: verification failed');
    return { status: 500, body: NOTIFY_FAIL };
  }
  if (!v.ok) {
    log.warn({ reason: v.reason }, 'pay notify refused');
    return { status: v.status, body: NOTIFY_FAIL };
  }
  const keys = [`d:${v.replayKey}`, ...(v.id ? [`id:${v.id}`] : [])];
  if (await deps.db.one('SELECT notify_key FROM pay_notifies_seen WHERE notify_key = $1 OR notify_key = $2', [keys[0], keys[1] ?? keys[0]])) {
    log.info({ id: v.id }, 'pay notify seen before: answered, not applied again');
    return { status: 200 };
  }
  let applied: { ok: boolean; reason?: string };
  try {
    if (v.kind === 'transaction') applied = await applyPaidTrade(deps, v.tx, { unknownTrade });
    else if (v.refund.mchid && v.refund.mchid !== deps.providers.pay.mchid) applied = { ok: false, reason: `mchid ${v.refund.mchid} is not ours` };
    else applied = (await settleRefund(deps, v.refund.outRefundNo, v.refund.status, v.refund.status === 'SUCCESS' ? '' : `REFUND_${v.refund.status}`, v.refund.refundId))
      ? { ok: true }
      : { ok: false, reason: `unknown out_refund_no ${v.refund.outRefundNo}` };
  } catch (err) {
    log.error({ err, id: v.id }, 'pay notify: not applied');
    return { status: 500, body: NOTIFY_FAIL };
  }
  if (!applied.ok) {
    log.warn({ reason: applied.reason, id: v.id }, 'pay notify not applied');
    return { status: 400, body: NOTIFY_FAIL };
  }
  const now = deps.clock.now();
  for (const k of keys) await deps.db.run('INSERT INTO pay_notifies_seen (notify_key, seen_at) VALUES ($1, $2) ON CONFLICT (notify_key) DO NOTHING', [k, now]);
  return { status: 200 };
}
