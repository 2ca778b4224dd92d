/**
 * Offline checks of the merchant's key and certificate files (node:crypto only, no network): a file that
 * cannot be read, is the wrong kind of PEM, has expired, or does not belong to the key next to it.
 * Each check answers a plain-Chinese reason, or the parsed object.
 */
import { X509Certificate, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { certificateBlocks, certificateFiles } from '../providers/wechat/certificates';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

function readText(file: string): Checked<string> {
  try {
    return { ok: true, value: fs.readFileSync(file, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, reason: `文件 ${file} 不存在` };
    if (code === 'EACCES') return { ok: false, reason: `文件 ${file} 无法读取（权限不足：运行服务的用户须能读取它）` };
    if (code === 'EISDIR') return { ok: false, reason: `${file} 是文件夹，应为文件` };
    return { ok: false, reason: `文件 ${file} 无法读取（${code ?? (e as Error).message}）` };
  }
}

const dateText = (d: Date) => d.toISOString().slice(0, 10);

/** apiclient_key.pem: an RSA private key (PKCS#8 as WeChat hands it out, or PKCS#1) of at least 2048 bits. */
export function readRsaPrivateKey(file: string): Checked<KeyObject> {
  const text = readText(file);
  if (!text.ok) return text;
  if (/BEGIN CERTIFICATE/.test(text.value)) return { ok: false, reason: `${file} 是证书，不是私钥（私钥文件名一般为 apiclient_key.pem）` };
  let key: KeyObject;
  try {
    key = createPrivateKey(text.value);
  } catch {
    return { ok: false, reason: `${file} 不是有效的私钥（应为商户平台申请 API 证书时生成的 apiclient_key.pem）` };
  }
  if (key.asymmetricKeyType !== 'rsa') return { ok: false, reason: `${file} 是 ${key.asymmetricKeyType} 私钥，微信支付 API v3 要求 RSA 私钥` };
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048) return { ok: false, reason: `${file} 是 ${bits} 位 RSA 私钥，微信支付要求 2048 位` };
  return { ok: true, value: key };
}

/** Every certificate in a PEM file (a file may hold a chain). */
function certificatesIn(file: string, now: number): Checked<X509Certificate[]> {
  const text = readText(file);
  if (!text.ok) return text;
  const blocks = certificateBlocks(text.value);
  if (!blocks.length) return { ok: false, reason: `${file} 里没有证书（应含 -----BEGIN CERTIFICATE-----）` };
  const certs: X509Certificate[] = [];
  for (const b of blocks) {
    try {
      certs.push(new X509Certificate(b));
    } catch {
      return { ok: false, reason: `${file} 里的证书无法解析（文件可能被截断或改动）` };
    }
  }
  const live = certs.filter((c) => Date.parse(c.validFrom) <= now && now <= Date.parse(c.validTo));
  if (!live.length) {
    const c = certs[0];
    const to = new Date(Date.parse(c.validTo));
    return { ok: false, reason: now > to.getTime() ? `${file} 的证书已于 ${dateText(to)} 过期` : `${file} 的证书要到 ${dateText(new Date(Date.parse(c.validFrom)))} 才生效` };
  }
  return { ok: true, value: live };
}

/** Upper-case hex without leading zeros: WeChat shows serials upper-case, node may keep a leading 0. */
export const normalSerial = (s: string) => s.trim().toUpperCase().replace(/^0+/, '');

/** apiclient_cert.pem against WECHAT_PAY_MCH_SERIAL and the private key: each way it does not belong. */
export function merchantCertMismatch(file: string, serial: string, key: KeyObject | null, now: number): Checked<Array<{ setting: string; reason: string }>> {
  const certs = certificatesIn(file, now);
  if (!certs.ok) return certs;
  const cert = certs.value[0];
  const mismatches: Array<{ setting: string; reason: string }> = [];
  if (serial && normalSerial(cert.serialNumber) !== normalSerial(serial))
    mismatches.push({ setting: 'WECHAT_PAY_MCH_SERIAL', reason: `证书 ${file} 的序列号是 ${cert.serialNumber}，与 WECHAT_PAY_MCH_SERIAL=${serial} 不一致` });
  if (key && !cert.checkPrivateKey(key))
    mismatches.push({ setting: 'WECHAT_PAY_PRIVATE_KEY_PATH', reason: `证书 ${file} 与 WECHAT_PAY_PRIVATE_KEY_PATH 的私钥不是一对（请用同一次申请生成的 apiclient_cert.pem 和 apiclient_key.pem）` });
  return { ok: true, value: mismatches };
}

/** The platform certificate(s): one PEM file, or a folder of them (every .pem/.crt in it must parse). */
export function readPlatformCerts(target: string, now: number): Checked<X509Certificate[]> {
  let files: string[];
  try {
    files = certificateFiles(target);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' ? `${target} 不存在` : `${target} 无法读取（${code}）` };
  }
  if (!files.length) return { ok: false, reason: `文件夹 ${target} 里没有 .pem 证书文件` };
  const all: X509Certificate[] = [];
  for (const f of files) {
    const c = certificatesIn(f, now);
    if (!c.ok) return c;
    all.push(...c.value);
  }
  return { ok: true, value: all };
}

/** The WeChat Pay public key (pub_key.pem): an RSA public key. */
export function readRsaPublicKey(file: string): Checked<KeyObject> {
  const text = readText(file);
  if (!text.ok) return text;
  // createPublicKey also takes a certificate or a private key: say which file was given instead.
  if (/BEGIN CERTIFICATE/.test(text.value)) return { ok: false, reason: `${file} 是证书，不是公钥：证书请填 WECHAT_PAY_PLATFORM_CERT_PATH` };
  if (/PRIVATE KEY/.test(text.value)) return { ok: false, reason: `${file} 是私钥，不是微信支付公钥` };
  let key: KeyObject;
  try {
    key = createPublicKey(text.value);
  } catch {
    return { ok: false, reason: `${file} 不是有效的公钥（应为商户平台下载的微信支付公钥 pub_key.pem）` };
  }
  if (key.asymmetricKeyType !== 'rsa') return { ok: false, reason: `${file} 不是 RSA 公钥` };
  return { ok: true, value: key };
}
