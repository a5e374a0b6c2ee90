import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFigures {
  /** Gzip bytes of every script the page loads before it can render. */
  initialJsGzip: number;
  files: { file: string; gzip: number }[];
  /** Gzip bytes of the largest language catalogue chunk, fetched right after the entry. */
  catalogueGzip: number;
}

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
  return {
    initialJsGzip: files.reduce((sum, f) => sum + f.gzip, 0),
    files,
    catalogueGzip: Math.max(0, ...catalogues),
  };
}

function findAssets(dist: string, pattern: RegExp): string[] {
  const assets = path.join(dist, 'assets');
  return readdirSafe(assets)
    .filter((name) => pattern.test(name))
    .map((name) => path.join(assets, name));
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
