import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeHtml } from './html.ts';

/** A built stylesheet's URL (`/assets/<name>.css`): nothing else is ever read from the disk. */
const ASSET_CSS = /^\/assets\/[\w.-]+\.css$/;
const STYLESHEET_LINK = /<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>/gi;
const HREF = /\bhref=["']([^"']+)["']/i;
/** The type of the link left beside an inlined stylesheet: not a style language, so never fetched. */
const INLINED = 'text/x-inline';

/**
 * Puts a server-rendered page's stylesheets inside the page (ADR 009): the phone
 * paints the markup as soon as the HTML has arrived, without a round trip per
 * stylesheet first (the CSS is small: 7 KB for the entry, 1-5 KB per route).
 * Each `<style>` is followed by its link with a type no browser styles with
 * (`type="text/x-inline"`): such a link is never fetched (a `disabled` one is,
 * by Chromium), and Vite's chunk loader, which looks for a stylesheet link
 * before it adds one, then knows the file is already in the page.
 */
export function createStyleInliner(webDist: string) {
  const files = new Map<string, Promise<string | null>>();
  const read = (href: string) => {
    let css = files.get(href);
    if (!css) {
      css = readFile(path.join(webDist, href), 'utf8').then(
        // A stylesheet that could close the element stays a link.
        (text) => (/<\/style/i.test(text) ? null : text.trim()),
        () => {
          files.delete(href); // look again once a build exists
          return null;
        },
      );
      files.set(href, css);
    }
    return css;
  };

  /** The inline form of one stylesheet, or its link when it cannot be read. */
  async function styleTag(href: string): Promise<string> {
    const css = ASSET_CSS.test(href) ? await read(href) : null;
    const link = `<link rel="stylesheet" href="${escapeHtml(href)}"`;
    return css === null ? `${link} />` : `<style>${css}</style>${link} type="${INLINED}" />`;
  }

  /** `html` with every built stylesheet link inlined. */
  async function inlineLinks(html: string): Promise<string> {
    const links = [...html.matchAll(STYLESHEET_LINK)].map(([tag]) => tag);
    const tags = await Promise.all(
      links.map((tag) => {
        const href = HREF.exec(tag)?.[1];
        return href && ASSET_CSS.test(href) ? styleTag(href) : tag;
      }),
    );
    return links.reduce((page, link, i) => page.replace(link, () => tags[i] ?? link), html);
  }

  return { styleTag, inlineLinks };
}
