/**
 * SMS gateway settings, read from the environment: which gateway (SMS_PROVIDER),
 * the sign name, the template and how the code and its validity map onto the
 * template's parameters, and each gateway's keys and endpoint.
 *
 * smsSettingsProblems(env) is the one judge of them: the production preflight
 * (`npm run doctor`) lists its answers, and createSmsProvider refuses to build a
 * provider from settings it finds wrong. Each problem says what the setting is
 * and where in the Tencent Cloud / Aliyun console it is found.
 */

export type SmsProviderName = 'dev' | 'tencent' | 'aliyun';
export const SMS_PROVIDERS: readonly SmsProviderName[] = ['dev', 'tencent', 'aliyun'];

/** What a template parameter carries: the 6-digit code or its validity in minutes. */
export type TemplateValue = 'code' | 'minutes';
export interface TemplateParam {
  /** The Aliyun template's variable name (`${name}`); Tencent's parameters are positional ({1}, {2}…). */
  name: string;
  value: TemplateValue;
}

/**
 * SMS_TEMPLATE_PARAMS: comma-separated items, each `value` or `name=value`, value
 * `code` or `minutes`. Tencent uses the order ({1}, {2}…; names are ignored);
 * Aliyun the names (a bare `code` is the variable `${code}`). Default `code,minutes`.
 *   Tencent 您的验证码为{1}，{2}分钟内有效  →  code,minutes
 *   Aliyun  您的验证码为${code}，${min}分钟内有效  →  code,min=minutes
 */
export const DEFAULT_TEMPLATE_PARAMS = 'code,minutes';

export function parseTemplateParams(text: string | undefined): { params: TemplateParam[]; problem?: string } {
  const raw = (text ?? '').trim() || DEFAULT_TEMPLATE_PARAMS;
  const params: TemplateParam[] = [];
  for (const item of raw.split(',').map((s) => s.trim())) {
    const m = /^(?:([A-Za-z_][A-Za-z0-9_]*)\s*=\s*)?(code|minutes)$/.exec(item);
    if (!m) return { params: [], problem: `"${item}" is not \`code\`, \`minutes\` or \`name=code\` / \`name=minutes\`` };
    params.push({ name: m[1] ?? m[2], value: m[2] as TemplateValue });
  }
  if (params.filter((p) => p.value === 'code').length !== 1) return { params: [], problem: 'it must carry the code exactly once' };
  if (params.filter((p) => p.value === 'minutes').length > 1) return { params: [], problem: 'it carries the minutes more than once' };
  if (new Set(params.map((p) => p.name)).size !== params.length) return { params: [], problem: 'a template variable name is used twice' };
  return { params };
}

/** The template's parameter values for one message. */
export function templateValues(params: TemplateParam[], code: string, minutes: number): Array<{ name: string; value: string }> {
  return params.map((p) => ({ name: p.name, value: p.value === 'code' ? code : String(minutes) }));
}

export interface Endpoint {
  /** host or host:port, as the SDKs take it. */
  host: string;
  protocol: 'https' | 'http';
}

/** `host[:port]` (https) or `https://host[:port]` / `http://host[:port]` (http: local test doubles only). */
export function parseEndpoint(text: string | undefined, fallback: string): Endpoint | null {
  const raw = (text ?? '').trim() || fallback;
  const m = /^(?:(https?):\/\/)?([A-Za-z0-9.-]+(?::\d{1,5})?)\/?$/.exec(raw);
  if (!m) return null;
  return { host: m[2], protocol: (m[1] as 'http' | 'https' | undefined) ?? 'https' };
}

export interface CommonSettings {
  signName: string;
  templateId: string;
  params: TemplateParam[];
}
export interface TencentSettings extends CommonSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  region: string;
  endpoint: Endpoint;
}
export interface AliyunSettings extends CommonSettings {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint: Endpoint;
}

export const TENCENT_DEFAULT_ENDPOINT = 'sms.tencentcloudapi.com';
export const TENCENT_DEFAULT_REGION = 'ap-guangzhou';
export const ALIYUN_DEFAULT_ENDPOINT = 'dysmsapi.aliyuncs.com';

type Env = NodeJS.ProcessEnv | Record<string, string | undefined>;
const val = (env: Env, k: string): string => (env[k] ?? '').trim();

/** The gateway asked for: SMS_PROVIDER, else dev outside production and none in production. */
export function wantedProvider(env: Env): string {
  return val(env, 'SMS_PROVIDER').toLowerCase() || (val(env, 'NODE_ENV') === 'production' ? '' : 'dev');
}

