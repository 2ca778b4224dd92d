/**
 * The keys that verify WeChat Pay's answers and notifies, by the serial WeChat names
 * in `Wechatpay-Serial`: platform certificates (平台证书, serial = the certificate's hex
 * serial) and/or the WeChat Pay public key (微信支付公钥, serial = PUB_KEY_ID_…).
 *
 * Certificates come from WECHAT_PAY_PLATFORM_CERT_PATH (a PEM file or a folder of them)
 * and, in certificate mode, from GET /v3/certificates: at the first use when none is
 * configured, when the newest expires within 10 days, every 12 hours, and when a notify
 * names a serial we do not know (a rotation; at most once a minute). They are public
 * data, so each instance keeps its own copy in memory; nothing is stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { X509Certificate, createPublicKey, type KeyObject } from 'node:crypto';

export const REFRESH_EVERY_MS = 12 * 3600_000;
const EXPIRY_MARGIN_MS = 10 * 24 * 3600_000;
const UNKNOWN_SERIAL_RETRY_MS = 60_000;

export interface VerifierKey {
  serial: string;
  key: KeyObject;
  /** Epoch ms the certificate expires (Infinity for the public key). */
  notAfter: number;
}

/** A platform certificate's serial as WeChat writes it in Wechatpay-Serial (upper-case hex). */
export function certificateKey(pem: string): VerifierKey {
  const x = new X509Certificate(pem);
  return { serial: x.serialNumber.toUpperCase(), key: x.publicKey, notAfter: Date.parse(x.validTo) };
}

/** The certificate files WECHAT_PAY_PLATFORM_CERT_PATH names: the file itself, or every .pem/.crt/.cer of a folder (sorted). */
export function certificateFiles(p: string): string[] {
  return fs.statSync(p).isDirectory()
    ? fs.readdirSync(p).filter((f) => /\.(pem|crt|cer)$/i.test(f)).sort().map((f) => path.join(p, f))
    : [p];
}

/** The PEM blocks of the certificates in a text (a file may hold a chain). */
export const certificateBlocks = (text: string): string[] => text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];

/** PEM certificates of a file or of every *.pem / *.crt file of a folder. */
export function readCertificates(p: string): VerifierKey[] {
  if (!p) return [];
  return certificateFiles(p).flatMap((f) => certificateBlocks(fs.readFileSync(f, 'utf8')).map(certificateKey));
}

export interface PlatformKeysOptions {
  platformCertPath: string;
  publicKeyPath: string;
  publicKeyId: string;
  /** Downloads and verifies /v3/certificates (client.ts); resolves with the certificates it listed. */
  download?: () => Promise<VerifierKey[]>;
  now?: () => number;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

export class PlatformKeys {
  private readonly keys = new Map<string, VerifierKey>();
  /** Bumped on every change, so the HTTP client rebuilds its verifier. */
  version = 0;
  private lastDownload = -Infinity;
  private lastUnknownRetry = -Infinity;
  private pending: Promise<void> | null = null;
  private readonly now: () => number;
  /** Certificate mode: certificates are downloaded and refreshed (not when only the public key is configured). */
  readonly certificateMode: boolean;

  constructor(private readonly o: PlatformKeysOptions) {
    this.now = o.now ?? Date.now;
    for (const k of readCertificates(o.platformCertPath)) this.keys.set(k.serial, k);
    if (o.publicKeyPath && o.publicKeyId) {
      const key = createPublicKey(fs.readFileSync(o.publicKeyPath));
      this.keys.set(o.publicKeyId, { serial: o.publicKeyId, key, notAfter: Infinity });
    }
    this.certificateMode = !!o.platformCertPath || !(o.publicKeyPath && o.publicKeyId);
  }

  get(serial: string): KeyObject | undefined {
    return this.keys.get(serial)?.key ?? this.keys.get(serial.toUpperCase())?.key;
  }

  /** `{serial: key}` for the library's response verifier. */
  record(): Record<string, KeyObject> {
    return Object.fromEntries([...this.keys.values()].map((k) => [k.serial, k.key]));
  }

  add(list: VerifierKey[]): void {
    let changed = false;
    for (const k of list) {
      if (!this.keys.has(k.serial)) changed = true;
      this.keys.set(k.serial, k);
    }
    if (changed) this.version++;
  }

  /** Certificate mode: none yet, the newest expiring, or 12 hours since the last download. */
  stale(): boolean {
    if (!this.certificateMode || !this.o.download) return false;
    const now = this.now();
    const certs = [...this.keys.values()].filter((k) => k.notAfter !== Infinity);
    const newest = Math.max(-Infinity, ...certs.map((k) => k.notAfter));
    return certs.length === 0 || newest - now < EXPIRY_MARGIN_MS || now - this.lastDownload >= REFRESH_EVERY_MS;
  }

  /** Downloads when stale (one download at a time per instance); a failure keeps the keys we have. */
  async ensureFresh(force = false): Promise<void> {
    if (!this.o.download || !this.certificateMode || (!force && !this.stale())) return;
    if (!this.pending) {
      this.pending = (async () => {
        try {
          this.add(await this.o.download!());
          this.lastDownload = this.now();
        } catch (err) {
          this.o.log?.('platform certificate download failed', { err: String((err as Error)?.message ?? err) });
          if (!this.keys.size) throw err;
        } finally {
          this.pending = null;
        }
      })();
    }
    await this.pending;
  }

  /** The key for a serial; an unknown serial in certificate mode triggers one download (a rotation), at most once a minute. */
  async lookup(serial: string): Promise<KeyObject | undefined> {
    await this.ensureFresh().catch(() => undefined);
    const k = this.get(serial);
    if (k || !this.certificateMode || this.now() - this.lastUnknownRetry < UNKNOWN_SERIAL_RETRY_MS) return k;
    this.lastUnknownRetry = this.now();
    await this.ensureFresh(true).catch(() => undefined);
    return this.get(serial);
  }
}
