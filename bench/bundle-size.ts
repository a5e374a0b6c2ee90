import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFigures {
  /** Gzip bytes of every script the page loads before it can render. */
  initialJsGzip: number;
  files: { file: string; gzip: number }[];
  /** Gzip bytes of the largest language catalogue chunk, fetched right after the entry. */
  catalogueGzip: number;
  /** Back-office markers found in the storefront's initial scripts (must be none), as `file: marker`. */
  backOfficeFound: string[];
  /** The back office's own entry (admin/index.html) was built. */
  backOfficeBuilt: boolean;
}

/**
 * Strings only the back office's code holds (its API root, its CSRF header, its
 * session answer's fields, its entry script): none may be in a script the
 * storefront loads first.
 */
export const BACK_OFFICE_MARKERS = ['/admin/api', 'x-admin-csrf', 'idle_expires_at', 'admin-root'];

const attr = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/** The module scripts and modulepreload links of a built index.html, in order. */
export function initialScripts(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isModuleScript = /^<script/i.test(tag) && attr(tag, 'type') === 'module' && attr(tag, 'src');
    const isPreload = /^<link/i.test(tag) && attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href');
    const src = isModuleScript ? attr(tag, 'src') : isPreload ? attr(tag, 'href') : undefined;
    if (src && !found.includes(src)) found.push(src);
  }
  return found;
}

const gzipSize = (file: string) => gzipSync(readFileSync(file)).length;

/** Measures the storefront's initial JavaScript in `dist` (a Vite build). */
export function measureBundle(dist: string): BundleFigures {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = initialScripts(html).map((src) => {
    const file = path.join(dist, new URL(src, 'http://x/').pathname);
    return { file: path.relative(dist, file), gzip: gzipSize(file) };
  });
  const catalogues = ['es', 'pt', 'en'].flatMap((language) =>
    findAssets(dist, new RegExp(`^${language}-[\\w-]+\\.js$`)).map(gzipSize),
  );
  const adminHtml = readFileSafe(path.join(dist, 'admin', 'index.html'));
  const adminEntries = adminHtml
    ? initialScripts(adminHtml).filter((src) => /\/admin-[\w-]+\.js$/.test(src))
    : [];
  const backOfficeFound = files.flatMap(({ file }) => {
    const text = readFileSync(path.join(dist, file), 'utf8');
    const found = BACK_OFFICE_MARKERS.filter((marker) => text.includes(marker)).map((m) => `${file}: ${m}`);
    if (adminEntries.some((src) => src.endsWith(path.basename(file)))) found.push(`${file}: admin entry`);
    return found;
  });
  return {
    initialJsGzip: files.reduce((sum, f) => sum + f.gzip, 0),
    files,
    catalogueGzip: Math.max(0, ...catalogues),
    backOfficeFound,
    backOfficeBuilt: adminHtml !== null,
  };
}

function findAssets(dist: string, pattern: RegExp): string[] {
  const assets = path.join(dist, 'assets');
  return readdirSafe(assets)
    .filter((name) => pattern.test(name))
    .map((name) => path.join(assets, name));
}

function readFileSafe(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
