import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, orders, payments } from '../../db/schema/index.ts';
import { adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestAppWithFiles, send, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder, ownerSession, type TestOrder } from '../../testing/orders.ts';
import type { CheckoutNext, PaymentMethod } from './gateway.ts';
import { startPayment } from './payment-start.ts';
import { pendingPaymentOf } from './pending-payment.ts';
import { runVoucherReminder, VOUCHER_REMINDER_BEFORE_MS, VOUCHER_REMINDER_JOB } from './voucher-mail.ts';

// Issue 17 item 4: the voucher and the mandate in every answer that shows an order, the voucher's
// mail and its reminder; item 7: MB WAY played by the sandbox's own page.
describe.each(testDatabaseKinds())('pending payments the customer can see (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind);
  }, 180_000);
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const PT_STORE = { storeId: 16, productIds: [18414] };

  async function pay(order: TestOrder, method: PaymentMethod, fields: Record<string, string> = {}) {
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    if (!row) throw new Error('no order');
    const { next } = await startPayment(db(), t.app.gateways, {
      order: row,
      method,
      fields,
      baseUrl: '',
      language: 'pt',
    });
    return next;
  }
  const paymentOf = async (orderId: string) =>
    (await db().select().from(payments).where(eq(payments.orderId, orderId))).sort(
      (a, b) => b.attempt - a.attempt,
    )[0];
  const mailsTo = async (orderId: string) => {
    const [order] = await db().select({ email: orders.email }).from(orders).where(eq(orders.id, orderId));
    return db()
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, order?.email ?? ''))
      .orderBy(mailMessages.id);
  };
  const summaryOf = async (order: TestOrder) => {
    const session = await ownerSession(t, order);
    const response = await send(t.app, session, {
      url: `/desktopapp/rest/orderSummary/?order_id=${order.orderId}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().order;
  };
  const pedidoOf = async (order: TestOrder) => {
    const session = await ownerSession(t, order);
    const response = await send(t.app, session, { url: `/desktopapp/rest/pedidos?id=${order.orderId}` });
    expect(response.statusCode).toBe(200);
    return response.json().pedidos[0];
  };
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  const voucherOf = (next: CheckoutNext) => {
    if (next.type !== 'voucher') throw new Error(`expected a voucher, got ${next.type}`);
    return next;
  };

  it('shows the open voucher on orderSummary, pedidos and the back office, with the sandbox ATM page', async () => {
    const order = await createTestOrder(db(), PT_STORE);
    const next = voucherOf(await pay(order, 'multibanco'));
    const payment = await paymentOf(order.orderId);
    const atm = `/payments/sandbox/multibanco/${payment?.providerRef}`;
    const voucher = {
      entity: next.entity,
      reference: next.reference,
      amount: next.amount,
      expires_at: next.expires_at,
    };

    const summary = await summaryOf(order);
    expect(summary.payment).toMatchObject({
      state: 'pending',
      voucher,
      pending: { method: 'multibanco', voucher, sandbox_url: atm },
    });
    const pedido = await pedidoOf(order);
    expect(pedido.pending_payment).toEqual({ method: 'multibanco', voucher, sandbox_url: atm });

    const operator = await signedInOperator(t.app, 'admin');
    const admin = await adminSend(t.app, operator, { url: `/admin/api/orders/${order.orderId}` });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().order.payments).toEqual([
      expect.objectContaining({ method: 'multibanco', voucher, sandbox_url: atm }),
    ]);

    // The ATM pays it: nothing is open any more, the back office keeps the voucher for the record.
    const paid = await t.app.inject({ method: 'POST', url: atm, ...form({ action: 'pay' }) });
    expect(paid.statusCode).toBe(200);
    expect((await summaryOf(order)).payment).not.toHaveProperty('pending');
    expect((await pedidoOf(order)).pending_payment).toBeNull();
    const after = await adminSend(t.app, operator, { url: `/admin/api/orders/${order.orderId}` });
    expect(after.json().order.payments[0].voucher).toEqual(voucher);
    expect(after.json().order.payments[0]).not.toHaveProperty('sandbox_url');
  });

  it('mails the voucher in the store language when it is issued and schedules the reminder 24 hours before expiry', async () => {
    const order = await createTestOrder(db(), PT_STORE);
    const next = voucherOf(await pay(order, 'multibanco'));
    const mails = await mailsTo(order.orderId);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Dados para pagar a sua encomenda ${order.orderId} por Multibanco`);
    expect(mail?.text).toContain(`Entidade: ${next.entity}`);
    expect(mail?.text).toContain(
      `Referência: ${next.reference.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')}`,
    );
    expect(mail?.text).toContain('Montante: 24,70');
    expect(mail?.html).toContain('<html lang="pt">');
    expect(mail?.html).toContain(next.entity);

    const payment = await paymentOf(order.orderId);
    const jobs = (await db().execute(
      sql`select start_after from pgboss.job where name = ${VOUCHER_REMINDER_JOB} and (data->>'paymentId')::int = ${payment?.id ?? 0}`,
    )) as unknown as { rows: { start_after: string }[] };
    expect(jobs.rows).toHaveLength(1);
    expect(new Date(jobs.rows[0]?.start_after ?? 0).getTime()).toBe(
      Date.parse(next.expires_at) - VOUCHER_REMINDER_BEFORE_MS,
    );
  });

  it('reminds of a voucher still open once; not a paid, expired or failed one', async () => {
    const order = await createTestOrder(db(), PT_STORE);
    const next = voucherOf(await pay(order, 'multibanco'));
    const payment = await paymentOf(order.orderId);
    const id = payment?.id ?? 0;
    const dayBefore = new Date(Date.parse(next.expires_at) - VOUCHER_REMINDER_BEFORE_MS);
    expect(await runVoucherReminder(db(), { paymentId: id }, dayBefore)).toBe(true);
    expect(await runVoucherReminder(db(), { paymentId: id }, dayBefore)).toBe(false);
    const mails = await mailsTo(order.orderId);
    expect(mails.map((m) => m.subject)).toEqual([
      `Dados para pagar a sua encomenda ${order.orderId} por Multibanco`,
      `Lembrete: a referência Multibanco da encomenda ${order.orderId} expira amanhã`,
    ]);
    expect(mails[1]?.text).toContain(next.reference.slice(0, 3));

    // Expired: nothing to remind of.
    const late = await createTestOrder(db(), PT_STORE);
    const lateVoucher = voucherOf(await pay(late, 'multibanco'));
    const latePayment = await paymentOf(late.orderId);
    const afterExpiry = new Date(Date.parse(lateVoucher.expires_at) + 1000);
    expect(await runVoucherReminder(db(), { paymentId: latePayment?.id ?? 0 }, afterExpiry)).toBe(false);

    // Paid at the ATM before the reminder: no reminder.
    const paidOrder = await createTestOrder(db(), PT_STORE);
    await pay(paidOrder, 'multibanco');
    const paidPayment = await paymentOf(paidOrder.orderId);
    await t.app.inject({
      method: 'POST',
      url: `/payments/sandbox/multibanco/${paidPayment?.providerRef}`,
      ...form({ action: 'pay' }),
    });
    expect(await runVoucherReminder(db(), { paymentId: paidPayment?.id ?? 0 }, dayBefore)).toBe(false);
    expect((await mailsTo(paidOrder.orderId)).map((m) => m.subject)).not.toContain(
      `Lembrete: a referência Multibanco da encomenda ${paidOrder.orderId} expira amanhã`,
    );
    expect(await runVoucherReminder(db(), { paymentId: 999_999_999 }, dayBefore)).toBe(false);
  });

  it('shows the direct-debit mandate until the bank collects it, with the sandbox bank page', async () => {
    const order = await createTestOrder(db());
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    if (!row) throw new Error('no order');
    await startPayment(db(), t.app.gateways, {
      order: row,
      method: 'bank',
      fields: { iban: 'ES9121000418450200051332' },
      baseUrl: '',
      language: 'es',
    });
    const payment = await paymentOf(order.orderId);
    const bank = `/payments/sandbox/bank/${payment?.providerRef}`;
    const mandate = {
      reference: `MDT-${order.orderId}-1`,
      signed_at: expect.any(String),
      account: 'ES91…1332',
    };
    expect((await summaryOf(order)).payment.pending).toEqual({ method: 'bank', mandate, sandbox_url: bank });
    expect((await pedidoOf(order)).pending_payment).toEqual({ method: 'bank', mandate, sandbox_url: bank });
    await t.app.inject({ method: 'POST', url: bank, ...form({ action: 'collect' }) });
    expect((await pedidoOf(order)).pending_payment).toBeNull();
  });

  it('plays MB WAY on its own page: the masked number, confirm in the app; approve pays, deny fails', async () => {
    const order = await createTestOrder(db(), PT_STORE);
    expect(await pay(order, 'mbway', { phone: '+351 912 345 678' })).toEqual({ type: 'pending' });
    expect((await db().select().from(orders).where(eq(orders.id, order.orderId)))[0]?.status).toBe(
      'processing',
    );
    const payment = await paymentOf(order.orderId);
    const page = `/payments/sandbox/mbway/${payment?.providerRef}`;
    expect(JSON.stringify(payment?.data)).not.toContain('912345678');
    const summary = await summaryOf(order);
    expect(summary.payment).toMatchObject({
      state: 'pending',
      pending: { method: 'mbway', sandbox_url: page },
    });
    const html = (await t.app.inject({ url: page })).body;
    expect(html).toContain('Pedido de pagamento enviado para o +351 9•• ••• 678.');
    expect(html).toContain('Confirme o pagamento na app MB WAY.');
    const approved = await t.app.inject({ method: 'POST', url: page, ...form({ action: 'approve' }) });
    expect(approved.headers.location).toBe(`/app/checkout/success/${order.orderId}`);
    expect((await summaryOf(order)).payment.state).toBe('paid');

    // A retry gives no number: the page asks for it, in the store's language, and a decline fails the attempt.
    const other = await createTestOrder(db(), PT_STORE);
    await pay(other, 'mbway');
    const second = `/payments/sandbox/mbway/${(await paymentOf(other.orderId))?.providerRef}`;
    const bad = await t.app.inject({
      method: 'POST',
      url: second,
      ...form({ action: 'approve', phone: '612 345 678' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Introduza um telemóvel português');
    const denied = await t.app.inject({ method: 'POST', url: second, ...form({ action: 'fail' }) });
    expect(denied.headers.location).toBe(`/app/payment/retry/${other.orderId}`);
    expect((await summaryOf(other)).payment.state).toBe('failed');
  });

  it('links no sandbox page for a real gateway, and shows no voucher past its expiry', () => {
    const voucher = {
      entity: '21312',
      reference: '123456789',
      amount: '24.70',
      expires_at: '2030-01-01T00:00:00Z',
    };
    const row = {
      id: 1,
      orderId: '1600000001',
      attempt: 1,
      method: 'multibanco',
      gateway: 'monei',
      status: 'pending',
      amountCents: 2470,
      providerRef: 'pay_123',
      data: { voucher },
      createdAt: new Date(),
      updatedAt: new Date(),
    } as unknown as Parameters<typeof pendingPaymentOf>[0];
    expect(pendingPaymentOf(row, new Date('2029-12-01'))).toEqual({ method: 'multibanco', voucher });
    expect(pendingPaymentOf(row, new Date('2030-01-02'))).toBeNull();
    expect(pendingPaymentOf({ ...row, gateway: 'sandbox' } as typeof row, new Date('2029-12-01'))).toEqual({
      method: 'multibanco',
      voucher,
      sandbox_url: '/payments/sandbox/multibanco/pay_123',
    });
  });
});