const SIGN = 'SMS_SIGN_NAME (短信签名, the approved sign name shown as 【…】 before the text';
function commonProblems(env: Env, gw: 'tencent' | 'aliyun'): string[] {
  const p: string[] = [];
  const tencent = gw === 'tencent';
  if (!val(env, 'SMS_SIGN_NAME'))
    p.push(`${SIGN}; ${tencent ? 'Tencent Cloud console → 短信 → 国内短信 → 签名管理, the 签名内容 of an approved sign' : 'Aliyun console → 短信服务 → 国内消息 → 签名管理, the 签名名称 of an approved sign'}) is not set`);
  const tpl = val(env, 'SMS_TEMPLATE_ID');
  if (!tpl)
    p.push(
      tencent
        ? 'SMS_TEMPLATE_ID (the verification-code template\'s 模板ID, digits; Tencent Cloud console → 短信 → 国内短信 → 正文模板管理, an approved template such as 您的验证码为{1}，{2}分钟内有效) is not set'
        : 'SMS_TEMPLATE_ID (the verification-code template\'s 模板CODE, like SMS_123456789; Aliyun console → 短信服务 → 国内消息 → 模板管理, an approved 验证码 template such as 您的验证码为${code}，${minutes}分钟内有效) is not set',
    );
  else if (tencent && !/^\d+$/.test(tpl)) p.push(`SMS_TEMPLATE_ID="${tpl}" is not a Tencent Cloud 模板ID (digits only, from 正文模板管理)`);
  else if (!tencent && !/^SMS_\d+$/.test(tpl)) p.push(`SMS_TEMPLATE_ID="${tpl}" is not an Aliyun 模板CODE (SMS_ followed by digits, from 模板管理)`);
  const parsed = parseTemplateParams(env.SMS_TEMPLATE_PARAMS);
  if (parsed.problem)
    p.push(
      `SMS_TEMPLATE_PARAMS (how the code and its validity in minutes fill the template's variables: ${
        tencent ? 'in the order of {1}, {2}…, e.g. code,minutes' : 'by variable name, e.g. code,minutes or code,min=minutes for ${code} and ${min}'
      }) is malformed: ${parsed.problem}`,
    );
  return p;
}

function endpointProblem(env: Env, key: string, fallback: string): string[] {
  const e = parseEndpoint(env[key], fallback);
  if (!e) return [`${key}="${val(env, key)}" is not a host name (like ${fallback}, optionally with :port)`];
  if (e.protocol === 'http' && val(env, 'NODE_ENV') === 'production')
    return [`${key} uses http://: the verification code would cross the network unencrypted (leave it unset for ${fallback})`];
  return [];
}

/** Every problem with the SMS settings (empty = complete). */
export function smsSettingsProblems(env: Env = process.env): string[] {
  const wanted = wantedProvider(env);
  const production = val(env, 'NODE_ENV') === 'production';
  if (wanted && !(SMS_PROVIDERS as readonly string[]).includes(wanted))
    return [`SMS_PROVIDER="${val(env, 'SMS_PROVIDER')}" is not one of tencent (腾讯云短信), aliyun (阿里云短信服务) or dev`];
  if (wanted === '' || wanted === 'dev') {
    // ALLOW_DEMO=1 runs the demo on purpose, as for the other demo settings (productionProblems).
    if (!production || val(env, 'ALLOW_DEMO') === '1') return [];
    return [
      `SMS_PROVIDER ${wanted === 'dev' ? 'is dev (codes only written to the log)' : 'is not set'}: in production the report login's verification codes must go through a real SMS gateway — set SMS_PROVIDER=tencent (腾讯云短信) or SMS_PROVIDER=aliyun (阿里云短信服务) and that gateway's settings`,
    ];
  }
  const p: string[] = [];
  if (wanted === 'tencent') {
    if (!val(env, 'TENCENT_SMS_SECRET_ID') || !val(env, 'TENCENT_SMS_SECRET_KEY'))
      p.push('TENCENT_SMS_SECRET_ID and TENCENT_SMS_SECRET_KEY (a Tencent Cloud API key, SecretId and SecretKey; console → 访问管理 CAM → 访问密钥 → API密钥管理, preferably of a sub-user allowed only QcloudSMSFullAccess) are not both set');
    const app = val(env, 'TENCENT_SMS_SDK_APP_ID');
    if (!app) p.push('TENCENT_SMS_SDK_APP_ID (the SMS application\'s SDKAppID, like 1400006666; Tencent Cloud console → 短信 → 应用管理 → 应用列表) is not set');
    else if (!/^\d+$/.test(app)) p.push(`TENCENT_SMS_SDK_APP_ID="${app}" is not an SDKAppID (digits, like 1400006666, from 应用管理 → 应用列表)`);
    const region = val(env, 'TENCENT_SMS_REGION');
    if (region && !/^[a-z]+(-[a-z]+)+$/.test(region)) p.push(`TENCENT_SMS_REGION="${region}" is not a region name (like ap-guangzhou, the default)`);
    p.push(...commonProblems(env, 'tencent'), ...endpointProblem(env, 'TENCENT_SMS_ENDPOINT', TENCENT_DEFAULT_ENDPOINT));
  } else {
    if (!val(env, 'ALIYUN_SMS_ACCESS_KEY_ID') || !val(env, 'ALIYUN_SMS_ACCESS_KEY_SECRET'))
      p.push('ALIYUN_SMS_ACCESS_KEY_ID and ALIYUN_SMS_ACCESS_KEY_SECRET (an Aliyun AccessKey pair; console → 头像 → AccessKey 管理, preferably of a RAM user allowed only AliyunDysmsFullAccess) are not both set');
    p.push(...commonProblems(env, 'aliyun'), ...endpointProblem(env, 'ALIYUN_SMS_ENDPOINT', ALIYUN_DEFAULT_ENDPOINT));
  }
  return p;
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
