import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../env.ts';
import { createTemplateLoader, renderHostPage } from './host-page.ts';
import { requestConfig } from './request-config.ts';

const MISSING_BUILD = 'web build missing: run npm run build';

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
        return reply.type('text/html; charset=utf-8').send(renderHostPage(template, config));
      },
    );
  }

  app.get('/', { schema: { response: { 302: z.null() } } }, async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`${prefix}/servicios${query === -1 ? '' : request.url.slice(query)}`, 302);
  });
};
