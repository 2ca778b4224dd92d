/**
 * SMS gateway settings: createSmsProvider picks the gateway SMS_PROVIDER names,
 * production without a real gateway is refused, smsSettingsProblems names each
 * missing or malformed setting (and nothing for a complete one), the template
 * parameter syntax, and the gateways' codes sorted into what the examinee reads.
 */
import { describe, expect, it } from 'vitest';
import { createSmsProvider, parseTemplateParams, smsSettingsProblems } from '../../src/server/providers/sms';
import { parseEndpoint } from '../../src/server/providers/sms/params';
import { aliyunRefusal, tencentRefusal } from '../../src/server/providers/sms/refusals';
import { tencentPhone } from '../../src/server/providers/sms/tencent';

const quiet = () => {};
const TENCENT = {
  SMS_PROVIDER: 'tencent',
  SMS_SIGN_NAME: '健康体检中心',
  SMS_TEMPLATE_ID: '1234567',
  TENCENT_SMS_SECRET_ID: 'AKIDxxxx',
  TENCENT_SMS_SECRET_KEY: 'secret',
  TENCENT_SMS_SDK_APP_ID: '1400123456',
};
const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  SMS_SIGN_NAME: '健康体检中心',
  SMS_TEMPLATE_ID: 'SMS_123456789',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAIxxxx',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
};

describe('createSmsProvider picks by SMS_PROVIDER', () => {
  it('dev by default outside production; tencent and aliyun when named', () => {
    expect(createSmsProvider({}, quiet).name).toBe('dev');
    expect(createSmsProvider({ NODE_ENV: 'development', SMS_PROVIDER: 'dev' }, quiet).name).toBe('dev');
    expect(createSmsProvider(TENCENT, quiet).name).toBe('tencent');
    expect(createSmsProvider(ALIYUN, quiet).name).toBe('aliyun');
    expect(createSmsProvider({ ...ALIYUN, NODE_ENV: 'production' }, quiet).name).toBe('aliyun');
  });

  it('production with SMS_PROVIDER=dev or unset is refused, naming the setting', () => {
    expect(() => createSmsProvider({ NODE_ENV: 'production' }, quiet)).toThrow(/SMS_PROVIDER：未设置/);
    expect(() => createSmsProvider({ NODE_ENV: 'production', SMS_PROVIDER: 'dev' }, quiet)).toThrow(/SMS_PROVIDER：是开发用的 dev/);
    expect(smsSettingsProblems({ NODE_ENV: 'production' })).toEqual([expect.stringMatching(/^SMS_PROVIDER：未设置/)]);
    expect(smsSettingsProblems({ NODE_ENV: 'production', SMS_PROVIDER: 'dev' })[0]).toMatch(/SMS_PROVIDER：.*选 tencent .*选 aliyun/);
  });

  it('a demo run in production (ALLOW_DEMO=1) gets the provider that sends nothing', () => {
    expect(smsSettingsProblems({ NODE_ENV: 'production', ALLOW_DEMO: '1' })).toEqual([]);
    expect(createSmsProvider({ NODE_ENV: 'production', ALLOW_DEMO: '1' }, quiet).name).toBe('disabled');
  });

  it('an unknown gateway or an incomplete one is refused', () => {
    expect(() => createSmsProvider({ SMS_PROVIDER: 'twilio' }, quiet)).toThrow(/SMS_PROVIDER：“twilio”：只能是 tencent 或 aliyun/);
    expect(() => createSmsProvider({ ...TENCENT, TENCENT_SMS_SECRET_KEY: '' }, quiet)).toThrow(/TENCENT_SMS_SECRET_KEY：未设置.*API密钥管理/);
  });
});

