import type { RuntimeConfig } from '@shop/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupFakeApi } from '../../../testing/fake-api.ts';
import { resetCheckoutQueries } from '../checkout-routes.tsx';
import { cartWithNs, errorAnswer, okAnswer, orderSuccess } from '../testing/checkout-fixtures.ts';
import { browser } from '../utils/browser.ts';
import { setStripeIntent } from '../utils/stripe-intent.ts';

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
});
afterEach(() => {
  browser.leave = realLeave;
});

const MINUTE = 60_000;
/** The Spanish stores' methods (DECISIONS.md "Payment methods per store"). */
const SPAIN: RuntimeConfig['payment_methods'] = ['cc', 'bizum', 'paypal', 'bank'];
const PAY = /^Pagar 20,76/;
const ORDER = '1400000042';

/** A new customer who gave their e-mail at register. */
function registered(email = 'nuevo@example.es') {
  sessionStorage.setItem('temporal_validated_email', JSON.stringify({ email, acceptedAt: Date.now() }));
}

function selected(method: string, ageMs = 0) {
  sessionStorage.setItem('temporal_payment_selected', method);
  sessionStorage.setItem('temporal_payment_selected_date', String(Date.now() - ageMs));
}

const open = (url: string, overrides: Partial<RuntimeConfig> = {}) =>
  api.open(url, { cart: cartWithNs, ...overrides });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('customer/payment guards (spec 4)', () => {
  it('an anonymous visitor who has not registered goes to register, query kept', async () => {
    await open('/app/customer/payment?store_id=14');
    await heading('¿A qué e-mail te enviamos el pedido?');
    expect(window.location.pathname + window.location.search).toBe('/app/customer/register?store_id=14');
  });

  it('product 18511 with the cart display off goes straight to checkout', async () => {
    registered();
    localStorage.setItem('last_added_product', '18511');
    await open('/app/customer/payment', { show_carrito: false });
    await heading('Revisa y paga tu pedido');
    expect(window.location.pathname).toBe('/app/customer/checkout');
  });

  it('18511 with the cart display on still asks for the method', async () => {
    registered();
    localStorage.setItem('last_added_product', '18511');
    await open('/app/customer/payment', { show_carrito: true });
    await heading('¿Cómo quieres pagar?');
  });

  it('a logged-in customer with a fresh selection goes to checkout; after 5 minutes chooses again', async () => {
    selected('bizum', 4 * MINUTE);
    await open('/app/customer/payment', {
      loggedIn: true,
      preferred_payment: 'bizum',
      payment_methods: SPAIN,
    });
    await heading('Revisa y paga tu pedido');
    expect(screen.getByText(/Pagarás con: Bizum/)).toBeTruthy();
  });

  it('a selection older than 5 minutes (and a preferred method other than card) asks again', async () => {
    selected('bizum', 6 * MINUTE);
    await open('/app/customer/payment', {
      loggedIn: true,
      preferred_payment: 'bizum',
      payment_methods: SPAIN,
    });
    await heading('¿Cómo quieres pagar?');
    expect(window.location.pathname).toBe('/app/customer/payment');
  });

  it('the invalid-payment flag with an empty cart keeps a logged-in customer on the choice for the failed order', async () => {
    localStorage.setItem('temporal_invalid_payment', ORDER);
    await open('/app/customer/payment', {
      loggedIn: true,
      preferred_payment: 'cc',
      cart: { quote_id: null, items: [], total: 0 },
    });
    await heading('¿Cómo quieres pagar?');
    expect(
      screen.getByText(
        'Ha fallado el intento de pago, te ofrecemos nuevos métodos de pago alternativos para que puedas finalizar tu pedido.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(`Pedido ${ORDER}`)).toBeTruthy();
  });

  it('after a failed payment a new cart checks out as a new order: the choice is for the cart and clears the flag (issue 17 item 5)', async () => {
    localStorage.setItem('temporal_invalid_payment', ORDER);
    await open('/app/customer/payment', { loggedIn: true, preferred_payment: 'cc', payment_methods: SPAIN });
    await heading('¿Cómo quieres pagar?');
    expect(screen.queryByText(/Ha fallado el intento de pago/)).toBeNull();
    expect(screen.queryByText(`Pedido ${ORDER}`)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Bizum' }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await heading('Pago con Bizum');
    // Not steered to the failed order: no ?order_id=, the cart is paid.
    expect(window.location.search).toBe('');
    expect(localStorage.getItem('temporal_invalid_payment')).toBeNull();
  });
});

describe("customer/payment: the store's methods only", () => {
  it('store 16 offers card, Multibanco and PayPal; the choice is kept with its date', async () => {
    registered();
    await open('/app/customer/payment?store_id=16', {
      store_id: 16,
      payment_methods: ['cc', 'multibanco', 'paypal'],
    });
    await heading('Como pretende pagar?');
    expect(document.title).toBe('Checkout | Portal 16');
    const group = screen.getByRole('group', { name: 'Método de pagamento' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['cc', 'multibanco', 'paypal']);
    await userEvent.click(screen.getByRole('button', { name: 'Seguinte' }));
    expect(await screen.findByText('Escolha um método de pagamento.')).toBeTruthy();
    await userEvent.click(within(group).getByRole('radio', { name: 'Multibanco' }));
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Seguinte' }));
    await heading('Pagamento por Multibanco');
    expect(window.location.pathname).toBe('/app/payment/multibanco');
    expect(sessionStorage.getItem('temporal_payment_selected')).toBe('multibanco');
    expect(Number(sessionStorage.getItem('temporal_payment_selected_date'))).toBeGreaterThanOrEqual(before);
  });
});

describe('payment/cc (spec 4 and 5 "Card")', () => {
  it('follows the method chosen: PayPal to checkout, Bizum to payment', async () => {
    registered();
    selected('paypal');
    await open('/app/payment/cc');
    await heading('Revisa y paga tu pedido');
    cleanup();
    selected('bizum');
    await open('/app/payment/cc');
    await heading('¿Cómo quieres pagar?');
  });

  it("checks number, month and year with the spec's messages", async () => {
    registered();
    selected('cc');
    await open('/app/payment/cc');
    await heading('Pago con tarjeta');
    const pay = screen.getByRole('button', { name: PAY });
    await userEvent.click(pay);
    await screen.findByText('El número de tarjeta es inválido');
    expect(screen.getAllByText('Selecciona el mes y año').length).toBeGreaterThan(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Número de tarjeta' }), '4242 4242 4242 4241');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), '3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Año' }), '1999');
    await userEvent.click(pay);
    await screen.findByText('El año no es correcto');
    expect(screen.getByText('El número de tarjeta es inválido')).toBeTruthy();
    expect(api.paths().some((p) => p.includes('checkout'))).toBe(false);
  });

  it('posts the card once, month without a leading zero, keeps it nowhere, and leaves for the 3-D Secure challenge', async () => {
    registered();
    selected('cc');
    const challenge = `${api.baseUrl}payments/sandbox/3ds/sbx_1_abc`;
    api.answer(
      'checkoutRegister/',
      okAnswer(api.baseUrl, {}, { order_id: ORDER, store_id: 14, next: { type: '3ds', url: challenge } }),
    );
    await open('/app/payment/cc');
    await heading('Pago con tarjeta');
    expect(screen.getByText(/No guardamos los datos de tu tarjeta/)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Número de tarjeta' }), '4000 0027 6000 3184');
    expect(screen.getByText('Número de tarjeta válido')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), '3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Año' }), '2034');
    await userEvent.type(screen.getByRole('textbox', { name: 'Código de seguridad (CVC)' }), '123');
    await userEvent.click(screen.getByRole('button', { name: PAY }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(challenge));
    const posts = api.received.filter((r) => r.url === '/desktopapp/rest/checkoutRegister/');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      form: {
        type: 'cc',
        num: '4000002760003184',
        month: '3',
        year: '2034',
        cvc: '123',
        email: 'nuevo@example.es',
        accept_terms: true,
      },
    });
    // The submit's request id: a repeat of this request (lost answer) is answered with the same order.
    expect((posts[0]?.body as { form?: { request_id?: string } } | undefined)?.form?.request_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const stored = JSON.stringify({ ...localStorage, ...sessionStorage });
    expect(stored).not.toContain('4000002760003184');
    expect(stored).not.toContain('3184');
  });

  it('a declined card sets the invalid-payment flag, says so once (no money taken) and offers the other methods', async () => {
    registered();
    selected('cc');
    api.answer(
      'checkoutRegister/',
      okAnswer(
        api.baseUrl,
        { payment_methods: SPAIN, cart: { quote_id: null, items: [], total: 0 } },
        {
          order_id: ORDER,
          store_id: 14,
          next: { type: 'failed', message: '' },
        },
      ),
    );
    api.answer(
      'otherMethodsBizum/',
      okAnswer(
        api.baseUrl,
        {},
        {
          order_id: ORDER,
          attempt: 2,
          next: { type: 'redirect', url: `${api.baseUrl}payments/sandbox/bizum/sbx_2` },
        },
      ),
    );
    await open('/app/payment/cc');
    await heading('Pago con tarjeta');
    await userEvent.type(screen.getByRole('textbox', { name: 'Número de tarjeta' }), '4000000000000002');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), '12');
    await userEvent.type(screen.getByRole('textbox', { name: 'Año' }), '2033');
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));

    await heading('¿Cómo quieres pagar?');
    const failed =
      'Ha fallado el intento de pago, te ofrecemos nuevos métodos de pago alternativos para que puedas finalizar tu pedido.';
    expect(window.location.pathname).toBe(`/app/payment/retry/${ORDER}`);
    expect(localStorage.getItem('temporal_invalid_payment')).toBe(ORDER);
    expect(localStorage.getItem('payment_message')).toBe(failed);
    // Once, on the page, with "no money was taken" (issue 17 item 5): no snackbar repeats it.
    expect(screen.getAllByText(failed).length).toBe(1);
    expect(screen.getByText('No se ha realizado ningún cargo.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ok' })).toBeNull();
    const group = screen.getByRole('group', { name: 'Método de pago' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['bizum', 'paypal']);

    // Bizum pays the same order.
    await userEvent.click(within(group).getByRole('radio', { name: 'Bizum' }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await heading('Pago con Bizum');
    expect(window.location.search).toBe(`?order_id=${ORDER}`);
    expect(screen.getByText(`Pedido ${ORDER}`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(`${api.baseUrl}payments/sandbox/bizum/sbx_2`));
    expect(api.paths()).toContain(`/desktopapp/rest/otherMethodsBizum/?order_id=${ORDER}`);
    expect(api.paths().filter((p) => p.includes('checkout'))).toHaveLength(1);
  });

  it("a 400 puts the server's messages on the card fields", async () => {
    registered();
    selected('cc');
    api.answer(
      'checkoutRegister/',
      errorAnswer(400, 'Revisa los datos marcados.', [
        { path: 'form.num', message: 'El número de tarjeta es inválido' },
      ]),
    );
    await open('/app/payment/cc');
    await heading('Pago con tarjeta');
    await userEvent.type(screen.getByRole('textbox', { name: 'Número de tarjeta' }), '4242424242424242');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), '1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Año' }), '2031');
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await screen.findByText('El número de tarjeta es inválido');
    expect(screen.getByRole('textbox', { name: 'Número de tarjeta' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });
});

describe('payment/stripe and payment/order', () => {
  it('payment/stripe without an intent in memory (a reload) sends the customer to choose again', async () => {
    registered();
    await open('/app/payment/stripe');
    await heading('¿Cómo quieres pagar?');
    expect(window.location.pathname).toBe('/app/customer/payment');
  });

  it("payment/order/{id} offers the store's methods for that order, without the failed-payment text", async () => {
    api.answer(
      'otherMethodsPaypal/',
      okAnswer(
        api.baseUrl,
        { loggedIn: true, payment_methods: SPAIN },
        {
          order_id: ORDER,
          attempt: 2,
          next: { type: 'redirect', url: `${api.baseUrl}payments/sandbox/paypal/sbx_9` },
        },
      ),
    );
    await open(`/app/payment/order/${ORDER}`, { loggedIn: true });
    await heading('¿Cómo quieres pagar?');
    expect(screen.queryByText(/Ha fallado el intento de pago/)).toBeNull();
    expect(screen.getByText(`Pedido ${ORDER}`)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'PayPal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await heading('Pago con PayPal');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(`${api.baseUrl}payments/sandbox/paypal/sbx_9`));
    expect(api.paths()).toContain(`/desktopapp/rest/otherMethodsPaypal/?order_id=${ORDER}`);
    expect(localStorage.getItem('temporal_invalid_payment')).toBeNull();
  });
});

describe('payment/retry from a gateway page', () => {
  it('coming back after a failed payment sets the flag and says so once', async () => {
    await open(`/app/payment/retry/${ORDER}`, { loggedIn: true });
    await heading('¿Cómo quieres pagar?');
    const failed =
      'Ha fallado el intento de pago, te ofrecemos nuevos métodos de pago alternativos para que puedas finalizar tu pedido.';
    expect(screen.getAllByText(failed).length).toBe(1);
    expect(screen.getByText('No se ha realizado ningún cargo.')).toBeTruthy();
    expect(localStorage.getItem('temporal_invalid_payment')).toBe(ORDER);
    expect(localStorage.getItem('payment_message')).toBe(failed);
  });
});

describe('Multibanco, checkout and success', () => {
  it('a voucher shows entity, reference, amount and expiry; the order stays pending', async () => {
    registered();
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
            entity: '21424',
            reference: '123456789',
            amount: '24.70',
            expires_at: '2026-12-01T10:00:00.000Z',
          },
        },
      ),
    );
    await open('/app/payment/multibanco', { store_id: 16, payment_methods: ['cc', 'multibanco', 'paypal'] });
    await heading('Pagamento por Multibanco');
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await heading('Dados para pagamento por Multibanco');
    expect(screen.getByTestId('voucher-entity').textContent).toBe('21424');
    expect(screen.getByTestId('voucher-reference').textContent).toBe('123 456 789');
    expect(screen.getByText('24,70 €')).toBeTruthy();
    expect(screen.getByTestId('voucher-expires').textContent).toMatch(/^1 de dezembro de 2026( às|,) 10:00$/);
    expect(screen.getByText(/fica pendente de pagamento/)).toBeTruthy();
    expect(localStorage.getItem('multibanco_voucher_url')).toBe(
      `${window.location.pathname}${window.location.search}`.replace(/^\/app/, ''),
    );
  });

  it('a logged-in customer pays by PayPal from checkout: the gateway page takes over', async () => {
    selected('paypal');
    api.answer(
      'checkoutAuthenticated/',
      okAnswer(
        api.baseUrl,
        { loggedIn: true },
        {
          order_id: ORDER,
          store_id: 14,
          next: { type: 'redirect', url: `${api.baseUrl}payments/sandbox/paypal/sbx_3` },
        },
      ),
    );
    await open('/app/customer/checkout', {
      loggedIn: true,
      preferred_payment: 'cc',
      customerEmail: 'ana@example.es',
    });
    await heading('Revisa y paga tu pedido');
    await userEvent.click(screen.getByRole('button', { name: PAY }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(`${api.baseUrl}payments/sandbox/paypal/sbx_3`));
    const post = api.received.find((r) => r.url === '/desktopapp/rest/checkoutAuthenticated/');
    expect(post?.body).toMatchObject({ form: { type: 'paypal' } });
  });

  it('a card customer on checkout goes on to the card form', async () => {
    await open('/app/customer/checkout', { loggedIn: true, preferred_payment: 'cc' });
    await userEvent.click(await screen.findByRole('button', { name: 'Introducir los datos de la tarjeta' }));
    await heading('Pago con tarjeta');
  });

  it('direct debit asks for a valid IBAN on checkout', async () => {
    selected('bank');
    api.answer(
      'checkoutAuthenticated/',
      okAnswer(api.baseUrl, { loggedIn: true }, { order_id: ORDER, store_id: 14, next: { type: 'pending' } }),
    );
    api.answer(
      'orderSummary/',
      okAnswer(
        api.baseUrl,
        { loggedIn: true },
        { order: orderSuccess(ORDER, 'processing', 'pending', 'Pendiente de Pago') },
      ),
    );
    await open('/app/customer/checkout', {
      loggedIn: true,
      payment_methods: ['cc', 'bizum', 'paypal', 'bank'],
    });
    await heading('Revisa y paga tu pedido');
    const iban = screen.getByRole('textbox', { name: 'IBAN' });
    await userEvent.type(iban, 'ES00 1234');
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await screen.findByText('El IBAN no es válido');
    await userEvent.clear(iban);
    await userEvent.type(iban, 'es91 2100 0418 4502 0005 1332');
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await heading('¡Gracias! Hemos recibido tu pedido');
    expect(api.received.find((r) => r.url === '/desktopapp/rest/checkoutAuthenticated/')?.body).toMatchObject(
      {
        form: { type: 'bank', iban: 'ES9121000418450200051332' },
      },
    );
    expect(screen.getByText('Estado: Pendiente de Pago')).toBeTruthy();
    expect(screen.getByText(/en cuanto recibamos el pago/)).toBeTruthy();
  });

  it('the success page shows the order summary and records last_success_id', async () => {
    api.answer(
      'orderSummary/',
      okAnswer(
        api.baseUrl,
        { loggedIn: true },
        { order: orderSuccess(ORDER, 'complete_pending', 'paid', 'Pendiente de tramitar') },
      ),
    );
    await open(`/app/checkout/success/${ORDER}`, {
      loggedIn: true,
      cart: { quote_id: null, items: [], total: 0 },
    });
    await heading('¡Gracias! Hemos recibido tu pedido');
    expect(document.title).toBe('Checkout | Portal 14');
    expect(screen.getByTestId('success-order').textContent).toBe(`Número de pedido: ${ORDER}`);
    expect(screen.getByText('Estado: Pendiente de tramitar')).toBeTruthy();
    expect(screen.getByText('Te hemos enviado la confirmación y la factura por e-mail.')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Servicios del pedido' });
    expect(within(summary).getByText('Nota Simple')).toBeTruthy();
    expect(within(summary).getByText('Total pagado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Descargar la factura (PDF)' }).getAttribute('href')).toBe(
      `${api.baseUrl}desktopapp/rest/invoice/?order_id=${ORDER}`,
    );
    await waitFor(() => expect(localStorage.getItem('last_success_id')).toBe(ORDER));
    // No analytics consent in this test: no purchase mark either (shared/analytics/track.test.ts).
    expect(localStorage.getItem(`purchase${ORDER}`)).toBeNull();
    expect(api.paths()).toContain(`/desktopapp/rest/orderSummary/?order_id=${ORDER}`);
  });

  it("checkout/success without an id shows the configuration's last order", async () => {
    api.answer(
      'orderSummary/',
      okAnswer(
        api.baseUrl,
        {},
        { order: orderSuccess(ORDER, 'complete_pending', 'paid', 'Pendiente de tramitar') },
      ),
    );
    await open('/app/checkout/success', { lastOrderId: ORDER });
    await heading('¡Gracias! Hemos recibido tu pedido');
    expect(api.paths()).toContain(`/desktopapp/rest/orderSummary/?order_id=${ORDER}`);
  });

  it('back from the 3-D Secure challenge: a paid order goes to success, a failed one to retry', async () => {
    api.answer(
      'orderSummary/',
      okAnswer(
        api.baseUrl,
        {},
        { order: orderSuccess(ORDER, 'complete_pending', 'paid', 'Pendiente de tramitar') },
      ),
    );
    await open(`/app/payment/3ds/order/${ORDER}`);
    await heading('¡Gracias! Hemos recibido tu pedido');
    expect(window.location.pathname).toBe(`/app/checkout/success/${ORDER}`);
    cleanup();
    resetCheckoutQueries();

    await open(`/app/checkout/3ds?order_id=${ORDER}&result=failed`);
    await heading('¿Cómo quieres pagar?');
    expect(window.location.pathname).toBe(`/app/payment/retry/${ORDER}`);
    expect(localStorage.getItem('temporal_invalid_payment')).toBe(ORDER);
  });
});
