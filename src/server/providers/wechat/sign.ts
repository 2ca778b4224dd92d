/**
 * WeChat Pay v2 MD5 signing: sort non-empty params by ASCII name (excluding `sign`),
 * join `k=v&…`, append `&key=API_KEY`, MD5, upper case. All values are strings.
 */
import { createHash } from 'node:crypto';

export function signV2(params: Record<string, string | number | undefined | null>, apiKey: string): string {
  const s = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== null && String(params[k]) !== '')
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
  return createHash('md5').update(`${s}&key=${apiKey}`, 'utf8').digest('hex').toUpperCase();
}

/** paySign for WeixinJSBridge getBrandWCPayRequest (appId, timeStamp, nonceStr, package, signType). */
export function paySign(p: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: string }, apiKey: string): string {
  return signV2({ appId: p.appId, timeStamp: p.timeStamp, nonceStr: p.nonceStr, package: p.package, signType: p.signType }, apiKey);
}

export function verifyV2(params: Record<string, string>, apiKey: string): boolean {
  return typeof params.sign === 'string' && params.sign.toUpperCase() === signV2(params, apiKey);
}

/** Flat `<xml><k><![CDATA[v]]></k>…</xml>` → object. */
export function parseXml(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /<([A-Za-z_][\w]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) if (m[1] !== 'xml') out[m[1]] = m[2] ?? m[3] ?? '';
  return out;
}

export function toXml(obj: Record<string, string | number>): string {
  return `<xml>${Object.entries(obj)
    .map(([k, v]) => `<${k}><![CDATA[${String(v).replace(/\]\]>/g, '')}]]></${k}>`)
    .join('')}</xml>`;
}
