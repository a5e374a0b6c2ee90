import type { RuntimeConfig } from '@shop/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupFakeApi } from '../../../testing/fake-api.ts';
import { resetCheckoutQueries } from '../checkout-routes.tsx';
import { cartWithNs, okAnswer } from '../testing/checkout-fixtures.ts';
import { browser } from '../utils/browser.ts';
import { setStripeIntent } from '../utils/stripe-intent.ts';

// Issue 17 item 2: with a real card gateway the storefront has no card fields; the
// gateway's page (Redsys, Monei) or Stripe's Payment Element takes the card, and
// direct debit through Stripe takes the IBAN in the element under the mandate shown here.

/** Stripe.js as the page uses it (loadStripe from @stripe/stripe-js/pure), recorded. */
const stripeJs = vi.hoisted(() => {
  const mount = vi.fn();
  const create = vi.fn((_type: string, _options: unknown) => ({ mount }));
  const elements = vi.fn((_options: unknown) => ({ create }));
  const confirmPayment = vi.fn(async (_options: unknown) => ({
    error: { message: 'stand-in: no redirect' },
  }));
  const loadStripe = vi.fn(async (_key: string) => ({ elements, confirmPayment }));
  return { mount, create, elements, confirmPayment, loadStripe };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeJs.loadStripe }));

const api = setupFakeApi();
const leave = vi.fn();
const realLeave = browser.leave;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCheckoutQueries();
  setStripeIntent(null);
  leave.mockReset();
  browser.leave = leave;
  for (const fn of Object.values(stripeJs)) fn.mockClear();
});
afterEach(() => {
  browser.leave = realLeave;
});

const ORDER = '1400000042';
const CARD = '4242424242424242';
const STRIPE_NEXT = { type: 'stripe', client_secret: 'pi_123_secret_abc', publishable_key: 'pk_test_123' };

function registered(email = 'nuevo@example.es') {
  sessionStorage.setItem('temporal_validated_email', JSON.stringify({ email, acceptedAt: Date.now() }));
}
function selected(method: string) {
  sessionStorage.setItem('temporal_payment_selected', method);
  sessionStorage.setItem('temporal_payment_selected_date', String(Date.now()));
}
const open = (url: string, overrides: Partial<RuntimeConfig> = {}) =>
  api.open(url, { cart: cartWithNs, ...overrides });
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const cardPosts = () => api.received.filter((r) => r.url.endsWith('/checkoutRegister/'));
/** The `form` of a checkout call's body. */
const formOf = (request: { body?: unknown } | undefined) =>
  (request?.body as { form?: Record<string, unknown> } | undefined)?.form ?? {};

