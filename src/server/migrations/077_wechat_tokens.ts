/**
 * WeChat official account credentials shared by every server instance: the global
 * access_token and the jsapi_ticket, one row per (appid, kind). `lease_until` /
 * `lease_owner` make one instance the refresher at a time (a conditional UPDATE takes
 * the lease; services/platform/wechat-tokens.ts). Times are epoch milliseconds.
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS wechat_tokens (
     appid TEXT NOT NULL,
     kind TEXT NOT NULL,
     value TEXT NOT NULL DEFAULT '',
     expires_at BIGINT NOT NULL DEFAULT 0,
     lease_owner TEXT NOT NULL DEFAULT '',
     lease_until BIGINT NOT NULL DEFAULT 0,
     updated_at BIGINT NOT NULL DEFAULT 0,
     PRIMARY KEY (appid, kind)
   )`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
