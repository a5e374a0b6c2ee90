import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The files a server-rendered route needs beyond the entry's: its chunks (modulepreload) and their CSS. */
export interface RouteAssets {
  css: string[];
  js: string[];
}

function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * Reads Vite's build manifest (WEB_DIST/.vite/manifest.json) once and answers
 * which CSS and chunks a lazy route module needs that index.html does not link
 * already: without them a server-rendered page would paint unstyled (ADR 009).
 */
export function createManifestReader(webDist: string): (modules: string[]) => Promise<RouteAssets> {
  let manifest: Promise<Manifest | null> | undefined;
  const load = () => {
    manifest ??= readFile(path.join(webDist, '.vite', 'manifest.json'), 'utf8').then(
      (text) => JSON.parse(text) as Manifest,
      () => {
        manifest = undefined; // look again once a build exists
        return null;
      },
    );
    return manifest;
  };
  return async (modules) => {
    const m = await load();
    if (!m || modules.length === 0) return { css: [], js: [] };
    const inEntry = closure(m, ['index.html']);
    const needed = [...closure(m, modules)].filter((key) => !inEntry.has(key));
    return {
      css: [...new Set(needed.flatMap((key) => m[key]?.css ?? []))].map((file) => `/${file}`),
      js: needed.map((key) => `/${m[key]?.file}`),
    };
  };
}
