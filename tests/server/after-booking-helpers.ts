/**
 * One server for an after-booking test file: a fresh store seeded with the
 * after-booking demo data on a fixed day, a settable clock, a service bearer,
 * and `call()` posting to a contract call through Fastify's inject.
 *
 * Bearers are obtained the way the app gets them: the client token by the
 * password grant (public calls), and for a per-user call (CALLS[name].owner) a
 * token bound to the openid the body names (or that owns the order body.id, or
 * that holds a grant for the exam number body.regno):
 * sandbox OAuth redirect → OAuth cookie → GetToken {openid}. Both are re-obtained
 * when the test clock has moved past them.
 */
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../src/server/app';
import type { Db } from '../../src/server/db/types';
import { seedRecords } from '../../src/server/seed/index';
import { CALLS, type CallDef, type CallName } from '../../src/contract/calls';
import { freshStore, oauthCookie } from './core-helpers';

export const T0 = Date.parse('2026-06-15T09:00:00+08:00');

export interface Answer {
  status: number;
  json: { success: boolean; returnMsg: string; returnData: any };
  raw: string;
}

export interface AfterBookingApp {
  app: FastifyInstance;
  db: Db;
  /** Set `clock.t` to move the server's time. */
  clock: { t: number; now(): number };
  /**
   * POST /api/<call>: with the service bearer unless `auth: false` (the owner's openid-bound
   * token for a per-user call, else the client token; `as` = that openid's token in any case),
   * extra headers, client address.
   */
  call(name: CallName, body: unknown, opts?: { auth?: boolean; as?: string; headers?: Record<string, string>; ip?: string }): Promise<Answer>;
  close(): Promise<void>;
}

export async function startAfterBookingApp(today = '2026-06-15'): Promise<AfterBookingApp> {
  const clock = { t: T0, now: (): number => clock.t };
  const store = await freshStore();
  const db = store.db;
  await seedRecords(db, today);
  const app = await buildServer({ db, clock, sweep: false });
  const ttlMs = app.deps.config.tokenTtlSec * 1000;
  const cache = new Map<string, { token: string; at: number }>();
  /** key '' = the client token, else the openid's token. */
  async function bearer(openid: string): Promise<string> {
    const now = clock.now();
    const c = cache.get(openid);
    if (c && c.at <= now && now < c.at + ttlMs - 60_000) return c.token;
    const r = await app.inject({
      method: 'POST',
      url: `/api/${CALLS.GetToken.path}`,
      payload: openid ? { openid } : { grant_type: 'password', ...app.deps.config.tokenClient, scope: 'api1' },
      headers: openid ? { cookie: await oauthCookie(app, openid) } : {},
    });
    const token = r.json().returnData?.access_token as string | undefined;
    if (!token) throw new Error(`GetToken ${openid || '(client)'}: ${r.body}`);
    cache.set(openid, { token, at: now });
    return token;
  }
  /** The owner of a per-user call's data ('' = none: the client token). */
  async function ownerOf(name: CallName, body: unknown): Promise<string> {
    const owner = (CALLS[name] as CallDef).owner;
    const b = (body ?? {}) as Record<string, unknown>;
    // a body without a usable openid: sent as some logged-in user (the server then judges the body)
    if (owner === 'openid' || owner === 'openId') return typeof b[owner] === 'string' && b[owner] ? (b[owner] as string) : 'test-openid-0001';
    if (owner === 'order') {
      const o = await db.one<{ openid: string }>('SELECT openid FROM orders WHERE id = $1', [String(b.id ?? '')]);
      return o?.openid || 'test-openid-0001';
    }
    if (owner === 'regno') {
      // an openid holding a grant for the exam number (TeamLogin / seed), else one without (→ 403)
      const g = await db.one<{ openid: string }>('SELECT openid FROM regno_grants WHERE reg_no = $1 ORDER BY openid', [String(b.regno ?? '')]);
      return g?.openid || 'test-openid-0001';
    }
    return '';
  }
  return {
    app,
    db,
    clock,
    async call(name, body, { auth = true, as, headers = {}, ip } = {}) {
      const tok = auth ? await bearer(as ?? (await ownerOf(name, body))) : '';
      const r = await app.inject({
        method: 'POST',
        url: `/api/${CALLS[name].path}`,
        payload: body as object,
        ...(ip ? { remoteAddress: ip } : {}),
        headers: { ...(auth ? { authorization: `Bearer ${tok}` } : {}), ...headers },
      });
      return { status: r.statusCode, json: r.json(), raw: r.body };
    },
    async close() {
      await app.close();
      await store.cleanup();
    },
  };
}
