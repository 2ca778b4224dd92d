/**
 * The production preflight's vocabulary. A finding names one setting (its env name), what is wrong with it,
 * what it is and where the hospital's IT person finds the right value — in plain Chinese, because that person
 * reads it at the console of a server, not in our code. `missing`, `demo`, `malformed` and `mismatch` refuse
 * a production start; `obsolete` and `note` are said but do not.
 */
export type Env = Readonly<Record<string, string | undefined>>;

export type Area = 'core' | 'wechat-mp' | 'wechat-pay' | 'sms' | 'studio' | 'database';

export const AREA_TITLES: Record<Area, string> = {
  core: '基本设置与密钥',
  'wechat-mp': '微信公众号（登录与 JS-SDK）',
  'wechat-pay': '微信支付（API v3）',
  sms: '短信网关',
  studio: '管理后台',
  database: '数据库与目录',
};

export type Problem = 'missing' | 'demo' | 'malformed' | 'mismatch';
export type FindingKind = Problem | 'obsolete' | 'note';

export interface Finding {
  area: Area;
  /** The env name(s) concerned, e.g. WECHAT_PAY_APIV3_KEY or "TOKEN_CLIENT_SECRET/TOKEN_CLIENT_PASSWORD". */
  setting: string;
  problem: FindingKind;
  /** What is wrong (or what the note says), e.g. "长度为 31 字节，应为 32 字节". */
  detail: string;
  /** What the setting is, in plain words. */
  what: string;
  /** Where to find or make the value (console path), '' when nothing to look up. */
  where: string;
}

export const REFUSING: readonly FindingKind[] = ['missing', 'demo', 'malformed', 'mismatch'];
export const refuses = (f: Finding): boolean => REFUSING.includes(f.problem);

/** How the preflight runs: files are always read for real (that is the check); only the clock is given. */
export interface PreflightOptions {
  /** The time certificates are checked against (default now). */
  now?: number;
}

/** A setting's explanation, kept once per env name so every finding about it says the same. */
export interface SettingInfo {
  what: string;
  where: string;
}

/** Makes findings of one area from a table of setting explanations. */
export function findingsOf(area: Area, info: Record<string, SettingInfo>) {
  const out: Finding[] = [];
  const add = (setting: string, problem: FindingKind, detail: string) => {
    const i = info[setting] ?? info[setting.split('/')[0]] ?? { what: '', where: '' };
    out.push({ area, setting, problem, detail, what: i.what, where: i.where });
  };
  return { out, add };
}

/** The env value, trimmed; '' when unset. */
export const val = (env: Env, name: string): string => (env[name] ?? '').trim();

/** A URL that parses and is https (WeChat calls back only to https). */
export function httpsUrlProblem(v: string): string | null {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return `“${v}”不是一个网址（应形如 https://tj.example-hospital.cn）`;
  }
  if (u.protocol !== 'https:') return `“${v}”不是 https 地址：微信只回调 https 地址`;
  return null;
}
