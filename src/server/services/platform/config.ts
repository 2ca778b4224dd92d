/**
 * Server configuration, from env (with defaults fit for the demo). Everything
 * the app gets in GET /config.json is derived here (startupConfig()).
 */
import type { StartupConfig } from '../../../contract/calls';
import { SMS_QUOTA_DEFAULTS, type SmsQuotaConfig } from '../reports/sms';
import { DEFAULT_CENTRE_TZ, isTimeZone } from '../../../contract/rules/centre-day';
import { STUDIO_PASSWORD_MAX, STUDIO_PASSWORD_MIN, studioPasswordProblem } from '../../../contract/rules/studio-admin';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../paths';
import { monitoringOf, type MonitoringConfig } from './monitoring-config';

export const DEMO_TOKEN_CLIENT = { client_id: 'checkup-app', client_secret: 'demo-secret', name: 'app', password: 'demo-password' };
export const DEMO_CRYPTO_SEED = 'demo-crypto-seed';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  nodeEnv: string;
  allowDemo: boolean;
  version: string;
  apiHost: string;
  /** Public origin of this server (for OAuth redirect_uri and pay notify_url); '' = derive from the request. */
  publicUrl: string;
  distDir: string;
  /** The server render bundle's folder (vite.ssr.config.ts; SSR_DIR): the first screen drawn into the page. */
  ssrDir: string;
  isUsePay: boolean;
  isAddClusItem: boolean;
  /** Payment window an unpaid order holds its place (ms). */
  holdMs: number;
  sweepIntervalMs: number;
  cancelStartDaysPerson: number;
  cancelStartDaysTeam: number;
  calendarStartDays: number;
  calendarEndDays: number;
  /** Max name length for personal orders (the group form's limit, 6, is in the spec). */
  tokenTtlSec: number;
  tokenClient: { client_id: string; client_secret: string; name: string; password: string };
  /**
   * HMAC key of the OAuth cookie (SESSION_SECRET, at least 32 characters). '' = none
   * configured: production refuses to start; elsewhere main.ts uses a random key kept
   * in DATA_DIR/session.key and buildServer() a per-process random one.
   */
  sessionSecret: string;
  crypto: { enabled: boolean; keySeed: string; substitution: string };
  payProvider: 'sandbox' | 'wechat';
  /**
   * The WeChat official account (公众号): OAuth login and the JS-SDK. Used when PAY_PROVIDER=wechat
   * (the sandbox answers OAuth at once). Base URLs are overridable so tests point them at local doubles.
   */
  wechat: {
    appid: string;
    secret: string;
    /** WECHAT_OAUTH_SCOPE: snsapi_base (silent, default) or snsapi_userinfo (asks the person once). */
    oauthScope: 'snsapi_base' | 'snsapi_userinfo';
    /** WECHAT_API_BASE_URL (default https://api.weixin.qq.com): sns/oauth2/access_token, cgi-bin/stable_token, cgi-bin/ticket/getticket. */
    apiBaseUrl: string;
    /** WECHAT_OAUTH_BASE_URL (default https://open.weixin.qq.com): the authorize page the browser is sent to. */
    oauthBaseUrl: string;
  };
  /** WeChat Pay API v3 (JSAPI), the merchant's settings. */
  wechatPay: {
    /** WECHAT_MCH_ID: 商户号. */
    mchId: string;
    /** WECHAT_PAY_MCH_SERIAL: the serial number of the merchant API certificate (商户API证书序列号). */
    mchSerial: string;
    /** WECHAT_PAY_PRIVATE_KEY_PATH: apiclient_key.pem, the merchant API private key. */
    privateKeyPath: string;
    /** WECHAT_PAY_APIV3_KEY: the 32-byte APIv3 key (decrypts notifies and certificates). */
    apiV3Key: string;
    /** WECHAT_PAY_PLATFORM_CERT_PATH: platform certificate(s) (平台证书), a PEM file or a folder of them; downloaded and refreshed when empty. */
    platformCertPath: string;
    /** WECHAT_PAY_PUBLIC_KEY_PATH + WECHAT_PAY_PUBLIC_KEY_ID (PUB_KEY_ID_…): the WeChat Pay public key (微信支付公钥), instead of platform certificates. */
    publicKeyPath: string;
    publicKeyId: string;
    /** WECHAT_PAY_BASE_URL (default https://api.mch.weixin.qq.com). */
    baseUrl: string;
    /** PAY_RECONCILE_MS (default 60000; 0 = off): how often unpaid orders with an open trade are asked about. */
    reconcileIntervalMs: number;
  };
  /** Extra origins toWeChatOauth may redirect back to (besides the request's own host and relative URLs). */
  oauthAllowedOrigins: string[];
  /** Seed demo data into an empty database at start: default outside production only; SEED_ON_START=1 asks explicitly. */
  seedOnStart: boolean;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false = none, the socket's
   * address is the client (default); else those proxy addresses / CIDRs (or proxy-addr's
   * names: loopback, uniquelocal). Never "any": a forged header would choose the address
   * every per-client limit is counted on.
   */
  trustProxy: false | string[];
  /** SMS quotas per client address, per device and the daily budget (SMS_IP_HOURLY, SMS_IP_DAILY, SMS_DEVICE_HOURLY, SMS_DEVICE_DAILY, SMS_DAILY_BUDGET). */
  smsQuota: SmsQuotaConfig;
  /** The centre's time zone (CENTRE_TZ, IANA name, default Asia/Shanghai): its calendar day rules every date rule. */
  centreTz: string;
  /**
   * The admin studio: the first admin (STUDIO_ADMIN_USER/STUDIO_ADMIN_PASSWORD, created at start; STUDIO_ADMIN_RESET=1
   * sets the password of an existing one), and how often each instance looks for a version published elsewhere
   * (STUDIO_POLL_MS, default 2000; 0 = never).
   */
  studio: { adminUser: string; adminPassword: string; adminReset: boolean; pollMs: number };
  /** /readyz, overload guard, /metrics, shutdown drain (monitoring-config.ts). Optional: configs built by hand get the defaults. */
  monitoring?: MonitoringConfig;
}

