import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index.ts';
import { buildTestAppWithFiles, type TestApp } from '../../testing/app.ts';
import { createTestOrder } from '../../testing/orders.ts';
import { startPayment } from './payment-start.ts';

/** In production the sandbox is off unless PAYMENT_SANDBOX=true: test cards must not buy anything. */
describe.each([
  ['production, PAYMENT_SANDBOX unset', { NODE_ENV: 'production' }, false],
  ['production, PAYMENT_SANDBOX=true', { NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' }, true],
  ['development, PAYMENT_SANDBOX=false', { PAYMENT_SANDBOX: 'false' }, false],
] as const)('the sandbox gateway in %s', (_name, env, on) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestAppWithFiles('pglite', { ...env });
  }, 180_000);
  afterAll(() => t?.close());

  it(
    on
      ? 'serves its pages and takes test cards'
      : 'serves no page and no notice; a card payment is refused before any attempt, and nothing is offered',
    async () => {
      // A malformed reference is refused by the page's schema (400) only when the page exists.
      expect((await t.app.inject({ url: '/payments/sandbox/card/nope' })).statusCode).toBe(on ? 400 : 404);
      const notify = await t.app.inject({
        method: 'POST',
        url: '/payments/sandbox/notify',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(notify.statusCode).toBe(on ? 403 : 404);

      const order = await createTestOrder(t.database.db);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.orderId));
      if (!row) throw new Error('no order');
      const fields = { num: '4242424242424242', month: '12', year: '2031', cvc: '123' };
      const start = startPayment(t.database.db, t.app.gateways, {
        order: row,
        method: 'cc',
        fields,
        baseUrl: '',
        language: 'es',
      });
      if (on) {
        expect((await start).next).toEqual({ type: 'success' });
      } else {
        // No gateway takes it: refused before any attempt exists (never an attempt failing with no_gateway).
        await expect(start).rejects.toMatchObject({ kind: 'invalid_data' });
      }
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, order.orderId));
      if (on) {
        expect(payment?.gateway).toBe('sandbox');
      } else {
        expect(payment).toBeUndefined();
        const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.orderId));
        expect(after?.status).toBe('pending_payment');
        // The runtime configuration offers nothing that cannot be paid.
        const config = await t.app.inject({ url: '/desktopapp/rest/config/?store_id=14' });
        expect(config.json().config.payment_methods).toEqual([]);
      }
    },
  );
});
