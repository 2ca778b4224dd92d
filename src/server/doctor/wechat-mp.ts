/**
 * The WeChat official account (公众号): AppID and AppSecret for OAuth login and the JS-SDK ticket, the
 * OAuth scope, and the base URLs tests point at local doubles (a production value other than WeChat's is said).
 */
import { findingsOf, httpsUrlProblem, val, type Env, type Finding, type SettingInfo } from './types';

const BASIC = '微信公众平台（mp.weixin.qq.com）→ 设置与开发 → 基本配置';
const INFO: Record<string, SettingInfo> = {
  WECHAT_APPID: { what: '公众号的开发者ID（AppID），以 wx 开头的 18 位', where: `${BASIC} → 公众号开发信息 → 开发者ID(AppID)` },
  WECHAT_SECRET: {
    what: '公众号的开发者密码（AppSecret），32 位；用于网页授权登录和 JS-SDK 签名',
    where: `${BASIC} → 开发者密码(AppSecret)（重置后旧值立即失效；并把本服务器的出口 IP 加入同页的“IP白名单”）`,
  },
  WECHAT_OAUTH_SCOPE: { what: '网页授权方式：snsapi_base（静默，默认）或 snsapi_userinfo（首次弹窗确认）', where: '一般不设；snsapi_userinfo 需认证服务号' },
  WECHAT_API_BASE_URL: { what: '微信接口地址，默认 https://api.weixin.qq.com（仅测试时改）', where: '正式环境请删除此项' },
  WECHAT_OAUTH_BASE_URL: { what: '微信网页授权页地址，默认 https://open.weixin.qq.com（仅测试时改）', where: '正式环境请删除此项' },
};

const DEFAULTS: Record<string, string> = { WECHAT_API_BASE_URL: 'https://api.weixin.qq.com', WECHAT_OAUTH_BASE_URL: 'https://open.weixin.qq.com' };

/** A base URL override: https, and said when it is not WeChat's own (a test double left in a production env). */
export function baseUrlFindings(env: Env, name: string, official: string, add: (s: string, p: 'malformed' | 'note', d: string) => void): void {
  const v = val(env, name).replace(/\/+$/, '');
  if (!v || v === official) return;
  const p = httpsUrlProblem(v);
  if (p) add(name, 'malformed', p);
  else add(name, 'note', `指向 ${v}，不是微信官方地址 ${official}；确认这是有意为之`);
}

export function wechatMpFindings(env: Env): Finding[] {
  const { out, add } = findingsOf('wechat-mp', INFO);
  const appid = val(env, 'WECHAT_APPID');
  if (!appid) add('WECHAT_APPID', 'missing', '未设置');
  else if (!/^wx[0-9a-f]{16}$/i.test(appid)) add('WECHAT_APPID', 'malformed', `“${appid}”不像 AppID（应为 wx 开头的 18 位字母数字）`);
  const secret = val(env, 'WECHAT_SECRET');
  if (!secret) add('WECHAT_SECRET', 'missing', '未设置');
  else if (!/^[0-9a-f]{32}$/i.test(secret)) add('WECHAT_SECRET', 'malformed', `长度 ${secret.length}，AppSecret 应为 32 位十六进制字符`);
  const scope = val(env, 'WECHAT_OAUTH_SCOPE');
  if (scope && scope !== 'snsapi_base' && scope !== 'snsapi_userinfo') add('WECHAT_OAUTH_SCOPE', 'malformed', `“${scope}”：只能是 snsapi_base 或 snsapi_userinfo`);
  for (const [name, official] of Object.entries(DEFAULTS)) baseUrlFindings(env, name, official, add);
  return out;
}
