/**
 * A local double of Aliyun 短信服务 (Dysmsapi, RPC style), action SendSms
 * version 2017-05-25, as the official SDK @alicloud/dysmsapi20170525 (over
 * @alicloud/openapi-core 1.x) calls it: POST / with the parameters in the query
 * and the V3 signature ACS3-HMAC-SHA256 over a canonical request
 * (help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature).
 * It verifies that signature, x-acs-content-sha256, the date (15 minutes) and the
 * nonce (no replay), and answers as the API does: 200 `{Code:"OK",Message,BizId,RequestId}`
 * or 200 with a business code (isv.…), 400/404 for a refused request.
 * Test code only: never imported by src/.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { startJsonDouble, type DoubleAnswer, type DoubleRequest, type RunningDouble } from './http';

export interface AliyunDoubleOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The approved template, with ${name} where the parameters go. */
  templateText: string;
  now?: () => number;
}

export interface AliyunDoubleRequest {
  code: string;
  phone: string | null;
  params: Record<string, string>;
  text: string | null;
}

const VERSION = '2017-05-25';
const SKEW_MS = 15 * 60_000;

/** RFC 3986 percent-encoding, as the signature's canonical query string wants it. */
function encode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
const sha256hex = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

export class AliyunSmsDouble {
  readonly requests: AliyunDoubleRequest[] = [];
  private refusal: { code: string; message: string } | null = null;
  private nonces = new Map<string, number>();
  private server: RunningDouble | null = null;

  constructor(private readonly o: AliyunDoubleOptions) {}

  async start(): Promise<string> {
    this.server = await startJsonDouble((req) => this.handle(req));
    return this.server.host;
  }
  async close(): Promise<void> {
    await this.server?.close();
  }
  /** The next valid SendSms is answered 200 with this business code instead of OK. */
  refuseNext(code: string, message = `double refused: ${code}`): void {
    this.refusal = { code, message };
  }
  get accepted(): AliyunDoubleRequest[] {
    return this.requests.filter((r) => r.code === 'OK');
  }

  private fail(status: number, code: string, message: string): DoubleAnswer {
    this.requests.push({ code, phone: null, params: {}, text: null });
    const requestId = randomUUID();
    return { status, body: { RequestId: requestId, HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message, Recommend: `https://api.aliyun.com/troubleshoot?q=${code}&product=Dysmsapi` } };
  }
  private business(code: string, message: string, phone: string | null, params: Record<string, string>): DoubleAnswer {
    this.requests.push({ code, phone, params, text: null });
    return { status: 200, body: { Code: code, Message: message, RequestId: randomUUID() } };
  }

  private checkSignature(req: DoubleRequest, query: URLSearchParams): DoubleAnswer | null {
    const h = (k: string) => String(req.headers[k] ?? '');
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(h('authorization'));
    if (!auth) return this.fail(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    const [, keyId, signedHeaders, signature] = auth;
    if (keyId !== this.o.accessKeyId) return this.fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const names = signedHeaders.split(';');
    for (const must of ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'])
      if (!names.includes(must)) return this.fail(400, 'IncompleteSignature', `${must} is not among the signed headers.`);
    const date = Date.parse(h('x-acs-date'));
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(h('x-acs-date')) || !(Math.abs((this.o.now?.() ?? Date.now()) - date) <= SKEW_MS))
      return this.fail(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    if (sha256hex(req.body) !== h('x-acs-content-sha256')) return this.fail(400, 'InvalidParameter.ContentSHA256', 'x-acs-content-sha256 does not match the body.');
    const keys = [...new Set(query.keys())].sort();
    const canonicalQuery = keys.map((k) => `${encode(k)}=${encode(query.get(k) ?? '')}`).join('&');
    const canonicalHeaders = names.map((n) => `${n}:${h(n).trim()}\n`).join('');
    const canonicalRequest = [req.method, req.url.split('?')[0], canonicalQuery, canonicalHeaders, signedHeaders, h('x-acs-content-sha256')].join('\n');
    const expected = createHmac('sha256', this.o.accessKeySecret).update(`ACS3-HMAC-SHA256\n${sha256hex(canonicalRequest)}`).digest();
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return this.fail(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    // A nonce is good once within the date window (a replayed request is refused even when signed right).
    const nonce = h('x-acs-signature-nonce');
    const now = this.o.now?.() ?? Date.now();
    for (const [n, at] of this.nonces) if (now - at > SKEW_MS) this.nonces.delete(n);
    if (!nonce || this.nonces.has(nonce)) return this.fail(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    this.nonces.set(nonce, now);
    return null;
  }

  private handle(req: DoubleRequest): DoubleAnswer {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    const bad = this.checkSignature(req, query);
    if (bad) return bad;
    const h = (k: string) => String(req.headers[k] ?? '');
    if (req.method !== 'POST' || h('x-acs-action') !== 'SendSms') return this.fail(404, 'InvalidAction.NotFound', `Specified api is not found: ${h('x-acs-action')}`);
    if (h('x-acs-version') !== VERSION) return this.fail(400, 'InvalidVersion', `Specified parameter Version is not valid: ${h('x-acs-version')}`);
    const phone = query.get('PhoneNumbers') ?? '';
    let params: Record<string, string> = {};
    try {
      const parsed = JSON.parse(query.get('TemplateParam') ?? '{}') as Record<string, unknown>;
      if (Object.values(parsed).some((v) => typeof v !== 'string')) return this.business('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值', phone, {});
      params = parsed as Record<string, string>;
    } catch {
      return this.business('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值', phone, {});
    }
    if (query.get('SignName') !== this.o.signName) return this.business('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名', phone, params);
    if (query.get('TemplateCode') !== this.o.templateCode) return this.business('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板', phone, params);
    const vars = [...this.o.templateText.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]);
    if (vars.some((v) => !(v in params))) return this.business('isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值', phone, params);
    if (!/^1[3-9]\d{9}$/.test(phone)) return this.business('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号', phone, params);
    const refusal = this.refusal;
    this.refusal = null;
    if (refusal) return this.business(refusal.code, refusal.message, phone, params);
    const text = `【${this.o.signName}】${this.o.templateText.replace(/\$\{(\w+)\}/g, (_, v: string) => params[v] ?? '')}`;
    this.requests.push({ code: 'OK', phone, params, text });
    return { status: 200, body: { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: randomUUID() } };
  }
}
