/**
 * SMS provider interface. The development provider "sends" by writing the code
 * to the server log (phone masked) and to the `sms_outbox` table, which tests
 * and local demos read. A code never appears in an API answer.
 *
 * SMS_PROVIDER=dev (default outside production). In production there is no
 * real gateway in this reference server: createSmsProvider refuses to hand out
 * the dev provider unless SMS_PROVIDER=dev is set explicitly.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types';
import { maskPhone } from '../../../contract/rules/phone';

export interface SmsMessage {
  tel: string;
  purpose: string;
  code: string;
  body: string;
  now: number;
}

export interface SmsProvider {
  readonly name: string;
  send(db: Queryable, msg: SmsMessage): Promise<void>;
}

export type SmsLog = (line: string) => void;

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

/** A provider that refuses to send (production without a configured gateway). */
export function createDisabledSmsProvider(): SmsProvider {
  return {
    name: 'disabled',
    async send() {
      throw new Error('SMS provider not configured');
    },
  };
}

export function createSmsProvider(env: NodeJS.ProcessEnv = process.env, log?: SmsLog): SmsProvider {
  const wanted = env.SMS_PROVIDER ?? (env.NODE_ENV === 'production' ? 'disabled' : 'dev');
  if (wanted === 'dev') return createDevSmsProvider(log);
  return createDisabledSmsProvider();
}
