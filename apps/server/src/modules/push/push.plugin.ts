import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import type { Env } from '../../env.ts';
import {
  ORDER_READY_PUSH_JOB,
  type OrderReadyPushJob,
  type PushSend,
  sendOrderReadyPush,
} from './order-ready-push.ts';
import { type VapidConfig, vapidConfig } from './push.env.ts';

/** How long a push service keeps an undelivered notification (seconds). */
const PUSH_TTL_SECONDS = 24 * 3600;

/**
 * A sender through the `web-push` package: the payload encrypted per RFC 8291
 * (aes128gcm), the request signed with the shop's VAPID key (RFC 8292).
 * `agent` only for tests (a local push service with its own CA).
 */
export function webPushSender(vapid: VapidConfig, agent?: Agent): PushSend {
  return async (subscription, payload) => {
    try {
      const answer = await webpush.sendNotification(subscription, payload, {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      });
      return answer.statusCode;
    } catch (err) {
      if (err instanceof webpush.WebPushError) return err.statusCode;
      throw err;
    }
  };
}

/**
 * Web Push (issue 20 item 10): the order.ready-push job, queued when an order's
 * result is attached, sends "your order is ready" to the customer's subscribed
 * browsers. Without VAPID keys the job does nothing (logged once per job); a
 * half-set configuration stops the start.
 */
export const pushPlugin = fp<{ env: Env }>(
  async (app: FastifyInstance, { env }) => {
    const vapid = vapidConfig(env);
    const send = vapid ? webPushSender(vapid) : null;
    await app.jobs.work<OrderReadyPushJob>(
      ORDER_READY_PUSH_JOB,
      async (job) => {
        if (!send) {
          app.log.info({ orderId: job.orderId }, 'web push off (no VAPID keys): nothing sent');
          return;
        }
        const sent = await sendOrderReadyPush(app.db, send, job, env.APP_PREFIX);
        app.log.info({ orderId: job.orderId, sent }, 'order ready push');
      },
      { retryLimit: 3, retryDelay: 60 },
    );
  },
  { name: 'push', dependencies: ['database', 'jobs'] },
);
