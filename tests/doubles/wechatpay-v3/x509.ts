/**
 * A self-signed X.509 v3 certificate written with a few lines of DER, signed by node:crypto.
 * Why not a library: @peculiar/x509 needs a global reflect-metadata polyfill and selfsigned pulls node-forge;
 * the double only needs "a real certificate Node's crypto.X509Certificate reads (serial, public key)",
 * which this gives without a dependency.
 */
import { createPublicKey, sign, type KeyObject } from 'node:crypto';

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let x = n; x > 0; x >>= 8) bytes.unshift(x & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, content: Buffer): Buffer => Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
const seq = (...parts: Buffer[]): Buffer => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]): Buffer => tlv(0x31, Buffer.concat(parts));
const NULL = Buffer.from([0x05, 0x00]);

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const v of rest) {
    const chunk = [v & 0x7f];
    for (let x = v >> 7; x > 0; x >>= 7) chunk.unshift((x & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** A positive INTEGER: a leading 0x00 when the high bit is set, as DER requires. */
function integer(bytes: Buffer): Buffer {
  return tlv(0x02, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

function time(d: Date): Buffer {
  const iso = d.toISOString(); // 2025-01-02T03:04:05.678Z
  const digits = iso.slice(0, 19).replace(/[-T:]/g, '') + 'Z'; // 20250102030405Z
  // RFC 5280: UTCTime through 2049, GeneralizedTime from 2050.
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(digits.slice(2), 'ascii')) : tlv(0x18, Buffer.from(digits, 'ascii'));
}

function name(parts: Array<[string, string]>): Buffer {
  return seq(...parts.map(([type, value]) => set(seq(oid(type), tlv(0x0c, Buffer.from(value, 'utf8'))))));
}

const SHA256_WITH_RSA = seq(oid('1.2.840.113549.1.1.11'), NULL);

export interface SelfSignedInput {
  /** Upper-case hex, without a leading 8–F nibble so it stays exactly as given. */
  serialHex: string;
  commonName: string;
  notBefore: Date;
  notAfter: Date;
  privateKey: KeyObject;
}

/** Returns the certificate as PEM. */
export function selfSignedCertificate(input: SelfSignedInput): string {
  const subject = name([
    ['2.5.4.6', 'CN'],
    ['2.5.4.10', 'Tenpay.com'],
    ['2.5.4.11', 'Tenpay.com CA Center'],
    ['2.5.4.3', input.commonName],
  ]);
  const spki = createPublicKey(input.privateKey).export({ type: 'spki', format: 'der' });
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))), // version v3
    integer(Buffer.from(input.serialHex, 'hex')),
    SHA256_WITH_RSA,
    subject, // issuer: self-signed
    seq(time(input.notBefore), time(input.notAfter)),
    subject,
    spki,
  );
  const signature = sign('sha256', tbs, input.privateKey);
  const der = seq(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
