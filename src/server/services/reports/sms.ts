/**
 * SMS verification codes (after-booking spec §5, §9): 6 digits, valid 5
 * minutes, one send per 60 s per phone, a daily cap per phone, a limited number
 * of wrong attempts per code, hashed at rest. Every piece of state is a row, so
 * any number of server instances share the limits. Instants are epoch ms and
 * are passed in (`now`), so tests inject the clock.
 */
import { serverTexts } from '../../messages';
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/types';
import { SmsRefused, type RefusalKind, type SmsProvider } from '../../providers/sms';
import { purgeQuotas, QuotaExceeded, takeQuotas, type Quota } from '../platform/quotas';
import { centreDay, centreHour } from '../../../contract/rules/centre-day';
import { countSms } from '../platform/metrics';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_DAILY_CAP = 10;
export const SMS_MAX_ATTEMPTS = 5;

export const SMS_MSG = serverTexts('sms', {
  sent: '验证码发送成功，5分钟内有效。',
  tooSoon: '验证码发送过于频繁，请60秒后再试',
  dailyCap: '今日验证码发送次数已达上限，请明天再试',
  sendFailed: '验证码发送失败，请稍后再试',
  missing: '请先获取验证码',
  expired: '验证码已过期，请重新获取',
  wrong: '验证码错误',
  tooManyWrong: '验证码错误次数过多，请重新获取',
  /** A client address or device over its hourly quota. */
  clientHour: '请求过于频繁，请稍后再试',
  /** A client address or device over its daily quota. */
  clientDay: '今日获取验证码次数过多，请明天再试',
  /** The centre's daily SMS budget is spent. */
  budget: '今日短信发送量已达上限，请明天再试或致电体检中心',
  /** The SMS gateway's own per-phone daily limit. */
  gatewayDaily: '该手机号今日接收验证码次数已达上限，请明天再试',
  /** The SMS gateway's own per-phone minute/hour limit. */
  gatewayFrequent: '该手机号接收验证码过于频繁，请稍后再试',
  /** The SMS gateway will not send to this number. */
  badNumber: '该手机号码无法接收短信，请检查号码是否正确',
  /** The centre's SMS package or account is empty: nothing the examinee can do but call. */
  noBalance: '短信服务暂不可用，请稍后再试或致电体检中心',
} as const);

/** What the examinee reads for each kind of gateway refusal (read at refusal time: the centre may reword them). */
const REFUSAL_MSG: Record<RefusalKind, () => string> = {
  daily: () => SMS_MSG.gatewayDaily,
  frequent: () => SMS_MSG.gatewayFrequent,
  badNumber: () => SMS_MSG.badNumber,
  noBalance: () => SMS_MSG.noBalance,
  failed: () => SMS_MSG.sendFailed,
};

/**
 * Who may make the centre send SMS, and how much (env, docs/decisions-server.md):
 * besides the per-phone limits above, every client address and every device
 * (the openid the token is bound to, when there is one) has an hourly and a daily
 * quota, and the centre a daily budget whose 80 % mark raises an alarm in the log.
 */
export interface SmsQuotaConfig {
  ipHour: number;
  ipDay: number;
  deviceHour: number;
  deviceDay: number;
  dailyBudget: number;
}
export const SMS_QUOTA_DEFAULTS: SmsQuotaConfig = { ipHour: 10, ipDay: 30, deviceHour: 5, deviceDay: 10, dailyBudget: 2000 };
export const SMS_BUDGET_ALARM_SHARE = 0.8;

export interface SmsClient {
  /** The client's address as the server sees it (TRUST_PROXY decides whether a proxy's header counts). */
  ip: string;
  /** The openid the caller's token is bound to, or null (client token). */
  openid: string | null;
}

function smsQuotas(client: SmsClient, q: SmsQuotaConfig, now: number): Quota[] {
  const day = centreDay(now);
  const hour = centreHour(now);
  const dayEnd = now + 2 * 86_400_000;
  const hourEnd = now + 2 * 3600_000;
  const out: Quota[] = [
    { key: `sms:ip:${client.ip}`, bucket: hour, limit: q.ipHour, expiresAt: hourEnd, message: SMS_MSG.clientHour },
    { key: `sms:ip:${client.ip}`, bucket: day, limit: q.ipDay, expiresAt: dayEnd, message: SMS_MSG.clientDay },
  ];
  if (client.openid) {
    out.push(
      { key: `sms:device:${client.openid}`, bucket: hour, limit: q.deviceHour, expiresAt: hourEnd, message: SMS_MSG.clientHour },
      { key: `sms:device:${client.openid}`, bucket: day, limit: q.deviceDay, expiresAt: dayEnd, message: SMS_MSG.clientDay },
    );
  }
  // Last: a request refused by its own quotas does not spend the centre's budget.
  out.push({ key: 'sms:budget', bucket: day, limit: q.dailyBudget, expiresAt: dayEnd, message: SMS_MSG.budget });
  return out;
}

export class SmsError extends Error {}

/** The centre's calendar day of an instant. */
export const chinaDay = centreDay;

function hashCode(salt: string, tel: string, code: string): string {
  return createHash('sha256').update(`${salt}:${tel}:${code}`).digest('hex');
}

