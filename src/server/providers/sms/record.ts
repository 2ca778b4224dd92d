/**
 * One row of `sms_sends` per message a real gateway was asked to send, and the
 * log line that goes with it (English, phone masked, the gateway's own code).
 * The code itself is never recorded.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types';
import { maskPhone } from '../../../contract/rules/phone';
import type { SmsLog, SmsMessage } from './types';

/** Answers older than this are dropped as new ones are written (support looks back weeks, not years). */
export const SMS_SENDS_KEEP_MS = 180 * 86_400_000;

export interface GatewayAnswer {
  accepted: boolean;
  code: string;
  message: string;
  requestId: string | null;
  /** Tencent SerialNo / Aliyun BizId: the message in the console's 发送记录. */
  messageId: string | null;
}

export async function recordSend(db: Queryable, provider: string, msg: SmsMessage, a: GatewayAnswer, log: SmsLog): Promise<void> {
  const who = `to ${maskPhone(msg.tel)} purpose=${msg.purpose}`;
  if (a.accepted) log(`[sms:${provider}] accepted ${who} request=${a.requestId ?? '-'} id=${a.messageId ?? '-'}`);
  else log(`[sms:${provider}] refused ${who}: ${a.code} ${a.message} request=${a.requestId ?? '-'}`, 'warn');
  // A failing record must not turn a sent code into a refusal (nor hide the refusal): the log line above has it all.
  try {
    await db.run(
      `INSERT INTO sms_sends (id, provider, tel, purpose, accepted, gateway_code, gateway_message, request_id, message_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [randomUUID(), provider, msg.tel, msg.purpose, a.accepted ? 1 : 0, a.code, a.message.slice(0, 500), a.requestId, a.messageId, msg.now],
    );
    await db.run(`DELETE FROM sms_sends WHERE created_at < $1`, [msg.now - SMS_SENDS_KEEP_MS]);
  } catch (err) {
    log(`[sms:${provider}] could not record the gateway's answer: ${(err as Error).message}`, 'error');
  }
}
