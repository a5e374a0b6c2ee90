import { PromiseAnswerSchema, PromiseQuerySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { promiseOf } from './calendar-snapshot.ts';

/**
 * GET /desktopapp/rest/delivery-promise?municipio=…&urgent=1: the promised
 * delivery of an order started now at the registry serving the place (ADR
 * 034), for the product step; null when its hours are unknown (nsCopy).
 */
export const promiseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery-promise',
    { schema: { querystring: PromiseQuerySchema, response: { 200: PromiseAnswerSchema } } },
    async (request, reply) => {
      const snapshot = await app.calendars.snapshot();
      const entry = snapshot.registryFor(request.query.municipio);
      const { promisedAt, timeZone } = promiseOf(entry, request.query.urgent === '1', new Date());
      reply.header('Cache-Control', 'no-store');
      return { ok: true as const, promised_at: promisedAt, time_zone: timeZone };
    },
  );
};
