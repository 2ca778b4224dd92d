import { describe, expect, it } from 'vitest';
import { parseXml, paySign, signV2, toXml, verifyV2 } from '../../src/server/providers/wechat/sign';
import { sandboxProvider, sandboxNotifyFields, SANDBOX_KEY } from '../../src/server/providers/wechat/sandbox';

describe('WeChat Pay v2 MD5 signing', () => {
  it('matches the official vector', () => {
    const params = { appid: 'wxd930ea5d5a258f4f', mch_id: '10000100', device_info: '1000', body: 'test', nonce_str: 'ibuaiVcKdpRxkhJA' };
    expect(signV2(params, '192006250b4c09247ec02edce69f6a2d')).toBe('9A0A8659F005D6984697E2CA0A9CF3B7');
  });
  it('skips empty values and the sign field itself', () => {
    const base = { appid: 'wxd930ea5d5a258f4f', mch_id: '10000100', device_info: '1000', body: 'test', nonce_str: 'ibuaiVcKdpRxkhJA' };
    expect(signV2({ ...base, empty: '', nil: null, sign: 'X' }, '192006250b4c09247ec02edce69f6a2d')).toBe('9A0A8659F005D6984697E2CA0A9CF3B7');
  });
  it('paySign covers appId, timeStamp, nonceStr, package, signType (strings, seconds)', async () => {
    const p = await sandboxProvider({ now: () => 1_700_000_000_123 }).jsapiPay({ outTradeNo: 'X1', totalFee: 100, body: 'b', openid: 'o', notifyUrl: 'u', clientIp: '1.1.1.1' });
    expect(p.timeStamp).toBe('1700000000');
    for (const v of Object.values(p)) expect(typeof v).toBe('string');
    expect(p.paySign).toBe(paySign({ appId: p.appid, timeStamp: p.timeStamp, nonceStr: p.nonceStr, package: p.package, signType: 'MD5' }, SANDBOX_KEY));
    expect(p.paySign).toMatch(/^[0-9A-F]{32}$/);
  });
  it('XML round trip and notify verification', () => {
    const f = sandboxNotifyFields('OUT1', 19900, 'TX1');
    const back = parseXml(toXml(f));
    expect(back).toEqual(f);
    expect(verifyV2(back, SANDBOX_KEY)).toBe(true);
    expect(verifyV2({ ...back, total_fee: '1' }, SANDBOX_KEY)).toBe(false);
    expect(sandboxProvider().verifyNotify({ ...back, total_fee: '1' }).ok).toBe(false);
  });
});
