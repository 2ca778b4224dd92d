/**
 * One server for an after-booking test file: a fresh store seeded with the
 * after-booking demo data on a fixed day, a settable clock, a service bearer,
 * and `call()` posting to a contract call through Fastify's inject.
 */
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../src/server/app';
import type { Db } from '../../src/server/db/types';
import { issueToken } from '../../src/server/services/tokens';
import { seedAfterBooking } from '../../src/server/seed/after-booking';
import { CALLS, type CallName } from '../../src/contract/calls';
import { freshStore } from './core-helpers';

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
  /** POST /api/<call>: with the service bearer unless `auth: false`, extra headers, client address. */
  call(name: CallName, body: unknown, opts?: { auth?: boolean; headers?: Record<string, string>; ip?: string }): Promise<Answer>;
  close(): Promise<void>;
}

export async function startAfterBookingApp(today = '2026-06-15'): Promise<AfterBookingApp> {
  const clock = { t: T0, now: (): number => clock.t };
  const store = await freshStore();
  const db = store.db;
  await seedAfterBooking(db, today);
  const app = await buildServer({ db, clock, sweep: false });
  const bearer = (await issueToken(db, 'service', 'test-client', 86_400, T0)).access_token;
  return {
    app,
    db,
    clock,
    async call(name, body, { auth = true, headers = {}, ip } = {}) {
      const r = await app.inject({
        method: 'POST',
        url: `/api/${CALLS[name].path}`,
        payload: body as object,
        ...(ip ? { remoteAddress: ip } : {}),
        headers: { ...(auth ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
      });
      return { status: r.statusCode, json: r.json(), raw: r.body };
    },
    async close() {
      await app.close();
      await store.cleanup();
    },
  };
}
