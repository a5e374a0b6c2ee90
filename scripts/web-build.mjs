// Builds the storefront (apps/web) when its build is missing or older than its
// sources. Used by `npm start`, the benchmark and the e2e harness.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIR = path.join(ROOT, 'apps/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');

/** What the build is made from: a change to any of these makes the build stale. */
export const WEB_INPUTS = [
  path.join(WEB_DIR, 'src'),
  path.join(WEB_DIR, 'index.html'),
  path.join(WEB_DIR, 'vite.config.ts'),
  path.join(ROOT, 'packages/domain/src'),
  path.join(ROOT, 'package-lock.json'),
];

/** The newest modification time (ms) of a file or of every file under a folder; 0 if absent. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when `dist/index.html` is missing or older than any input. */
export function isBuildStale(dist = WEB_DIST, inputs = WEB_INPUTS) {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(args[0] ?? command)} failed (${signal ?? code})`)),
    );
  });
}

/**
 * Runs `vite build` into a fresh folder and swaps it in, so a server reading
 * dist never sees a half-written build.
 */
export async function buildWeb({ dist = WEB_DIST } = {}) {
  const vite = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const next = `${dist}.next-${process.pid}`;
  try {
    await run(process.execPath, [vite, 'build', '--outDir', next, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: WEB_DIR,
      // A production build whoever calls it (vitest sets NODE_ENV=test, which
      // would give React's development build).
      env: { ...process.env, NODE_ENV: 'production' },
    });
    rmSync(dist, { recursive: true, force: true });
    renameSync(next, dist);
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}

/** Builds when stale; says what it does. Returns true when it built. */
export async function ensureWebBuild({ log = console.log } = {}) {
  if (!isBuildStale()) {
    log('The web app build is up to date (apps/web/dist).');
    return false;
  }
  log('Building the web app…');
  const started = Date.now();
  await buildWeb();
  log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s (apps/web/dist).`);
  return true;
}
