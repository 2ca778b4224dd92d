/**
 * A self-signed X.509 certificate made with node:crypto alone (a few lines of DER), so the preflight's tests
 * need no certificate library: an RSA key pair and its certificate with a chosen serial and validity, as
 * WeChat's apiclient_cert.pem or a platform certificate would be.
 */
import { createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

const len = (n: number) => (n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff]);
const tlv = (tag: number, body: Buffer) => Buffer.concat([Buffer.from([tag, ...len(body.length)]), body]);
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const SHA256_RSA = seq(Buffer.from('06092a864886f70d01010b', 'hex'), Buffer.from('0500', 'hex'));
const name = (cn: string) => seq(tlv(0x31, seq(Buffer.from('0603550403', 'hex'), tlv(0x0c, Buffer.from(cn, 'utf8')))));
const utc = (d: Date) => tlv(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'));
function int(hex: string): Buffer {
  const b = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  return tlv(0x02, b[0] & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
}

export interface TestCert {
  privateKey: KeyObject;
  privateKeyPem: string;
  publicKeyPem: string;
  certPem: string;
  serial: string;
}

/** A 2048-bit RSA key and a certificate of it (serial upper-case hex), valid from `from` to `to`. */
export function makeCert(opts: { serial?: string; from?: Date; to?: Date; cn?: string; key?: KeyObject } = {}): TestCert {
  const privateKey = opts.key ?? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const serial = (opts.serial ?? '5B4A0F1E2D3C4B5A69788796A5B4C3D2E1F00112').toUpperCase();
  const from = opts.from ?? new Date(Date.now() - 86_400_000);
  const to = opts.to ?? new Date(Date.now() + 365 * 86_400_000);
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const tbs = seq(tlv(0xa0, int('02')), int(serial), SHA256_RSA, name(opts.cn ?? 'Tenpay.com Root CA'), seq(utc(from), utc(to)), name(opts.cn ?? '1900000001'), spki);
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, SHA256_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const certPem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  return {
    privateKey,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string,
    certPem,
    serial,
  };
}

