/**
 * The production preflight (src/server/doctor): an empty env names every required setting; demo values are
 * named as demo; a complete configuration with real key files (generated here) has no problem; a mismatched
 * certificate/key, a 31-byte APIv3 key, an http PUBLIC_URL, expired certificates and the obsolete v2 names
 * are each named.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRefusal, formatReport, preflight, preflightApplies, refusals, type Finding } from '../../src/server/doctor/index';
import { parseEnvFile } from '../../src/server/doctor/env-file';
import { smsFindings } from '../../src/server/doctor/sms';
import { makeCert, type TestCert } from './doctor-certs';

let dir = '';
let merchant: TestCert;
let platform: TestCert;
let complete: Record<string, string>;

const problems = (env: Record<string, string>) => refusals(preflight(env)).map((f) => `${f.setting}:${f.problem}`);
const find = (fs_: Finding[], setting: string) => fs_.filter((f) => f.setting === setting);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-'));
  merchant = makeCert({ serial: '3775B6A45ACD588826D15E583A95F5DD00000001', cn: '1900000001' });
  platform = makeCert({ serial: '5157F09EFDC096DE15EBE81A47057A7200000002' });
  fs.writeFileSync(path.join(dir, 'apiclient_key.pem'), merchant.privateKeyPem);
  fs.writeFileSync(path.join(dir, 'apiclient_cert.pem'), merchant.certPem);
  fs.mkdirSync(path.join(dir, 'platform'));
  fs.writeFileSync(path.join(dir, 'platform', 'wechatpay_5157.pem'), platform.certPem);
  fs.writeFileSync(path.join(dir, 'pub_key.pem'), platform.publicKeyPem);
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html>');
  complete = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://tj.example-hospital.cn',
    SESSION_SECRET: 'k'.repeat(40),
    TOKEN_CLIENT_SECRET: 'a-real-client-secret',
    TOKEN_CLIENT_PASSWORD: 'a-real-client-password',
    WECHAT_APPID: 'wx1234567890abcdef',
    WECHAT_SECRET: '0123456789abcdef0123456789abcdef',
    PAY_PROVIDER: 'wechat',
    WECHAT_MCH_ID: '1900000001',
    WECHAT_PAY_MCH_SERIAL: merchant.serial,
    WECHAT_PAY_PRIVATE_KEY_PATH: path.join(dir, 'apiclient_key.pem'),
    WECHAT_PAY_MCH_CERT_PATH: path.join(dir, 'apiclient_cert.pem'),
    WECHAT_PAY_APIV3_KEY: 'A'.repeat(32),
    WECHAT_PAY_PLATFORM_CERT_PATH: path.join(dir, 'platform'),
    SMS_PROVIDER: 'tencent',
    SMS_SIGN_NAME: '示例医院体检中心',
    SMS_TEMPLATE_ID: '1234567',
    TENCENT_SMS_SECRET_ID: 'AKIDexample',
    TENCENT_SMS_SECRET_KEY: 'secret-key-example',
    TENCENT_SMS_SDK_APP_ID: '1400123456',
    STUDIO_ADMIN_USER: 'it-admin',
    STUDIO_ADMIN_PASSWORD: 'a-long-studio-password',
    DATA_DIR: path.join(dir, 'data'),
    DIST_DIR: path.join(dir, 'dist'),
  };
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('production preflight', () => {
  it('an empty configuration names every required setting, each with what it is and where to find it', () => {
    const found = refusals(preflight({}));
    expect(found.map((f) => f.setting).sort()).toEqual(
      [
        'PUBLIC_URL', 'SESSION_SECRET', 'TOKEN_CLIENT_SECRET', 'TOKEN_CLIENT_PASSWORD', 'WECHAT_APPID', 'WECHAT_SECRET', 'PAY_PROVIDER', 'WECHAT_MCH_ID',
        'WECHAT_PAY_MCH_SERIAL', 'WECHAT_PAY_PRIVATE_KEY_PATH', 'WECHAT_PAY_APIV3_KEY', 'SMS_PROVIDER', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_ID',
      ].sort(),
    );
    for (const f of found) {
      expect(f.what, f.setting).toMatch(/\p{Script=Han}/u);
      expect(f.where, f.setting).not.toBe('');
    }
    expect(find(found, 'WECHAT_PAY_APIV3_KEY')[0].where).toContain('账户中心 → API安全 → 设置APIv3密钥');
    expect(find(found, 'WECHAT_APPID')[0].where).toContain('设置与开发 → 基本配置');
    // the platform certificates may be downloaded at run time: said, not refused
    expect(preflight({}).find((f) => f.setting.startsWith('WECHAT_PAY_PLATFORM_CERT_PATH'))?.problem).toBe('note');
  });

  it('demo values are named as demo', () => {
    const env = { ...complete, TOKEN_CLIENT_SECRET: 'demo-secret', TOKEN_CLIENT_PASSWORD: 'demo-password', PAY_PROVIDER: 'sandbox', SMS_PROVIDER: 'dev', CRYPTO_ENABLED: '1' };
    expect(problems(env).sort()).toEqual(['CRYPTO_KEY_SEED:demo', 'PAY_PROVIDER:demo', 'SMS_PROVIDER:demo', 'TOKEN_CLIENT_PASSWORD:demo', 'TOKEN_CLIENT_SECRET:demo']);
    expect(problems({ ...complete, CRYPTO_ENABLED: '1', CRYPTO_KEY_SEED: 'demo-crypto-seed' })).toEqual(['CRYPTO_KEY_SEED:demo']);
  });

  it('a complete configuration with real key files has no problem (platform certificate, or the WeChat Pay public key)', () => {
    expect(problems(complete)).toEqual([]);
    const withPublicKey = { ...complete, WECHAT_PAY_PLATFORM_CERT_PATH: '', WECHAT_PAY_PUBLIC_KEY_PATH: path.join(dir, 'pub_key.pem'), WECHAT_PAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000' };
    expect(problems(withPublicKey)).toEqual([]);
    expect(problems({ ...complete, SMS_PROVIDER: 'aliyun', SMS_TEMPLATE_ID: 'SMS_123456789', ALIYUN_SMS_ACCESS_KEY_ID: 'LTAIexample', ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret' })).toEqual([]);
    expect(formatReport(preflight(complete))).toMatch(/结果：全部通过/);
  });

  it('a certificate of another key, or of another serial, is a mismatch', () => {
    const other = makeCert({ serial: merchant.serial });
    fs.writeFileSync(path.join(dir, 'other_cert.pem'), other.certPem);
    expect(problems({ ...complete, WECHAT_PAY_MCH_CERT_PATH: path.join(dir, 'other_cert.pem') })).toEqual(['WECHAT_PAY_PRIVATE_KEY_PATH:mismatch']);
    expect(problems({ ...complete, WECHAT_PAY_MCH_SERIAL: '3775B6A45ACD588826D15E583A95F5DD00000009' })).toEqual(['WECHAT_PAY_MCH_SERIAL:mismatch']);
    // WeChat shows serials upper-case; a lower-case copy is the same serial
    expect(problems({ ...complete, WECHAT_PAY_MCH_SERIAL: merchant.serial.toLowerCase() })).toEqual([]);
  });

  it('a 31-byte APIv3 key, an http or IP PUBLIC_URL, unreadable or wrong key files are malformed', () => {
    const apiv3 = preflight({ ...complete, WECHAT_PAY_APIV3_KEY: 'A'.repeat(31) }).filter((f) => f.setting === 'WECHAT_PAY_APIV3_KEY');
    expect(apiv3.map((f) => [f.problem, f.detail])).toEqual([['malformed', expect.stringContaining('31 字节')]]);
    expect(problems({ ...complete, WECHAT_PAY_APIV3_KEY: '密'.repeat(11) })).toEqual(['WECHAT_PAY_APIV3_KEY:malformed']); // 33 bytes
    expect(problems({ ...complete, PUBLIC_URL: 'http://tj.example-hospital.cn' })).toEqual(['PUBLIC_URL:malformed']);
    expect(problems({ ...complete, PUBLIC_URL: 'https://10.0.0.8' })).toEqual(['PUBLIC_URL:malformed']);
    expect(problems({ ...complete, WECHAT_PAY_PRIVATE_KEY_PATH: path.join(dir, 'nope.pem') })).toEqual(['WECHAT_PAY_PRIVATE_KEY_PATH:malformed']);
    expect(problems({ ...complete, WECHAT_PAY_PRIVATE_KEY_PATH: path.join(dir, 'apiclient_cert.pem') })).toEqual(['WECHAT_PAY_PRIVATE_KEY_PATH:malformed']);
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    fs.writeFileSync(path.join(dir, 'ec_key.pem'), ec);
    expect(problems({ ...complete, WECHAT_PAY_PRIVATE_KEY_PATH: path.join(dir, 'ec_key.pem'), WECHAT_PAY_MCH_CERT_PATH: '' })).toEqual(['WECHAT_PAY_PRIVATE_KEY_PATH:malformed']);
    expect(problems({ ...complete, SESSION_SECRET: 'short' })).toEqual(['SESSION_SECRET:malformed']);
    expect(problems({ ...complete, WECHAT_APPID: 'appid' })).toEqual(['WECHAT_APPID:malformed']);
    expect(problems({ ...complete, DATABASE_URL: 'mysql://db/checkup' })).toEqual(['DATABASE_URL:malformed']);
    expect(problems({ ...complete, DATABASE_URL: 'postgres://checkup:pw@db.internal:5432/checkup' })).toEqual([]);
  });

  it('platform certificates: expired or not a certificate is malformed; a public key without its ID is missing', () => {
    const old = makeCert({ from: new Date('2020-01-01'), to: new Date('2021-01-01') });
    fs.writeFileSync(path.join(dir, 'old.pem'), old.certPem);
    const expired = preflight({ ...complete, WECHAT_PAY_PLATFORM_CERT_PATH: path.join(dir, 'old.pem') }).filter((f) => f.setting === 'WECHAT_PAY_PLATFORM_CERT_PATH');
    expect(expired.map((f) => [f.problem, f.detail])).toEqual([['malformed', expect.stringContaining('2021-01-01 过期')]]);
    expect(problems({ ...complete, WECHAT_PAY_PLATFORM_CERT_PATH: path.join(dir, 'pub_key.pem') })).toEqual(['WECHAT_PAY_PLATFORM_CERT_PATH:malformed']);
    expect(problems({ ...complete, WECHAT_PAY_PLATFORM_CERT_PATH: '', WECHAT_PAY_PUBLIC_KEY_PATH: path.join(dir, 'pub_key.pem') })).toEqual(['WECHAT_PAY_PUBLIC_KEY_ID:missing']);
    expect(problems({ ...complete, WECHAT_PAY_PLATFORM_CERT_PATH: '', WECHAT_PAY_PUBLIC_KEY_PATH: path.join(dir, 'apiclient_key.pem'), WECHAT_PAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_01' })).toEqual([
      'WECHAT_PAY_PUBLIC_KEY_PATH:malformed',
    ]);
    expect(problems({ ...complete, WECHAT_PAY_PLATFORM_CERT_PATH: '', WECHAT_PAY_PUBLIC_KEY_PATH: path.join(dir, 'pub_key.pem'), WECHAT_PAY_PUBLIC_KEY_ID: 'KEY1' })).toEqual([
      'WECHAT_PAY_PUBLIC_KEY_ID:malformed',
    ]);
  });

  it('SMS: the chosen gateway needs its keys; the obsolete APIv2 names are said, not refused', () => {
    expect(problems({ ...complete, TENCENT_SMS_SECRET_KEY: '', TENCENT_SMS_SDK_APP_ID: 'app' }).sort()).toEqual(['TENCENT_SMS_SDK_APP_ID:malformed', 'TENCENT_SMS_SECRET_KEY:missing']);
    expect(problems({ ...complete, SMS_PROVIDER: 'aliyun' }).sort()).toEqual(['ALIYUN_SMS_ACCESS_KEY_ID:missing', 'ALIYUN_SMS_ACCESS_KEY_SECRET:missing', 'SMS_TEMPLATE_ID:malformed']);
    const v2 = preflight({ ...complete, WECHAT_API_KEY: 'k', WECHAT_CERT_PATH: '/etc/apiclient_cert.p12' });
    expect(refusals(v2)).toEqual([]);
    expect(v2.filter((f) => f.problem === 'obsolete').map((f) => [f.setting, f.where])).toEqual([
      ['WECHAT_API_KEY', expect.stringContaining('WECHAT_PAY_APIV3_KEY')],
      ['WECHAT_CERT_PATH', expect.stringContaining('WECHAT_PAY_PRIVATE_KEY_PATH')],
    ]);
  });

  it('SMS: template params syntax, template id and region shapes, endpoints (http refused only in production)', () => {
    const one = (env: Record<string, string>) => problems({ ...complete, ...env });
    const detail = (env: Record<string, string>, setting: string) => find(preflight({ ...complete, ...env }), setting).map((f) => f.detail).join('\n');
    expect(one({ SMS_TEMPLATE_PARAMS: 'minutes' })).toEqual(['SMS_TEMPLATE_PARAMS:malformed']);
    expect(detail({ SMS_TEMPLATE_PARAMS: 'code,code' }, 'SMS_TEMPLATE_PARAMS')).toMatch(/正好出现一次/);
    expect(detail({ SMS_TEMPLATE_PARAMS: 'code,minutes,m=minutes' }, 'SMS_TEMPLATE_PARAMS')).toMatch(/最多出现一次/);
    expect(detail({ SMS_TEMPLATE_PARAMS: 'a=code,a=minutes' }, 'SMS_TEMPLATE_PARAMS')).toMatch(/用了两次/);
    expect(detail({ SMS_TEMPLATE_PARAMS: 'code,time' }, 'SMS_TEMPLATE_PARAMS')).toMatch(/“time”/);
    expect(one({ SMS_TEMPLATE_PARAMS: 'verify=code,min=minutes' })).toEqual([]);
    expect(one({ SMS_TEMPLATE_ID: 'SMS_1' })).toEqual(['SMS_TEMPLATE_ID:malformed']);
    expect(one({ TENCENT_SMS_REGION: 'guangzhou' })).toEqual(['TENCENT_SMS_REGION:malformed']);
    expect(one({ TENCENT_SMS_REGION: 'ap-shanghai' })).toEqual([]);
    expect(one({ TENCENT_SMS_SECRET_ID: '' })).toEqual(['TENCENT_SMS_SECRET_ID:missing']);
    expect(one({ TENCENT_SMS_ENDPOINT: 'https://x/y' })).toEqual(['TENCENT_SMS_ENDPOINT:malformed']);
    expect(detail({ TENCENT_SMS_ENDPOINT: 'https://x/y' }, 'TENCENT_SMS_ENDPOINT')).toMatch(/不是主机名/);
    expect(one({ TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:9100' })).toEqual(['TENCENT_SMS_ENDPOINT:malformed']);
    expect(detail({ TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:9100' }, 'TENCENT_SMS_ENDPOINT')).toMatch(/http:\/\/.*不加密/);
    expect(find(preflight({ ...complete, TENCENT_SMS_ENDPOINT: 'sms.example.cn' }), 'TENCENT_SMS_ENDPOINT').map((f) => f.problem)).toEqual(['note']);
    expect(find(preflight({ ...complete, TENCENT_SMS_ENDPOINT: 'sms.tencentcloudapi.com' }), 'TENCENT_SMS_ENDPOINT')).toEqual([]);
    // Outside production (the provider chooser's mode) a local http double is only noted.
    const local = smsFindings({ ...complete, TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:9100' }, { production: false });
    expect(local.filter((f) => f.setting === 'TENCENT_SMS_ENDPOINT').map((f) => f.problem)).toEqual(['note']);
    const aliyun = { SMS_PROVIDER: 'aliyun', SMS_TEMPLATE_ID: 'SMS_123456789', ALIYUN_SMS_ACCESS_KEY_ID: 'LTAIexample', ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret' };
    expect(one({ ...aliyun, ALIYUN_SMS_ACCESS_KEY_SECRET: '' })).toEqual(['ALIYUN_SMS_ACCESS_KEY_SECRET:missing']);
    expect(one({ ...aliyun, SMS_TEMPLATE_ID: '123' })).toEqual(['SMS_TEMPLATE_ID:malformed']);
    expect(one({ ...aliyun, ALIYUN_SMS_ENDPOINT: 'ftp://x' })).toEqual(['ALIYUN_SMS_ENDPOINT:malformed']);
    expect(one({ SMS_PROVIDER: 'twilio' })).toContain('SMS_PROVIDER:malformed');
  });

  it('studio admin pair and password rule; a production start only (ALLOW_DEMO=1 skips it)', () => {
    expect(problems({ ...complete, STUDIO_ADMIN_PASSWORD: '' })).toEqual(['STUDIO_ADMIN_PASSWORD:missing']);
    expect(problems({ ...complete, STUDIO_ADMIN_PASSWORD: 'short' })).toEqual(['STUDIO_ADMIN_PASSWORD:malformed']);
    expect(preflightApplies({ NODE_ENV: 'production' })).toBe(true);
    expect(preflightApplies({ NODE_ENV: 'production', ALLOW_DEMO: '1' })).toBe(false);
    expect(preflightApplies({})).toBe(false);
    const refusal = formatRefusal(preflight({}));
    for (const s of ['WECHAT_APPID', 'WECHAT_PAY_APIV3_KEY', 'SMS_PROVIDER', 'SESSION_SECRET', 'ALLOW_DEMO=1']) expect(refusal).toContain(s);
  });

  it('reads a dotenv-style file', () => {
    expect(parseEnvFile('# c\nexport A=1\nB="x y"\nC=\'z\' \nD=plain # note\nbad line\n')).toEqual({ A: '1', B: 'x y', C: 'z', D: 'plain' });
  });
});
