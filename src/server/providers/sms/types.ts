/** The SMS provider interface (src/server/providers/sms): what a gateway is given and how it reports. */
import type { Queryable } from '../../db/types';

export interface SmsMessage {
  tel: string;
  purpose: string;
  code: string;
  /** How long the code is valid, for the template's minutes parameter. */
  minutes: number;
  /** The whole text, for the dev provider's outbox (a real gateway fills its registered template instead). */
  body: string;
  now: number;
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves once the gateway accepted the message; a refusal throws SmsRefused (refusals.ts). */
  send(db: Queryable, msg: SmsMessage): Promise<void>;
}

export type SmsLogLevel = 'info' | 'warn' | 'error';
export type SmsLog = (line: string, level?: SmsLogLevel) => void;
