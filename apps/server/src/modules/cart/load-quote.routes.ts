import { IdQuerySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfigAnswerSchema } from '../../http/checked-answers.ts';
import { requestConfig } from '../../http/request-config.ts';
import { visitorOf } from '../session/session.plugin.ts';
import { loadQuoteIntoSession } from './load-quote.ts';

/** GET loadquote?id= (spec 7): the customer's saved quote becomes the cart; answers the new config. */
export const loadQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  // A mutating GET: csrf.ts lists it, so it needs the form key like a POST (and no HEAD route).
  app.get(
    '/loadquote',
    {
      exposeHeadRoute: false,
      schema: { querystring: IdQuerySchema, response: { 200: ConfigAnswerSchema } },
    },
    async (request) => {
      request.session = await loadQuoteIntoSession(app.sessions, visitorOf(request), request.query.id);
      return { ok: true, config: await requestConfig(request) };
    },
  );
};
