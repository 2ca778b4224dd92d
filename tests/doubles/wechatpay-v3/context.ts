/** The double's shared state: options, keys, the books (trades, refunds) and the logs every module reads. */
import { randomInt } from 'node:crypto';
import type { DoubleRefund, DoubleTrade, NotifyRecord, RecordedRequest, WechatPayDoubleOptions, BridgeRecord } from './api.ts';
import type { PlatformCertificate, WechatPayPublicKey } from './keys.ts';

/** What was posted last for a trade or refund, kept byte for byte for Spoil.replayLast. */
export interface SentNotify {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface PendingFailure {
  match: string | RegExp;
  error: { status: number; code: string; message: string };
}

export interface DoubleContext {
  opts: WechatPayDoubleOptions;
  now(): number;
  /** Oldest first; the last one signs (certificate mode). */
  platforms: PlatformCertificate[];
  publicKey: WechatPayPublicKey;
  trades: Map<string, DoubleTrade>;
  refunds: Map<string, DoubleRefund>;
  requests: RecordedRequest[];
  notifies: NotifyRecord[];
  bridgeRequests: BridgeRecord[];
  failures: PendingFailure[];
  /** Key `trade:<out_trade_no>` or `refund:<out_refund_no>`. */
  lastNotify: Map<string, SentNotify>;
  /** Background work (auto-settled refunds) that close() waits for. */
  pending: Set<Promise<unknown>>;
}

export function nowSec(ctx: DoubleContext): number {
  return Math.floor(ctx.now() / 1000);
}

/** RFC 3339 in Beijing time, as WeChat Pay writes every time (2018-06-08T10:34:56+08:00). */
export function rfc3339(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19) + '+08:00';
}

export function digits(n: number): string {
  let s = '';
  while (s.length < n) s += String(randomInt(10));
  return s;
}

/** yyyyMMdd in Beijing time, as WeChat's ids embed it. */
export function beijingDate(ms: number): string {
  return rfc3339(ms).slice(0, 10).replace(/-/g, '');
}

/** The trade a prepay id or an out_trade_no names. */
export function findTrade(ctx: DoubleContext, outTradeNoOrPrepayId: string): DoubleTrade | undefined {
  const direct = ctx.trades.get(outTradeNoOrPrepayId);
  if (direct) return direct;
  for (const t of ctx.trades.values()) if (t.prepayId === outTradeNoOrPrepayId || (t.transactionId && t.transactionId === outTradeNoOrPrepayId)) return t;
  return undefined;
}

/** Background work the double does on its own (a refund settling): tracked so close() can wait for it. */
export function track(ctx: DoubleContext, work: () => Promise<unknown>): void {
  const p: Promise<unknown> = new Promise<void>((resolve) => setTimeout(resolve, 10))
    .then(work)
    .catch(() => undefined)
    .finally(() => ctx.pending.delete(p));
  ctx.pending.add(p);
}
