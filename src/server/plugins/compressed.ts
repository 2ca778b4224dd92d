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

export function compressText(text: string | Buffer): CompressedText {
  const raw = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return {
    raw,
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: zlib.gzipSync(raw, { level: 9 }),
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

export function sendCompressed(req: FastifyRequest, reply: FastifyReply, body: CompressedText, type: string): Buffer | void {
  reply.header('cache-control', 'no-cache').header('etag', body.etag).header('vary', 'accept-encoding').type(type);
  if (req.headers['if-none-match'] === body.etag) {
    reply.code(304).send();
    return;
  }
  const enc = pickEncoding(req.headers['accept-encoding'] as string | undefined);
  if (enc) reply.header('content-encoding', enc);
  return enc ? body[enc] : body.raw;
}
