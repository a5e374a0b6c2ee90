import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server. The files the server reads at run time are found from here, so
 * the source (src/paths.ts, run by tests and tsx) and the build (dist/server.js,
 * where this module is bundled) find the same files: both sit one folder below
 * apps/server. The build keeps every output file directly in dist/ for this.
 */
export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The committed migrations (drizzle-kit generated SQL). */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');

/** INE / CAOP reference data the seed loads (reference/README.md). */
export const REFERENCE_DIR = path.join(SERVER_DIR, 'src/db/reference');

/** The built storefront, WEB_DIST's default. */
export const DEFAULT_WEB_DIST = path.join(SERVER_DIR, '../web/dist');

/** The server build (scripts/build.mjs): the bundle. */
export const SERVER_DIST = path.join(SERVER_DIR, 'dist');

/**
 * The empty PGlite databases the build makes, one folder per PGlite version
 * (db/pglite.ts). Beside dist/, not in it: a rebuild of the bundle swaps dist/
 * while a starting server may be copying the template.
 */
export const PGLITE_TEMPLATES_DIR = path.join(SERVER_DIR, 'pglite-template');

/**
 * The invoice PDF's Unicode fonts (DejaVu Sans from the `dejavu-fonts-ttf`
 * package, a runtime dependency of @shop/server), resolved like an import from
 * this module: from src/ in tests and tsx, from dist/ in the build, both find
 * the same node_modules.
 */
export function fontFile(name: 'DejaVuSans.ttf' | 'DejaVuSans-Bold.ttf'): string {
  const root = path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
  return path.join(root, 'ttf', name);
}

/** The storefront's application prefix when APP_PREFIX is unset. */
export const DEFAULT_APP_PREFIX = '/app';
