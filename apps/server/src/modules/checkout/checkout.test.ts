import { LEGAL_TEXT_VERSIONS } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerConsents,
  customers,
  orderItems,
  orders,
  payments,
  quotes,
  sessions,
  stores,
} from '../../db/schema/index.ts';
import {
  buildTestApp,
  newSession,
  send,
  storedSessionIdOf,
  type TestApp,
  type TestSession,
} from '../../testing/app.ts';
import { certificateForm, nsForm, postCart, qpForm } from '../../testing/cart.ts';
import { createCustomer, loggedInSession, uniqueEmail } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

const API = '/desktopapp/rest';
const APPROVE = '4242424242424242';
const DECLINE = '4000000000000002';
const card = (num = APPROVE) => ({
  type: 'cc',
  num,
  month: '7',
  year: String(new Date().getFullYear() + 2),
  cvc: '123',
});

describe.each(testDatabaseKinds())('checkout (%s)', (kind) => {
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

  async function withCart(query: Record<string, string> = {}, session?: TestSession) {
    const s = session ?? (await newSession(t.app, query));
    if (query.store_id === '16') {
      await postCart(t.app, s, 'addcertidao', { config: s.config, form: certificateForm() });
    } else {
      await postCart(t.app, s, 'addns', { config: s.config, form: nsForm() });
      await postCart(t.app, s, 'addqp', { config: s.config, form: qpForm() });
    }
    return s;
  }

  const ordersOfQuote = async (quoteId: number) =>
    t.database.db.select().from(orders).where(eq(orders.quoteId, quoteId));

  describe('checkoutRegister', () => {
    it('registers, logs in under a new id, and turns the quote into one order with its items and a payment', async () => {
      const session = await withCart();
      const quoteId = session.config.cart.quote_id as number;
      const before = session.cookie;
      const email = uniqueEmail();
      const response = await post(session, 'checkoutRegister', {
        form: { email, accept_terms: true, pass: 'una contraseña larga', ...card() },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ ok: true, store_id: 14, next: { type: 'success' } });
      expect(body.order_id).toMatch(/^14\d{8}$/);
      expect(body.config).toMatchObject({
        loggedIn: true,
        customerEmail: email,
        lastOrderId: body.order_id,
        last_success_id: body.order_id,
        invalid_payment: false,
        lastOrderPrice: 2076 + 1200,
      });
      expect(body.config.cart.items).toEqual([]);
      expect(body.config.lastOrderProducts.map((p: { product_id: number }) => p.product_id)).toEqual([
        15867, 18357,
      ]);
      // The session id was renewed: the old row is gone.
      expect(storedSessionIdOf(session.cookie)).not.toBe(storedSessionIdOf(before));
      const old = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, storedSessionIdOf(before) as string));
      expect(old).toHaveLength(0);
      // The quote followed the session to its new id (the foreign key cascades the renewal).
      const [moved] = await t.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
      expect(moved?.sessionId).toBe(storedSessionIdOf(session.cookie));

      const [order] = await ordersOfQuote(quoteId);
      expect(order).toMatchObject({
        id: body.order_id,
        storeId: 14,
        email,
        totalCents: 3276,
        paymentMethod: 'cc',
      });
      expect(order?.status).toBe('complete_pending');
      const items = await t.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, body.order_id));
      expect(items.map((i) => i.productId).sort()).toEqual([15867, 18357]);
      expect(items.find((i) => i.productId === 15867)?.form).toMatchObject({ nombre: 'Ana Pérez García' });
      const paid = await t.database.db.select().from(payments).where(eq(payments.orderId, body.order_id));
      expect(paid).toMatchObject([{ attempt: 1, method: 'cc', status: 'paid', amountCents: 3276 }]);
      const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
      expect(quote).toMatchObject({ status: 'ordered', orderId: body.order_id });

      const [customer] = await t.database.db.select().from(customers).where(eq(customers.email, email));
      expect(customer?.passwordHash).toMatch(/^\$argon2id\$/);
      const consents = await t.database.db
        .select()
        .from(customerConsents)
        .where(eq(customerConsents.customerId, customer?.id ?? 0));
      expect(consents).toHaveLength(1);
      expect(consents[0]).toMatchObject({
        privacyVersion: LEGAL_TEXT_VERSIONS.privacy,
        conditionsVersion: LEGAL_TEXT_VERSIONS.conditions,
        storeId: 14,
        language: 'es',
      });
      expect(Date.now() - (consents[0]?.acceptedAt.getTime() ?? 0)).toBeLessThan(60_000);
    });

    it('gives one order for a checkout submitted twice, one after the other and at the same time', async () => {
      const session = await withCart();
      const quoteId = session.config.cart.quote_id as number;
      const stale = { ...session };
      const form = { email: uniqueEmail(), accept_terms: true, ...card() };
      expect((await post(session, 'checkoutRegister', { form })).statusCode).toBe(200);
      // The same request again from the page as it was (old cookie and form key).
      const again = await post(stale, 'checkoutRegister', { form });
      expect([403, 409]).toContain(again.statusCode);
      // The logged-in session submits again: the quote is ordered.
      const loggedIn = await post(session, 'checkoutAuthenticated', { form: card() });
      expect(loggedIn.statusCode).toBe(409);
      expect(loggedIn.json().message).toBe('Este pedido ya se ha tramitado.');
      expect(await ordersOfQuote(quoteId)).toHaveLength(1);

      const twin = await withCart();
      const twinQuote = twin.config.cart.quote_id as number;
      const twinForm = { email: uniqueEmail(), accept_terms: true, ...card() };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post({ ...twin }, 'checkoutRegister', { form: twinForm })),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      for (const s of statuses) expect(s === 200 || s === 409).toBe(true);
      expect(await ordersOfQuote(twinQuote)).toHaveLength(1);
    });

    it('refuses a registered e-mail with the spec message and leaves the cart as it was', async () => {
      const existing = await createCustomer(t);
      const session = await withCart();
      const response = await post(session, 'checkoutRegister', {
        form: { email: existing.email.toUpperCase(), accept_terms: true, ...card() },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Ya existe un cliente registrado con esta dirección.');
      expect(await ordersOfQuote(session.config.cart.quote_id as number)).toHaveLength(0);
      const config = await send(t.app, session, { url: `${API}/config`, formKey: false });
      expect(config.json().config.cart.items).toHaveLength(2);
      expect(config.json().config.loggedIn).toBe(false);
    });

    it('registers one customer when two carts register the same e-mail at the same time', async () => {
      const [a, b] = await Promise.all([withCart(), withCart()]);
      const email = uniqueEmail();
      const answers = await Promise.all(
        [a, b].map((s) =>
          post(s as TestSession, 'checkoutRegister', { form: { email, accept_terms: true, ...card() } }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await t.database.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(1);
      const loser = answers.find((r) => r.statusCode === 409);
      expect(loser?.json().message).toBe('Ya existe un cliente registrado con esta dirección.');
    });

    it('needs the acceptance of the terms, a valid e-mail and a valid card, with the store language', async () => {
      const session = await withCart();
      const noTerms = await post(session, 'checkoutRegister', { form: { email: uniqueEmail(), ...card() } });
      expect(noTerms.statusCode).toBe(400);
      expect(noTerms.json().errors).toContainEqual({
        path: 'form.accept_terms',
        message: 'Debes aceptar la política de privacidad y las condiciones de contratación',
      });
      const bad = await post(session, 'checkoutRegister', {
        form: { email: 'x', accept_terms: true, type: 'cc', num: '1234', month: '', year: '1999' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual(
        expect.arrayContaining([
          { path: 'form.email', message: 'Por favor, introduce un email válido' },
          { path: 'form.num', message: 'El número de tarjeta es inválido' },
          { path: 'form.month', message: 'Selecciona el mes y año' },
        ]),
      );
      const pt = await withCart({ store_id: '16' });
      const ptBad = await post(pt, 'checkoutRegister', {
        form: { email: '', accept_terms: true, type: 'multibanco' },
      });
      expect(ptBad.statusCode).toBe(400);
      expect(ptBad.json().errors[0].message).not.toBe('Se requiere un email');
    });

    it('refuses wrong types, huge strings, missing fields and unknown methods with 400', async () => {
      const session = await withCart();
      const email = uniqueEmail();
      for (const form of [
        undefined,
        null,
        'x',
        [],
        { email, accept_terms: true },
        { email, accept_terms: true, type: 'bitcoin' },
        { email, accept_terms: 'yes', ...card() },
        { email: 'a'.repeat(70_000), accept_terms: true, ...card() },
        { email, accept_terms: true, ...card(), num: 4242424242424242 },
        { email, accept_terms: true, type: 'bank', iban: 'ES00' },
        { email, accept_terms: true, ...card(), billing: { name: 'x' } },
        { email, accept_terms: true, ...card(), pass: 'short' },
      ]) {
        const response = await post(session, 'checkoutRegister', { form });
        expect(response.statusCode, String(JSON.stringify(form)).slice(0, 80)).toBe(400);
        expect(response.json().ok).toBe(false);
      }
      const multibanco = await post(session, 'checkoutRegister', {
        form: { email, accept_terms: true, type: 'multibanco' },
      });
      expect(multibanco.statusCode).toBe(400);
      expect(multibanco.json().errors).toEqual([
        { path: 'form.type', message: 'Elige una de las opciones disponibles' },
      ]);
      expect(await ordersOfQuote(session.config.cart.quote_id as number)).toHaveLength(0);
    });

    it('checks billing data by the store country', async () => {
      const session = await withCart();
      const billing = {
        name: 'Ana',
        tax_id: '123',
        address: 'C/ Mayor 1',
        city: 'Madrid',
        postcode: '28013',
        province: 'Madrid',
        email: 'a@example.com',
        phone: '600000000',
      };
      const response = await post(session, 'checkoutRegister', {
        form: { email: uniqueEmail(), accept_terms: true, billing, ...card() },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'form.billing.tax_id', message: 'El número de identificación fiscal no es válido' },
      ]);
      const ok = await post(session, 'checkoutRegister', {
        form: {
          email: uniqueEmail(),
          accept_terms: true,
          billing: { ...billing, tax_id: '12345678Z' },
          ...card(),
        },
      });
      expect(ok.statusCode).toBe(200);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, ok.json().order_id));
      expect(order?.billing).toMatchObject({ tax_id: '12345678Z' });
    });

    it('answers 409 for an empty cart and never creates the customer', async () => {
      const session = await newSession(t.app);
      const email = uniqueEmail();
      const response = await post(session, 'checkoutRegister', {
        form: { email, accept_terms: true, ...card() },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Tu pedido está vacío.');
      expect(await t.database.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(0);
    });

    it('keeps the order payable after a declined card and raises the invalid-payment flag', async () => {
      const session = await withCart();
      const response = await post(session, 'checkoutRegister', {
        form: { email: uniqueEmail(), accept_terms: true, ...card(DECLINE) },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.next).toEqual({
        type: 'failed',
        message:
          'Ha fallado el intento de pago, te ofrecemos nuevos métodos de pago alternativos para que puedas finalizar tu pedido.',
        detail: 'No se ha cobrado ningún importe.',
      });
      expect(body.config).toMatchObject({ invalid_payment: true, last_success_id: null, loggedIn: true });
      expect(body.config.payment_message).toBe(body.next.message);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, body.order_id));
      expect(order?.status).toBe('pending_payment');

      // Spec 4: the flag is cleared on the services reset route (the message stays for the snackbar).
      const services = await send(t.app, session, { url: '/app/servicios', formKey: false });
      expect(services.statusCode).toBe(200);
      expect(
        (await send(t.app, session, { url: `${API}/config`, formKey: false })).json().config.invalid_payment,
      ).toBe(true);
      const reset = await send(t.app, session, { url: '/app/servicios/reset', formKey: false });
      expect(reset.statusCode).toBe(200);
      const after = (await send(t.app, session, { url: `${API}/config`, formKey: false })).json().config;
      expect(after.invalid_payment).toBe(false);
      expect(after.payment_message).toBe(body.next.message);
    });

    it('gives a Multibanco voucher on a Portuguese store and a PayPal redirect on the PayPal path', async () => {
      const pt = await withCart({ store_id: '16' });
      const mb = await post(pt, 'checkoutRegister', {
        form: { email: uniqueEmail(), accept_terms: true, type: 'multibanco' },
      });
      expect(mb.statusCode, mb.body).toBe(200);
      expect(mb.json().order_id).toMatch(/^16\d{8}$/);
      expect(mb.json().next).toMatchObject({
        type: 'voucher',
        entity: expect.any(String),
        reference: expect.any(String),
      });

      const session = await withCart();
      const paypal = await post(session, 'checkoutRegisterPaypal', {
        form: { email: uniqueEmail(), accept_terms: true },
      });
      expect(paypal.statusCode, paypal.body).toBe(200);
      expect(paypal.json().next).toMatchObject({ type: 'redirect' });
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paypal.json().order_id));
      expect(order?.paymentMethod).toBe('paypal');
      const bad = await post(await withCart(), 'checkoutRegisterPaypal', {
        form: { email: uniqueEmail(), accept_terms: true, type: 'cc' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('checks out MB WAY on a Portuguese store with its number (issue 17 item 7); a bad number is a 400 in Portuguese', async () => {
      const bad = await post(await withCart({ store_id: '16' }), 'checkoutRegister', {
        form: { email: uniqueEmail(), accept_terms: true, type: 'mbway', phone: '612 345 678' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([
        {
          path: 'form.phone',
          message: 'Introduza um telemóvel português: 9 algarismos a começar por 9 (com ou sem +351)',
        },
      ]);
      const huge = await post(await withCart({ store_id: '16' }), 'checkoutRegister', {
        form: { email: uniqueEmail(), accept_terms: true, type: 'mbway', phone: '9'.repeat(10_000) },
      });
      expect(huge.statusCode).toBe(400);
      const wrongType = await post(await withCart({ store_id: '16' }), 'checkoutRegister', {
        form: { email: uniqueEmail(), accept_terms: true, type: 'mbway', phone: 912345678 },
      });
      expect(wrongType.statusCode).toBe(400);

      const ok = await post(await withCart({ store_id: '16' }), 'checkoutRegister', {
        form: { email: uniqueEmail(), accept_terms: true, type: 'mbway', phone: '+351 912 345 678' },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().next).toEqual({ type: 'pending' });
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, ok.json().order_id));
      expect(payment?.method).toBe('mbway');
      // The number reached the gateway (the sandbox keeps its last digits only).
      expect(payment?.data.mbway).toEqual({ phone: '+351 9•• ••• 678' });
      // Not offered on a Spanish store.
      const es = await post(await withCart(), 'checkoutRegister', {
        form: { email: uniqueEmail(), accept_terms: true, type: 'mbway', phone: '912345678' },
      });
      expect(es.statusCode).toBe(400);
    });

    it('keeps no card number in the database', async () => {
      const session = await withCart();
      const response = await post(session, 'checkoutRegister', {
        form: { email: uniqueEmail(), accept_terms: true, ...card() },
      });
      expect(response.statusCode).toBe(200);
      const tables = [
        'orders',
        'order_items',
        'payments',
        'payment_events',
        'sessions',
        'customers',
        'quotes',
        'quote_items',
      ];
      for (const table of tables) {
        const rows = await t.database.db.execute(sql.raw(`select row_to_json(x)::text as j from ${table} x`));
        const text = (rows as unknown as { rows: { j: string }[] }).rows.map((r) => r.j).join('\n');
        expect(text, table).not.toContain(APPROVE);
        expect(text, table).not.toContain('4242 4242');
      }
    });
  });

  describe('checkoutAuthenticated', () => {
    it('needs a logged-in customer', async () => {
      const session = await withCart();
      const response = await post(session, 'checkoutAuthenticated', { form: card() });
      expect(response.statusCode).toBe(401);
    });

    it('orders with the card given, and with the preferred method when only the config is sent', async () => {
      const { session, customer } = await loggedInSession(t);
      await withCart({}, session);
      const paid = await post(session, 'checkoutAuthenticated', { form: card() });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ ok: true, store_id: 14, next: { type: 'success' } });
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paid.json().order_id));
      expect(order).toMatchObject({ customerId: customer.id, email: customer.email });

      await withCart({}, session);
      const plain = await post(session, 'checkoutAuthenticated', {});
      expect(plain.statusCode, plain.body).toBe(200);
      // No card data sent: the gateway's own card page takes it.
      expect(plain.json().next.type).toBe('redirect');
      expect(plain.json().order_id).not.toBe(paid.json().order_id);
    });

    it('gives one order when submitted concurrently', async () => {
      const { session } = await loggedInSession(t);
      await withCart({}, session);
      const quoteId = session.config.cart.quote_id as number;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post({ ...session }, 'checkoutAuthenticated', { form: card() })),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(5);
      expect(await ordersOfQuote(quoteId)).toHaveLength(1);
    });

    it('refuses a method the store does not offer and bad input', async () => {
      const { session } = await loggedInSession(t);
      await withCart({}, session);
      expect(
        (await post(session, 'checkoutAuthenticated', { form: { type: 'multibanco' } })).statusCode,
      ).toBe(400);
      for (const form of [
        null,
        'x',
        // Half a card form (a checkout without card fields is a gateway page's: valid).
        { type: 'cc', num: '4242424242424242' },
        { ...card(), email: 'nope' },
        { ...card(), year: 'x'.repeat(70_000) },
      ]) {
        expect((await post(session, 'checkoutAuthenticated', { form })).statusCode).toBe(400);
      }
      const forged = await send(t.app, session, {
        method: 'POST',
        url: `${API}/checkoutAuthenticated`,
        payload: { form: card() },
        formKey: false,
      });
      expect(forged.statusCode).toBe(403);
    });
  });

  it('an add committed after the request read its session is in the order: the checkout reads the items again', async () => {
    const { session } = await loggedInSession(t);
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    // The session as the checkout's request read it; then another add commits before the checkout's lock.
    const read = await t.app.sessions.fromCookie(session.cookie.replace(/^sid=/, ''), new Date());
    await postCart(t.app, session, 'addqp', { config: session.config, form: qpForm() });
    const [store] = await t.database.db.select().from(stores).where(eq(stores.id, 14));
    if (!read || !store) throw new Error('no session or store');
    const placed = await t.app.checkout.checkout(
      { session: read, store },
      { payment: null, clientAddress: '198.51.100.7', origin: '' },
    );
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(lines.map((line) => line.productId).sort()).toEqual([15867, 18357]);
  });
});
