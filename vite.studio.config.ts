/**
 * The admin studio (issue 13): its own build, so the examinee app's bundle does
 * not change by a byte. studio/index.html (+ preview.html, the live phone preview) → dist/studio/ (served at /studio/ by
 * src/server/plugins/studio-page.ts); the code is src/studio. Run after the main
 * build (`npm run build`), which empties dist/ first.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.ts';

const API = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/** The dev server injects inline scripts: drop the page's CSP meta while serving (the built page always has it). */
function devWithoutCsp(): Plugin {
  return {
    name: 'studio-dev-without-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, ''),
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./studio', import.meta.url)),
  base: '/studio/',
  plugins: [react(), devWithoutCsp(), precompress()],
  // the studio is its own app: vite's cache apart from the main build's
  cacheDir: fileURLToPath(new URL('./node_modules/.vite-studio', import.meta.url)),
  build: {
    outDir: fileURLToPath(new URL('./dist/studio', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2020',
    chunkSizeWarningLimit: 1200,
    // two pages: the workbench, and the live phone preview it frames (the app's own code on the draft)
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./studio/index.html', import.meta.url)),
        preview: fileURLToPath(new URL('./studio/preview.html', import.meta.url)),
      },
    },
  },
  worker: { format: 'es' },
  server: {
    host: '127.0.0.1',
    port: 5174,
    fs: { allow: [fileURLToPath(new URL('.', import.meta.url))] },
    proxy: { '/api': { target: API, changeOrigin: false } },
  },
});
