import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartResponseSchema, ConfigResponseSchema } from '../../http/api-schemas.ts';

/** GET config and GET cart (spec 7 "Configuration and loading"); mounted under the API prefix. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', { schema: { response: { 200: ConfigResponseSchema } } }, async (request) => {
    return { ok: true as const, config: await app.runtimeConfig.build(request) };
  });

  app.get('/cart', { schema: { response: { 200: CartResponseSchema } } }, async (request) => {
    const config = await app.runtimeConfig.build(request);
    return { ok: true as const, cart: config.cart, config };
  });
};
