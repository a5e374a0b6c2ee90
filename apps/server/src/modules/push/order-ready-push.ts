import type { Language } from '@shop/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { orders, sessions, stores } from '../../db/schema/index.ts';
import { translate } from '../../http/translate.ts';
import { enqueue } from '../jobs/queue.ts';

/** The job that tells a customer's subscribed browsers that an order is ready. */
export const ORDER_READY_PUSH_JOB = 'order.ready-push';

export interface OrderReadyPushJob {
  orderId: string;
}

/** A Web Push subscription as pushSubscribe keeps it in the session's data. */
export interface PushSubscriptionRecord {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** Sends one notification; answers the push service's status (404/410: the subscription is gone). */
export type PushSend = (subscription: PushSubscriptionRecord, payload: string) => Promise<number>;

/** Queues the push in the caller's transaction (the result's): it is sent by the job, never inside it. */
export async function queueOrderReadyPush(tx: AppDb, orderId: string): Promise<void> {
  await enqueue(tx, ORDER_READY_PUSH_JOB, { orderId } satisfies OrderReadyPushJob);
}

function isSubscription(value: unknown): value is PushSubscriptionRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const keys = v.keys as Record<string, unknown> | undefined;
  return typeof v.endpoint === 'string' && typeof keys?.p256dh === 'string' && typeof keys.auth === 'string';
}

/** The notification's text in the store's language, and the page it opens. */
export function orderReadyPayload(language: Language, orderId: string, appPrefix: string): string {
  return JSON.stringify({
    title: translate(language, 'push.ready.title', { order: orderId }),
    body: translate(language, 'push.ready.body'),
    url: `${appPrefix}/customer/orders`,
    tag: `order-${orderId}`,
  });
}

/**
 * The order.ready-push job: every subscription kept in the sessions of the
 * order's customer gets the notification (RFC 8030/8291/8292 through
 * `send`). A subscription the push service no longer knows (404, 410) is
 * dropped from its session. Answers how many were sent.
 */
export async function sendOrderReadyPush(
  db: AppDb,
  send: PushSend,
  job: OrderReadyPushJob,
  appPrefix: string,
): Promise<number> {
  const [order] = await db
    .select({ id: orders.id, customerId: orders.customerId, language: stores.language })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, job.orderId));
  if (!order?.customerId) return 0;
  const rows = await db
    .select({ id: sessions.id, data: sessions.data })
    .from(sessions)
    .where(and(eq(sessions.customerId, order.customerId), isNotNull(sessions.customerId)));
  const payload = orderReadyPayload(order.language, order.id, appPrefix);
  let sent = 0;
  for (const row of rows) {
    const list = Array.isArray(row.data.pushSubscriptions) ? row.data.pushSubscriptions : [];
    const gone = new Set<string>();
    for (const subscription of list.filter(isSubscription)) {
      const status = await send(subscription, payload);
      if (status === 404 || status === 410) gone.add(subscription.endpoint);
      else if (status >= 200 && status < 300) sent++;
    }
    if (gone.size > 0) {
      const kept = list.filter((s) => !(isSubscription(s) && gone.has(s.endpoint)));
      await db
        .update(sessions)
        .set({ data: { ...row.data, pushSubscriptions: kept } })
        .where(eq(sessions.id, row.id));
    }
  }
  return sent;
}
