/**
 * Core settings and secrets: the mode, the public address WeChat calls back, the OAuth cookie key, the token
 * client and the ID-number encryption seed. The demo values come from config.ts, so "demo" means exactly what
 * the server would otherwise run with.
 */
import { DEMO_CRYPTO_SEED, DEMO_TOKEN_CLIENT, parseTrustProxy } from '../services/platform/config';
import { SESSION_SECRET_MIN } from '../services/platform/oauth-session';
import { isTimeZone } from '../../contract/rules/centre-day';
import { findingsOf, httpsUrlProblem, val, type Env, type Finding, type SettingInfo } from './types';

const RANDOM = '自行生成一串随机字符，例如在服务器上运行 openssl rand -hex 32';

const INFO: Record<string, SettingInfo> = {
  NODE_ENV: { what: '运行模式；生产环境必须为 production（否则会写入演示数据、放宽各项检查）', where: '在启动服务的环境变量或 systemd/容器配置中设置 NODE_ENV=production' },
  ALLOW_DEMO: { what: '演示开关：ALLOW_DEMO=1 时生产模式跳过本检查，仅供演示', where: '正式上线请删除此项' },
  PUBLIC_URL: {
    what: '本服务对外的 https 地址（不带末尾斜杠）；微信支付通知地址、网页授权回调都由它拼出',
    where: '医院为本服务申请的已备案域名，须与公众号“网页授权域名”、商户平台“JSAPI支付授权目录”一致，见 docs/deploy.md',
  },
  SESSION_SECRET: { what: `登录 Cookie 的签名密钥，至少 ${SESSION_SECRET_MIN} 个字符，多台服务器须相同`, where: RANDOM },
  TOKEN_CLIENT_SECRET: { what: '页面换取访问令牌所用的客户端密钥（随 /config.json 下发，不能沿用仓库里的演示值）', where: RANDOM },
  TOKEN_CLIENT_PASSWORD: { what: '页面换取访问令牌所用的客户端口令（随 /config.json 下发，不能沿用仓库里的演示值）', where: RANDOM },
  CRYPTO_KEY_SEED: { what: '开启 CRYPTO_ENABLED 后加密身份证号等字段的密钥种子，须与医院体检系统约定一致', where: '向医院体检系统（HIS/体检软件）厂商索取' },
  TRUST_PROXY: { what: '前置反向代理的地址，只信任它传来的 X-Forwarded-For', where: '填反向代理（Nginx 等）的 IP 或网段，例如 127.0.0.1 或 10.0.0.0/8' },
  CENTRE_TZ: { what: '体检中心所在时区（IANA 名称）', where: '一般为 Asia/Shanghai' },
};

/** Whole-number settings the server reads with a default: a typo would silently become the default. */
const NUMBERS = ['PORT', 'PAY_HOLD_MS', 'SWEEP_INTERVAL_MS', 'TOKEN_TTL_SEC', 'CALENDAR_START_DAYS', 'CALENDAR_END_DAYS', 'CANCEL_START_DAYS_PERSON', 'CANCEL_START_DAYS_TEAM'];

export function numberProblem(env: Env, name: string): string | null {
  const v = val(env, name);
  return v && !/^\d+$/.test(v) ? `“${v}”不是非负整数（不设则用默认值）` : null;
}

export function coreFindings(env: Env): Finding[] {
  const { out, add } = findingsOf('core', INFO);
  const nodeEnv = val(env, 'NODE_ENV');
  if (nodeEnv !== 'production') add('NODE_ENV', 'note', `当前为“${nodeEnv || '未设置（development）'}”；以下按生产环境检查，正式启动时请设 NODE_ENV=production`);
  if (/^(1|true|yes|on)$/i.test(val(env, 'ALLOW_DEMO'))) add('ALLOW_DEMO', 'note', '已设置：生产启动会跳过本检查，直接以演示配置运行');

  const publicUrl = val(env, 'PUBLIC_URL');
  if (!publicUrl) add('PUBLIC_URL', 'missing', '未设置');
  else {
    const p = httpsUrlProblem(publicUrl);
    if (p) add('PUBLIC_URL', 'malformed', p);
    else {
      const u = new URL(publicUrl);
      if (u.search || u.hash) add('PUBLIC_URL', 'malformed', '不能带 ? 参数或 # 片段（微信通知地址不允许带参数）');
      else if (/^(localhost|\d+\.\d+\.\d+\.\d+|\[.*\])$/.test(u.hostname)) add('PUBLIC_URL', 'malformed', `“${u.hostname}”不是域名：公众号网页授权域名和支付授权目录只接受已备案的域名`);
    }
  }

  const session = env.SESSION_SECRET ?? '';
  if (!session) add('SESSION_SECRET', 'missing', '未设置');
  else if (session.length < SESSION_SECRET_MIN) add('SESSION_SECRET', 'malformed', `只有 ${session.length} 个字符，至少需要 ${SESSION_SECRET_MIN} 个`);

  for (const [name, demo] of [
    ['TOKEN_CLIENT_SECRET', DEMO_TOKEN_CLIENT.client_secret],
    ['TOKEN_CLIENT_PASSWORD', DEMO_TOKEN_CLIENT.password],
  ] as const) {
    const v = env[name] ?? '';
    if (!v) add(name, 'demo', `未设置，将使用演示值“${demo}”`);
    else if (v === demo) add(name, 'demo', `仍是演示值“${demo}”`);
  }

  if (/^(1|true|yes|on)$/i.test(val(env, 'CRYPTO_ENABLED'))) {
    const seed = env.CRYPTO_KEY_SEED ?? '';
    if (!seed) add('CRYPTO_KEY_SEED', 'demo', `CRYPTO_ENABLED 已开启但未设置，将使用演示种子“${DEMO_CRYPTO_SEED}”`);
    else if (seed === DEMO_CRYPTO_SEED) add('CRYPTO_KEY_SEED', 'demo', `仍是演示种子“${DEMO_CRYPTO_SEED}”`);
  }

  try {
    parseTrustProxy(env.TRUST_PROXY);
  } catch {
    add('TRUST_PROXY', 'malformed', `“${val(env, 'TRUST_PROXY')}”：请写代理的地址或网段，不要写跳数或 true`);
  }
  const tz = val(env, 'CENTRE_TZ');
  if (tz && !isTimeZone(tz)) add('CENTRE_TZ', 'malformed', `“${tz}”不是时区名称（例如 Asia/Shanghai）`);
  for (const n of NUMBERS) {
    const p = numberProblem(env, n);
    if (p) out.push({ area: 'core', setting: n, problem: 'malformed', detail: p, what: '数值设置（含义见 docs/deploy.md 的环境变量表）', where: '' });
  }
  return out;
}