/** STUDIO_ADMIN_USER + STUDIO_ADMIN_PASSWORD: both or neither, a usable name, a password by the studio's one rule (contract/rules/studio-admin.ts). */
function studioOf(env: NodeJS.ProcessEnv): ServerConfig['studio'] {
  const adminUser = (env.STUDIO_ADMIN_USER ?? '').trim();
  const adminPassword = env.STUDIO_ADMIN_PASSWORD ?? '';
  if (!adminUser !== !adminPassword) throw new Error('STUDIO_ADMIN_USER and STUDIO_ADMIN_PASSWORD go together: set both (the first studio admin) or neither');
  if (adminUser && !/^[A-Za-z0-9_.@-]{1,64}$/.test(adminUser)) throw new Error(`STUDIO_ADMIN_USER=${adminUser}: use 1-64 letters, digits, _ . @ -`);
  if (adminPassword && studioPasswordProblem(adminPassword)) throw new Error(`STUDIO_ADMIN_PASSWORD must be at least ${STUDIO_PASSWORD_MIN} characters (and at most ${STUDIO_PASSWORD_MAX})`);
  return { adminUser, adminPassword, adminReset: bool(env.STUDIO_ADMIN_RESET, false), pollMs: Math.max(0, int(env.STUDIO_POLL_MS, 2000)) };
}

/** TRUST_PROXY: '' / 'false' → none; '127.0.0.1' or '10.0.0.0/8,loopback' → those proxies. */
export function parseTrustProxy(v: string | undefined): false | string[] {
  const s = (v ?? '').trim();
  if (!s || /^(false|no|off)$/i.test(s)) return false;
  // Fastify 5 trusts nothing for a hop count (it cannot check the peer), and "true" would trust anyone.
  if (/^(true|yes|on|\d+)$/i.test(s)) throw new Error(`TRUST_PROXY=${s}: name the reverse proxy's address (e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.0/8), not a hop count or "true"`);
  return s.split(',').map((x) => x.trim()).filter(Boolean);
}

function centreTzOf(v: string | undefined): string {
  const tz = (v ?? '').trim() || DEFAULT_CENTRE_TZ;
  if (!isTimeZone(tz)) throw new Error(`CENTRE_TZ=${tz} is not a time zone name (e.g. Asia/Shanghai)`);
  return tz;
}

