/**
 * The server render bundle (issue 27): src/app/ssr/ssr-entry.tsx built for Node into
 * build/ssr/, every dependency bundled in (a release folder has no node_modules for it;
 * antd-mobile's ES modules and CSS imports are not loadable by Node as published).
 * `npm run build` runs it after the phone's and the studio's builds.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { reactRouterProduction } from './scripts/vite-react-router-prod.ts';

export default defineConfig({
  // The phone's router build, so a drawing is what the phone's first render is (scripts/vite-react-router-prod.ts).
  plugins: [react(), reactRouterProduction()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/app/ssr/ssr-entry.tsx',
    outDir: 'build/ssr',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    copyPublicDir: false,
    rollupOptions: { output: { format: 'es', entryFileNames: 'ssr-entry.js' } },
  },
});
