import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { shopServerProxy } from './dev-proxy.ts';

// The server renders dist/index.html (it fills <!--app-config-->, __LANG__ and
// __TITLE__) and serves dist/assets under /assets/. `npm run dev` (scripts/dev.mjs)
// runs Vite in front of a server restarted on change: every route Vite does not
// own goes to SHOP_SERVER_URL (dev-proxy.ts).
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), shopServerProxy(process.env.SHOP_SERVER_URL ?? 'http://127.0.0.1:3000')],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // The services screen must stay within 120 KB gzip of initial JavaScript
    // (DESIGN.md "Budgets"); `npm run bench` measures it.
    modulePreload: { polyfill: false },
    // The server reads .vite/manifest.json to link a server-rendered route's CSS and chunk (ADR 009).
    manifest: true,
    rollupOptions: {
      // Two entries: the storefront (index.html) and the back office (admin/index.html, served
      // under /admin). Rollup keeps what only the back office imports out of the storefront's chunks.
      input: {
        index: path.join(import.meta.dirname, 'index.html'),
        admin: path.join(import.meta.dirname, 'admin/index.html'),
      },
      treeshake: {
        // packages/domain is pure (no module-level side effects; STYLE.md 1), so its
        // unused zod schemas and rules can be dropped from the bundle.
        moduleSideEffects: (id: string) => !id.includes('/packages/domain/src/'),
      },
    },
  },
  json: { stringify: true },
  // The server-rendering build (scripts/build.mjs: vite build --ssr src/ssr/entry-server.tsx)
  // bundles React and every other package, so the server needs none of them installed.
  ssr: { noExternal: true },
  // Vite leaves `process.env.NODE_ENV` as it is in a server build, so the bundled React would pick
  // its development code (a stack trace captured per element) at run time whenever the server
  // runs without NODE_ENV=production, as `npm start` does. The build is a production build:
  // fix it in the bundle, as the client build does.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
}));
