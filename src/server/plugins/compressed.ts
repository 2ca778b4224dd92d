/**
 * Text the server builds once at start (the app config, form schemas, form
 * validators) is compressed once too, and sent as br / gzip / plain by the
 * request's Accept-Encoding, with an ETag so a revalidating phone (no-cache)
 * gets a 304 instead of the body again.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CompressedText {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Best compression by default (text compressed once); `fast` for text made per request (ssr-page.ts). */
export function compressText(text: string | Buffer, effort: 'best' | 'fast' = 'best'): CompressedText {
  const raw = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const fast = effort === 'fast';
  return {
    raw,
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: zlib.gzipSync(raw, { level: fast ? 6 : 9 }),
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
  };
}

/** Which encoding to send: br, then gzip, when the request accepts it (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((p) => p.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** If-None-Match names this ETag: `*`, or in its list, weak or strong (RFC 9110 §13.1.2: weak comparison). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => strip(t) === strip(etag));
}

/**
 * What an async route handler returns: the body, or — for a 304 — the reply it has sent. Returning the reply
 * matters: a handler that sends and then returns undefined has Fastify send a second time while the first
 * send's async onSend hooks still run ("Cannot write headers after they are sent", logged as an error on
 * every revalidation; tests/server/config-version-live.test.ts).
 */
export function sendCompressed(
  req: FastifyRequest,
  reply: FastifyReply,
  body: CompressedText,
  type: string,
  headers: Record<string, string> = {},
): Buffer | FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', body.etag).header('vary', 'accept-encoding').type(type);
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  if (etagMatches(req.headers['if-none-match'], body.etag)) return reply.code(304).send();
  const enc = pickEncoding(req.headers['accept-encoding'] as string | undefined);
  if (enc) reply.header('content-encoding', enc);
  return enc ? body[enc] : body.raw;
}
