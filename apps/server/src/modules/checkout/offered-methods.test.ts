import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, send, type TestApp, type TestSession } from '../../testing/app.ts';
import { nsForm, postCart } from '../../testing/cart.ts';
import { loggedInSession } from '../../testing/customers.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { slowGateway } from '../../testing/fake-gateways.ts';

const API = '/desktopapp/rest';

/** Issue 17 items 2 and 3: with the sandbox off a store offers exactly what a configured gateway takes. */
describe.each(testDatabaseKinds())('offered methods with the sandbox off (%s)', (kind) => {
  // A card gateway that takes the card on its own page (as Stripe's Payment Element does).
  const cardco = slowGateway({ name: 'cardco', methods: ['stripe', 'cc'], delayMs: 0 });
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PAYMENT_SANDBOX: 'false' }, { gateways: [cardco] });
  }, 180_000);
  afterAll(() => t?.close());

  const post = (session: TestSession, form: unknown) =>
    send(t.app, session, {
      method: 'POST',
      url: `${API}/checkoutAuthenticated`,
      payload: { config: session.config, form },
    });

  it('the configuration offers card through the gateway only, and nothing no gateway takes', async () => {
    const { session } = await loggedInSession(t);
    expect(session.config.payment_methods).toEqual(['stripe']);
    expect(session.config.payment_gateways).toEqual({ stripe: 'cardco' });
  });

  it('refuses our own card form for a real card gateway with a clear 400, and a method not offered', async () => {
    const { session } = await loggedInSession(t);
    await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    const year = String(new Date().getFullYear() + 2);
    const withCard = await post(session, {
      type: 'cc',
      num: '4242424242424242',
      month: '7',
      year,
      cvc: '123',
    });
    expect(withCard.statusCode, withCard.body).toBe(400);
    expect(withCard.json().errors).toEqual([
      {
        path: 'form.num',
        message:
          'Los datos de la tarjeta se introducen en la página segura de la pasarela de pago, no en este formulario',
      },
    ]);
    for (const type of ['bizum', 'paypal', 'bank']) {
      const refused = await post(
        session,
        type === 'bank' ? { type, iban: 'ES9121000418450200051332' } : { type },
      );
      expect(refused.statusCode, type).toBe(400);
      expect(refused.json().errors?.[0]?.path).toBe('form.type');
    }
    // The gateway's own method goes through: no attempt ever ends in no_gateway.
    const element = await post(session, { type: 'stripe' });
    expect(element.statusCode, element.body).toBe(200);
    expect(element.json().next).toEqual({ type: 'success' });
  });
});
