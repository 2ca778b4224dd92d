/**
 * The OAuth proof of an openid: after toWeChatOauth resolves an openid (sandbox or
 * WeChat), the server sets an HttpOnly cookie holding the openid, the issue time
 * and an HMAC-SHA256 over both (key: config.sessionSecret). userOpenid and GetToken
 * by openid issue an openid-bound token only when this cookie proves that openid.
 *
 * Cookie value: `v1.<base64url(openid)>.<issued epoch-ms>.<base64url(hmac)>`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const OAUTH_COOKIE = 'cf_oauth';
/** Lifetime of the proof (the app's login help text promises 15 days; 30 leaves room). */
export const OAUTH_COOKIE_MAX_AGE_SEC = 30 * 86_400;
/** Clock skew tolerated for an issue time in the future. */
const FUTURE_SKEW_MS = 5 * 60_000;
/** Minimum length of SESSION_SECRET. */
export const SESSION_SECRET_MIN = 32;

const b64u = (b: Buffer | string) => Buffer.from(b).toString('base64url');

function mac(key: string, openid: string, iat: number): string {
  return createHmac('sha256', key).update(`cf-oauth-v1|${openid}|${iat}`).digest('base64url');
}

export function signOpenid(key: string, openid: string, nowMs: number): string {
  const iat = Math.floor(nowMs);
  return `v1.${b64u(openid)}.${iat}.${mac(key, openid, iat)}`;
}

/** The openid the cookie value proves, or null (absent, malformed, forged, expired). */
export function verifyOpenidCookie(key: string, value: string | undefined, nowMs: number, maxAgeSec = OAUTH_COOKIE_MAX_AGE_SEC): string | null {
  if (!value || value.length > 600) return null;
  const parts = value.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1' || !/^\d{1,16}$/.test(parts[2])) return null;
  let openid: string;
  try {
    openid = Buffer.from(parts[1], 'base64url').toString('utf8');
  } catch {
    return null;
  }
  if (!openid || b64u(openid) !== parts[1]) return null;
  const iat = Number(parts[2]);
  const want = Buffer.from(mac(key, openid, iat));
  const got = Buffer.from(parts[3]);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  if (iat > nowMs + FUTURE_SKEW_MS || nowMs - iat > maxAgeSec * 1000) return null;
  return openid;
}

/** One cookie's value from the Cookie header (no cookie plugin needed for one name). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      const v = part.slice(i + 1).trim();
      try {
        return decodeURIComponent(v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The openid proven by the request's OAuth cookie, or null. */
export function provenOpenid(req: FastifyRequest, key: string, nowMs: number): string | null {
  return verifyOpenidCookie(key, cookieValue(req.headers.cookie, OAUTH_COOKIE), nowMs);
}

/** Secure when the page is served over https (directly, behind a proxy, or by PUBLIC_URL). */
function isHttps(req: FastifyRequest, publicUrl: string): boolean {
  return req.protocol === 'https' || publicUrl.startsWith('https:');
}

export function setOpenidCookie(reply: FastifyReply, req: FastifyRequest, opts: { key: string; openid: string; nowMs: number; publicUrl: string }): void {
  const attrs = [
    `${OAUTH_COOKIE}=${signOpenid(opts.key, opts.openid, opts.nowMs)}`,
    'Path=/',
    `Max-Age=${OAUTH_COOKIE_MAX_AGE_SEC}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (isHttps(req, opts.publicUrl)) attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}

/**
 * The key for a dev/demo/test start without SESSION_SECRET: a random key kept in
 * `<dataDir>/session.key` (mode 0600) so a restart keeps people logged in; a
 * per-process random key when the directory cannot be written. Never used in
 * production (productionProblems() refuses to start without SESSION_SECRET).
 */
export function devSessionSecret(dataDir: string): { key: string; source: string } {
  const file = path.join(dataDir, 'session.key');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= SESSION_SECRET_MIN) return { key: existing, source: file };
  } catch {
    /* not there yet */
  }
  const key = randomBytes(32).toString('base64url');
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
    return { key, source: file };
  } catch {
    return { key, source: 'per-process random key' };
  }
}

/** A per-process random key (buildServer without a configured secret: tests, tools). */
export const processSessionSecret = randomBytes(32).toString('base64url');