export interface SendOptions {
  now: number;
  provider: SmsProvider;
  purpose?: string;
  /** Who asks: counted against the client and device quotas (absent: only the phone's limits and the budget). */
  client?: SmsClient;
  quotas?: SmsQuotaConfig;
  /** Called once a day, by the one request that reaches 80 % of the budget (whichever instance it hits). */
  onBudgetAlarm?: (used: number, budget: number) => void;
}

/** Sends a fresh code; throws SmsError with the user-facing message when limited. */
export async function sendVerifyCode(db: Db, tel: string, opts: SendOptions): Promise<void> {
  const { now, provider } = opts;
  const purpose = opts.purpose ?? 'report';
  const day = chinaDay(now);
  const quotaCfg = opts.quotas ?? SMS_QUOTA_DEFAULTS;
  // Atomic rate limiting: create the phone's row if missing (as "never sent"), then, in one
  // transaction, the phone's conditional UPDATE and every quota: any refusal undoes them all.
  await db.run(
    `INSERT INTO sms_send_state (tel, last_sent_at, day, day_count) VALUES ($1, $2, $3, 0) ON CONFLICT (tel) DO NOTHING`,
    [tel, 0, day],
  );
  const budgetUsed = await db.transaction(async (tx) => {
    const changed = await tx.run(
      `UPDATE sms_send_state
          SET last_sent_at = $2,
              day_count = CASE WHEN day = $3 THEN day_count + 1 ELSE 1 END,
              day = $3
        WHERE tel = $1 AND last_sent_at <= $4 AND (day <> $3 OR day_count < $5)`,
      [tel, now, day, now - SMS_RESEND_MS, SMS_DAILY_CAP],
    );
    if (changed === 0) {
      const st = await tx.one<{ last_sent_at: number | string; day: string; day_count: number | string }>(
        `SELECT last_sent_at, day, day_count FROM sms_send_state WHERE tel = $1`,
        [tel],
      );
      if (st && st.day === day && Number(st.day_count) >= SMS_DAILY_CAP) throw new SmsError(SMS_MSG.dailyCap);
      throw new SmsError(SMS_MSG.tooSoon);
    }
    try {
      const taken = await takeQuotas(tx, smsQuotas(opts.client ?? { ip: '', openid: null }, quotaCfg, now).filter((q) => opts.client || q.key === 'sms:budget'));
      return taken[taken.length - 1].count;
    } catch (e) {
      if (e instanceof QuotaExceeded) throw new SmsError(e.quota.message);
      throw e;
    }
  });
  if (budgetUsed === Math.ceil(quotaCfg.dailyBudget * SMS_BUDGET_ALARM_SHARE)) opts.onBudgetAlarm?.(budgetUsed, quotaCfg.dailyBudget);
  await purgeQuotas(db, now).catch(() => undefined);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The gateway first, the code row after: a refused or failed send leaves no usable code (the
  // previous code stays the latest, as it was). The limits taken above stay spent: every attempt
  // reached the gateway, and counting attempts is what keeps a script from hammering it.
  try {
    await provider.send(db, {
      tel,
      purpose,
      code,
      minutes: SMS_CODE_TTL_MS / 60_000,
      now,
      body: `【体检中心】您的验证码为${code}，${SMS_CODE_TTL_MS / 60_000}分钟内有效，请勿泄露给他人。`,
    });
  } catch (e) {
    countSms(db, e instanceof SmsRefused ? e.kind : 'error');
    throw new SmsError(e instanceof SmsRefused ? REFUSAL_MSG[e.kind]() : SMS_MSG.sendFailed);
  }
  const salt = randomBytes(16).toString('hex');
  await db.run(
    `INSERT INTO sms_codes (id, tel, purpose, code_hash, salt, created_at, expires_at, attempts, used_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 0, NULL)`,
    [randomUUID(), tel, purpose, hashCode(salt, tel, code), salt, now, now + SMS_CODE_TTL_MS],
  );
  countSms(db, 'sent');
}

/**
 * Checks a code against the latest one sent to the phone. Every check counts as
 * an attempt (atomically, before comparing); a right code is consumed once.
 */
export async function checkVerifyCode(db: Db, tel: string, code: string, opts: { now: number; purpose?: string }): Promise<void> {
  const { now } = opts;
  const purpose = opts.purpose ?? 'report';
  const row = await db.one<{ id: string; code_hash: string; salt: string; expires_at: number | string; attempts: number | string; used_at: unknown }>(
    `SELECT id, code_hash, salt, expires_at, attempts, used_at FROM sms_codes
      WHERE tel = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [tel, purpose],
  );
  if (!row || row.used_at !== null) throw new SmsError(SMS_MSG.missing);
  if (Number(row.expires_at) <= now) throw new SmsError(SMS_MSG.expired);
  const counted = await db.run(
    `UPDATE sms_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 AND used_at IS NULL`,
    [row.id, SMS_MAX_ATTEMPTS],
  );
  if (counted === 0) throw new SmsError(SMS_MSG.tooManyWrong);
  const given = Buffer.from(hashCode(row.salt, tel, code), 'hex');
  const stored = Buffer.from(row.code_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    const left = SMS_MAX_ATTEMPTS - (Number(row.attempts) + 1);
    throw new SmsError(left > 0 ? SMS_MSG.wrong : SMS_MSG.tooManyWrong);
  }
  const consumed = await db.run(`UPDATE sms_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, [row.id, now]);
  if (consumed === 0) throw new SmsError(SMS_MSG.missing);
}
