import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailMessages, orders } from '../../db/schema/index.ts';
import { buildTestAppWithFiles, type TestApp } from '../../testing/app.ts';
import { createCustomer } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder } from '../../testing/orders.ts';
import { waitFor } from '../../testing/wait.ts';
import { startPayment } from '../payments/payment-start.ts';
import { ORDER_CONFIRMATION_JOB } from './order-confirmation.ts';

// Issue 20 item 2: the confirmation mail of a customer who registered with an
// e-mail only (no password) offers the page that mails a log-in link (and from
// there a password); a customer with a password is not offered it.
describe.each(testDatabaseKinds())(
  'confirmation mail: the offer to a customer without password (%s)',
  (kind) => {
    let t: TestApp & { filesDir: string };
    beforeAll(async () => {
      t = await buildTestAppWithFiles(kind, { PUBLIC_BASE_URL: 'https://tienda.example' });
    }, 180_000);
    afterAll(() => t?.close());
    const db = () => t.database.db;

    async function paidConfirmation(orderId: string) {
      const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
      if (!row) throw new Error('no order');
      await startPayment(db(), t.app.gateways, {
        order: row,
        method: 'cc',
        fields: { num: '4242424242424242', month: '12', year: '2031', cvc: '123' },
        baseUrl: '',
        language: 'es',
      });
      t.app.jobs.nudge(ORDER_CONFIRMATION_JOB);
      let mailId: number | null = null;
      await waitFor(async () => {
        const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
        mailId = invoice?.mailId ?? null;
        return mailId !== null;
      });
      const [mail] = await db()
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.id, mailId ?? 0));
      return mail;
    }

    it('links a customer without password to the log-in link page, back to the orders', async () => {
      const order = await createTestOrder(db(), { email: 'sin-clave-conf@example.com' });
      const mail = await paidConfirmation(order.orderId);
      const link =
        'https://tienda.example/app/customer/authenticate/sin-clave-conf%40example.com?back=%2Fcustomer%2Forders&mode=link';
      expect(mail?.text).toContain('si no tienes contraseña, pide un enlace para entrar o para elegirla:');
      expect(mail?.text).toContain(link);
      expect(mail?.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    });

    it('does not offer it to a customer with a password', async () => {
      const customer = await createCustomer(t, { password: 'una clave larga' });
      const order = await createTestOrder(db(), { customerId: customer.id });
      const mail = await paidConfirmation(order.orderId);
      expect(mail?.subject).toContain('Confirmación de tu pedido');
      expect(mail?.text).not.toContain('/customer/authenticate/');
    });
  },
);
