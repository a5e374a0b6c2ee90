import { formatPromise } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditNotes, invoices, mailMessages, orderItems, orders } from '../../db/schema/index.ts';
import { translate } from '../../http/translate.ts';
import { type AdminClient, adminSend, signedInOperator } from '../../testing/admin.ts';
import {
  buildTestAppWithFiles,
  newSession,
  send,
  type TestApp,
  type TestSession,
} from '../../testing/app.ts';
import { getCart, nsForm, postCart } from '../../testing/cart.ts';
import { uniqueEmail } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { minimalPdf, multipart } from '../../testing/files.ts';
import { waitFor } from '../../testing/wait.ts';
import { ORDER_CONFIRMATION_JOB } from '../invoices/order-confirmation.ts';
import { LATE_REFUND_JOB } from './late-refund.ts';

const API = '/desktopapp/rest';
const card = () => ({
  type: 'cc',
  num: '4242424242424242',
  month: '7',
  year: String(new Date().getFullYear() + 2),
  cvc: '123',
});
const es = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate('es', key, vars);

describe.each(testDatabaseKinds())('the delivery promise with the order (%s)', (kind) => {
  let t: TestApp;
  let agent: AdminClient;
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind);
    agent = await signedInOperator(t.app, 'agent');
  }, 240_000);
  afterAll(() => t?.close());
  const db = () => t.database.db;

  async function stepPromise(municipio: string, urgent: boolean): Promise<string | null> {
    const response = await t.app.inject({
      url: `${API}/delivery-promise?municipio=${encodeURIComponent(municipio)}&urgent=${urgent ? 1 : 0}`,
    });
    return response.json().promised_at;
  }

  /** A paid Nota Simple order for Madrid with the promise the step showed. */
  async function paidNsOrder(session?: TestSession) {
    const s = session ?? (await newSession(t.app));
    const shown = await stepPromise('Madrid', true);
    const added = await postCart(t.app, s, 'addns', {
      config: s.config,
      form: nsForm({ servicio_urgente: true, promesa_entrega: shown }),
    });
    expect(added.status).toBe(200);
    const response = await send(t.app, s, {
      method: 'POST',
      url: `${API}/checkoutRegister`,
      payload: {
        config: s.config,
        form: { email: uniqueEmail(), accept_terms: true, pass: 'una contraseña larga', ...card() },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().order_id as string;
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error('no order');
    return { order, shown, cartItem: added.body.item, session: s };
  }

  it('keeps the step promise in the cart, on the order when paid and in the confirmation mail', async () => {
    const { order, shown, cartItem } = await paidNsOrder();
    expect(shown).not.toBeNull();
    expect(cartItem.promised_at).toBe(shown);
    expect(cartItem.form.promesa_entrega).toBe(shown);
    expect(order.status).toBe('complete_pending');
    expect(order.promisedAt?.toISOString()).toBe(shown);
    expect(order.promiseBasis).toMatchObject({ urgent: true, hours: 3 });

    t.app.jobs.nudge(ORDER_CONFIRMATION_JOB);
    let mailId: number | null = null;
    await waitFor(async () => {
      const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
      mailId = invoice?.mailId ?? null;
      return mailId !== null;
    });
    const [mail] = await db()
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, mailId ?? 0));
    const words = formatPromise(es, shown as string, new Date().toISOString(), 'es', 'Europe/Madrid');
    expect(mail?.text).toContain(words);
  });

  it('does not take a promise the calendar cannot keep: the server sets its own', async () => {
    const s = await newSession(t.app);
    const forged = new Date(Date.now() + 60_000).toISOString();
    const added = await postCart(t.app, s, 'addns', {
      config: s.config,
      form: nsForm({ servicio_urgente: true, promesa_entrega: forged }),
    });
    const own = await stepPromise('Madrid', true);
    expect(added.body.item.promised_at).not.toBe(forged);
    expect(Date.parse(added.body.item.promised_at ?? '')).toBeLessThanOrEqual(Date.parse(own ?? ''));
    // A place without a known registry: no promise (the store's nsCopy is shown).
    const unknown = await postCart(t.app, s, 'addns', {
      config: s.config,
      form: nsForm({ municipio: 'Villanueva del Nada', promesa_entrega: forged }),
    });
    expect(unknown.body.item.promised_at).toBeNull();
    expect((await getCart(t.app, s)).items.map((i) => i.promised_at)).toEqual([
      added.body.item.promised_at,
      null,
    ]);
  });

  const attach = async (orderId: string) => {
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const { payload, contentType } = multipart([
      { name: 'file', filename: 'nota.pdf', contentType: 'application/pdf', data: minimalPdf() },
    ]);
    const response = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${orderId}/items/${item?.id}/result`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await db().select().from(mailMessages).where(eq(mailMessages.id, response.json().mail_id));
    return mail;
  };

  it('delivered after its promise: the service fee is refunded with a credit note, and the mail says so', async () => {
    const { order, session } = await paidNsOrder();
    await db()
      .update(orders)
      .set({ promisedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(orders.id, order.id));
    const mail = await attach(order.id);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    if (!invoice) throw new Error('no invoice');
    const fee = invoice.totalCents - invoice.lines.reduce((sum, l) => sum + l.officialFeeCents, 0);
    expect(fee).toBeGreaterThan(0);
    expect(fee).toBeLessThan(invoice.totalCents);
    expect(mail?.text).toContain('te hemos devuelto la tarifa del servicio');
    const [queued] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(queued?.lateRefund).toMatchObject({ state: 'queued', amount_cents: fee });

    t.app.jobs.nudge(LATE_REFUND_JOB);
    await waitFor(async () => {
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      return row?.lateRefund?.state === 'done';
    });
    const notes = await db().select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ totalCents: fee, reason: es('promise.late') });
    // The order screen shows how it stands.
    const detail = (await adminSend(t.app, agent, { url: `/admin/api/orders/${order.id}` })).json().order;
    expect(detail.late_refund).toMatchObject({ state: 'done', amount_cents: fee });
    // The orders page tells the customer.
    const pedidos = await send(t.app, session, { url: `${API}/pedidos`, formKey: false });
    expect(pedidos.statusCode, pedidos.body).toBe(200);
    const mine = pedidos.json().pedidos.find((p: { order_id: string }) => p.order_id === order.id);
    expect(mine).toMatchObject({ late_refund: 'refunded' });
    expect(mine.promised_at).not.toBeNull();
  });

  it('on time: no refund; an operator waiver (with its reason, audited) stops a late refund', async () => {
    const onTime = await paidNsOrder();
    const mail = await attach(onTime.order.id);
    expect(mail?.text).not.toContain('tarifa del servicio');
    const [row] = await db().select().from(orders).where(eq(orders.id, onTime.order.id));
    expect(row?.lateRefund).toBeNull();

    const { order } = await paidNsOrder();
    await db()
      .update(orders)
      .set({ promisedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(orders.id, order.id));
    const url = `/admin/api/orders/${order.id}/late-refund/waive`;
    expect(
      (await adminSend(t.app, agent, { method: 'POST', url, payload: { reason: ' ' } })).statusCode,
    ).toBe(400);
    const waived = await adminSend(t.app, agent, {
      method: 'POST',
      url,
      payload: { reason: 'El registro cerró por una incidencia técnica' },
    });
    expect(waived.statusCode, waived.body).toBe(200);
    const lateMail = await attach(order.id);
    expect(lateMail?.text).not.toContain('tarifa del servicio');
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after?.lateRefund).toMatchObject({
      state: 'waived',
      reason: 'El registro cerró por una incidencia técnica',
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.late_refund_waived'), eq(auditLog.entityId, order.id)));
    expect(audit).toHaveLength(1);
    expect(await db().select().from(creditNotes).where(eq(creditNotes.orderId, order.id))).toHaveLength(0);
  });
});
