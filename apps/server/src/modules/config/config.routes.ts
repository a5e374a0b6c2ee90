import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartConfigAnswerSchema, ConfigAnswerSchema } from '../../http/checked-answers.ts';
import { requestConfig } from '../../http/request-config.ts';

/** GET config and GET cart (spec 7 "Configuration and loading"); mounted under the API prefix. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', { schema: { response: { 200: ConfigAnswerSchema } } }, async (request) => {
    return { ok: true, config: await requestConfig(request) };
  });

  app.get('/cart', { schema: { response: { 200: CartConfigAnswerSchema } } }, async (request) => {
    const config = await requestConfig(request);
    return { ok: true, cart: config.cart, config };
  });
};
