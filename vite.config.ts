import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const ROUTER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/app/router');

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

/**
 * The app runs the component router (smaller than the data router by ≈25 kB
 * gzip), whose react-router `useBlocker` would throw. `react-router-dom` imported
 * from anywhere but src/app/router resolves to src/app/router/react-router-dom.ts:
 * the same package with a `useBlocker` that works there too.
 */
function routerShim(): Plugin {
  return {
    name: 'checkup-router-shim',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id !== 'react-router-dom' || !importer) return null;
      if (path.resolve(importer.split('?')[0]).startsWith(ROUTER_DIR + path.sep)) return null;
      return path.join(ROUTER_DIR, 'react-router-dom.ts');
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [routerShim(), react(), devWithoutCsp()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2019',
    chunkSizeWarningLimit: 800,
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
