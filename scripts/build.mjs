// Builds what the shop runs: the storefront (apps/web/dist, Vite) and the
// server (apps/server/dist, esbuild), and an empty PGlite data directory
// (apps/server/pglite-template/<version>: a new database starts as a copy of
// it instead of running initdb in the server).
//
//   node scripts/build.mjs           (`npm run build`) builds both
//   node scripts/build.mjs --stale   builds only what is missing or older than its sources
//
// `npm start`, the benchmark and the e2e harness call ensureBuilt(), which runs
// this file in a child process when something is stale, so the process that
// then runs the server never holds the build tools or initdb's memory.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIR = path.join(ROOT, 'apps/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
export const SERVER_DIR = path.join(ROOT, 'apps/server');
export const SERVER_DIST = path.join(SERVER_DIR, 'dist');
/** The production server: `node apps/server/dist/server.js`. */
export const SERVER_ENTRY = path.join(SERVER_DIST, 'server.js');
const THIS_FILE = fileURLToPath(import.meta.url);

/** What the web build is made from: a change to any of these makes it stale. */
export const WEB_INPUTS = [
  path.join(WEB_DIR, 'src'),
  path.join(WEB_DIR, 'index.html'),
  path.join(WEB_DIR, 'admin'),
  path.join(WEB_DIR, 'vite.config.ts'),
  path.join(ROOT, 'packages/domain/src'),
  path.join(ROOT, 'package-lock.json'),
];

/** What the server build is made from (the lock file also names the PGlite that made the template). */
export const SERVER_INPUTS = [
  path.join(SERVER_DIR, 'src'),
  path.join(SERVER_DIR, 'package.json'),
  path.join(ROOT, 'packages/domain/src'),
  path.join(ROOT, 'package-lock.json'),
  THIS_FILE,
];

/**
 * The server's entry points, each bundled to dist/<name>.js with the workspace
 * packages (TypeScript source) inside; the npm packages stay imports.
 */
const SERVER_ENTRIES = {
  server: path.join(SERVER_DIR, 'src/server.ts'),
  seed: path.join(SERVER_DIR, 'src/db/seed/cli.ts'),
  pglite: path.join(SERVER_DIR, 'src/db/pglite.ts'),
  'admin-create': path.join(SERVER_DIR, 'src/modules/admin/admin-create.cli.ts'),
  'files-to-s3': path.join(SERVER_DIR, 'src/modules/files/files-to-s3.cli.ts'),
  // The invoice PDFs' worker thread (modules/documents/pdf-pool.ts finds it as dist/pdf-worker.js).
  'pdf-worker': path.join(SERVER_DIR, 'src/modules/documents/pdf-worker.ts'),
};

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

/** True when `output` is missing or older than any input. */
export function isBuildStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

/** The builds that are missing or stale, by name. */
export function staleBuilds() {
  return [
    ...(isBuildStale(path.join(WEB_DIST, 'index.html'), WEB_INPUTS) ? ['web'] : []),
    ...(isBuildStale(SERVER_ENTRY, SERVER_INPUTS) ? ['server'] : []),
  ];
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

/** Replaces `dist` by the finished `next`, so nothing reads half a build. */
function swapIn(next, dist) {
  rmSync(dist, { recursive: true, force: true });
  renameSync(next, dist);
}

/** A build tool (a devDependency): says what to do when a production install left it out. */
function resolveBuildTool(specifier) {
  try {
    return createRequire(import.meta.url).resolve(specifier);
  } catch {
    throw new Error(
      `${specifier.split('/')[0]} is not installed, so the build cannot run. Build before leaving out the dev dependencies: ` +
        '`npm ci && npm run build && npm ci --omit=dev` (docs/operations.md).',
    );
  }
}

/** `vite build` into a side folder, swapped in when done. */
export async function buildWeb() {
  const vite = path.join(path.dirname(resolveBuildTool('vite/package.json')), 'bin/vite.js');
  const next = `${WEB_DIST}.next-${process.pid}`;
  try {
    await run(process.execPath, [vite, 'build', '--outDir', next, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: WEB_DIR,
      // A production build whoever calls it (vitest sets NODE_ENV=test, which
      // would give React's development build).
      env: { ...process.env, NODE_ENV: 'production' },
    });
    // The server-rendering module (ADR 009) beside the client build it matches, in dist/ssr/.
    await run(
      process.execPath,
      [
        vite,
        'build',
        '--ssr',
        'src/ssr/entry-server.tsx',
        '--outDir',
        path.join(next, 'ssr'),
        '--logLevel',
        'warn',
      ],
      { cwd: WEB_DIR, env: { ...process.env, NODE_ENV: 'production' } },
    );
    swapIn(next, WEB_DIST);
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}

/** The npm package a bare import names: `@scope/name/sub` -> `@scope/name`. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/**
 * Workspace packages (@shop/*, TypeScript source) are bundled. Every other
 * package stays an import resolved from node_modules at run time, and must be
 * one of @shop/server's `dependencies`, which `npm ci --omit=dev` installs;
 * anything else fails the build (a devDependency would be missing in production).
 * Native and WebAssembly packages (PGlite's files, argon2, fonts) thereby stay
 * as their authors ship them.
 */
function runtimeDependencies(dependencies) {
  const builtins = new Set(builtinModules);
  return {
    name: 'runtime-dependencies',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || builtins.has(args.path)) return { external: true };
        const name = packageName(args.path);
        if (name.startsWith('@shop/')) return undefined;
        if (dependencies.has(name)) return { external: true };
        return {
          errors: [
            {
              text: `"${name}" is imported but is not a dependency of @shop/server: add it to "dependencies" in apps/server/package.json, so a production install (npm ci --omit=dev) has it.`,
            },
          ],
        };
      });
    },
  };
}

