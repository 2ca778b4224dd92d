import { describe, expect, it } from 'vitest';
import { generateKeyPairSync, verify } from 'node:crypto';
import { sandboxProvider } from '../../src/server/providers/wechat/sandbox';
import { bridgeParams } from '../../src/server/providers/wechat/wechat';

describe('WeixinJSBridge parameters (API v3, signType RSA)', () => {
  it('paySign is RSA-SHA256 by the merchant key over appId\\ntimeStamp\\nnonceStr\\npackage\\n (strings, seconds)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const p = bridgeParams('wx-app', 'wx201410272009395522657a690389285100', privateKey, 1_700_000_000_123);
    expect(p).toMatchObject({ appid: 'wx-app', timeStamp: '1700000000', package: 'prepay_id=wx201410272009395522657a690389285100', signType: 'RSA' });
    for (const v of Object.values(p)) expect(typeof v).toBe('string');
    const msg = `wx-app\n1700000000\n${p.nonceStr}\n${p.package}\n`;
    expect(verify('sha256', Buffer.from(msg), publicKey, Buffer.from(p.paySign, 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from(msg.replace('wx-app', 'wx-other')), publicKey, Buffer.from(p.paySign, 'base64'))).toBe(false);
  });
  it('the sandbox signs the same way and takes no notifies', async () => {
    const sb = sandboxProvider({ now: () => 1_700_000_000_123 });
    const p = await sb.jsapiPay({ outTradeNo: 'X1', totalFee: 100, body: 'b', openid: 'o', notifyUrl: 'u', clientIp: '1.1.1.1' });
    expect(p.timeStamp).toBe('1700000000');
    expect(p.signType).toBe('RSA');
    expect(await sb.parseNotify({}, Buffer.from('{}'))).toMatchObject({ ok: false, status: 400 });
  });
});
