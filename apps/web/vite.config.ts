import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './compress-plugin';
import { gateServiceWorker } from './gate-sw-plugin';

// The server serves the built SPA and the API on one origin; in development Vite proxies the API to it.
const api = { target: 'http://127.0.0.1:8080', changeOrigin: false };

// react-router's package sends every bundler its development build (warnings and checks, ~10 KB gzip more in every
// page's first load); the production build is the same API without them. Its own Vite plugin swaps it in for
// framework mode; a library-mode app does it here.
const routerProduction = fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), gateServiceWorker(), precompress()],
  // The server renderer bundles React and its libraries (ssr.noExternal), which pick their production or
  // development build from process.env.NODE_ENV at run time; Vite leaves that expression alone in an SSR
  // build, and the server runs without NODE_ENV unless its operator sets it, so every page was rendered by
  // React's development build (issue 39: its checks and stack captures were most of an uncached render).
  // Fixed at build time like the browser's bundle.
  define: command === 'build' && isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: routerProduction }] : [] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': api, '/auth': api },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: { '/api': api, '/auth': api },
  },
  // The server renderer (issue 23) is one self-contained file: it runs wherever the build is copied (WEB_DIST).
  ssr: { noExternal: true },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // antd lives in lazy chunks only; warn when anything else grows past a sane size.
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // the site, and the offline gate's own page (issue 38: /gate, small, kept by its service worker)
      input: { index: 'index.html', gate: 'gate.html' },
      output: {
        // The libraries every page starts with, in one file: split across several small chunks they compress
        // worse (the first-load budget counts gzip bytes).
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)\//.test(id)) return 'vendor';
          // the site's own modules every page starts with that the gate's page (issue 38) uses too: kept with the
          // libraries, not split into chunks of their own now that two entries share them
          if (/\/apps\/web\/src\/lib\/(format|use-lang|auth-actions)\.ts$/.test(id)) return 'vendor';
          return undefined;
        },
      },
    },
  },
}));
