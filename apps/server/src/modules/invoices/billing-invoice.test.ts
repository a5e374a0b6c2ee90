import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices, quoteItems } from '../../db/schema/index.ts';
import { buildTestApp, newSession, send, type TestApp, type TestSession } from '../../testing/app.ts';
import { certificateForm, nsForm, postCart } from '../../testing/cart.ts';
import { loggedInSession, uniqueEmail } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { pdfText } from '../../testing/pdf-text.ts';

const API = '/desktopapp/rest';
const card = () => ({
  type: 'cc',
  num: '4242424242424242',
  month: '7',
  year: String(new Date().getFullYear() + 2),
});
const company = {
  name: 'Łukasz Dvořák Consultores S.L.',
  tax_id: 'B12345674',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  postcode: '28013',
  province: 'Madrid',
  email: 'facturas@example.com',
  phone: '600000000',
};

/**
 * Billing data at checkout (issue 18 item 1): with them the invoice is complete
 * (F1) with the customer's name, tax id and address; without them it is a
 * simplified invoice (F2), refused above 400 € VAT included (RD 1619/2012 art. 4.1).
 */
describe.each(testDatabaseKinds())('billing data and the invoice type (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const post = (session: TestSession, path: string, payload: Record<string, unknown>) =>
    send(t.app, session, {
      method: 'POST',
      url: `${API}/${path}`,
      payload: { config: session.config, ...payload },
    });

  async function withCart(session: TestSession, priceCents?: number) {
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    const quoteId = session.config.cart.quote_id as number;
    if (priceCents !== undefined)
      await t.database.db.update(quoteItems).set({ priceCents }).where(eq(quoteItems.quoteId, quoteId));
    return session;
  }
  const invoiceOf = async (orderId: string) =>
    (await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0];

  it('a logged-in checkout with billing data gives an F1 invoice with the snapshot and keeps the data', async () => {
    const { session, customer } = await loggedInSession(t);
    await withCart(session);
    const paid = await post(session, 'checkoutAuthenticated', { form: { ...card(), billing: company } });
    expect(paid.statusCode, paid.body).toBe(200);
    const invoice = await invoiceOf(paid.json().order_id);
    expect(invoice?.type).toBe('F1');
    expect(invoice?.customer).toMatchObject({
      name: company.name,
      taxId: 'B12345674',
      address: 'Calle Mayor 1, 28013 Madrid, Madrid',
    });
    const pdf = await pdfText(
      (await send(t.app, session, { method: 'GET', url: `${API}/invoice?order_id=${paid.json().order_id}` }))
        .rawPayload,
    );
    expect(pdf).toContain('NIF: B12345674');
    expect(pdf).toContain('Calle Mayor 1, 28013 Madrid, Madrid');
    expect(pdf).not.toContain('Factura simplificada');
    // Kept on the customer: GET client shows them, the next order needs none.
    const client = await send(t.app, session, { method: 'GET', url: `${API}/client` });
    expect(client.json().client.billing).toEqual(company);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.billing).toMatchObject({ tax_id: 'B12345674' });
    await withCart(session, 45_000);
    const again = await post(session, 'checkoutAuthenticated', { form: card() });
    expect(again.statusCode, again.body).toBe(200);
    expect((await invoiceOf(again.json().order_id))?.type).toBe('F1');
  });

  it('without billing data the invoice is simplified (F2) and names no customer', async () => {
    const session = await withCart(await newSession(t.app));
    const paid = await post(session, 'checkoutRegister', {
      form: { email: uniqueEmail(), accept_terms: true, ...card() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const invoice = await invoiceOf(paid.json().order_id);
    expect(invoice?.type).toBe('F2');
    expect(invoice?.customer.taxId).toBeUndefined();
    expect(invoice?.customer.address).toBeUndefined();
    expect(invoice?.customer.name).toBe('');
    const pdf = await pdfText(
      (await send(t.app, session, { method: 'GET', url: `${API}/invoice?order_id=${paid.json().order_id}` }))
        .rawPayload,
    );
    expect(pdf).toContain('Factura simplificada');
    expect(pdf).toContain('(IVA incluido)');
  });

  it('refuses a simplified invoice over 400 € with a field error asking for billing data, in the store language', async () => {
    const session = await withCart(await newSession(t.app), 40_001);
    const email = uniqueEmail();
    const refused = await post(session, 'checkoutRegister', {
      form: { email, accept_terms: true, ...card() },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        path: 'form.billing',
        message:
          'Para pedidos de más de 400 € (IVA incluido) necesitamos tus datos de facturación: la factura se emite a tu nombre o al de tu empresa',
      },
    ]);
    // Nothing was created: no customer, the cart is still open.
    expect(await t.database.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(0);
    const ok = await post(session, 'checkoutRegister', {
      form: { email, accept_terms: true, ...card(), billing: company },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await invoiceOf(ok.json().order_id))?.type).toBe('F1');

    const at400 = await withCart(await newSession(t.app), 40_000);
    const exactly400 = await post(at400, 'checkoutRegister', {
      form: { email: uniqueEmail(), accept_terms: true, ...card() },
    });
    expect(exactly400.statusCode, exactly400.body).toBe(200);
    expect((await invoiceOf(exactly400.json().order_id))?.type).toBe('F2');
  });

  it('answers 400 in Portuguese on a Portuguese store', async () => {
    const { session } = await loggedInSession(t, { store_id: '16' });
    await postCart(t.app, session, 'addcertidao', {
      config: session.config,
      form: certificateForm(),
    });
    await t.database.db
      .update(quoteItems)
      .set({ priceCents: 50_000 })
      .where(eq(quoteItems.quoteId, session.config.cart.quote_id as number));
    const refused = await post(session, 'checkoutAuthenticated', { form: card() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toContain('precisamos dos seus dados de faturação');
  });
});
