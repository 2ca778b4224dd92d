/**
 * WeChat Pay API v3 (JSAPI): the merchant number, the merchant API key and certificate, the APIv3 key, and how
 * WeChat's answers are verified — platform certificate(s) or the WeChat Pay public key. Neither is a note, not a
 * problem: the client then downloads the platform certificates at run time (GET /v3/certificates, decrypted
 * with the APIv3 key), which merchants opened before the public key existed still have.
 */
import type { KeyObject } from 'node:crypto';
import { findingsOf, val, type Env, type Finding, type SettingInfo } from './types';
import { merchantCertMismatch, readPlatformCerts, readRsaPrivateKey, readRsaPublicKey } from './key-files';
import { baseUrlFindings } from './wechat-mp';
import { numberProblem } from './core';

const MCH = '微信支付商户平台（pay.weixin.qq.com）';
const API_SAFE = `${MCH} → 账户中心 → API安全`;
const INFO: Record<string, SettingInfo> = {
  PAY_PROVIDER: { what: '支付方式：生产环境必须为 wechat（sandbox 是演示用的模拟支付，微信登录也依赖它）', where: '设 PAY_PROVIDER=wechat' },
  WECHAT_MCH_ID: { what: '微信支付商户号（纯数字）', where: `${MCH} → 账户中心 → 商户信息 → 微信支付商户号（且须在 产品中心 → AppID账号管理 关联本公众号的 AppID）` },
  WECHAT_PAY_MCH_SERIAL: { what: '商户 API 证书的序列号（十六进制）', where: `${API_SAFE} → API证书 → 管理证书 → 证书序列号` },
  WECHAT_PAY_PRIVATE_KEY_PATH: { what: '商户 API 私钥文件 apiclient_key.pem 的路径，用来给每个请求签名', where: `${API_SAFE} → 申请API证书（证书工具生成，和 apiclient_cert.pem 一起保存；平台上不能再次下载）` },
  WECHAT_PAY_MCH_CERT_PATH: { what: '（可选）商户 API 证书文件 apiclient_cert.pem 的路径，仅用于本检查核对序列号和私钥', where: `${API_SAFE} → 申请API证书 时与私钥一同生成` },
  WECHAT_PAY_APIV3_KEY: { what: 'APIv3 密钥，32 个字符，用来解密支付/退款通知和平台证书', where: `${API_SAFE} → 设置APIv3密钥（自己设定的 32 位字母数字；平台不显示旧值，忘记只能重设）` },
  WECHAT_PAY_PLATFORM_CERT_PATH: { what: '微信支付平台证书（一个 .pem 文件或放证书的文件夹），用来验证微信的应答和通知', where: `用官方证书下载工具或 ${API_SAFE} 的平台证书说明下载；也可不设，服务运行时自动下载` },
  WECHAT_PAY_PUBLIC_KEY_PATH: { what: '微信支付公钥文件（pub_key.pem）的路径，代替平台证书验证微信的应答和通知', where: `${API_SAFE} → 微信支付公钥 → 申请/下载公钥` },
  WECHAT_PAY_PUBLIC_KEY_ID: { what: '微信支付公钥 ID，形如 PUB_KEY_ID_0112…', where: `${API_SAFE} → 微信支付公钥（公钥ID 显示在同一页）` },
  WECHAT_PAY_BASE_URL: { what: '微信支付接口地址，默认 https://api.mch.weixin.qq.com（仅测试时改）', where: '正式环境请删除此项' },
  PAY_RECONCILE_MS: { what: '向微信查询未付订单的间隔（毫秒，默认 60000；0 为关闭），通知丢失时靠它补回', where: '一般不设' },
  WECHAT_API_KEY: { what: '已废弃：微信支付 API v2 的密钥，本服务只用 API v3', where: `改设 WECHAT_PAY_APIV3_KEY（${API_SAFE} → 设置APIv3密钥），然后删除此项` },
  WECHAT_CERT_PATH: { what: '已废弃：API v2 退款用的 apiclient_cert.p12', where: '改设 WECHAT_PAY_PRIVATE_KEY_PATH（apiclient_key.pem）和 WECHAT_PAY_MCH_SERIAL，然后删除此项' },
};

