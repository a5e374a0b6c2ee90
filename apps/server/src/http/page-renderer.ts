import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  consentFromCookies,
  type LandingData,
  type Language,
  PRODUCT_IDS,
  type RuntimeConfig,
} from '@shop/domain';
import type { Catalogue } from '@shop/domain/i18n';
import { loadCatalogue } from '@shop/domain/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../env.ts';
import { isOfferedBy } from '../modules/catalog/catalog-snapshot.ts';
import type { ConfigInput } from '../modules/config/config.service.ts';
import { createManifestReader } from './build-manifest.ts';
import { createTemplateLoader, type PageHead, renderHostPage, scriptSafeJson } from './host-page.ts';
import { escapeHtml } from './html.ts';
import { createStyleInliner } from './inline-styles.ts';
import { requestConfig } from './request-config.ts';
import { createSsrLoader } from './ssr.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pages: PageRenderer;
  }
}

const MISSING_BUILD = 'web build missing: run npm run build';

export interface PageOptions {
  /** The route below the application prefix, query included ('/servicios?store_id=16'). */
  url: string;
  status?: number;
  /** Extra fields of the page's runtime configuration (the landing's municipio). */
  extra?: ConfigInput['extra'];
  /** The page's head from its configuration. */
  head: (config: RuntimeConfig) => Promise<PageHead> | PageHead;
  /** A landing route: its data (null = unknown municipality); embedded for the hydration. */
  landing?: LandingData | null;
  /** Answer 304 when the browser's copy is still this page (ETag), and let it keep a private copy. */
  revalidate?: boolean;
}

export interface PageRenderer {
  send(request: FastifyRequest, reply: FastifyReply, options: PageOptions): Promise<FastifyReply>;
}

/** The landing data travels beside the configuration, in its own JSON data block. */
export function landingScript(landing: LandingData | null): string {
  return dataScript('landing-data', landing);
}

/** A JSON data block (not script to CSP) the storefront reads before hydrating. */
function dataScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>`;
}

/** The small classic script that starts a server-rendered page's module scripts once it has painted. */
export const AFTER_PAINT_PATH = '/after-paint.js';

/**
 * Reads the entry and its preloads from its own data attributes, waits until
 * the server's markup is on screen (the first contentful paint: a phone shows
 * the page before it spends its bandwidth and CPU on scripts), then adds the
 * modulepreload links and the entry module, which hydrates the page (ADR 009).
 * Without JavaScript the page stays as the server rendered it.
 */
export const AFTER_PAINT_SCRIPT = `(() => {
  const boot = document.currentScript;
  const entry = boot?.dataset.entry;
  if (!entry) return;
  const preloads = JSON.parse(boot.dataset.preload || '[]');
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.append(script);
  };
  // The browser reports the first contentful paint once it is on screen; a browser that
  // reports none (or a tab in the background, which paints nothing) starts after a while anyway.
  try {
    new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  setTimeout(start, 1500);
})();
`;

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * A server-rendered page paints without its scripts, so they start after the
 * first paint: the entry module and every modulepreload leave the markup and
 * the after-paint script (deferred, a few hundred bytes) adds them once the
 * page is on screen (ADR 009). A page with no entry module is left as it is.
 */
export function scriptsAfterPaint(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1] as string);
  const entry = entries[0];
  if (!entry || entries.length > 1) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string);
  const boot = `<script defer src="${AFTER_PAINT_PATH}" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(JSON.stringify(preloads))}"></script>`;
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</head>', `${boot}</head>`);
}

/** The fixed products (their prices show on the wizards' first steps). */
const FIXED_PRODUCTS: number[] = Object.values(PRODUCT_IDS);

/**
 * Renders the storefront's host page: the built index.html with the runtime
 * configuration, the route's head and the route's markup rendered on the server
 * by the storefront's own React components (ADR 009). Without the server-rendering
 * module (no build yet, or a failure) the page goes out without markup and the
 * browser renders it, as before.
 */
