/**
 * GET /config.json (StartupConfig, `?t=` cache-busting tolerated, no-store) (/healthz: health.ts),
 * and the built app from dist/ (precompressed, long-cached hashed assets; a clear
 * 503 page when dist/ is missing).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { startupConfig } from '../services/platform/config';
import { ssrPagePlugin } from './ssr-page';

/** The home page's banners (config.json `banners`). */
const BANNERS = ['/banners/1.svg', '/banners/2.svg', '/banners/3.svg'];

/**
 * Sent with the page as built (no server render bundle): what its first step needs, fetched
 * beside the entry script instead of after it — the flow config (boot reads it with the
 * default cache mode, which takes the preload) and the home page's first banner, its largest
 * paint (700 bytes; nothing for other routes to wait on). A drawn page names its own (ssr-images.ts).
 */
const PAGE_PRELOADS = [`<app-config.json>; rel=preload; as=fetch; crossorigin=use-credentials`, `<${BANNERS[0]}>; rel=preload; as=image`].join(', ');

export async function staticPlugin(app: FastifyInstance): Promise<void> {
  const { config, db } = app.deps;

  const startup = async () => {
    const branches = await db.all<{ hospCode: string; hospName: string; hospTel: string; hospAddr: string }>(
      'SELECT hosp_code AS "hospCode", hosp_name AS "hospName", hosp_tel AS "hospTel", hosp_addr AS "hospAddr" FROM branches ORDER BY sort, hosp_code',
    );
    return startupConfig(config, branches, BANNERS);
  };
  app.get('/config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return startup();
  });

  const dist = path.resolve(config.distDir);
  if (fs.existsSync(path.join(dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      // dist/studio/ is the admin studio's page, served under its own CSP (studio-page.ts).
      // The page itself (/, /index.html) is drawn per request: ssr-page.ts.
      globIgnore: ['studio/**', 'index.html', 'index.html.br', 'index.html.gz'],
      index: false,
      // The build writes .br/.gz next to each asset (scripts/vite-precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        // Hashed file names never change content; the page itself must be revalidated to pick up a new build.
        reply.header('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    await ssrPagePlugin(app, { dist, ssrDir: path.resolve(config.ssrDir), live: app.deps.live ?? null, startup, plainLink: PAGE_PRELOADS });
  } else {
    app.log.warn({ dist }, 'dist/ is missing: run `npm run build`; serving /api and /config.json only');
    app.get('/', async (_req, reply) => {
      reply.code(503).type('text/html; charset=utf-8');
      return '<!doctype html><meta charset="utf-8"><title>checkup-flow</title><p>前端尚未构建（dist/ 不存在）。请先运行 <code>npm run build</code>。API 与 /config.json 可用。</p>';
    });
  }
}
