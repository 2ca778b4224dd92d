/**
 * Studio admin passwords: scrypt (node:crypto) with a random 16-byte salt per
 * password, stored as `scrypt$N$r$p$<salt b64url>$<key b64url>` so the cost can
 * rise later without breaking stored hashes; compared in constant time. A
 * sign-in for a name that does not exist still pays one scrypt (DUMMY), so the
 * answer's timing does not say which names exist.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 16384, r: 8, p: 1 };
const KEY_LEN = 32;
const MAXMEM = 64 * 1024 * 1024;

function scrypt(pwd: string, salt: Buffer, len: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(pwd.normalize('NFC'), salt, len, { ...opts, maxmem: MAXMEM }, (e, k) => (e ? reject(e) : resolve(k))));
}

export async function hashStudioPassword(pwd: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(pwd, salt, KEY_LEN, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

let dummy: Promise<string> | undefined;

/** True when `pwd` matches `stored`; with no stored hash (unknown name) it spends the same work and says false. */
export async function studioPasswordMatches(pwd: string, stored: string | null | undefined): Promise<boolean> {
  const m = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored ?? '');
  if (!m) {
    dummy ??= hashStudioPassword('studio-dummy-password');
    await studioPasswordMatches(pwd, await dummy);
    return false;
  }
  const want = Buffer.from(m[5], 'base64url');
  const got = await scrypt(pwd, Buffer.from(m[4], 'base64url'), want.length, { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) });
  return got.length === want.length && timingSafeEqual(got, want);
}
