/**
 * A local double of Tencent Cloud SMS, API 3.0 (POST /, JSON body, headers
 * X-TC-Action / -Version / -Region / -Timestamp), action SendSms version
 * 2021-01-11. It verifies the TC3-HMAC-SHA256 signature exactly as the API
 * documents it (cloud.tencent.com/document/api/382/52072) and answers as the API
 * does: HTTP 200 with `{Response:{SendStatusSet:[…],RequestId}}`, a per-number
 * refusal inside SendStatusSet, a refused request as `{Response:{Error:{Code,Message},RequestId}}`.
 * It knows one SMS application, sign and template (as registered in the console),
 * renders what the phone would read and records every request.
 * Test code only: never imported by src/.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { startJsonDouble, type DoubleAnswer, type DoubleRequest, type RunningDouble } from './http';

export interface TencentDoubleOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  /** The approved template, with {1}, {2}… where the parameters go. */
  templateText: string;
  regions?: string[];
  now?: () => number;
}

export interface TencentDoubleRequest {
  /** The answer's code: Ok, a per-number code, or the Error code. */
  code: string;
  phone: string | null;
  params: string[];
  /** The text the phone got (accepted sends only). */
  text: string | null;
}

const VERSION = '2021-01-11';
const SKEW_S = 300;

function sha256hex(s: string | Buffer): string {
  return createHash('sha256').update(s).digest('hex');
}
function hmac(key: string | Buffer, msg: string): Buffer {
  return createHmac('sha256', key).update(msg).digest();
}
function utcDate(ts: number): string {
  return new Date(ts * 1000).toISOString().slice(0, 10);
}

export class TencentSmsDouble {
  readonly requests: TencentDoubleRequest[] = [];
  private refusal: { code: string; message: string; shape: 'status' | 'error' } | null = null;
  private server: RunningDouble | null = null;

  constructor(private readonly o: TencentDoubleOptions) {}

  async start(): Promise<string> {
    this.server = await startJsonDouble((req) => this.handle(req));
    return this.server.host;
  }
  async close(): Promise<void> {
    await this.server?.close();
  }
  /** The next valid SendSms is refused with this gateway code (per number, as SendStatusSet, or as Response.Error). */
  refuseNext(code: string, shape: 'status' | 'error' = 'status', message = `double refused: ${code}`): void {
    this.refusal = { code, message, shape };
  }
  get accepted(): TencentDoubleRequest[] {
    return this.requests.filter((r) => r.code === 'Ok');
  }

