import { createHash } from 'node:crypto';
import {
  LANDING_FOLDERS,
  type LandingFolder,
  LandingFolderSchema,
  landingPath,
  MunicipioAnswerSchema,
  MunicipioBodySchema,
  pageTitleText,
} from '@shop/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../../env.ts';
import { notFound } from '../../http/app-error.ts';
import { requestConfig } from '../../http/request-config.ts';
import { translate } from '../../http/translate.ts';
import { visitorOf } from '../session/session.plugin.ts';
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

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

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
          response: { 200: z.string(), 304: z.null(), 404: z.string(), 503: z.string() },
        },
      },
      async (request, reply) => {
        const { url } = request.params;
        const landing = await app.landing.find({ folder, url, store: visitorOf(request).store });
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
          head: (config) => landingHead(landing, config, origin),
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

  app.get(
    '/sitemap.xml',
    { schema: { response: { 200: z.string(), 304: z.null() } } },
    async (request, reply) => {
      const origin = await originOf(request, env);
      const parts = ['pages', ...LANDING_FOLDERS].map(
        (part) => `  <sitemap><loc>${xml(`${origin}/sitemaps/${part}.xml`)}</loc></sitemap>`,
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
      const origin = await originOf(request, env);
      const paths =
        part === 'pages'
          ? ['/servicios', '/about']
          : app.landing.urls().map((url) => landingPath(part as LandingFolder, url));
      const urls = paths.map((p) => `  <url><loc>${xml(`${origin}${prefix}${p}`)}</loc></url>`);
      const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
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
      const landing = await app.landing.find({ folder, url, store: visitorOf(request).store });
      if (!landing) throw notFound();
      return { ok: true, landing, config: await requestConfig(request) };
    },
  );
};