describe('smsSettingsProblems', () => {
  it('returns nothing for a complete configuration of either gateway, in production too', () => {
    expect(smsSettingsProblems({ ...TENCENT, NODE_ENV: 'production' })).toEqual([]);
    expect(smsSettingsProblems({ ...ALIYUN, NODE_ENV: 'production', SMS_TEMPLATE_PARAMS: 'code,min=minutes' })).toEqual([]);
    expect(smsSettingsProblems({})).toEqual([]);
  });

  it('names each missing Tencent setting with where the console has it', () => {
    const p = smsSettingsProblems({ SMS_PROVIDER: 'tencent', NODE_ENV: 'production' });
    expect(p).toHaveLength(5);
    expect(p.join('\n')).toMatch(/TENCENT_SMS_SECRET_ID：未设置.*API密钥管理/);
    expect(p.join('\n')).toMatch(/TENCENT_SMS_SECRET_KEY：未设置.*API密钥管理/);
    expect(p.join('\n')).toMatch(/TENCENT_SMS_SDK_APP_ID：未设置.*应用管理/);
    expect(p.join('\n')).toMatch(/SMS_SIGN_NAME：未设置.*签名管理/);
    expect(p.join('\n')).toMatch(/SMS_TEMPLATE_ID：未设置.*正文模板管理/);
  });

  it('names each missing Aliyun setting with where the console has it', () => {
    const p = smsSettingsProblems({ SMS_PROVIDER: 'aliyun' });
    expect(p).toHaveLength(4);
    expect(p.join('\n')).toMatch(/ALIYUN_SMS_ACCESS_KEY_ID：未设置.*AccessKey/);
    expect(p.join('\n')).toMatch(/ALIYUN_SMS_ACCESS_KEY_SECRET：未设置.*AccessKey/);
    expect(p.join('\n')).toMatch(/SMS_TEMPLATE_ID：未设置.*模板管理/);
  });

  it('malformed values: template id per gateway, app id, region, endpoint, http in production, template params', () => {
    expect(smsSettingsProblems({ ...TENCENT, SMS_TEMPLATE_ID: 'SMS_1' })[0]).toMatch(/SMS_TEMPLATE_ID：.*腾讯云的模板 ID 是纯数字/);
    expect(smsSettingsProblems({ ...ALIYUN, SMS_TEMPLATE_ID: '123' })[0]).toMatch(/SMS_TEMPLATE_ID：.*阿里云的模板 CODE/);
    expect(smsSettingsProblems({ ...TENCENT, TENCENT_SMS_SDK_APP_ID: 'app' })[0]).toMatch(/TENCENT_SMS_SDK_APP_ID：.*纯数字/);
    expect(smsSettingsProblems({ ...TENCENT, TENCENT_SMS_REGION: 'guangzhou' })[0]).toMatch(/TENCENT_SMS_REGION：.*不是地域名/);
    expect(smsSettingsProblems({ ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'https://x/y' })[0]).toMatch(/ALIYUN_SMS_ENDPOINT：.*不是主机名/);
    expect(smsSettingsProblems({ ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([]);
    expect(smsSettingsProblems({ ...ALIYUN, NODE_ENV: 'production', ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9000' })[0]).toMatch(/ALIYUN_SMS_ENDPOINT：用的是 http:\/\/.*不加密/);
    expect(smsSettingsProblems({ ...TENCENT, SMS_TEMPLATE_PARAMS: 'minutes' })[0]).toMatch(/SMS_TEMPLATE_PARAMS：.*必须正好出现一次/);
  });
});

describe('SMS_TEMPLATE_PARAMS', () => {
  it('default code,minutes; bare words or name=value; code exactly once', () => {
    expect(parseTemplateParams(undefined).params).toEqual([{ name: 'code', value: 'code' }, { name: 'minutes', value: 'minutes' }]);
    expect(parseTemplateParams('code').params).toEqual([{ name: 'code', value: 'code' }]);
    expect(parseTemplateParams(' verify = code , min=minutes ').params).toEqual([{ name: 'verify', value: 'code' }, { name: 'min', value: 'minutes' }]);
    expect(parseTemplateParams('code,code').problem).toMatch(/必须正好出现一次/);
    expect(parseTemplateParams('code,minutes,minutes').problem).toMatch(/最多出现一次/);
    expect(parseTemplateParams('a=code,a=minutes').problem).toMatch(/用了两次/);
    expect(parseTemplateParams('code,time').problem).toMatch(/“time”/);
  });

  it('endpoints: a host (https) or an explicit scheme with a port', () => {
    expect(parseEndpoint(undefined, 'sms.tencentcloudapi.com')).toEqual({ host: 'sms.tencentcloudapi.com', protocol: 'https' });
    expect(parseEndpoint('http://127.0.0.1:9100', 'x')).toEqual({ host: '127.0.0.1:9100', protocol: 'http' });
    expect(parseEndpoint('ftp://x', 'x')).toBeNull();
  });
});

describe('gateway codes', () => {
  it('Tencent: limits, bad number, no balance; anything else is a failure', () => {
    expect(tencentRefusal('LimitExceeded.PhoneNumberDailyLimit')).toBe('daily');
    expect(tencentRefusal('LimitExceeded.PhoneNumberSameContentDailyLimit')).toBe('daily');
    expect(tencentRefusal('LimitExceeded.PhoneNumberOneHourLimit')).toBe('frequent');
    expect(tencentRefusal('LimitExceeded.PhoneNumberThirtySecondLimit')).toBe('frequent');
    expect(tencentRefusal('InvalidParameterValue.IncorrectPhoneNumber')).toBe('badNumber');
    expect(tencentRefusal('FailedOperation.InsufficientBalanceInSmsPackage')).toBe('noBalance');
    expect(tencentRefusal('FailedOperation.TemplateIncorrectOrUnapproved')).toBe('failed');
    expect(tencentRefusal('AuthFailure.SignatureFailure')).toBe('failed');
  });

  it('Aliyun: limits, bad number, no balance; anything else is a failure', () => {
    expect(aliyunRefusal('isv.BUSINESS_LIMIT_CONTROL')).toBe('frequent');
    expect(aliyunRefusal('isv.MOBILE_NUMBER_ILLEGAL')).toBe('badNumber');
    expect(aliyunRefusal('isv.AMOUNT_NOT_ENOUGH')).toBe('noBalance');
    expect(aliyunRefusal('isv.SMS_SIGNATURE_ILLEGAL')).toBe('failed');
    expect(aliyunRefusal('SignatureDoesNotMatch')).toBe('failed');
  });

  it('Tencent numbers go out in E.164', () => {
    expect(tencentPhone('13800138000')).toBe('+8613800138000');
    expect(tencentPhone('+8613800138000')).toBe('+8613800138000');
  });
});
