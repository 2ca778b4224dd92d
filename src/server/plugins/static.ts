/**
 * GET /config.json (StartupConfig, `?t=` cache-busting tolerated, no-store), GET /healthz,
 * and the built app from dist/ (precompressed, long-cached hashed assets; a clear
 * 503 page when dist/ is missing).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { startupConfig } from '../services/platform/config';

export async function staticPlugin(app: FastifyInstance): Promise<void> {
  const { config, db } = app.deps;

  app.get('/config.json', async (_req, reply) => {
    const branches = await db.all<{ hospCode: string; hospName: string; hospTel: string; hospAddr: string }>(
      'SELECT hosp_code AS "hospCode", hosp_name AS "hospName", hosp_tel AS "hospTel", hosp_addr AS "hospAddr" FROM branches ORDER BY sort, hosp_code',
    );
    reply.header('cache-control', 'no-store');
    return startupConfig(config, branches, ['/banners/1.svg', '/banners/2.svg', '/banners/3.svg']);
  });

  app.get('/healthz', async () => ({ ok: true }));

  const dist = path.resolve(config.distDir);
  if (fs.existsSync(path.join(dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // The build writes .br/.gz next to each asset (scripts/vite-precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        // Hashed file names never change content; the page itself must be revalidated to pick up a new build.
        reply.header('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ dist }, 'dist/ is missing: run `npm run build`; serving /api and /config.json only');
    app.get('/', async (_req, reply) => {
      reply.code(503).type('text/html; charset=utf-8');
      return '<!doctype html><meta charset="utf-8"><title>checkup-flow</title><p>前端尚未构建（dist/ 不存在）。请先运行 <code>npm run build</code>。API 与 /config.json 可用。</p>';
    });
  }
}
