/**
 * Key material of the double: the merchant's (what the merchant platform hands out), the platform
 * certificate's and the WeChat Pay public key's (what WeChat keeps private and we only verify with).
 */
import { createPrivateKey, generateKeyPairSync, randomBytes, randomInt, type KeyObject } from 'node:crypto';
import type { MerchantKeys } from './api.ts';
import { selfSignedCertificate } from './x509.ts';

/** 40 upper-case hex characters, first nibble 1–7 so the DER INTEGER keeps all 20 bytes. */
export function randomSerial(): string {
  const bytes = randomBytes(20);
  bytes[0] = (bytes[0] & 0x6f) | 0x10;
  return bytes.toString('hex').toUpperCase();
}

function rsaPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** A merchant API key pair with its certificate serial, as apiclient_key.pem + WECHAT_PAY_MCH_SERIAL. */
export function makeMerchantKeys(): MerchantKeys {
  return { serial: randomSerial(), ...rsaPair() };
}

export interface PlatformCertificate {
  serial: string;
  certificatePem: string;
  privateKey: KeyObject;
  effectiveTime: Date;
  expireTime: Date;
}

export function makePlatformCertificate(nowMs: number): PlatformCertificate {
  const { privateKeyPem } = rsaPair();
  const privateKey = createPrivateKey(privateKeyPem);
  const serial = randomSerial();
  // Platform certificates are valid for five years; start a day back so clock skew never makes it "not yet valid".
  const effectiveTime = new Date(nowMs - 86_400_000);
  const expireTime = new Date(nowMs + 5 * 365 * 86_400_000);
  const certificatePem = selfSignedCertificate({ serialHex: serial, commonName: 'Tenpay.com Root CA', notBefore: effectiveTime, notAfter: expireTime, privateKey });
  return { serial, certificatePem, privateKey, effectiveTime, expireTime };
}

export interface WechatPayPublicKey {
  /** PUB_KEY_ID_ followed by digits, as the merchant platform shows it. */
  id: string;
  pem: string;
  privateKey: KeyObject;
}

export function makeWechatPayPublicKey(): WechatPayPublicKey {
  const { privateKeyPem, publicKeyPem } = rsaPair();
  let digits = '01';
  while (digits.length < 34) digits += String(randomInt(10));
  return { id: `PUB_KEY_ID_${digits}`, pem: publicKeyPem, privateKey: createPrivateKey(privateKeyPem) };
}