function verifierFindings(env: Env, now: number, add: ReturnType<typeof findingsOf>['add']): void {
  const certPath = val(env, 'WECHAT_PAY_PLATFORM_CERT_PATH');
  const pubPath = val(env, 'WECHAT_PAY_PUBLIC_KEY_PATH');
  const pubId = val(env, 'WECHAT_PAY_PUBLIC_KEY_ID');
  if (certPath) {
    const c = readPlatformCerts(certPath, now);
    if (!c.ok) add('WECHAT_PAY_PLATFORM_CERT_PATH', 'malformed', c.reason);
  }
  if (pubPath || pubId) {
    if (!pubPath) add('WECHAT_PAY_PUBLIC_KEY_PATH', 'missing', '设置了 WECHAT_PAY_PUBLIC_KEY_ID，但未设置公钥文件');
    else {
      const k = readRsaPublicKey(pubPath);
      if (!k.ok) add('WECHAT_PAY_PUBLIC_KEY_PATH', 'malformed', k.reason);
    }
    if (!pubId) add('WECHAT_PAY_PUBLIC_KEY_ID', 'missing', '设置了公钥文件，但未设置公钥 ID');
    else if (!/^PUB_KEY_ID_[0-9A-Za-z]+$/.test(pubId)) add('WECHAT_PAY_PUBLIC_KEY_ID', 'malformed', `“${pubId}”不像公钥 ID（应形如 PUB_KEY_ID_0112…）`);
  }
  if (!certPath && !pubPath && !pubId)
    add(
      'WECHAT_PAY_PLATFORM_CERT_PATH/WECHAT_PAY_PUBLIC_KEY_PATH',
      'note',
      '都未设置：运行时将用 APIv3 密钥从微信下载平台证书。较新的商户号只有“微信支付公钥”、没有平台证书，这时请设 WECHAT_PAY_PUBLIC_KEY_PATH 和 WECHAT_PAY_PUBLIC_KEY_ID',
    );
}

export function wechatPayFindings(env: Env, now: number): Finding[] {
  const { out, add } = findingsOf('wechat-pay', INFO);
  const provider = val(env, 'PAY_PROVIDER');
  if (!provider) add('PAY_PROVIDER', 'demo', '未设置，将使用演示用的模拟支付（sandbox）');
  else if (provider === 'sandbox') add('PAY_PROVIDER', 'demo', '是演示用的模拟支付 sandbox');
  else if (provider !== 'wechat') add('PAY_PROVIDER', 'malformed', `“${provider}”：只能是 wechat（或演示用的 sandbox）`);

  const mch = val(env, 'WECHAT_MCH_ID');
  if (!mch) add('WECHAT_MCH_ID', 'missing', '未设置');
  else if (!/^\d{6,12}$/.test(mch)) add('WECHAT_MCH_ID', 'malformed', `“${mch}”不像商户号（应为纯数字，一般 10 位）`);

  const serial = val(env, 'WECHAT_PAY_MCH_SERIAL');
  if (!serial) add('WECHAT_PAY_MCH_SERIAL', 'missing', '未设置');
  else if (!/^[0-9A-Fa-f]{8,40}$/.test(serial)) add('WECHAT_PAY_MCH_SERIAL', 'malformed', `“${serial}”不像证书序列号（应为十六进制，一般 40 位）`);

  let key: KeyObject | null = null;
  const keyPath = val(env, 'WECHAT_PAY_PRIVATE_KEY_PATH');
  if (!keyPath) add('WECHAT_PAY_PRIVATE_KEY_PATH', 'missing', '未设置');
  else {
    const k = readRsaPrivateKey(keyPath);
    if (k.ok) key = k.value;
    else add('WECHAT_PAY_PRIVATE_KEY_PATH', 'malformed', k.reason);
  }

  const certPath = val(env, 'WECHAT_PAY_MCH_CERT_PATH');
  if (certPath) {
    const m = merchantCertMismatch(certPath, /^[0-9A-Fa-f]+$/.test(serial) ? serial : '', key, now);
    if (!m.ok) add('WECHAT_PAY_MCH_CERT_PATH', 'malformed', m.reason);
    else for (const { setting, reason } of m.value) add(setting, 'mismatch', reason);
  }

  const v3 = env.WECHAT_PAY_APIV3_KEY ?? '';
  if (!v3) add('WECHAT_PAY_APIV3_KEY', 'missing', '未设置');
  else if (Buffer.byteLength(v3, 'utf8') !== 32) add('WECHAT_PAY_APIV3_KEY', 'malformed', `长度为 ${Buffer.byteLength(v3, 'utf8')} 字节，应恰好为 32 字节（注意不要带空格或引号）`);

  verifierFindings(env, now, add);
  baseUrlFindings(env, 'WECHAT_PAY_BASE_URL', 'https://api.mch.weixin.qq.com', add);
  const reconcile = numberProblem(env, 'PAY_RECONCILE_MS');
  if (reconcile) add('PAY_RECONCILE_MS', 'malformed', reconcile);
  else if (val(env, 'PAY_RECONCILE_MS') === '0') add('PAY_RECONCILE_MS', 'note', '为 0：不向微信查询未付订单，支付通知丢失时订单会一直显示未付');

  if (val(env, 'WECHAT_API_KEY')) add('WECHAT_API_KEY', 'obsolete', '已不再使用（API v2），本服务不会读取它');
  if (val(env, 'WECHAT_CERT_PATH')) add('WECHAT_CERT_PATH', 'obsolete', '已不再使用（API v2），本服务不会读取它');
  return out;
}
