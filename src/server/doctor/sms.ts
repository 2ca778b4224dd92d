/**
 * The SMS gateway that sends report-query codes: SMS_PROVIDER=tencent|aliyun in production (dev only writes the
 * code to the log, so no examinee could read a report), the sign name and template registered with the gateway,
 * and that gateway's keys. Written apart from providers/sms so the preflight does not depend on the SDKs.
 */
import { findingsOf, val, type Env, type Finding, type SettingInfo } from './types';
import { ALIYUN_DEFAULT_ENDPOINT, TENCENT_DEFAULT_ENDPOINT, parseEndpoint, parseTemplateParams } from '../providers/sms/params';

const TC = '腾讯云控制台 → 短信';
const AL = '阿里云控制台 → 短信服务 → 国内消息';
const INFO: Record<string, SettingInfo> = {
  SMS_PROVIDER: { what: '短信网关：tencent（腾讯云短信）或 aliyun（阿里云短信服务）；dev 只把验证码写进日志', where: '按医院已开通的短信服务选择' },
  SMS_SIGN_NAME: { what: '短信签名（审核通过的签名内容，如“某某医院体检中心”）', where: `腾讯云：${TC} → 国内短信 → 签名管理；阿里云：${AL} → 签名管理` },
  SMS_TEMPLATE_ID: { what: '验证码短信的模板：腾讯云为数字模板 ID，阿里云为模板 CODE（SMS_ 开头）', where: `腾讯云：${TC} → 国内短信 → 正文模板管理；阿里云：${AL} → 模板管理（模板内容见 docs/deploy.md）` },
  SMS_TEMPLATE_PARAMS: { what: '模板变量的顺序/名称（默认 code,minutes：验证码、有效分钟数）', where: '与登记的模板变量一致时不用设置，见 docs/deploy.md' },
  TENCENT_SMS_SECRET_ID: { what: '腾讯云 API 密钥的 SecretId', where: '腾讯云控制台 → 访问管理 → 访问密钥 → API密钥管理（建议用只授权 QcloudSMSFullAccess 的子用户）' },
  TENCENT_SMS_SECRET_KEY: { what: '腾讯云 API 密钥的 SecretKey', where: '腾讯云控制台 → 访问管理 → 访问密钥 → API密钥管理（与 SecretId 同时生成）' },
  TENCENT_SMS_SDK_APP_ID: { what: '腾讯云短信应用的 SdkAppId（1400 开头的数字）', where: `${TC} → 应用管理 → 应用列表 → SDKAppID` },
  TENCENT_SMS_REGION: { what: '腾讯云短信的地域，默认 ap-guangzhou', where: '一般不设' },
  TENCENT_SMS_ENDPOINT: { what: '腾讯云短信接口域名，默认 sms.tencentcloudapi.com（仅测试时改）', where: '正式环境请删除此项' },
  ALIYUN_SMS_ACCESS_KEY_ID: { what: '阿里云 AccessKey ID', where: '阿里云控制台 → RAM 访问控制 → 用户 → 创建 AccessKey（建议只授权 AliyunDysmsFullAccess 的 RAM 用户）' },
  ALIYUN_SMS_ACCESS_KEY_SECRET: { what: '阿里云 AccessKey Secret', where: '阿里云控制台 → RAM 访问控制 → 用户 → 创建 AccessKey（只在创建时显示一次）' },
  ALIYUN_SMS_ENDPOINT: { what: '阿里云短信接口域名，默认 dysmsapi.aliyuncs.com（仅测试时改）', where: '正式环境请删除此项' },
};

const TENCENT_KEYS = ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID'];
const ALIYUN_KEYS = ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET'];

/**
 * The one judge of the SMS settings. The preflight asks as production (the default); the provider
 * chooser (providers/sms/settings.ts) asks in the server's own mode, where a local http:// endpoint is fine.
 */
export function smsFindings(env: Env, opts: { production?: boolean } = {}): Finding[] {
  const production = opts.production ?? true;
  const { out, add } = findingsOf('sms', INFO);
  const provider = val(env, 'SMS_PROVIDER').toLowerCase();
  const choose = `；选 tencent 还需 ${TENCENT_KEYS.join('、')}，选 aliyun 还需 ${ALIYUN_KEYS.join('、')}`;
  if (!provider) add('SMS_PROVIDER', 'missing', `未设置：生产环境不会发出任何短信，受检者收不到验证码、无法查看报告${choose}`);
  else if (provider === 'dev') add('SMS_PROVIDER', 'demo', `是开发用的 dev（验证码只写进日志，不发短信）${choose}`);
  else if (provider !== 'tencent' && provider !== 'aliyun') add('SMS_PROVIDER', 'malformed', `“${provider}”：只能是 tencent 或 aliyun${choose}`);

  if (!val(env, 'SMS_SIGN_NAME')) add('SMS_SIGN_NAME', 'missing', '未设置');
  const template = val(env, 'SMS_TEMPLATE_ID');
  if (!template) add('SMS_TEMPLATE_ID', 'missing', '未设置');
  else if (provider === 'tencent' && !/^\d+$/.test(template)) add('SMS_TEMPLATE_ID', 'malformed', `“${template}”：腾讯云的模板 ID 是纯数字`);
  else if (provider === 'aliyun' && !/^SMS_\d+$/.test(template)) add('SMS_TEMPLATE_ID', 'malformed', `“${template}”：阿里云的模板 CODE 形如 SMS_123456789`);
  const params = val(env, 'SMS_TEMPLATE_PARAMS');
  const parsed = parseTemplateParams(params);
  if (parsed.problem) add('SMS_TEMPLATE_PARAMS', 'malformed', `“${params}”：${parsed.problem}（写法如 code,minutes 或 code,min=minutes）`);

  const ownKeys = provider === 'tencent' ? TENCENT_KEYS : provider === 'aliyun' ? ALIYUN_KEYS : [];
  for (const k of ownKeys) if (!val(env, k)) add(k, 'missing', '未设置');
  const appId = val(env, 'TENCENT_SMS_SDK_APP_ID');
  if (provider === 'tencent' && appId && !/^\d+$/.test(appId)) add('TENCENT_SMS_SDK_APP_ID', 'malformed', `“${appId}”：SdkAppId 是纯数字（如 1400123456）`);
  const region = val(env, 'TENCENT_SMS_REGION');
  if (provider === 'tencent' && region && !/^[a-z]+(-[a-z]+)+$/.test(region)) add('TENCENT_SMS_REGION', 'malformed', `“${region}”不是地域名（如 ap-guangzhou）`);
  for (const [k, official] of [['TENCENT_SMS_ENDPOINT', TENCENT_DEFAULT_ENDPOINT], ['ALIYUN_SMS_ENDPOINT', ALIYUN_DEFAULT_ENDPOINT]] as const) {
    if (!val(env, k) || !k.startsWith(provider.toUpperCase())) continue;
    const e = parseEndpoint(val(env, k), official);
    if (!e) add(k, 'malformed', `“${val(env, k)}”不是主机名（应形如 ${official}，可带 :端口）`);
    else if (e.protocol === 'http' && production) add(k, 'malformed', `用的是 http://：验证码会不加密地经过网络（不设即用官方的 ${official}）`);
    else if (e.host !== official) add(k, 'note', `指向 ${val(env, k)}，不是官方地址；确认这是有意为之`);
  }
  return out;
}