describe('payment/cc follows the gateway that takes cards', () => {
  it('sandbox: our own card form (the sandbox only)', async () => {
    registered();
    selected('cc');
    await open('/app/payment/cc', { payment_gateways: { cc: 'sandbox' } });
    await heading('Pago con tarjeta');
    expect(screen.getByRole('textbox', { name: 'Número de tarjeta' })).toBeTruthy();
  });

  it.each(['redsys', 'monei'])(
    '%s: no card fields; the checkout goes without them and the browser follows the redirect',
    async (gateway) => {
      registered();
      selected('cc');
      const page = `${api.baseUrl}desktopapp/rest/redsys/rest/processBizum?order_id=${ORDER}`;
      api.answer(
        'checkoutRegister/',
        okAnswer(api.baseUrl, {}, { order_id: ORDER, store_id: 14, next: { type: 'redirect', url: page } }),
      );
      await open('/app/payment/cc', { payment_gateways: { cc: gateway } });
      await heading('Pago con tarjeta');
      expect(screen.queryByRole('textbox', { name: 'Número de tarjeta' })).toBeNull();
      expect(screen.queryByRole('textbox', { name: /CVC/ })).toBeNull();
      expect(screen.getByText(/nunca pasan por nuestra web/)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Ir a la página de pago seguro' }));
      await waitFor(() => expect(leave).toHaveBeenCalledWith(page));
      expect(cardPosts()).toHaveLength(1);
      const form = formOf(cardPosts()[0]);
      expect(form).toMatchObject({ type: 'cc', email: 'nuevo@example.es' });
      for (const field of ['num', 'month', 'year', 'cvc']) expect(form).not.toHaveProperty(field);
    },
  );

  it('stripe: no card fields here; the Payment Element takes the card, wallets only where the store enables them', async () => {
    registered();
    selected('cc');
    api.answer(
      'checkoutRegister/',
      okAnswer(api.baseUrl, {}, { order_id: ORDER, store_id: 14, next: STRIPE_NEXT }),
    );
    await open('/app/payment/cc', { payment_gateways: { cc: 'stripe' } });
    await heading('Pago con tarjeta');
    expect(screen.queryByRole('textbox', { name: 'Número de tarjeta' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Introducir los datos de la tarjeta' }));
    await waitFor(() => expect(stripeJs.mount).toHaveBeenCalled());
    expect(window.location.pathname).toBe('/app/payment/stripe');
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripeJs.elements).toHaveBeenCalledWith({ clientSecret: 'pi_123_secret_abc' });
    expect(stripeJs.create).toHaveBeenCalledWith('payment', {
      wallets: { applePay: 'never', googlePay: 'never' },
      terms: { sepaDebit: 'never' },
    });
    const form = formOf(cardPosts()[0]);
    expect(form).not.toHaveProperty('num');
    expect(JSON.stringify(api.received)).not.toContain(CARD);
  });

  it('stripe with wallets on: Apple Pay and Google Pay in the element', async () => {
    setStripeIntent({
      orderId: ORDER,
      clientSecret: 'pi_1_secret_x',
      publishableKey: 'pk_test_1',
      kind: 'card',
    });
    await open('/app/payment/stripe', { payment_wallets: true, payment_gateways: { cc: 'stripe' } });
    await waitFor(() => expect(stripeJs.create).toHaveBeenCalled());
    expect(stripeJs.create.mock.calls[0]?.[1]).toMatchObject({
      wallets: { applePay: 'auto', googlePay: 'auto' },
    });
  });
});

describe('direct debit through Stripe (SEPA)', () => {
  it('no IBAN on checkout; the element takes it under the mandate, shown before the customer accepts', async () => {
    selected('bank');
    api.answer(
      'checkoutAuthenticated/',
      okAnswer(
        api.baseUrl,
        { loggedIn: true, portal_name: 'Registro Fácil' },
        { order_id: ORDER, store_id: 14, next: STRIPE_NEXT },
      ),
    );
    await open('/app/customer/checkout', {
      loggedIn: true,
      portal_name: 'Registro Fácil',
      payment_methods: ['cc', 'bizum', 'paypal', 'bank'],
      payment_gateways: { cc: 'stripe', bank: 'stripe' },
    });
    await heading('Revisa y paga tu pedido');
    expect(screen.queryByRole('textbox', { name: 'IBAN' })).toBeNull();
    expect(screen.getByText(/Introducirás tu IBAN en el formulario seguro de Stripe/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar con la domiciliación' }));

    await heading('Pago por domiciliación bancaria (SEPA)');
    expect(window.location.search).toBe('?method=bank');
    const post = api.received.find((r) => r.url.endsWith('/checkoutAuthenticated/'));
    expect(formOf(post)).toEqual({ type: 'bank', request_id: expect.any(String) });
    await waitFor(() => expect(stripeJs.mount).toHaveBeenCalled());
    // Stripe's mandate text with the shop's name, on the page before the button that accepts it.
    const mandate = screen.getByRole('region', { name: 'Mandato de adeudo directo SEPA' });
    expect(mandate.textContent).toContain('autorizas a (A) Registro Fácil y a Stripe');
    expect(mandate.textContent).toContain('8 semanas');
    expect(stripeJs.confirmPayment).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Aceptar el mandato y pagar' }));
    await waitFor(() => expect(stripeJs.confirmPayment).toHaveBeenCalledTimes(1));
    const options = stripeJs.confirmPayment.mock.calls[0]?.[0] as { confirmParams: { return_url: string } };
    expect(options.confirmParams.return_url).toMatch(new RegExp(`/app/payment/3ds/order/${ORDER}$`));
  });

  it('with the sandbox taking direct debit, the IBAN is still asked on checkout', async () => {
    selected('bank');
    await open('/app/customer/checkout', {
      loggedIn: true,
      payment_methods: ['cc', 'bank'],
      payment_gateways: { cc: 'sandbox', bank: 'sandbox' },
    });
    await heading('Revisa y paga tu pedido');
    expect(screen.getByRole('textbox', { name: 'IBAN' })).toBeTruthy();
    expect(screen.queryByText(/formulario seguro de Stripe/)).toBeNull();
  });

  it('a reload of the SEPA page (no intent in memory) checks out direct debit again, never a card', async () => {
    selected('bank');
    api.answer(
      'checkoutAuthenticated/',
      okAnswer(api.baseUrl, { loggedIn: true }, { order_id: ORDER, store_id: 14, next: STRIPE_NEXT }),
    );
    await open('/app/payment/stripe?method=bank', {
      loggedIn: true,
      payment_methods: ['cc', 'bank'],
      payment_gateways: { cc: 'stripe', bank: 'stripe' },
    });
    await heading('Pago por domiciliación bancaria (SEPA)');
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await waitFor(() => expect(stripeJs.mount).toHaveBeenCalled());
    const post = api.received.find((r) => r.url.endsWith('/checkoutAuthenticated/'));
    expect(formOf(post)).toEqual({ type: 'bank', request_id: expect.any(String) });
  });
});

describe('Multibanco through Stripe', () => {
  it('the checkout answers the voucher Stripe issued, shown on the voucher page', async () => {
    registered('rita@example.pt');
    selected('multibanco');
    api.answer(
      'checkoutRegister/',
      okAnswer(
        api.baseUrl,
        { store_id: 16 },
        {
          order_id: '1600000007',
          store_id: 16,
          next: {
            type: 'voucher',
            entity: '11249',
            reference: '987654321',
            amount: '20.76',
            expires_at: '2026-12-04T10:00:00.000Z',
          },
        },
      ),
    );
    await open('/app/payment/multibanco', {
      store_id: 16,
      language: 'pt',
      payment_methods: ['cc', 'multibanco'],
      payment_gateways: { cc: 'stripe', multibanco: 'stripe' },
    });
    await heading('Pagamento por Multibanco');
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await heading('Dados para pagamento por Multibanco');
    expect(screen.getByTestId('voucher-entity').textContent).toBe('11249');
    expect(screen.getByTestId('voucher-reference').textContent).toBe('987 654 321');
    expect(formOf(cardPosts()[0])).toMatchObject({
      type: 'multibanco',
      email: 'rita@example.pt',
    });
  });
});
