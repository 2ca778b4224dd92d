/**
 * The real WeChat Pay provider, API v3 JSAPI (商户直连): prepay, the WeixinJSBridge parameters
 * (signType RSA), notify verification, query, close, refund and refund query.
 * Settings (ServerConfig.wechatPay, env): WECHAT_APPID, WECHAT_MCH_ID, WECHAT_PAY_MCH_SERIAL,
 * WECHAT_PAY_PRIVATE_KEY_PATH, WECHAT_PAY_APIV3_KEY, WECHAT_PAY_PLATFORM_CERT_PATH and/or
 * WECHAT_PAY_PUBLIC_KEY_PATH + WECHAT_PAY_PUBLIC_KEY_ID, WECHAT_PAY_BASE_URL.
 */
import fs from 'node:fs';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { Rsa } from 'wechatpay-axios-plugin';
import type { ServerConfig } from '../../services/platform/config';
import { nonce } from '../../services/platform/ids';
import { PlatformKeys } from './certificates';
import { V3Client } from './client';
import { parseV3Notify, transactionOf } from './notify';
import { GatewayError, type JsapiParams, type PayProvider, type RefundInfo, type RefundStatus } from './types';

/** paySign of getBrandWCPayRequest: RSA-SHA256 (merchant private key) over `appId\ntimeStamp\nnonceStr\npackage\n`, Base64. */
export function bridgeParams(appid: string, prepayId: string, privateKey: KeyObject, nowMs: number): JsapiParams {
  const timeStamp = String(Math.floor(nowMs / 1000));
  const nonceStr = nonce(32);
  const pkg = `prepay_id=${prepayId}`;
  return { appid, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign: Rsa.sign(`${appid}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, privateKey) };
}

const refundOf = (r: Record<string, any>): RefundInfo => ({
  outTradeNo: String(r.out_trade_no ?? ''),
  outRefundNo: String(r.out_refund_no ?? ''),
  refundId: String(r.refund_id ?? ''),
  status: String(r.status ?? '') as RefundStatus,
  refund: Number(r.amount?.refund),
});

export function wechatPayProvider(config: ServerConfig, opts: { now?: () => number; log?: (msg: string, extra?: Record<string, unknown>) => void } = {}): PayProvider {
  const w = config.wechatPay;
  const appid = config.wechat.appid;
  const now = opts.now ?? Date.now;
  const missing = [
    ['WECHAT_APPID', appid],
    ['WECHAT_MCH_ID', w.mchId],
    ['WECHAT_PAY_MCH_SERIAL', w.mchSerial],
    ['WECHAT_PAY_PRIVATE_KEY_PATH', w.privateKeyPath],
    ['WECHAT_PAY_APIV3_KEY', w.apiV3Key],
  ].filter(([, v]) => !v);
  if (missing.length) throw new Error(`PAY_PROVIDER=wechat needs ${missing.map(([n]) => n).join(', ')}`);
  if (Buffer.byteLength(w.apiV3Key) !== 32) throw new Error('WECHAT_PAY_APIV3_KEY must be 32 bytes');
  const privateKey = createPrivateKey(fs.readFileSync(w.privateKeyPath));
  const client = new V3Client({ mchid: w.mchId, serial: w.mchSerial, privateKey, apiV3Key: w.apiV3Key, baseUrl: w.baseUrl });
  // Certificate validity and the answers' timestamps are real time (the library checks those with Date.now).
  client.keys = new PlatformKeys({
    platformCertPath: w.platformCertPath,
    publicKeyPath: w.publicKeyPath,
    publicKeyId: w.publicKeyId,
    download: () => client.certificates(),
    log: opts.log,
  });
  const tradePath = (no: string) => `v3/pay/transactions/out-trade-no/${encodeURIComponent(no)}`;

  return {
    name: 'wechat',
    appid,
    mchid: w.mchId,
    async jsapiPay(p) {
      const { data } = await client.call<{ prepay_id?: string }>('POST', 'v3/pay/transactions/jsapi', {
        appid,
        mchid: w.mchId,
        description: p.body.slice(0, 127),
        out_trade_no: p.outTradeNo,
        notify_url: p.notifyUrl,
        amount: { total: p.totalFee, currency: 'CNY' },
        payer: { openid: p.openid },
        ...(p.clientIp ? { scene_info: { payer_client_ip: p.clientIp } } : {}),
      });
      if (!data?.prepay_id) throw new GatewayError('NO_PREPAY_ID', 'prepay answer without prepay_id');
      return bridgeParams(appid, data.prepay_id, privateKey, now());
    },
    parseNotify: (headers, raw) => parseV3Notify(headers, raw, { keys: client.keys, apiV3Key: w.apiV3Key, now }),
    async queryTrade(outTradeNo) {
      try {
        const { data } = await client.call<Record<string, any>>('GET', `${tradePath(outTradeNo)}?mchid=${encodeURIComponent(w.mchId)}`);
        return transactionOf(data);
      } catch (e) {
        if (e instanceof GatewayError && e.code === 'ORDER_NOT_EXIST') return null;
        throw e;
      }
    },
    async closeTrade(outTradeNo) {
      try {
        await client.call('POST', `${tradePath(outTradeNo)}/close`, { mchid: w.mchId });
        return { ok: true };
      } catch (e) {
        const g = e as GatewayError;
        return { ok: false, code: g.code ?? 'NETWORK', message: g.message };
      }
    },
    async refund(p) {
      try {
        const { data } = await client.call<Record<string, any>>('POST', 'v3/refund/domestic/refunds', {
          out_trade_no: p.outTradeNo,
          out_refund_no: p.outRefundNo,
          ...(p.reason ? { reason: p.reason.slice(0, 80) } : {}),
          ...(p.notifyUrl ? { notify_url: p.notifyUrl } : {}),
          amount: { refund: p.refund, total: p.total, currency: 'CNY' },
        });
        const r = refundOf(data);
        if (r.status === 'ABNORMAL' || r.status === 'CLOSED') return { ok: false, code: `REFUND_${r.status}`, message: `refund ${r.status}` };
        return { ok: true, refund: r };
      } catch (e) {
        const g = e as GatewayError;
        return { ok: false, code: g.code ?? 'NETWORK', message: g.message };
      }
    },
    async queryRefund(outRefundNo) {
      try {
        const { data } = await client.call<Record<string, any>>('GET', `v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
        return refundOf(data);
      } catch (e) {
        if (e instanceof GatewayError && (e.code === 'RESOURCE_NOT_EXISTS' || e.code === 'ORDER_NOT_EXIST')) return null;
        throw e;
      }
    },
  };
}
