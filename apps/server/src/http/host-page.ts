import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RuntimeConfig } from '@shop/domain';
import { escapeHtml } from './html.ts';

const CONFIG_MARK = '<!--app-config-->';

/**
 * JSON safe inside a `<script>` element: `<` becomes \u003c so the data can
 * never close the element or open a comment; U+2028/2029 are escaped for old parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page's title and meta description (plain text: escaped here), and what the server rendered. */
export interface PageHead {
  title: string;
  description: string;
  /** More elements for <head> (canonical link, Open Graph, JSON-LD): HTML, already safe. */
  headHtml?: string;
  /** The server-rendered markup of the root element (ADR 009): HTML from React, already safe. */
  bodyHtml?: string;
}

/**
 * The SPA's index.html with the store's runtime configuration, language,
 * title and meta description filled in (without a head: the portal name and no description).
 */
export function renderHostPage(template: string, config: RuntimeConfig, head?: PageHead): string {
  const script = `<script type="application/json" id="app-config">${scriptSafeJson(config)}</script>`;
  return template
    .split('<!--app-head-->')
    .join(head?.headHtml ?? '')
    .split('<!--app-html-->')
    .join(head?.bodyHtml ?? '')
    .split('__DESCRIPTION__')
    .join(escapeHtml(head?.description ?? ''))
    .split(CONFIG_MARK)
    .join(script)
    .split('__LANG__')
    .join(config.language)
    .split('__TITLE__')
    .join(escapeHtml(head?.title ?? config.portal_name));
}

/**
 * Reads WEB_DIST/index.html once and keeps it. While the build is missing
 * every call looks again, so `npm run build` after start needs no restart.
 */
export function createTemplateLoader(webDist: string): () => Promise<string | null> {
  let cached: string | null = null;
  return async () => {
    if (cached !== null) return cached;
    try {
      cached = await readFile(path.join(webDist, 'index.html'), 'utf8');
      return cached;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };
}
