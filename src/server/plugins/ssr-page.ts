/**
 * GET / (and /index.html): the built page with its first screen drawn in (issue 27).
 *
 * Drawn per request from the live config (a publish or a file edit shows on the next
 * request, no rebuild) by the app's own server build (SSR_DIR, build/ssr/ssr-entry.js, loaded
 * as built: the server does not import the app's sources), with what the phone would
 * have fetched first inlined: config.json's start-up config and app-config.json. The
 * phone hydrates the drawing when its own first render is the same (app/main.tsx).
 *
 * The page differs by the `cf_home` cookie (signed in, tag, branch: app/ssr/landing.ts),
 * so it is `private, no-cache` and varies on Cookie. A drawn page is kept, compressed,
 * per (config version, start-up config, what the cookie says) — a few variants in practice,
 * at most PAGE_CACHE of them. A landing step that fetches only public data (a package list) is
 * drawn with it (app/ssr/entry-seed.ts, ssr-calls.ts); its kept page is served while those calls
 * still answer the same, else drawn again. Without the render bundle (an older build) the page is
 * served as built.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StartupConfig } from '../../contract/calls';
import type { LiveConfig } from '../config-live';
import { servedConfig } from './app-config';
import { compressText, sendCompressed, type CompressedText } from './compressed';
import { publicCaller, type PublicCaller } from './ssr-calls';
import { FRAME_SCRIPT } from './ssr-frame';
import { imageInliner, imagePreloadLink } from './ssr-images';
import { readManifest, routePreloads, type RouteNeeds, type RoutePreloads } from './ssr-preloads';

/** What build/ssr/ssr-entry.js exports (app/ssr/ssr-entry.tsx; restated here: the server does not import app code). */
interface RenderBundle {
  /** What of a Cookie header changes the drawing (made-up cookies with the same meaning share a page). */
  drawingKey(cookie: string | undefined): string;
  drawPage(input: {
    startup: StartupConfig;
    cfg: unknown;
    version: string;
    search: string;
    cookie?: string;
    schemas?: Record<string, object>;
    publicCall?: PublicCaller;
  }): Promise<{
    pages: Array<{ route: string; html: string }>;
    routes: Record<string, RouteNeeds>;
    boot: unknown;
    /** The public calls the drawings' loads made, with their answers (ssr-calls.ts). */
    calls: Array<{ name: string; body: Record<string, unknown>; answer: unknown }>;
  }>;
}

const PAGE_CACHE = 64;
const HTML = 'text/html; charset=utf-8';

/** JSON inside a `<script type="application/json">`: no `</script>` or `<!--` can close or open anything. */
export function scriptJson(v: unknown): string {
  return JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The built index.html with the drawing, the inline start-up config and the frame script in place of the empty root. */
export function assemblePage(shell: string, d: Pick<Awaited<ReturnType<RenderBundle['drawPage']>>, 'pages' | 'routes' | 'boot'>, preloads: RoutePreloads): string {
  const root = d.pages.find((p) => p.route === '/');
  const templates = d.pages
    .filter((p) => p !== root)
    .map((p) => `<template data-route="${escapeAttr(p.route)}">${p.html}</template>`)
    .join('');
  const body =
    `<div id="root"${root ? ' data-ssr="/"' : ''}>${root?.html ?? ''}</div>${templates}` +
    `<script id="cf-routes" type="application/json">${scriptJson(preloads)}</script>` +
    `<script id="cf-boot" type="application/json">${scriptJson(d.boot)}</script>` +
    `<script>${FRAME_SCRIPT}</script>`;
  return shell.replace('<div id="root"></div>', () => body);
}

/**
 * Every stylesheet of the build inlined in the drawn page, in the order the phone would apply them (the
 * page's own links, then any others): the drawing and the screens the phone draws next are styled at their
 * first paint. The build makes one stylesheet (vite.config.ts `cssCodeSplit: false`): ≈ 46 kB, ≈ 9 kB
 * compressed, no render-blocking request, and no lazy screen that waits for a stylesheet of its own.
 */
export function withInlineCss(html: string, dist: string): string {
  const linkRe = /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>\s*/g;
  const linked = [...html.matchAll(linkRe)].map((m) => m[1]);
  const assets = path.join(dist, 'assets');
  const rest = fs.existsSync(assets) ? fs.readdirSync(assets).filter((f) => f.endsWith('.css')).map((f) => `assets/${f}`).filter((f) => !linked.includes(f)).sort() : [];
  const css = [...linked, ...rest].map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
  if (!css || css.includes('</')) return html;
  let placed = false;
  return html.replace(linkRe, () => (placed ? '' : ((placed = true), `<style>${css}</style>\n`)));
}

/**
 * The entry `<script type="module">` and the page's module preloads leave the HTML: the inline script (ssr-frame.ts)
 * asks for them after the first paint of what is shown, from `#cf-entry`. Before that paint the page loads
 * nothing but itself and the first banner: on a slow network the bundle's ≈ 80 kB no longer share the line with
 * the drawing and its image, and the drawing is on screen before any script is parsed.
 */
export function entryAfterPaint(html: string): string {
  let js = '';
  const pre: string[] = [];
  const out = html
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/, (_m, src: string) => ((js = src), ''))
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_m, href: string) => (pre.push(href), ''));
  if (!js) return html;
  return out.replace('</head>', () => `<script id="cf-entry" type="application/json">${scriptJson({ js, pre })}</script>\n  </head>`);
}

