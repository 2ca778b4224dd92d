/**
 * SMS gateway settings, read from the environment: which gateway (SMS_PROVIDER), the
 * sign name, the template and how the code and its validity map onto the template's
 * parameters (params.ts), and each gateway's keys and endpoint.
 */
import { smsFindings } from '../../doctor/sms';
import { refuses } from '../../doctor/types';
import {
  ALIYUN_DEFAULT_ENDPOINT,
  TENCENT_DEFAULT_ENDPOINT,
  TENCENT_DEFAULT_REGION,
  parseEndpoint,
  parseTemplateParams,
  type AliyunSettings,
  type CommonSettings,
  type TencentSettings,
} from './params';

type Env = NodeJS.ProcessEnv | Record<string, string | undefined>;
const val = (env: Env, k: string): string => (env[k] ?? '').trim();

/** The gateway asked for: SMS_PROVIDER, else dev outside production and none in production. */
export function wantedProvider(env: Env): string {
  return val(env, 'SMS_PROVIDER').toLowerCase() || (val(env, 'NODE_ENV') === 'production' ? '' : 'dev');
}

/**
 * Every problem with the SMS settings (empty = usable), one line each. The preflight's
 * SMS findings (src/server/doctor/sms.ts) are the one judge; this is the gate the provider
 * chooser applies at start: no gateway is fine outside production or with ALLOW_DEMO=1
 * (the demo sends nothing), a chosen gateway must be complete in any mode.
 */
export function smsSettingsProblems(env: Env = process.env): string[] {
  const wanted = wantedProvider(env);
  const production = val(env, 'NODE_ENV') === 'production';
  if ((wanted === '' || wanted === 'dev') && (!production || val(env, 'ALLOW_DEMO') === '1')) return [];
  const findings = smsFindings(env, { production }).filter(refuses);
  // Without a real gateway chosen, its keys and template are not yet the question: name the choice only.
  const asked = wanted === 'tencent' || wanted === 'aliyun' ? findings : findings.filter((f) => f.setting === 'SMS_PROVIDER');
  return asked.map((f) => `${f.setting}：${f.detail}（${f.what}${f.where ? `；${f.where}` : ''}）`);
}

function common(env: Env): CommonSettings {
  return { signName: val(env, 'SMS_SIGN_NAME'), templateId: val(env, 'SMS_TEMPLATE_ID'), params: parseTemplateParams(env.SMS_TEMPLATE_PARAMS).params };
}

/** Tencent settings; call after smsSettingsProblems found none. */
export function tencentSettings(env: Env): TencentSettings {
  return {
    ...common(env),
    secretId: val(env, 'TENCENT_SMS_SECRET_ID'),
    secretKey: val(env, 'TENCENT_SMS_SECRET_KEY'),
    sdkAppId: val(env, 'TENCENT_SMS_SDK_APP_ID'),
    region: val(env, 'TENCENT_SMS_REGION') || TENCENT_DEFAULT_REGION,
    endpoint: parseEndpoint(env.TENCENT_SMS_ENDPOINT, TENCENT_DEFAULT_ENDPOINT)!,
  };
}

/** Aliyun settings; call after smsSettingsProblems found none. */
export function aliyunSettings(env: Env): AliyunSettings {
  return {
    ...common(env),
    accessKeyId: val(env, 'ALIYUN_SMS_ACCESS_KEY_ID'),
    accessKeySecret: val(env, 'ALIYUN_SMS_ACCESS_KEY_SECRET'),
    endpoint: parseEndpoint(env.ALIYUN_SMS_ENDPOINT, ALIYUN_DEFAULT_ENDPOINT)!,
  };
}