/**
 * Bundles the server into a side folder (every file directly in it: the
 * server finds its files from there, apps/server/src/paths.ts) and swaps it in;
 * then makes the PGlite template when the installed PGlite has none yet (a few
 * seconds), in its own folder, which later builds leave alone.
 */
export async function buildServer({ log = console.log } = {}) {
  const esbuild = await import(pathToFileURL(resolveBuildTool('esbuild')).href);
  const manifest = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8'));
  const next = `${SERVER_DIST}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  try {
    await esbuild.build({
      entryPoints: SERVER_ENTRIES,
      outdir: next,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      sourcemap: 'linked',
      // Shared code goes to chunk files beside the entries, never into a subfolder.
      chunkNames: 'chunk-[hash]',
      logLevel: 'warning',
      plugins: [runtimeDependencies(new Set(Object.keys(manifest.dependencies ?? {})))],
    });
    await esbuild.stop();
    swapIn(next, SERVER_DIST);
  } finally {
    rmSync(next, { recursive: true, force: true });
  }

  const pglite = await import(pathToFileURL(path.join(SERVER_DIST, 'pglite.js')).href);
  const template = pglite.PGLITE_TEMPLATE_DIR;
  if (existsSync(path.join(template, 'PG_VERSION'))) return;
  log(`Making the empty PGlite database new data directories start from (${path.relative(ROOT, template)})…`);
  await pglite.createPgliteTemplate(template);
  // Templates of other PGlite versions are of no use any more.
  for (const other of readdirSync(path.dirname(template))) {
    if (other !== path.basename(template))
      rmSync(path.join(path.dirname(template), other), { recursive: true });
  }
}

async function timed(label, dist, build, log) {
  log(`Building the ${label}…`);
  const started = Date.now();
  await build();
  log(
    `Built the ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s (${path.relative(ROOT, dist)}).`,
  );
}

/** The build itself (this file run with node): everything, or with `stale` only what is stale. */
async function main({ stale, log }) {
  const builds = stale ? staleBuilds() : ['web', 'server'];
  if (builds.includes('web')) await timed('web app', WEB_DIST, buildWeb, log);
  if (builds.includes('server')) await timed('server', SERVER_DIST, () => buildServer({ log }), log);
}

/**
 * Builds what is stale in a child process (`node scripts/build.mjs --stale`),
 * whose messages go to stderr. Returns true when it built something.
 */
export async function ensureBuilt({ log = console.log } = {}) {
  if (staleBuilds().length === 0) {
    log('The build is up to date (apps/web/dist, apps/server/dist).');
    return false;
  }
  await run(process.execPath, [THIS_FILE, '--stale'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === THIS_FILE) {
  try {
    await main({ stale: process.argv.includes('--stale'), log: console.log });
  } catch (error) {
    console.error(`Build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
