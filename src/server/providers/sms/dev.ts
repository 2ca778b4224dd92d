/**
 * The development provider "sends" by writing the code to the server log (phone
 * masked) and to the `sms_outbox` table, which tests and local demos read. A
 * code never appears in an API answer. The disabled provider refuses every send.
 */
import { randomUUID } from 'node:crypto';
import { maskPhone } from '../../../contract/rules/phone';
import { SmsRefused } from './refusals';
import type { SmsLog, SmsProvider } from './types';

export function createDevSmsProvider(log: SmsLog = (l) => console.info(l)): SmsProvider {
  return {
    name: 'dev',
    async send(db, msg) {
      await db.run(
        `INSERT INTO sms_outbox (id, tel, purpose, code, body, provider, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [randomUUID(), msg.tel, msg.purpose, msg.code, msg.body, 'dev', msg.now],
      );
      log(`[sms:dev] to ${maskPhone(msg.tel)} purpose=${msg.purpose} code=${msg.code}`);
    },
  };
}

/** A provider that refuses to send (production run as a demo, ALLOW_DEMO=1, without a gateway). */
export function createDisabledSmsProvider(log: SmsLog = (l) => console.warn(l)): SmsProvider {
  return {
    name: 'disabled',
    async send(_db, msg) {
      log(`[sms:disabled] not sent to ${maskPhone(msg.tel)}: no SMS gateway configured (SMS_PROVIDER)`, 'warn');
      throw new SmsRefused('failed', 'NOT_CONFIGURED', 'no SMS gateway configured');
    },
  };
}
