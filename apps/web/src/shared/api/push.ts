import { ApiAnswerSchema, type PushSubscribeBody, PushSubscribeBodySchema } from '@shop/domain';
import * as z from 'zod/mini';
import { api } from './client.ts';

/**
 * POST pushSubscribe (spec 7): the browser's Web Push subscription, kept in the
 * session so the order.ready-push job can reach it (ADR 031). Checked against
 * the domain's schema before it leaves.
 */
export function pushSubscribe(subscription: PushSubscribeBody) {
  return api.post(ApiAnswerSchema, 'pushSubscribe', z.parse(PushSubscribeBodySchema, subscription));
}
