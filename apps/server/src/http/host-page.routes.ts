import { pageHeadOf, pageTitleText, type RuntimeConfig } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../env.ts';
import { createTemplateLoader, type PageHead, renderHostPage } from './host-page.ts';
import { requestConfig } from './request-config.ts';
import { translate } from './translate.ts';

const MISSING_BUILD = 'web build missing: run npm run build';

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
 * Every GET under APP_PREFIX answers the SPA's host page with the runtime
 * configuration of the request's store and session (DESIGN.md "Runtime
 * configuration"); `/` redirects to the services screen.
 */
export const hostPageRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  const loadTemplate = createTemplateLoader(env.WEB_DIST);
  const prefix = env.APP_PREFIX;

  for (const url of [prefix, `${prefix}/*`]) {
    app.get(
      url,
      { config: { session: true }, schema: { response: { 200: z.string(), 503: z.string() } } },
      async (request, reply) => {
        const template = await loadTemplate();
        if (template === null) {
          return reply.code(503).type('text/plain; charset=utf-8').send(MISSING_BUILD);
        }
        const config = await requestConfig(request);
        const head = await routeHead(app, request.url.slice(prefix.length), config);
        return reply.type('text/html; charset=utf-8').send(renderHostPage(template, config, head));
      },
    );
  }

  app.get('/', { schema: { response: { 302: z.null() } } }, async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`${prefix}/servicios${query === -1 ? '' : request.url.slice(query)}`, 302);
  });
};
