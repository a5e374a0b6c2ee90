import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PGLITE_TEMPLATES_DIR } from '../paths.ts';

/**
 * PostgreSQL's default shared_buffers (128MB) is allocated and touched at start
 * inside PGlite's WebAssembly memory, so it all counts as resident memory. The
 * whole database is ~11 MB (reference data included); 32MB holds it with room
 * to grow, and pages beyond it are read back from the data directory through
 * the operating system's file cache. Measured: ~110 MB less resident memory at
 * rest than the default (docs/operations.md, `npm run bench`).
 */
const SHARED_BUFFERS = '32MB';

/** PGlite's own start parameters plus ours; every PGlite the app opens uses them. */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];

/** The installed PGlite's version: a template is only used by the version that wrote it. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * An empty PGlite data directory, made by the build (`npm run build`,
 * scripts/build.mjs) with the installed PGlite. A new data directory is copied
 * from it instead of running initdb in the server: initdb runs a second
 * PostgreSQL and the initdb program inside the process and took the server to
 * twice its resting memory (~900 MB) on its first start.
 */
export const PGLITE_TEMPLATE_DIR = path.join(PGLITE_TEMPLATES_DIR, pgliteVersion());

/** True when `dataDir` holds no database yet (PGlite's own test: PG_VERSION). */
function isNewDataDir(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Fills a new data directory from the template, when there is one. PG_VERSION
 * is copied last: until it is there PGlite (and this function) see no
 * database, so a copy cut short is redone at the next start.
 */
export function copyTemplateIfNew(dataDir: string, templateDir = PGLITE_TEMPLATE_DIR): boolean {
  if (!isNewDataDir(dataDir) || !existsSync(path.join(templateDir, 'PG_VERSION'))) return false;
  cpSync(templateDir, dataDir, {
    recursive: true,
    dereference: true,
    filter: (source) => path.relative(templateDir, source) !== 'PG_VERSION',
  });
  cpSync(path.join(templateDir, 'PG_VERSION'), path.join(dataDir, 'PG_VERSION'));
  return true;
}

/** A PGlite with the app's start parameters. */
export function newPglite(options: Omit<PGliteOptions, 'startParams'> = {}): PGlite {
  return new PGlite({ ...options, startParams: PGLITE_START_PARAMS });
}

/**
 * Writes the template: runs PGlite's initdb into a side folder, closes it
 * cleanly and moves it into place, so a server never copies half a template.
 * Run by the build in its own process (it needs ~800 MB for a few seconds);
 * the server never calls it.
 */
export async function createPgliteTemplate(templateDir = PGLITE_TEMPLATE_DIR): Promise<void> {
  const next = `${templateDir}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(path.dirname(templateDir), { recursive: true });
  try {
    const client = newPglite({ dataDir: next });
    await client.waitReady;
    await client.close();
    rmSync(templateDir, { recursive: true, force: true });
    renameSync(next, templateDir);
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}