  private error(code: string, message: string): DoubleAnswer {
    this.requests.push({ code, phone: null, params: [], text: null });
    return { status: 200, body: { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } } };
  }

  /** Null when the request is signed right, else the error answer. */
  private checkSignature(req: DoubleRequest): DoubleAnswer | null {
    const h = (k: string) => String(req.headers[k] ?? '');
    const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(h('authorization'));
    if (!auth) return this.error('AuthFailure.InvalidAuthorization', 'Authorization in the request header is invalid.');
    const [, secretId, date, service, signedHeaders, signature] = auth;
    if (secretId !== this.o.secretId) return this.error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const ts = Number(h('x-tc-timestamp'));
    const now = Math.floor((this.o.now?.() ?? Date.now()) / 1000);
    if (!Number.isInteger(ts) || Math.abs(now - ts) > SKEW_S) return this.error('AuthFailure.SignatureExpire', 'Signature expired. Timestamp and server time cannot differ by more than five minutes.');
    // The credential scope: the timestamp's UTC date and the service. The real service is the host's
    // first label (sms at sms.tencentcloudapi.com); the SDK derives it the same way from its endpoint.
    const hostName = h('host').replace(/:\d+$/, '');
    if (date !== utcDate(ts) || service !== hostName.split('.')[0]) return this.error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated (credential scope).');
    const names = signedHeaders.split(';');
    if (!names.includes('content-type') || !names.includes('host')) return this.error('AuthFailure.SignatureFailure', 'SignedHeaders must include content-type and host.');
    // Canonical headers: lower-case names and values; the host as signed by the SDK, without the port
    // (the real endpoint is on the implicit 443, where the two are the same).
    const canonicalHeaders = names.map((n) => `${n}:${(n === 'host' ? hostName : h(n)).trim().toLowerCase()}\n`).join('');
    const [path, query = ''] = req.url.split('?');
    const canonicalRequest = [req.method, path, query, canonicalHeaders, signedHeaders, sha256hex(req.body)].join('\n');
    const stringToSign = ['TC3-HMAC-SHA256', String(ts), `${date}/${service}/tc3_request`, sha256hex(canonicalRequest)].join('\n');
    const kSigning = hmac(hmac(hmac(`TC3${this.o.secretKey}`, date), service), 'tc3_request');
    const expected = hmac(kSigning, stringToSign);
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return this.error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
    return null;
  }

  private handle(req: DoubleRequest): DoubleAnswer {
    if (req.method !== 'POST') return this.error('InvalidParameter', 'Only POST with a JSON body is served by this double.');
    const bad = this.checkSignature(req);
    if (bad) return bad;
    const h = (k: string) => String(req.headers[k] ?? '');
    if (h('x-tc-action') !== 'SendSms') return this.error('InvalidAction', `The action ${h('x-tc-action')} does not exist.`);
    if (h('x-tc-version') !== VERSION) return this.error('NoSuchVersion', `The API version ${h('x-tc-version')} does not exist.`);
    if (!(this.o.regions ?? ['ap-guangzhou', 'ap-beijing', 'ap-nanjing']).includes(h('x-tc-region'))) return this.error('UnsupportedRegion', `Region ${h('x-tc-region')} is not supported.`);
    let b: { PhoneNumberSet?: unknown; SmsSdkAppId?: unknown; SignName?: unknown; TemplateId?: unknown; TemplateParamSet?: unknown };
    try {
      b = JSON.parse(req.body.toString('utf8'));
    } catch {
      return this.error('FailedOperation.JsonParseFail', 'The request body is not JSON.');
    }
    if (b.SmsSdkAppId !== this.o.sdkAppId) return this.error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verification failed.');
    if (b.SignName !== this.o.signName) return this.error('FailedOperation.SignatureIncorrectOrUnapproved', 'The signature is incorrect or unapproved.');
    if (b.TemplateId !== this.o.templateId) return this.error('FailedOperation.TemplateIncorrectOrUnapproved', 'The template is incorrect or unapproved.');
    const params = Array.isArray(b.TemplateParamSet) ? b.TemplateParamSet.map(String) : [];
    const slots = new Set([...this.o.templateText.matchAll(/\{(\d+)\}/g)].map((m) => m[1])).size;
    if (params.length !== slots) return this.error('FailedOperation.TemplateParamSetNotMatchApprovedTemplate', 'The template parameters do not match the approved template.');
    // A verification-code template's variables are 0–6 digits.
    if (params.some((p) => !/^\d{0,6}$/.test(p))) return this.error('InvalidParameterValue.TemplateParameterFormatError', 'Verification code template parameters must be 0-6 digits.');
    const phones = Array.isArray(b.PhoneNumberSet) ? b.PhoneNumberSet.map(String) : [];
    if (phones.length !== 1) return this.error('MissingParameter.EmptyPhoneNumberSet', 'Exactly one phone number is expected by this double.');
    const phone = phones[0];
    const requestId = randomUUID();
    const refusal = this.refusal;
    this.refusal = null;
    if (refusal?.shape === 'error') return this.error(refusal.code, refusal.message);
    // The documented E.164 form (+86…); the real API also takes bare numbers, the double holds us to the documented one.
    const code = refusal?.code ?? (/^\+861[3-9]\d{9}$/.test(phone) ? 'Ok' : 'InvalidParameterValue.IncorrectPhoneNumber');
    const text = code === 'Ok' ? `【${this.o.signName}】${this.o.templateText.replace(/\{(\d+)\}/g, (_, i) => params[Number(i) - 1] ?? '')}` : null;
    this.requests.push({ code, phone, params, text });
    const status = {
      SerialNo: code === 'Ok' ? `2433:${Date.now()}${Math.floor(Math.random() * 1e9)}` : '',
      PhoneNumber: phone,
      Fee: code === 'Ok' ? 1 : 0,
      SessionContext: '',
      Code: code,
      Message: code === 'Ok' ? 'send success' : (refusal?.message ?? 'incorrect phone number'),
      IsoCode: 'CN',
    };
    return { status: 200, body: { Response: { SendStatusSet: [status], RequestId: requestId } } };
  }
}
