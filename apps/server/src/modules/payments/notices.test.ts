import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailMessages, orders, paymentEvents, payments } from '../../db/schema/index.ts';
import { buildTestAppWithFiles, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder, type TestOrder } from '../../testing/orders.ts';
import { waitFor } from '../../testing/wait.ts';
import { invoiceYear } from '../invoices/invoices.service.ts';
import { expirePayment } from './payment-notices.ts';
import { startPayment } from './payment-start.ts';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox.gateway.ts';
import { SANDBOX_NOTIFY_PATH } from './sandbox.routes.ts';

describe.each(testDatabaseKinds())('payment notices and invoice numbers (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind);
  }, 180_000);
  afterAll(() => t?.close());
  const db = () => t.database.db;

  /** An order with a Multibanco voucher issued (pending until its notice). */
  async function voucherOrder(): Promise<TestOrder & { providerRef: string }> {
    const order = await createTestOrder(db(), { storeId: 16, productIds: [18414] });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    if (!row) throw new Error('no order');
    await startPayment(db(), t.app.gateways, {
      order: row,
      method: 'multibanco',
      fields: {},
      baseUrl: '',
      language: 'pt',
    });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.orderId));
    return { ...order, providerRef: payment?.providerRef ?? '' };
  }

  const mailsTo = (to: string) => db().select().from(mailMessages).where(eq(mailMessages.to, to));

  const deliver = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: SANDBOX_NOTIFY_PATH,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: body,
    });

  it('pays once when one notice arrives 20 times at once: one payment, one event, one invoice', async () => {
    const order = await voucherOrder();
    const { body, signature } = t.app.sandboxGateway.notice(order.providerRef, 'paid', order.totalCents);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(body, signature)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const statuses = answers.map((a) => a.json().status).sort();
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(19);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('complete_pending');
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(rows.map((p) => p.status)).toEqual(['paid']);
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, rows[0]?.id ?? 0));
    expect(events).toHaveLength(1);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.orderId))).toHaveLength(1);

    // One confirmation job, one mail with the invoice attached.
    const jobs = await db().execute(
      sql`select id from pgboss.job where name = 'order.confirmation' and data->>'orderId' = ${order.orderId}`,
    );
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    t.app.jobs.nudge('order.confirmation');
    const confirmations = async () =>
      (await mailsTo(row?.email ?? '')).filter((m) => m.attachments.length > 0);
    await waitFor(async () => (await confirmations()).some((m) => m.status === 'stored'));
    expect(await confirmations()).toHaveLength(1);
    expect((await confirmations())[0]?.attachments).toHaveLength(1);
    // Besides it, only the voucher's own mail, sent when it was issued.
    expect(await mailsTo(row?.email ?? '')).toHaveLength(2);

    // A second, different notice of the same capture (a gateway's retry with a new id) changes nothing.
    const other = t.app.sandboxGateway.notice(order.providerRef, 'paid', order.totalCents);
    expect((await deliver(other.body, other.signature)).json().status).toBe('applied');
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.orderId))).toHaveLength(1);
  });

  it('refuses a tampered, unsigned, stale or foreign notice with 403 and changes nothing', async () => {
    const order = await voucherOrder();
    const { body, signature } = t.app.sandboxGateway.notice(order.providerRef, 'paid', order.totalCents);
    const tampered = body.replace('"paid"', '"failed"');
    expect((await deliver(tampered, signature)).statusCode).toBe(403);
    const flipped = signature.replace(/v1=(.)/, (_m, c: string) => `v1=${c === 'a' ? 'b' : 'a'}`);
    expect((await deliver(body, flipped)).statusCode).toBe(403);
    expect((await deliver(body, '')).statusCode).toBe(403);
    expect((await deliver(body, 't=abc,v1=zz')).statusCode).toBe(403);
    const stale = t.app.sandboxGateway.sign(body, Math.floor(Date.now() / 1000) - 3600);
    expect((await deliver(body, stale)).statusCode).toBe(403);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: SANDBOX_NOTIFY_PATH,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(noHeader.statusCode).toBe(403);
    // Signed, but for a payment that is not ours: 404; not JSON: 400.
    const unknown = t.app.sandboxGateway.notice('sbx_999999_AAAAAAAAAAAA', 'paid', 100);
    expect((await deliver(unknown.body, unknown.signature)).statusCode).toBe(404);
    expect((await deliver('nope', t.app.sandboxGateway.sign('nope'))).statusCode).toBe(400);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('processing');
    // The genuine one still pays.
    expect((await deliver(body, signature)).statusCode).toBe(200);
    const [paid] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(paid?.status).toBe('complete_pending');
  });

  it('lapses an unpaid voucher at its expiry (payment.expire job): the order is payable again', async () => {
    const order = await voucherOrder();
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.orderId));
    const jobs = (await db().execute(
      sql`select start_after from pgboss.job where name = 'payment.expire' and (data->>'paymentId')::int = ${payment?.id ?? 0}`,
    )) as unknown as { rows: { start_after: string | Date }[] };
    expect(jobs.rows).toHaveLength(1);
    const voucher = payment?.data.voucher as { expires_at: string };
    expect(new Date(jobs.rows[0]?.start_after ?? 0).getTime()).toBe(new Date(voucher.expires_at).getTime());
    // Run as the worker will at that time.
    expect(await expirePayment(db(), { paymentId: payment?.id ?? 0 })).toBe(true);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('pending_payment');
    // Money that still arrives for the lapsed voucher pays the order (it was taken); a paid voucher is never lapsed.
    const late = t.app.sandboxGateway.notice(order.providerRef, 'paid', order.totalCents);
    expect((await deliver(late.body, late.signature)).json().status).toBe('applied');
    const [after] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(after?.status).toBe('complete_pending');
    const paidOne = await voucherOrder();
    const [paidPayment] = await db().select().from(payments).where(eq(payments.orderId, paidOne.orderId));
    const notice = t.app.sandboxGateway.notice(paidOne.providerRef, 'paid', paidOne.totalCents);
    await deliver(notice.body, notice.signature);
    expect(await expirePayment(db(), { paymentId: paidPayment?.id ?? 0 })).toBe(false);
  });

  it('holds a notice whose amount differs from the order for review instead of paying it', async () => {
    const order = await voucherOrder();
    const { body, signature } = t.app.sandboxGateway.notice(order.providerRef, 'paid', order.totalCents - 1);
    expect((await deliver(body, signature)).statusCode).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('payment_review');
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.orderId))).toHaveLength(0);
  });

  it('numbers the invoices of 50 concurrent payments without a gap or a duplicate', async () => {
    const year = invoiceYear(new Date(), 'pt');
    const before = await db()
      .select({ n: sql<number>`coalesce(max(${invoices.number}), 0)` })
      .from(invoices)
      .where(sql`${invoices.series} = 'PT' and ${invoices.year} = ${year}`);
    const orderList = [];
    for (let i = 0; i < 50; i++) orderList.push(await voucherOrder());
    const answers = await Promise.all(
      orderList.map((o) => {
        const { body, signature } = t.app.sandboxGateway.notice(o.providerRef, 'paid', o.totalCents);
        return deliver(body, signature);
      }),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const numbers = (
      await db()
        .select({ number: invoices.number })
        .from(invoices)
        .where(sql`${invoices.series} = 'PT' and ${invoices.year} = ${year}`)
    )
      .map((r) => r.number)
      .sort((a, b) => a - b);
    const start = Number(before[0]?.n ?? 0);
    expect(numbers.slice(-50)).toEqual(Array.from({ length: 50 }, (_, i) => start + i + 1));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });
});
