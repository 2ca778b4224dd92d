/**
 * The signed HTTP client of WeChat Pay API v3 (wechatpay-axios-plugin): every request carries
 * `Authorization: WECHATPAY2-SHA256-RSA2048 …` signed with the merchant private key, and every
 * 2xx answer is verified (Wechatpay-Signature over timestamp/nonce/body, with the key its
 * Wechatpay-Serial names, timestamp within 5 minutes) before it is read. Errors become
 * GatewayError with WeChat's own code. Base URL: WECHAT_PAY_BASE_URL.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { Aes, Decorator } from 'wechatpay-axios-plugin';
import { freshTimestamp, signedBy } from './notify';
import { GatewayError } from './types';
import { certificateKey, type PlatformKeys, type VerifierKey } from './certificates';

export interface ClientConfig {
  mchid: string;
  /** 商户API证书序列号. */
  serial: string;
  privateKey: KeyObject;
  apiV3Key: string;
  baseUrl: string;
}

const TIMEOUT_MS = 10_000;

/** What we use of the library's axios instance (the server does not import axios itself: a client-side package by the layer rules). */
interface HttpAnswer<T> {
  status: number;
  data: T;
  headers: Record<string, unknown>;
}
interface Http {
  request<T>(c: { method: string; url: string; data?: unknown; transformResponse?: Array<(d: unknown) => unknown>; responseType?: string }): Promise<HttpAnswer<T>>;
}
/** Codes the library gives an answer it could not verify. */
const UNVERIFIED = /^EV3_RES_/;

export class V3Client {
  private http: Http | null = null;
  private builtFor = -1;
  keys!: PlatformKeys;

  constructor(private readonly c: ClientConfig) {}

  /** The library's client, rebuilt when the set of platform keys changed. */
  private instance(): Http {
    if (this.http && this.builtFor === this.keys.version) return this.http;
    let certs = this.keys.record();
    // The library wants at least one key; before the first download (certificate mode) only
    // /v3/certificates is called, and that answer is verified by certificates() itself.
    if (!Object.keys(certs).length) certs = { 'NONE-YET': createPublicKey(this.c.privateKey) };
    this.http = new Decorator({
      mchid: this.c.mchid,
      serial: this.c.serial,
      privateKey: this.c.privateKey,
      certs,
      baseURL: `${this.c.baseUrl}/`,
      timeout: TIMEOUT_MS,
    } as unknown as ConstructorParameters<typeof Decorator>[0]).v3 as unknown as Http;
    this.builtFor = this.keys.version;
    return this.http;
  }

  /**
   * One verified call; an answer signed by a key we do not know yet (a rotation) refreshes the certificates once and
   * retries. Retrying is safe: every call we make is idempotent at WeChat by its number (out_trade_no, out_refund_no).
   */
  async call<T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<{ status: number; data: T }> {
    await this.keys.ensureFresh().catch(() => undefined);
    try {
      return await this.once<T>(method, url, data);
    } catch (e) {
      if (!(e instanceof GatewayError) || e.code !== 'EV3_RES_HEADER_PLATFORM_SERIAL' || !this.keys.certificateMode) throw e;
      await this.keys.ensureFresh(true);
      return this.once<T>(method, url, data);
    }
  }

  private async once<T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<{ status: number; data: T }> {
    try {
      const res = await this.instance().request<T>({ method, url: url.replace(/^\//, ''), data });
      return { status: res.status, data: res.data };
    } catch (e) {
      throw toGatewayError(e);
    }
  }

  /**
   * GET /v3/certificates: the platform certificates, each decrypted with the APIv3 key (AEAD_AES_256_GCM);
   * the answer itself is verified with the certificate its Wechatpay-Serial names (one of those listed or one we hold).
   */
  async certificates(): Promise<VerifierKey[]> {
    let res: HttpAnswer<string>;
    try {
      res = await this.instance().request<string>({ method: 'GET', url: 'v3/certificates', transformResponse: [(d: unknown) => d], responseType: 'text' });
    } catch (e) {
      throw toGatewayError(e);
    }
    const raw = String(res.data);
    const body = JSON.parse(raw) as { data?: Array<{ serial_no: string; encrypt_certificate: { nonce: string; associated_data: string; ciphertext: string } }> };
    const listed = (body.data ?? []).map((c) => {
      const e = c.encrypt_certificate;
      const k = certificateKey(Aes.AesGcm.decrypt(e.ciphertext, this.c.apiV3Key, e.nonce, e.associated_data));
      if (k.serial !== String(c.serial_no).toUpperCase()) throw new GatewayError('CERT_SERIAL_MISMATCH', `certificate ${c.serial_no} decrypts to ${k.serial}`);
      return k;
    });
    const h = res.headers as Record<string, string | undefined>;
    const serial = String(h['wechatpay-serial'] ?? '');
    const key = listed.find((k) => k.serial === serial.toUpperCase())?.key ?? this.keys.get(serial);
    const ts = String(h['wechatpay-timestamp'] ?? '');
    if (!key || !freshTimestamp(ts, Date.now())) throw new GatewayError('EV3_RES_CERTIFICATES', 'the certificate list is not signed by a known certificate');
    if (!signedBy(key, ts, String(h['wechatpay-nonce'] ?? ''), raw, String(h['wechatpay-signature'] ?? '')))
      throw new GatewayError('EV3_RES_CERTIFICATES', 'the certificate list signature does not verify');
    return listed;
  }
}

/** Axios / library errors → GatewayError(WeChat's code, message, HTTP status). */
export function toGatewayError(e: unknown): GatewayError {
  if (e instanceof GatewayError) return e;
  const err = e as { code?: string; message?: string; response?: { status?: number; data?: unknown } };
  const status = err.response?.status;
  let data = err.response?.data as { code?: string; message?: string } | string | undefined;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as { code?: string; message?: string };
    } catch {
      data = undefined;
    }
  }
  if (err.code && UNVERIFIED.test(err.code)) return new GatewayError(err.code, err.message ?? 'answer not verified', status);
  if (data && typeof data === 'object' && data.code) return new GatewayError(String(data.code), String(data.message ?? ''), status);
  if (status) return new GatewayError(`HTTP_${status}`, err.message ?? '', status);
  return new GatewayError('NETWORK', err.message ?? String(e));
}