const bool = (v: string | undefined, d: boolean) => (v === undefined || v === '' ? d : /^(1|true|yes|on)$/i.test(v));
const int = (v: string | undefined, d: number) => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? d : Number(v));

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base: ServerConfig = {
    port: int(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    nodeEnv: env.NODE_ENV || 'development',
    allowDemo: bool(env.ALLOW_DEMO, false),
    version: env.APP_VERSION || '',
    apiHost: env.API_HOST || '',
    publicUrl: (env.PUBLIC_URL || '').replace(/\/$/, ''),
    distDir: env.DIST_DIR || path.join(PACKAGE_ROOT, 'dist'),
    ssrDir: env.SSR_DIR || path.join(PACKAGE_ROOT, 'build/ssr'),
    isUsePay: bool(env.IS_USE_PAY, true),
    isAddClusItem: bool(env.IS_ADD_CLUS_ITEM, true),
    holdMs: int(env.PAY_HOLD_MS, 1_800_000),
    sweepIntervalMs: int(env.SWEEP_INTERVAL_MS, 60_000),
    cancelStartDaysPerson: int(env.CANCEL_START_DAYS_PERSON, 1),
    cancelStartDaysTeam: int(env.CANCEL_START_DAYS_TEAM, 1),
    calendarStartDays: int(env.CALENDAR_START_DAYS, 1),
    calendarEndDays: int(env.CALENDAR_END_DAYS, 60),
    tokenTtlSec: int(env.TOKEN_TTL_SEC, 7200),
    tokenClient: {
      client_id: env.TOKEN_CLIENT_ID || DEMO_TOKEN_CLIENT.client_id,
      client_secret: env.TOKEN_CLIENT_SECRET || DEMO_TOKEN_CLIENT.client_secret,
      name: env.TOKEN_CLIENT_NAME || DEMO_TOKEN_CLIENT.name,
      password: env.TOKEN_CLIENT_PASSWORD || DEMO_TOKEN_CLIENT.password,
    },
    sessionSecret: env.SESSION_SECRET || '',
    crypto: { enabled: bool(env.CRYPTO_ENABLED, false), keySeed: env.CRYPTO_KEY_SEED || DEMO_CRYPTO_SEED, substitution: env.CRYPTO_SUBSTITUTION || '' },
    payProvider: env.PAY_PROVIDER === 'wechat' ? 'wechat' : 'sandbox',
    wechat: {
      appid: env.WECHAT_APPID || '',
      secret: env.WECHAT_SECRET || '',
      oauthScope: env.WECHAT_OAUTH_SCOPE === 'snsapi_userinfo' ? 'snsapi_userinfo' : 'snsapi_base',
      apiBaseUrl: (env.WECHAT_API_BASE_URL || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
      oauthBaseUrl: (env.WECHAT_OAUTH_BASE_URL || 'https://open.weixin.qq.com').replace(/\/+$/, ''),
    },
    wechatPay: {
      mchId: env.WECHAT_MCH_ID || '',
      mchSerial: env.WECHAT_PAY_MCH_SERIAL || '',
      privateKeyPath: env.WECHAT_PAY_PRIVATE_KEY_PATH || '',
      apiV3Key: env.WECHAT_PAY_APIV3_KEY || '',
      platformCertPath: env.WECHAT_PAY_PLATFORM_CERT_PATH || '',
      publicKeyPath: env.WECHAT_PAY_PUBLIC_KEY_PATH || '',
      publicKeyId: env.WECHAT_PAY_PUBLIC_KEY_ID || '',
      baseUrl: (env.WECHAT_PAY_BASE_URL || 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
      reconcileIntervalMs: Math.max(0, int(env.PAY_RECONCILE_MS, 60_000)),
    },
    oauthAllowedOrigins: (env.OAUTH_ALLOWED_ORIGINS || '').split(',').map((s) => s.trim()).filter(Boolean),
    seedOnStart: bool(env.SEED_ON_START, (env.NODE_ENV || 'development') !== 'production'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    centreTz: centreTzOf(env.CENTRE_TZ),
    studio: studioOf(env),
    monitoring: monitoringOf(env),
    smsQuota: {
      ipHour: int(env.SMS_IP_HOURLY, SMS_QUOTA_DEFAULTS.ipHour),
      ipDay: int(env.SMS_IP_DAILY, SMS_QUOTA_DEFAULTS.ipDay),
      deviceHour: int(env.SMS_DEVICE_HOURLY, SMS_QUOTA_DEFAULTS.deviceHour),
      deviceDay: int(env.SMS_DEVICE_DAILY, SMS_QUOTA_DEFAULTS.deviceDay),
      dailyBudget: int(env.SMS_DAILY_BUDGET, SMS_QUOTA_DEFAULTS.dailyBudget),
    },
  };
  return { ...base, ...overrides };
}

/* The production start's checks (missing, demo, malformed settings) are the preflight's: src/server/doctor/. */

export function startupConfig(
  c: ServerConfig,
  branches: StartupConfig['branches'] = [],
  banners: string[] = [],
): StartupConfig {
  return {
    apiHost: c.apiHost,
    version: c.version,
    IsUsePay: c.isUsePay,
    IsAddClusItem: c.isAddClusItem,
    calendarStartDays: c.calendarStartDays,
    calendarEndDays: c.calendarEndDays,
    cancelStartDaysPerson: c.cancelStartDaysPerson,
    cancelStartDaysTeam: c.cancelStartDaysTeam,
    crypto: c.crypto.enabled ? { enabled: true, keySeed: c.crypto.keySeed, substitution: c.crypto.substitution } : { enabled: false },
    tokenClient: { ...c.tokenClient },
    payProvider: c.payProvider,
    branches,
    banners,
    centreTz: c.centreTz,
  };
}
