/**
 * SMS gateways: what the gateway answered for each message a real gateway was
 * asked to send (never the code itself; `sms_outbox` stays the dev provider's).
 * Support looks a complaint up by phone: the gateway's request id and
 * SerialNo/BizId find the message in the Tencent Cloud / Aliyun console.
 */
import type { Queryable } from '../db/types';

const STATEMENTS: string[] = [
  `CREATE TABLE IF NOT EXISTS sms_sends (
     id TEXT PRIMARY KEY,
     provider TEXT NOT NULL,
     tel TEXT NOT NULL,
     purpose TEXT NOT NULL,
     accepted INTEGER NOT NULL,
     gateway_code TEXT NOT NULL,
     gateway_message TEXT,
     request_id TEXT,
     message_id TEXT,
     created_at BIGINT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS sms_sends_tel_idx ON sms_sends (tel, created_at)`,
  `CREATE INDEX IF NOT EXISTS sms_sends_created_idx ON sms_sends (created_at)`,
];

export async function up(db: Queryable): Promise<void> {
  for (const sql of STATEMENTS) await db.run(sql);
}