export const pageRendererPlugin = fp<{ env: Env }>(
  async (app: FastifyInstance, { env }) => {
    const loadTemplate = createTemplateLoader(env.WEB_DIST);
    const loadSsr = createSsrLoader(env.SSR_ENTRY ?? path.join(env.WEB_DIST, 'ssr', 'entry-server.js'));
    const routeAssets = createManifestReader(env.WEB_DIST);
    const styles = createStyleInliner(env.WEB_DIST);
    // The template with the entry's stylesheets inside, for the pages the server renders.
    let inlinedTemplate: { from: string; page: Promise<string> } | undefined;
    const templateWithStyles = (template: string) => {
      if (inlinedTemplate?.from !== template)
        inlinedTemplate = { from: template, page: styles.inlineLinks(template) };
      return inlinedTemplate.page;
    };
    const catalogues = new Map<Language, Promise<Catalogue>>();
    const catalogueOf = (language: Language) => {
      let catalogue = catalogues.get(language);
      if (!catalogue) {
        catalogue = loadCatalogue(language);
        catalogues.set(language, catalogue);
      }
      return catalogue;
    };

    /**
     * The route's markup and what it needs in the head: its CSS inline (a phone
     * paints without waiting for a stylesheet) and its chunks preloaded; empty without SSR.
     */
    async function serverMarkup(
      options: PageOptions,
      config: RuntimeConfig,
      cookies: string,
    ): Promise<{ html: string; links: string }> {
      const ssr = await loadSsr();
      if (!ssr) return { html: '', links: '' };
      try {
        const catalog = await app.catalog.snapshot();
        const products = FIXED_PRODUCTS.flatMap((id) => {
          const product = catalog.products.get(id);
          return product?.definition && isOfferedBy(product.row, config.store_id) ? [product.definition] : [];
        });
        const input = {
          url: options.url,
          config,
          catalogue: await catalogueOf(config.language),
          products,
          // A visitor who already chose gets no banner (the consent cookie mirrors the choice).
          consent: consentFromCookies(cookies),
        };
        const {
          html,
          modules,
          products: used = [],
        } = await ssr.render(options.landing === undefined ? input : { ...input, landing: options.landing });
        const assets = await routeAssets(modules);
        const links = [
          ...(await Promise.all(assets.css.map((href) => styles.styleTag(href)))),
          ...assets.js.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" />`),
          // The definitions behind the prices in the markup, for the hydration (ADR 009).
          ...(used.length > 0 ? [dataScript('product-data', used)] : []),
        ].join('');
        return { html, links };
      } catch (err) {
        app.log.error({ err, url: options.url }, 'server rendering failed: the browser renders the page');
        return { html: '', links: '' };
      }
    }

    const renderer: PageRenderer = {
      async send(request, reply, options) {
        const template = await loadTemplate();
        if (template === null) return reply.code(503).type('text/plain; charset=utf-8').send(MISSING_BUILD);
        const config = await requestConfig(request, options.extra);
        const head = await options.head(config);
        const markup = await serverMarkup(options, config, request.headers.cookie ?? '');
        const bodyHtml = markup.html;
        const headHtml =
          (head.headHtml ?? '') +
          markup.links +
          (options.landing === undefined ? '' : landingScript(options.landing));
        const page = bodyHtml ? await templateWithStyles(template) : template;
        const filled = renderHostPage(page, config, { ...head, headHtml, bodyHtml });
        const html = bodyHtml ? scriptsAfterPaint(filled) : filled;
        reply.code(options.status ?? 200).type('text/html; charset=utf-8');
        if (options.revalidate) {
          const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
          reply.header('etag', etag).header('cache-control', 'private, no-cache');
          if (reply.statusCode === 200 && request.headers['if-none-match'] === etag)
            return reply.code(304).send();
        }
        return reply.send(html);
      },
    };
    app.decorate('pages', renderer);
    app.get(AFTER_PAINT_PATH, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(AFTER_PAINT_SCRIPT),
    );
  },
  { name: 'pages', dependencies: ['runtime-config', 'catalog'] },
);
