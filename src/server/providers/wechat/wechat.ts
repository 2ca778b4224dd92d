/**
 * Real WeChat provider (official account OAuth snsapi_base + JSAPI pay v2).
 * Secrets come from env only (WECHAT_APPID, WECHAT_SECRET, WECHAT_MCH_ID,
 * WECHAT_API_KEY, WECHAT_CERT_PATH for refunds). The app secret never reaches the client.
 * Not exercised by the test suite (needs a merchant account); signing is (signing.test.ts).
 */
import fs from 'node:fs';
import https from 'node:https';
import type { PayProvider } from './types';
import { parseXml, paySign, signV2, toXml, verifyV2 } from './sign';
import { nonce } from '../../services/platform/ids';

export interface WechatConfig {
  appid: string;
  mchId: string;
  apiKey: string;
  certPath: string;
}

function post(url: string, body: string, pfx?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: 'POST', headers: { 'content-type': 'text/xml' }, pfx, passphrase: pfx ? undefined : undefined, timeout: 10_000 }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve(data));
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

export function wechatProvider(c: WechatConfig): PayProvider {
  return {
    name: 'wechat',
    async jsapiPay(p) {
      const params: Record<string, string> = {
        appid: c.appid,
        mch_id: c.mchId,
        nonce_str: nonce(),
        body: p.body.slice(0, 40),
        out_trade_no: p.outTradeNo,
        total_fee: String(p.totalFee),
        spbill_create_ip: p.clientIp || '127.0.0.1',
        notify_url: p.notifyUrl,
        trade_type: 'JSAPI',
        openid: p.openid,
        sign_type: 'MD5',
      };
      params.sign = signV2(params, c.apiKey);
      const res = parseXml(await post('https://api.mch.weixin.qq.com/pay/unifiedorder', toXml(params)));
      if (res.return_code !== 'SUCCESS' || res.result_code !== 'SUCCESS' || !verifyV2(res, c.apiKey))
        throw new Error(`unifiedorder failed: ${res.return_msg ?? ''} ${res.err_code_des ?? ''}`);
      const pkg = `prepay_id=${res.prepay_id}`;
      const timeStamp = String(Math.floor(Date.now() / 1000));
      const nonceStr = nonce();
      return { appid: c.appid, timeStamp, nonceStr, package: pkg, signType: 'MD5', paySign: paySign({ appId: c.appid, timeStamp, nonceStr, package: pkg, signType: 'MD5' }, c.apiKey) };
    },
    verifyNotify(f) {
      if (!verifyV2(f, c.apiKey)) return { ok: false, reason: 'sign' };
      if (f.return_code !== 'SUCCESS' || f.result_code !== 'SUCCESS') return { ok: false, reason: 'result' };
      if (f.appid !== c.appid || f.mch_id !== c.mchId) return { ok: false, reason: 'merchant' };
      return { ok: true, outTradeNo: f.out_trade_no, totalFee: Number(f.total_fee), transactionId: f.transaction_id };
    },
    async refund(p) {
      if (!c.certPath || !fs.existsSync(c.certPath)) return { ok: false, reason: 'WECHAT_CERT_PATH not configured' };
      const params: Record<string, string> = {
        appid: c.appid,
        mch_id: c.mchId,
        nonce_str: nonce(),
        out_trade_no: p.outTradeNo,
        out_refund_no: p.outRefundNo,
        total_fee: String(p.totalFee),
        refund_fee: String(p.refundFee),
      };
      params.sign = signV2(params, c.apiKey);
      try {
        const res = parseXml(await post('https://api.mch.weixin.qq.com/secapi/pay/refund', toXml(params), fs.readFileSync(c.certPath)));
        return res.return_code === 'SUCCESS' && res.result_code === 'SUCCESS' ? { ok: true } : { ok: false, reason: res.err_code_des || res.return_msg };
      } catch (e) {
        return { ok: false, reason: (e as Error).message };
      }
    },
  };
}
