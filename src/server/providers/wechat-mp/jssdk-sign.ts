/**
 * The JS-SDK permission signature (公众号文档 附录1-JS-SDK使用权限签名算法):
 * SHA-1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` — the four fields in ASCII
 * order, raw values (no URL escaping), the page URL without its `#…` part.
 */
import { createHash } from 'node:crypto';

export interface JsSdkSignInput {
  ticket: string;
  nonceStr: string;
  /** Seconds since the epoch (what wx.config's `timestamp` carries). */
  timestamp: number;
  url: string;
}

export function jsSdkSignString(p: JsSdkSignInput): string {
  const url = p.url.split('#')[0];
  return `jsapi_ticket=${p.ticket}&noncestr=${p.nonceStr}&timestamp=${p.timestamp}&url=${url}`;
}

export function jsSdkSignature(p: JsSdkSignInput): string {
  return createHash('sha1').update(jsSdkSignString(p), 'utf8').digest('hex');
}
