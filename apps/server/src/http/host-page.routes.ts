import { landingPath, pageHeadOf, pageTitleText, type RuntimeConfig } from '@shop/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../env.ts';
import type { ConfigInput } from '../modules/config/config.service.ts';
import type { PageHead } from './host-page.ts';
import { translate } from './translate.ts';

/**
 * A landing page's call to action opens the Nota Simple wizard with `?municipio={url_municipio}`:
 * the configuration's `municipio` (spec 3) then carries it, and the wizard fills it in.
 */
async function nsMunicipio(app: FastifyInstance, query: unknown): Promise<ConfigInput['extra']> {
  const url = (query as Record<string, unknown> | undefined)?.municipio;
  if (typeof url !== 'string') return undefined;
  const m = app.landing.municipality(url);
  if (!m) return undefined;
  return {
    municipio: {
      url: m.slug,
      path: landingPath('NotaSimpleRegistroPropiedad', m.slug),
      name: m.name,
      province: m.province,
    },
  };
}

/** The route's title and description (the domain's pageHeadOf, as the SPA sets them on navigation). */
async function routeHead(app: FastifyInstance, path: string, config: RuntimeConfig): Promise<PageHead> {
  const keys = pageHeadOf(path, config.store_id);
  const { language, portal_name } = config;
  if (keys.product !== null) {
    const product = (await app.catalog.snapshot()).products.get(keys.product);
    if (product?.row.stores.includes(config.store_id)) {
      const name = product.row.name;
      return {
        title: pageTitleText(name, portal_name),
        description: translate(language, keys.description, { name }),
      };
    }
  }
  const title = keys.product === null && keys.title ? translate(language, keys.title) : '';
  return {
    title: pageTitleText(title, portal_name),
    description: translate(language, keys.product === null ? keys.description : 'meta.services'),
  };
}

/**
 * Spec 4: the invalid-payment flag is cleared on the services reset route. The
 * browser clears its own copy (and shows the stored message once); the session's
 * copy, which the configuration carries, is cleared here. The message is kept.
 */
async function clearInvalidPayment(app: FastifyInstance, request: FastifyRequest, route: string) {
  const session = request.session;
  if (!session?.stored || session.data.invalidPayment !== true || !request.store) return;
  if (!/^\/servicios\/reset\/?(?:[?#]|$)/.test(route)) return;
  request.session = await app.sessions.change(session, request.store.id, { data: { invalidPayment: false } });
}

/**
 * Every GET under APP_PREFIX answers the SPA's host page with the runtime
 * configuration of the request's store and session (DESIGN.md "Runtime
 * configuration"); `/` redirects to the services screen.
 */
export const hostPageRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  const prefix = env.APP_PREFIX;

  for (const url of [prefix, `${prefix}/*`]) {
    app.get(
      url,
      {
        config: { session: true },
        schema: { response: { 200: z.string(), 304: z.null(), 503: z.string() } },
      },
      async (request, reply) => {
        const route = request.url.slice(prefix.length);
        await clearInvalidPayment(app, request, route);
        return app.pages.send(request, reply, {
          url: route,
          extra: await nsMunicipio(app, request.query),
          head: (config) => routeHead(app, route, config),
        });
      },
    );
  }

  app.get('/', { schema: { response: { 302: z.null() } } }, async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`${prefix}/servicios${query === -1 ? '' : request.url.slice(query)}`, 302);
  });
};
