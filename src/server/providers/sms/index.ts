/**
 * The SMS provider chooser. SMS_PROVIDER = tencent (Tencent Cloud SMS) |
 * aliyun (Aliyun 短信服务) | dev (the default outside production: the code goes
 * to the log and `sms_outbox`). Settings and their problems: settings.ts;
 * a refusal's kinds: refusals.ts; docs/decisions-server.md "SMS gateways".
 *
 * Production without a real gateway is refused (smsSettingsProblems, which the
 * preflight also lists); with ALLOW_DEMO=1 it runs as a demo that sends nothing.
 */
import { createAliyunSmsProvider } from './aliyun';
import { createDevSmsProvider, createDisabledSmsProvider } from './dev';
import { aliyunSettings, smsSettingsProblems, tencentSettings, wantedProvider } from './settings';
import { createTencentSmsProvider } from './tencent';
import type { SmsLog, SmsProvider } from './types';

export type { SmsLog, SmsLogLevel, SmsMessage, SmsProvider } from './types';
export { SmsRefused, type RefusalKind } from './refusals';
export { createDevSmsProvider, createDisabledSmsProvider } from './dev';
export { smsSettingsProblems } from './settings';
export { parseTemplateParams, DEFAULT_TEMPLATE_PARAMS } from './params';

/** The provider SMS_PROVIDER names; throws, naming each problem, when its settings are incomplete or wrong. */
export function createSmsProvider(env: NodeJS.ProcessEnv = process.env, log: SmsLog = (l) => console.info(l)): SmsProvider {
  const problems = smsSettingsProblems(env);
  if (problems.length) throw new Error(`SMS settings:\n - ${problems.join('\n - ')}`);
  const wanted = wantedProvider(env);
  if (wanted === 'tencent') return createTencentSmsProvider(tencentSettings(env), log);
  if (wanted === 'aliyun') return createAliyunSmsProvider(aliyunSettings(env), log);
  if (wanted === 'dev') return createDevSmsProvider(log);
  return createDisabledSmsProvider(log);
}
