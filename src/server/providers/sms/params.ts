/**
 * The SMS settings' pure parsing: SMS_TEMPLATE_PARAMS (how the code and its validity
 * fill the template's variables) and the gateway endpoints. No SDK, no judging:
 * the preflight (src/server/doctor/sms.ts) judges, the providers read.
 */

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
    if (!m) return { params: [], problem: `“${item}”不是 code、minutes 或 名称=code / 名称=minutes` };
    params.push({ name: m[1] ?? m[2], value: m[2] as TemplateValue });
  }
  if (params.filter((p) => p.value === 'code').length !== 1) return { params: [], problem: '验证码（code）必须正好出现一次' };
  if (params.filter((p) => p.value === 'minutes').length > 1) return { params: [], problem: '有效分钟数（minutes）最多出现一次' };
  if (new Set(params.map((p) => p.name)).size !== params.length) return { params: [], problem: '同一个模板变量名用了两次' };
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