export async function ssrPagePlugin(
  app: FastifyInstance,
  opts: { dist: string; ssrDir: string; live: LiveConfig | null; startup(): Promise<StartupConfig>; plainLink: string },
): Promise<void> {
  const built = fs.readFileSync(path.join(opts.dist, 'index.html'), 'utf8');
  const plain = compressText(built);
  const shell = entryAfterPaint(withInlineCss(built, opts.dist));
  const manifest = readManifest(opts.dist);
  const SSR_BUNDLE = path.join(opts.ssrDir, 'ssr-entry.js');
  let bundle: RenderBundle | null = null;
  if (opts.live && fs.existsSync(SSR_BUNDLE)) {
    try {
      bundle = (await import(pathToFileURL(SSR_BUNDLE).href)) as RenderBundle;
    } catch (e) {
      app.log.error({ err: e, bundle: SSR_BUNDLE }, 'the server render bundle does not load: pages are served without a drawn first screen');
    }
  } else if (opts.live) {
    app.log.warn({ bundle: SSR_BUNDLE }, 'no server render bundle (npm run build makes it): pages are served without a drawn first screen');
  }
  const firstImages = imageInliner(opts.dist);
  type Drawn = { text: CompressedText; link?: string; calls: Array<{ name: string; body: Record<string, unknown>; answer: unknown }> };
  const cache = new Map<string, Promise<Drawn>>();
  const publicCall = publicCaller(app);
  // A kept page drawn with public answers (a package list) is served while each call still answers the same.
  const stillHolds = async (d: Drawn): Promise<boolean> => {
    try {
      const now = await Promise.all(d.calls.map((c) => publicCall(c.name, c.body)));
      return now.every((a, i) => JSON.stringify(a) === JSON.stringify(d.calls[i].answer));
    } catch {
      return false;
    }
  };

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const live = opts.live;
    if (!bundle || !live) return sendCompressed(req, reply, plain, HTML, { link: opts.plainLink });
    const startup = await opts.startup();
    const { config, version } = live.current;
    const cookie = req.headers.cookie;
    // Drawn without the address's search: a step that shows it does not match the phone's first render, which
    // then draws afresh — and a made-up address costs no drawing.
    // Compressed fast: brotli 5 is ≈ 5 ms for the ≈ 100 kB page against ≈ 270 ms at 11, for 14 % more bytes.
    const key = JSON.stringify([version, startup, bundle.drawingKey(cookie)]);
    const draw = (): Promise<Drawn> => {
      if (cache.size >= PAGE_CACHE) cache.clear();
      const b = bundle!;
      const body = b.drawPage({ startup, cfg: servedConfig(config, version), version, search: '', cookie, schemas: config.schemas, publicCall }).then((d) => {
        const images = firstImages(d.pages);
        return {
          text: compressText(assemblePage(shell, { ...d, pages: images.pages }, routePreloads(manifest, d.routes)), 'fast'),
          link: imagePreloadLink(images.preload),
          calls: d.calls ?? [], // a render bundle built before public answers had none
        };
      });
      cache.set(key, body);
      body.catch(() => cache.delete(key));
      return body;
    };
    let drawn: Drawn;
    try {
      const kept = cache.get(key);
      drawn = kept ? await kept : await draw();
      if (kept && drawn.calls.length && !(await stillHolds(drawn))) {
        const cur = cache.get(key); // another request may have drawn it again meanwhile
        drawn = await (cur && cur !== kept ? cur : draw());
      }
    } catch (e) {
      // A drawing that fails must not take the page down: the phone draws it as before.
      req.log.error({ err: e }, 'drawing the first screen failed: page served without it');
      return sendCompressed(req, reply, plain, HTML, { link: opts.plainLink });
    }
    return sendCompressed(req, reply, drawn.text, HTML, {
      'cache-control': 'private, no-cache',
      vary: 'accept-encoding, cookie',
      ...(drawn.link ? { link: drawn.link } : {}),
    });
  };
  app.get('/', page);
  app.get('/index.html', page);
}
