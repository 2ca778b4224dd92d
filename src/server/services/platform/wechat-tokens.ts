/**
 * The official account's access_token and jsapi_ticket, cached in the database
 * (table wechat_tokens) so every server instance shares one of each: WeChat limits
 * how often they may be fetched, and a second fetch of the ticket can make the first
 * one's signatures fail.
 *
 * A value is used until 5 minutes before it expires; then one instance takes the row's
 * lease (a conditional UPDATE: only when no live lease is held) and fetches a new one,
 * while the others keep serving the old value (still valid) or, when it has expired,
 * wait for the new one. A lease left by a crashed instance ends after LEASE_MS.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/types';
import type { Expiring, MpProvider } from '../../providers/wechat-mp/index';
import { TOKEN_REFUSED, WeChatApiError } from '../../providers/wechat-mp/index';

/** Refresh this long before WeChat's expiry (clocks differ; a page signed now is used for a while). */
export const REFRESH_EARLY_MS = 5 * 60_000;
/** How long one instance may take to refresh before another may. */
export const LEASE_MS = 30_000;
/** How long (real time) a caller waits for another instance's refresh before giving up. */
const WAIT_MS = 15_000;
const POLL_MS = 100;

type Kind = 'access_token' | 'jsapi_ticket';

interface Row {
  value: string;
  expires_at: number | string;
  lease_until: number | string;
}

export interface TokenDeps {
  db: Db;
  now: () => number;
  appid: string;
  log?: { warn(obj: object, msg: string): void };
}

async function readRow(d: TokenDeps, kind: Kind): Promise<Row | undefined> {
  return d.db.one<Row>('SELECT value, expires_at, lease_until FROM wechat_tokens WHERE appid = $1 AND kind = $2', [d.appid, kind]);
}

/**
 * The shared value of `kind`, fetched with `fetch` when missing or due. `refused`: a value
 * WeChat just refused (40001) — it is not served again, and the fetch replaces it.
 */
async function shared(d: TokenDeps, kind: Kind, fetch: () => Promise<Expiring>, refused = ''): Promise<string> {
  const giveUp = Date.now() + WAIT_MS;
  for (;;) {
    let row = await readRow(d, kind);
    if (!row) {
      // The first use on this database: the row the lease is taken on (a read, not a write, on every later call).
      await d.db.run(`INSERT INTO wechat_tokens (appid, kind) VALUES ($1, $2) ON CONFLICT (appid, kind) DO NOTHING`, [d.appid, kind]);
      row = await readRow(d, kind);
    }
    const t = d.now();
    const value = row?.value && row.value !== refused ? row.value : '';
    const expires = Number(row?.expires_at ?? 0);
    if (value && expires - REFRESH_EARLY_MS > t) return value;
    const me = randomUUID();
    const took = await d.db.run(
      'UPDATE wechat_tokens SET lease_owner = $3, lease_until = $4 WHERE appid = $1 AND kind = $2 AND lease_until <= $5',
      [d.appid, kind, me, t + LEASE_MS, t],
    );
    if (took === 1) return refreshUnderLease(d, kind, fetch, refused, me);
    // Another instance is refreshing: the old value serves until it really expires.
    if (value && expires > t) return value;
    if (Date.now() > giveUp) throw new Error(`wechat ${kind}: another instance's refresh did not finish`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function refreshUnderLease(d: TokenDeps, kind: Kind, fetch: () => Promise<Expiring>, refused: string, me: string): Promise<string> {
  const release = () => d.db.run(`UPDATE wechat_tokens SET lease_owner = '', lease_until = 0 WHERE appid = $1 AND kind = $2 AND lease_owner = $3`, [d.appid, kind, me]);
  try {
    // Someone may have finished a refresh between our read and our lease.
    const row = await readRow(d, kind);
    if (row?.value && row.value !== refused && Number(row.expires_at) - REFRESH_EARLY_MS > d.now()) {
      await release();
      return row.value;
    }
    const got = await fetch();
    const t = d.now();
    await d.db.run(
      `UPDATE wechat_tokens SET value = $3, expires_at = $4, updated_at = $5, lease_owner = '', lease_until = 0 WHERE appid = $1 AND kind = $2`,
      [d.appid, kind, got.value, t + got.expiresInSec * 1000, t],
    );
    return got.value;
  } catch (err) {
    await release().catch(() => undefined);
    throw err;
  }
}

/**
 * The jsapi_ticket for wx.config signatures. A ticket fetch refused for the access token
 * (40001 and kin: another holder forced a new token, or WeChat revoked it) refetches the
 * token once, with stable_token's force_refresh, and asks again.
 */
export async function jsapiTicket(d: TokenDeps, mp: MpProvider): Promise<string> {
  const fetchToken = mp.fetchAccessToken;
  const fetchTicket = mp.fetchJsapiTicket;
  if (!fetchToken || !fetchTicket) throw new Error('no official account configured');
  return shared(d, 'jsapi_ticket', async () => {
    const token = await shared(d, 'access_token', () => fetchToken(false));
    try {
      return await fetchTicket(token);
    } catch (err) {
      if (!(err instanceof WeChatApiError) || !TOKEN_REFUSED.has(err.errcode)) throw err;
      d.log?.warn({ errcode: err.errcode, errmsg: err.errmsg }, `wechat getticket refused the access token (${err.errcode}); fetching a new token once`);
      const fresh = await shared(d, 'access_token', () => fetchToken(true), token);
      return fetchTicket(fresh);
    }
  });
}
