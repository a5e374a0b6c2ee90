import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { payments } from '../db/schema/index.ts';
import { enqueue } from '../modules/jobs/queue.ts';
import { MAIL_SEND_JOB } from '../modules/mail/mail.service.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../modules/payments/sandbox.gateway.ts';
import { SANDBOX_NOTIFY_PATH } from '../modules/payments/sandbox.routes.ts';
import { buildTestApp, type TestApp, testEnv } from '../testing/app.ts';
import { testDatabaseKinds } from '../testing/db.ts';
import { placeOrder } from '../testing/gateway-orders.ts';
import { parsePrometheus, sumOf } from '../testing/prometheus.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

describe.each(testDatabaseKinds())('GET /metrics (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const answer = await t.app.inject({ url: '/metrics', headers: auth });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(answer.body);
  };

  it('answers 401 without the token or with a wrong one, in the error format', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: TOKEN },
      { authorization: `Bearer ${TOKEN}x` },
    ]) {
      const answer = await t.app.inject({ url: '/metrics', headers });
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(answer.json(), answer.body).toMatchObject({
        ok: false,
        errors: [],
        request_id: expect.any(String),
      });
      expect(answer.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('parses as Prometheus text and counts the requests the test made, by route pattern and status', async () => {
    const before = await scrape();
    const count = (samples: typeof before, route: string, status: string) =>
      sumOf(samples, 'http_request_duration_seconds_count', { route, status_code: status });
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/desktopapp/rest/config' });
    await t.app.inject({ url: '/desktopapp/rest/pedidos?id=1400000001&secret=x' });
    await t.app.inject({ url: '/no/such/page/12345' });
    const after = await scrape();
    expect(
      count(after, '/desktopapp/rest/config', '200') - count(before, '/desktopapp/rest/config', '200'),
    ).toBe(3);
    expect(count(after, 'unmatched', '404') - count(before, 'unmatched', '404')).toBe(1);
    // Route patterns only: no raw URL, id or query string becomes a label.
    const routes = new Set(after.filter((s) => s.name.startsWith('http_request')).map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/1400000001|secret|12345/);
    expect(routes).toContain('/desktopapp/rest/pedidos');
    // The process's default figures are there.
    expect(sumOf(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);
  });

  it('counts the orders and payments the test placed, and the queue and mails by state', async () => {
    const before = await scrape();
    await placeOrder(t, { method: 'bizum' });
    await placeOrder(t, { method: 'bizum' });
    const after = await scrape();
    expect(sumOf(after, 'shop_orders') - sumOf(before, 'shop_orders')).toBe(2);
    expect(
      sumOf(after, 'shop_payments', { method: 'bizum' }) -
        sumOf(before, 'shop_payments', { method: 'bizum' }),
    ).toBe(2);
    // A job: the queue's figures count it (waiting, running or done) under its queue's name.
    const jobsBefore = sumOf(after, 'shop_jobs', { queue: MAIL_SEND_JOB });
    await t.database.db.transaction((tx) => enqueue(tx, MAIL_SEND_JOB, { mailId: 2_000_000_000 }));
    expect(sumOf(await scrape(), 'shop_jobs', { queue: MAIL_SEND_JOB }) - jobsBefore).toBe(1);
    const outcome = { gateway: 'stripe', outcome: 'refunded' };
    const counted = sumOf(after, 'shop_payment_outcomes_total', outcome);
    t.app.metrics.paymentOutcome('stripe', 'refunded');
    expect(sumOf(await scrape(), 'shop_payment_outcomes_total', outcome) - counted).toBe(1);
    if (kind === 'postgres') {
      const pool = (await scrape()).filter((s) => s.name === 'shop_db_pool_connections');
      expect(pool.map((s) => s.labels.state).sort()).toEqual(['idle', 'total', 'waiting']);
      expect(sumOf(pool, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    }
  });

  it('counts each sandbox notice applied once, by gateway and outcome (duplicates not counted)', async () => {
    const before = await scrape();
    const placed = await placeOrder(t, { method: 'multibanco', storeId: 16 });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    if (!payment?.providerRef) throw new Error('no payment');
    const { body, signature } = t.app.sandboxGateway.notice(payment.providerRef, 'paid', payment.amountCents);
    for (let i = 0; i < 3; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: SANDBOX_NOTIFY_PATH,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
      });
      expect(answer.statusCode).toBe(200);
    }
    const after = await scrape();
    const paid = { gateway: 'sandbox', outcome: 'paid' };
    expect(
      sumOf(after, 'shop_payment_outcomes_total', paid) - sumOf(before, 'shop_payment_outcomes_total', paid),
    ).toBe(1);
    const byMethod = { method: 'multibanco', status: 'paid' };
    expect(sumOf(after, 'shop_payments', byMethod) - sumOf(before, 'shop_payments', byMethod)).toBe(1);
  });

  it('does not exist (404) when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const app = await buildApp({ database: t.database, env: testEnv() });
    await app.ready();
    try {
      expect((await app.inject({ url: '/metrics', headers: auth })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('serves only /metrics on METRICS_PORT, a second listener, and not on the main port', async () => {
    const app = await buildApp({
      database: t.database,
      env: testEnv({ METRICS_PORT: '0', HOST: '127.0.0.1' }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.metrics.portAddress();
      expect(address).not.toBeNull();
      const base = `http://127.0.0.1:${address?.port}`;
      const answer = await fetch(`${base}/metrics`);
      expect(answer.status).toBe(200);
      expect(parsePrometheus(await answer.text()).length).toBeGreaterThan(10);
      expect((await fetch(`${base}/desktopapp/rest/config`)).status).toBe(404);
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    expect(app.metrics.portAddress()).toBeNull();
  });
});
