import { ApiAnswerSchema, PushSubscribeBodySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestConfig } from '../../http/request-config.ts';
import { visitorOf } from './session.plugin.ts';

/** A browser keeps one subscription per service worker; a few cover several devices sharing a session. */
const MAX_SUBSCRIPTIONS = 5;

interface StoredSubscription {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
  subscribed_at: string;
}

/** POST pushSubscribe (spec 7): keeps the Web Push subscription in the session's data. */
export const pushSubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/pushSubscribe',
    { schema: { body: PushSubscribeBodySchema, response: { 200: ApiAnswerSchema } } },
    async (request) => {
      const { session, store } = visitorOf(request);
      const { endpoint, keys, expirationTime } = request.body;
      const previous = Array.isArray(session.data.pushSubscriptions)
        ? (session.data.pushSubscriptions as StoredSubscription[])
        : [];
      const subscription: StoredSubscription = {
        endpoint,
        keys,
        expirationTime: expirationTime ?? null,
        subscribed_at: new Date().toISOString(),
      };
      const pushSubscriptions = [...previous.filter((s) => s.endpoint !== endpoint), subscription].slice(
        -MAX_SUBSCRIPTIONS,
      );
      request.session = await app.sessions.change(session, store.id, { data: { pushSubscriptions } });
      return { ok: true, config: await requestConfig(request) };
    },
  );
};
