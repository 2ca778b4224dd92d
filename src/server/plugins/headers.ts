/**
 * Security headers on every answer (@fastify/helmet): the page's CSP as an HTTP
 * header too (index.html carries the same policy as a meta tag, which cannot say
 * frame-ancestors), no framing by other sites, nosniff, a referrer policy that
 * never sends a path with an exam number to another origin, and HSTS only when the
 * request came over HTTPS (directly or, with TRUST_PROXY, from the proxy).
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { FRAME_SCRIPT_HASH } from './ssr-frame';

/** Keep in step with the meta tag in index.html (tests/server/headers.test.ts compares them). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // The one inline script, the page's frame (ssr-frame.ts), by its hash: no 'unsafe-inline'.
  scriptSrc: ["'self'", FRAME_SCRIPT_HASH],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https:'],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export async function headersPlugin(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // The app loads nothing cross-origin that would need these relaxed; WeChat's webview ignores them.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    hsts: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
  });
}
