import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.ts';
import { axiosXhrOnly } from './scripts/vite-axios-xhr.ts';
import { engineFloor } from './scripts/vite-engine-floor.ts';
import { deepImports, firstLoadChunks } from './scripts/vite-chunks.ts';
import { reactRouterProduction } from './scripts/vite-react-router-prod.ts';

const API = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * index.html carries a strict CSP (no 'unsafe-eval', script-src 'self'). The dev
 * server injects inline scripts (React refresh preamble, HMR client), so the meta
 * is removed while serving; the built app always runs under it.
 */
function devWithoutCsp(): Plugin {
  return {
    name: 'checkup-dev-without-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, ''),
  };
}

export default defineConfig({
  base: './',
  plugins: [react(), devWithoutCsp(), reactRouterProduction(), axiosXhrOnly(), deepImports(), engineFloor(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // es2019 syntax is within the older-phone floor (docs/decisions-app.md); tests/unit/engine-floor.test.ts checks every chunk.
    target: 'es2019',
    chunkSizeWarningLimit: 800,
    // One stylesheet for the whole app (≈ 45 kB, ≈ 8 kB brotli), linked by index.html. The drawn page inlines every
    // rule anyway (ssr-page.ts withInlineCss); with a stylesheet per chunk, each lazy screen's import also waited
    // for its own <link> to load again — a round trip on the deep link's path to its screen.
    cssCodeSplit: false,
    // dist/.vite/manifest.json: the server's drawn page preloads the chunks of the route it opens (src/server/plugins/ssr-preloads.ts).
    manifest: true,
    rolldownOptions: {
      // Fewer, larger first-load chunks for issue 27's 100 kB per route: the entry takes what it imports and what
      // most screen kinds use (scripts/vite-chunks.ts says why and how).
      output: { codeSplitting: { groups: firstLoadChunks() } },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/config.json': { target: API },
      '/app-config.json': { target: API },
      '/schemas': { target: API },
    },
  },
});
