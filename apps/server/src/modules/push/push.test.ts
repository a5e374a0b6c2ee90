import { Agent, request } from 'node:https';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { sessions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { createCustomer } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder } from '../../testing/orders.ts';
import { startFakePushService } from '../../testing/push-service.ts';
import { newSessionId, SESSION_TTL_MS } from '../session/session-token.ts';
import { sendOrderReadyPush } from './order-ready-push.ts';
import { vapidConfig } from './push.env.ts';
import { webPushSender } from './push.plugin.ts';

const keys = webpush.generateVAPIDKeys();
const VAPID = {
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: 'mailto:ops@example.com',
};

describe('VAPID configuration (docs/operations.md)', () => {
  it('is off without keys, refuses a half or malformed set at start', () => {
    expect(vapidConfig({})).toBeNull();
    expect(vapidConfig(VAPID)).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:ops@example.com',
    });
    expect(() => vapidConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => vapidConfig({ ...VAPID, VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => vapidConfig({ ...VAPID, VAPID_PRIVATE_KEY: 'abc' })).toThrow(/VAPID_PRIVATE_KEY/);
  });
});

// Issue 20 item 10: "avísame cuando esté listo". The order.ready-push job sends
// the customer's subscribed browsers an encrypted notification signed with the
// shop's VAPID key, checked by a local push service as a real one would.
describe.each(testDatabaseKinds())('order ready push (%s)', (kind) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  let send: ReturnType<typeof webPushSender>;
  beforeAll(async () => {
    t = await buildTestApp(kind, VAPID);
    push = await startFakePushService();
    const vapid = vapidConfig(VAPID);
    if (!vapid) throw new Error('no vapid');
    send = webPushSender(vapid, new Agent({ ca: push.ca }));
  }, 180_000);
  afterAll(async () => {
    await push?.close();
    await t?.close();
  });

  /** A stored session of the customer holding these subscriptions (as pushSubscribe keeps them). */
  async function sessionWith(customerId: number, subscriptions: object[]) {
    const id = newSessionId();
    await t.database.db.insert(sessions).values({
      id,
      storeId: 14,
      customerId,
      data: { pushSubscriptions: subscriptions },
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
    return id;
  }

  it('sends every subscription of the customer an encrypted, VAPID-signed notification in the store language', async () => {
    const customer = await createCustomer(t);
    const order = await createTestOrder(t.database.db, { customerId: customer.id });
    const phone = push.subscribe();
    const laptop = push.subscribe();
    await sessionWith(customer.id, [{ endpoint: phone.endpoint, keys: phone.keys, expirationTime: null }]);
    await sessionWith(customer.id, [{ endpoint: laptop.endpoint, keys: laptop.keys }]);
    const stranger = push.subscribe();
    await sessionWith((await createCustomer(t)).id, [{ endpoint: stranger.endpoint, keys: stranger.keys }]);

    const before = push.received.length;
    const sent = await sendOrderReadyPush(t.database.db, send, { orderId: order.orderId }, '/app');
    expect(sent).toBe(2);
    const requests = push.received.slice(before);
    expect(requests.map((r) => r.refusal)).toEqual([null, null]);
    expect(requests.map((r) => r.path).sort()).toEqual(
      [new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname].sort(),
    );
    for (const request of requests) {
      expect(request.claims?.sub).toBe('mailto:ops@example.com');
      expect(JSON.parse(request.payload ?? '{}')).toEqual({
        title: `Tu pedido ${order.orderId} está listo`,
        body: 'Ya puedes descargar tu documento en Mis pedidos.',
        url: '/app/customer/orders',
        tag: `order-${order.orderId}`,
      });
    }
  });

  it('drops a subscription the push service no longer knows (410)', async () => {
    const customer = await createCustomer(t);
    const order = await createTestOrder(t.database.db, { customerId: customer.id });
    const old = push.subscribe();
    const current = push.subscribe();
    push.expire(old);
    const sessionId = await sessionWith(customer.id, [
      { endpoint: old.endpoint, keys: old.keys },
      { endpoint: current.endpoint, keys: current.keys },
    ]);
    expect(await sendOrderReadyPush(t.database.db, send, { orderId: order.orderId }, '/app')).toBe(1);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(((row?.data.pushSubscriptions ?? []) as { endpoint: string }[]).map((s) => s.endpoint)).toEqual([
      current.endpoint,
    ]);
  });

  it('the local push service refuses a request whose JWT is not signed by its k', async () => {
    const sub = push.subscribe();
    const other = webpush.generateVAPIDKeys();
    // Headers web-push makes for one key pair, with another public key in k=.
    const { headers, body } = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: sub.keys },
      'x',
      {
        vapidDetails: { subject: 'mailto:ops@example.com', ...keys },
      },
    ) as { headers: Record<string, string>; body: Buffer };
    const authorization = String(headers.Authorization).replace(/k=[\w-]+$/, `k=${other.publicKey}`);
    const before = push.received.length;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        sub.endpoint,
        { method: 'POST', ca: push.ca, headers: { ...headers, Authorization: authorization } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(401);
    expect(push.received.slice(before)[0]?.refusal).toBe('bad JWT signature');
  });
});
