import { createHash } from 'node:crypto';
import {
  LANDING_FOLDERS,
  type LandingFolder,
  LandingFolderSchema,
  landingPath,
  MunicipioAnswerSchema,
  MunicipioBodySchema,
  pageTitleText,
  servesLandingPages,
} from '@shop/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../../env.ts';
import { notFound } from '../../http/app-error.ts';
import { requestConfig } from '../../http/request-config.ts';
import { translate } from '../../http/translate.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import { visitorOf } from '../session/session.plugin.ts';
import { alternateOrigins, at } from './landing-alternates.ts';
import { landingHead } from './landing-head.ts';

const PUBLIC_CACHE = 'public, max-age=3600';

/** Absolute URLs (canonical, sitemap) need the store's origin: PUBLIC_BASE_URL, a known host, else the request's. */
async function originOf(request: FastifyRequest, env: Env): Promise<string> {
  return (
    env.PUBLIC_BASE_URL ??
    ((await request.server.knownOrigin(request)) || `${request.protocol}://${request.host}`)
  );
}

/** A public text answer with a strong ETag; 304 when the client has it. */
function sendPublic(request: FastifyRequest, reply: FastifyReply, type: string, body: string) {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', PUBLIC_CACHE).type(type);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(body);
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * A store without landing pages (a Portuguese store: the page's button, the Nota
 * Simple wizard, is refused there) sends a visitor who followed a link to its
 * services screen, keeping the query (store_id, utm_*).
 */
function toServices(request: FastifyRequest, reply: FastifyReply, prefix: string) {
  const query = request.url.indexOf('?');
  return reply.redirect(`${prefix}/servicios${query >= 0 ? request.url.slice(query) : ''}`, 302);
}

/** The request's store (host name, ?store_id=, else the default), without starting a session. */
async function storeOf(app: FastifyInstance, request: FastifyRequest): Promise<StoreRow> {
  const store = await app.requestStore(request);
  if (!store) throw notFound();
  return store;
}

/** `?store_id=N` when the request chose its store that way (the sitemap's parts keep it); else ''. */
function storeQuery(request: FastifyRequest): string {
  const id = (request.query as Record<string, unknown> | undefined)?.store_id;
  return typeof id === 'string' && /^\d{1,3}$/.test(id) ? `?store_id=${id}` : '';
}

const langOrigins = (
  app: FastifyInstance,
  env: Env,
  request: FastifyRequest,
  store: StoreRow,
  origin: string,
) => alternateOrigins(app, env, { store, origin, protocol: request.protocol });

/**
 * Municipality landing pages (spec 2) RegistroPropiedad/{url_municipio} and
 * NotaSimpleRegistroPropiedad/{url_municipio} under the application prefix,
 * rendered on the server (ADR 009); `POST municipio/` (spec 7) with their data;
 * sitemap.xml (an index and one part per folder) and robots.txt.
 */
export const landingPageRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  const prefix = env.APP_PREFIX;

  for (const folder of LANDING_FOLDERS) {
    app.get(
      `${prefix}/${folder}/:url`,
      {
        config: { session: true },
        schema: {
          params: z.object({ url: z.string().max(200) }),
          response: { 200: z.string(), 302: z.null(), 304: z.null(), 404: z.string(), 503: z.string() },
        },
      },
      async (request, reply) => {
        const { url } = request.params;
        const { store } = visitorOf(request);
        if (!servesLandingPages(store.id)) return toServices(request, reply, prefix);
        const landing = await app.landing.find({ folder, url, store });
        const origin = await originOf(request, env);
        const route = request.url.slice(prefix.length);
        if (!landing) {
          return app.pages.send(request, reply, {
            url: route,
            status: 404,
            landing: null,
            head: (config) => ({
              title: pageTitleText(translate(config.language, 'landing.notFoundTitle'), config.portal_name),
              description: translate(config.language, 'landing.notFoundText'),
              headHtml: '<meta name="robots" content="noindex" />',
            }),
          });
        }
        const alternates = await langOrigins(app, env, request, store, origin);
        return app.pages.send(request, reply, {
          url: route,
          landing,
          revalidate: true,
          extra: {
            municipio: {
              url: landing.url,
              path: landing.path,
              name: landing.municipality.name,
              province: landing.municipality.province,
            },
          },
          head: (config) => landingHead(landing, config, origin, at(alternates, `${prefix}${landing.path}`)),
        });
      },
    );

    /** The not-found page's search form (works without JavaScript): the best match's page. */
    app.get(
      `${prefix}/${folder}`,
      {
        config: { session: true },
        schema: {
          querystring: z.object({ q: z.string().max(100).optional() }),
          response: { 302: z.null(), 404: z.string(), 503: z.string() },
        },
      },
      async (request, reply) => {
        if (!servesLandingPages(visitorOf(request).store.id)) return toServices(request, reply, prefix);
        const q = request.query.q?.trim() ?? '';
        const [best] = q.length >= 2 ? await app.places.municipalities(q) : [];
        if (best) return reply.redirect(`${prefix}${landingPath(folder, best.slug)}`, 302);
        return app.pages.send(request, reply, {
          url: request.url.slice(prefix.length),
          status: 404,
          landing: null,
          head: (config) => ({
            title: pageTitleText(translate(config.language, 'landing.notFoundTitle'), config.portal_name),
            description: translate(config.language, 'landing.notFoundText'),
            headHtml: '<meta name="robots" content="noindex" />',
          }),
        });
      },
    );
  }

  /** The store's own sitemap (the store of the host, or of ?store_id=): landing pages only where it serves them. */
  app.get(
    '/sitemap.xml',
    { schema: { response: { 200: z.string(), 304: z.null() } } },
    async (request, reply) => {
      const origin = await originOf(request, env);
      const store = await storeOf(app, request);
      const query = storeQuery(request);
      const parts = ['pages', ...(servesLandingPages(store.id) ? LANDING_FOLDERS : [])].map(
        (part) => `  <sitemap><loc>${xml(`${origin}/sitemaps/${part}.xml${query}`)}</loc></sitemap>`,
      );
      const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join('\n')}\n</sitemapindex>\n`;
      return sendPublic(request, reply, 'application/xml; charset=utf-8', body);
    },
  );

  app.get(
    '/sitemaps/:part',
    {
      schema: {
        params: z.object({ part: z.string().max(60) }),
        response: { 200: z.string(), 304: z.null() },
      },
    },
    async (request, reply) => {
      const part = request.params.part.replace(/\.xml$/, '');
      const folder = LandingFolderSchema.safeParse(part);
      if (part !== 'pages' && !folder.success) throw notFound();
      const store = await storeOf(app, request);
      if (part !== 'pages' && !servesLandingPages(store.id)) throw notFound();
      const origin = await originOf(request, env);
      const paths =
        part === 'pages'
          ? ['/servicios', '/about']
          : app.landing.urls().map((url) => landingPath(part as LandingFolder, url));
      // Landing pages list their language versions (hreflang) as xhtml:link, like their <head>.
      const origins = part === 'pages' ? [] : await langOrigins(app, env, request, store, origin);
      const urls = paths.map((p) => {
        const links = at(origins, `${prefix}${p}`).map(
          (a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`,
        );
        return `  <url><loc>${xml(`${origin}${prefix}${p}`)}</loc>${links.join('')}</url>`;
      });
      const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
      return sendPublic(request, reply, 'application/xml; charset=utf-8', body);
    },
  );

  app.get(
    '/robots.txt',
    { schema: { response: { 200: z.string(), 304: z.null() } } },
    async (request, reply) => {
      const origin = await originOf(request, env);
      const body = `User-agent: *\nAllow: /\nDisallow: /desktopapp/\nDisallow: /admin/\nSitemap: ${origin}/sitemap.xml\n`;
      return sendPublic(request, reply, 'text/plain; charset=utf-8', body);
    },
  );
};

/** POST municipio/ (spec 7): a landing page's data, for the storefront's client-side navigation. */
export const municipioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/municipio',
    { schema: { body: MunicipioBodySchema, response: { 200: MunicipioAnswerSchema } } },
    async (request) => {
      const { url, folder } = request.body;
      // null too on a store without landing pages (servesLandingPages)
      const landing = await app.landing.find({ folder, url, store: visitorOf(request).store });
      if (!landing) throw notFound();
      return { ok: true, landing, config: await requestConfig(request) };
    },
  );
};
