/**
 * The admin studio's page, built into dist/studio/ (vite.studio.config.ts):
 * index.html for /studio and /studio/ (and any path under it that is not a
 * file: the page routes itself), hashed assets cached for a year. Its CSP adds
 * 'unsafe-eval' to script-src — the engine's checker compiles JSON Schemas with
 * Ajv (new Function) in the page as the admin types — and blob: workers (an
 * editor's language workers); only for /studio/ answers: the examinee pages keep
 * the strict policy (headers.ts). Without a build: 404 saying how to build it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CSP_DIRECTIVES } from './headers';

export const STUDIO_CSP_DIRECTIVES = {
  ...CSP_DIRECTIVES,
  // Not the examinee page's inline-script hash: the studio's page has no inline script.
  scriptSrc: ["'self'", "'unsafe-eval'"],
  workerSrc: ["'self'", 'blob:'],
};

const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const STUDIO_CSP = Object.entries(STUDIO_CSP_DIRECTIVES)
  .map(([k, v]) => `${kebab(k)} ${v.join(' ')}`)
  .join(';');

/** /studio/preview.html (the studio's live phone preview): the examinee page's own policy, framed by the studio only. */
export const STUDIO_PREVIEW_CSP = Object.entries({ ...CSP_DIRECTIVES, frameAncestors: ["'self'"] })
  .map(([k, v]) => `${kebab(k)} ${v.join(' ')}`)
  .join(';');

export const STUDIO_NOT_BUILT = '配置工作室页面尚未构建（dist/studio/ 不存在）。请先运行 npm run build。\nThe studio page is not built (dist/studio/ is missing): run npm run build.\n';

export async function studioPagePlugin(app: FastifyInstance): Promise<void> {
  const root = path.resolve(app.deps.config.distDir, 'studio');
  await app.register(
    async (s) => {
      s.addHook('onSend', async (req, reply) => {
        // The live phone preview is framed by the studio page (same origin only); everything else is never framed.
        if (req.url.split('?')[0] === '/studio/preview.html') {
          reply.header('content-security-policy', STUDIO_PREVIEW_CSP);
          reply.header('x-frame-options', 'SAMEORIGIN');
        } else reply.header('content-security-policy', STUDIO_CSP);
      });
      if (!fs.existsSync(path.join(root, 'index.html'))) {
        app.log.warn({ root }, 'dist/studio/ is missing: run `npm run build`; /studio/ answers 404 until then');
        const notBuilt = async (_req: unknown, reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send(STUDIO_NOT_BUILT);
        s.get('/', notBuilt);
        s.get('/*', notBuilt);
        return;
      }
      await s.register(fastifyStatic, {
        root,
        prefix: '/',
        decorateReply: false,
        wildcard: false,
        index: false,
        // The build may write .br/.gz next to each asset; without them the file itself is sent.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, file) => {
          // Hashed file names never change content; the page itself is revalidated to pick up a new build.
          reply.header('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      const page = async (_req: unknown, reply: FastifyReply) => {
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
        return reply.send(fs.createReadStream(path.join(root, 'index.html')));
      };
      // /studio and /studio/ (the prefix's both forms).
      s.get('/', page);
      // A path under /studio/ that is no file: the page (it routes itself); a missing asset stays a 404.
      s.setNotFoundHandler(async (req, reply) => {
        if (req.method === 'GET' && /^\/studio\/(?!assets\/)[^.]*$/.test(req.url.split('?')[0])) return page(req, reply);
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
      });
    },
    { prefix: '/studio' },
  );
}
