// `npm run dev`: the development loop (docs/operations.md "Development").
//   - the server from its TypeScript source under `tsx watch`: restarted when a
//     file it imports changes; its JSON log lines made readable by pino-pretty;
//   - Vite's dev server in front of it with hot reload: it answers the
//     storefront's and back office's modules itself and passes every other
//     request (API, search endpoints, version.json, /payments, /admin, the
//     pages, which the server renders with the runtime configuration) to the
//     server (apps/web/dev-proxy.ts).
// Open http://localhost:5173/app/servicios. DEV_PORT sets Vite's port, PORT the
// server's (default 5173 and 3000); every other variable goes to the server as
// with `npm start` (PGlite under DATA_DIR unless DATABASE_URL is set).
// Ctrl-C (or SIGTERM) stops both.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pretty from 'pino-pretty';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIR = path.join(ROOT, 'apps/web');
const vitePort = process.env.DEV_PORT || '5173';
const serverPort = process.env.PORT || '3000';

// The server renders the pages from an index.html: in development the source
// templates (their scripts are the source modules, which Vite serves), without
// the server-rendering module, so the browser renders every page and hot reload works.
const devDist = path.join(ROOT, 'node_modules/.cache/shop-dev-web');
mkdirSync(path.join(devDist, 'admin'), { recursive: true });
copyFileSync(path.join(WEB_DIR, 'index.html'), path.join(devDist, 'index.html'));
copyFileSync(path.join(WEB_DIR, 'admin/index.html'), path.join(devDist, 'admin/index.html'));

const children = [];
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }, 5000);
  timer.unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(
    () => process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

function start(name, command, args, options) {
  // Each child in its own process group: a Ctrl-C reaches this script only, which passes one
  // SIGTERM on (tsx force-kills the server on a second signal, cutting its clean stop).
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true, ...options });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? code}); stopping the development loop.`);
    stop(code || 1);
  });
  return child;
}

const server = start(
  'the server',
  process.execPath,
  [
    path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
    'watch',
    '--clear-screen=false',
    path.join(ROOT, 'apps/server/src/server.ts'),
  ],
  {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: serverPort,
      HOST: process.env.HOST || '127.0.0.1',
      WEB_DIST: devDist,
      SSR_ENTRY: path.join(devDist, 'no-ssr.js'),
    },
  },
);
// Log lines are JSON (one object a line); other lines (the start banner) pass as they are.
server.stdout.pipe(
  pretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
);

const vite = start(
  'Vite',
  process.execPath,
  [
    path.join(ROOT, 'node_modules/vite/bin/vite.js'),
    '--port',
    vitePort,
    '--strictPort',
    '--host',
    '127.0.0.1',
  ],
  { cwd: WEB_DIR, env: { ...process.env, SHOP_SERVER_URL: `http://127.0.0.1:${serverPort}` } },
);
vite.stdout.pipe(process.stdout);
