import type { RuntimeConfig } from '@shop/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCart, makeCartItem } from '../../../testing/cart-fixture.ts';
import { setupFakeApi } from '../../../testing/fake-api.ts';
import { resetCheckoutQueries } from '../checkout-routes.tsx';
import { cartWithNs, clientRecord, errorAnswer, okAnswer } from '../testing/checkout-fixtures.ts';
import { chooseBilling, chosenBilling } from '../utils/billing-choice.ts';

const api = setupFakeApi();
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCheckoutQueries();
  chooseBilling(null);
});

const ORDER = '1400000042';
const CARD = 'Introducir los datos de la tarjeta';
const company = {
  name: 'Łukasz Dvořák S.L.',
  tax_id: 'B12345674',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  postcode: '28013',
  province: 'Madrid',
  email: 'facturas@example.es',
  phone: '600000000',
};

function selected(method: string) {
  sessionStorage.setItem('temporal_payment_selected', method);
  sessionStorage.setItem('temporal_payment_selected_date', String(Date.now()));
}
const openCheckout = (overrides: Partial<RuntimeConfig> = {}, url = '/app/customer/checkout') =>
  api.open(url, {
    cart: cartWithNs,
    loggedIn: true,
    preferred_payment: 'cc',
    customerEmail: 'ana@example.es',
    ...overrides,
  });
/** An answer whose config is the page's (the client call's config replaces the page's). */
const pageAnswer = (changes: Partial<RuntimeConfig>, extra: object) =>
  okAnswer(
    api.baseUrl,
    { loggedIn: true, preferred_payment: 'cc', customerEmail: 'ana@example.es', ...changes },
    extra,
  );
const box = (name: string) => screen.getByRole('textbox', { name });

/** Types the company's billing data (or `over`) into the Spanish billing form, skipping `skip`. */
async function fillBilling(over: Partial<typeof company> = {}, skip: (keyof typeof company)[] = []) {
  const labels: [keyof typeof company, string][] = [
    ['name', 'Nombre / Empresa'],
    ['tax_id', 'NIF / NIE / CIF'],
    ['address', 'Dirección'],
    ['postcode', 'Código postal'],
    ['city', 'Población'],
    ['province', 'Provincia'],
    ['phone', 'Teléfono'],
  ];
  for (const [key, label] of labels)
    if (!skip.includes(key)) await userEvent.type(box(label), over[key] ?? company[key]);
}

describe('billing data on customer/checkout (issue 18)', () => {
  it('offers the invoice in a fiscal name, collapsed; the domain schema gives the spec 5 messages', async () => {
    api.answer('client', pageAnswer({ cart: cartWithNs }, { client: clientRecord('cc') }));
    await openCheckout();
    const offer = await screen.findByRole('checkbox', {
      name: '¿Necesitas factura a nombre de una empresa o con tus datos fiscales?',
    });
    expect((offer as HTMLInputElement).checked).toBe(false);
    expect(offer.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Nombre / Empresa' })).toBeNull();

    await userEvent.click(offer);
    expect(offer.getAttribute('aria-expanded')).toBe('true');
    expect((box('E-mail de facturación') as HTMLInputElement).value).toBe('ana@example.es');
    await userEvent.click(screen.getByRole('button', { name: CARD }));
    await screen.findByText('Introduzca el Nombre / Empresa');
    expect(screen.getByText('Introduzca el CIF')).toBeTruthy();
    expect(box('Nombre / Empresa').getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(box('Nombre / Empresa'), company.name);
    await userEvent.type(box('NIF / NIE / CIF'), '12345678A');
    await userEvent.type(box('Código postal'), '99999');
    await userEvent.click(screen.getByRole('button', { name: CARD }));
    await screen.findByText('El número de identificación fiscal no es válido');
    expect(screen.getByText('Introduce un código postal válido')).toBeTruthy();
    expect(window.location.pathname).toBe('/app/customer/checkout');
    // Valid data go with the card checkout (payment/cc submits it).
    await userEvent.clear(box('NIF / NIE / CIF'));
    await userEvent.type(box('NIF / NIE / CIF'), company.tax_id);
    await userEvent.clear(box('Código postal'));
    await fillBilling({}, ['name', 'tax_id']);
    await userEvent.click(screen.getByRole('button', { name: CARD }));
    await screen.findByRole('heading', { level: 1, name: 'Pago con tarjeta' });
    expect(chosenBilling()).toEqual({ ...company, email: 'ana@example.es' });
  }, 20_000);

  it('sends the billing data with the checkout (a NIE accepted)', async () => {
    api.answer('client', pageAnswer({ cart: cartWithNs }, { client: clientRecord('paypal') }));
    api.answer(
      'checkoutAuthenticated/',
      okAnswer(
        api.baseUrl,
        { loggedIn: true },
        {
          order_id: ORDER,
          store_id: 14,
          next: { type: 'redirect', url: `${api.baseUrl}x` },
        },
      ),
    );
    selected('paypal');
    await openCheckout();
    await userEvent.click(await screen.findByRole('checkbox', { name: /^¿Necesitas factura/ }));
    await fillBilling({ tax_id: 'X1234567L' });
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await waitFor(() => expect(api.paths().some((p) => p.includes('checkoutAuthenticated'))).toBe(true));
    const post = api.received.find((r) => r.url === '/desktopapp/rest/checkoutAuthenticated/');
    expect(post?.body).toMatchObject({
      form: { type: 'paypal', billing: { ...company, tax_id: 'X1234567L', email: 'ana@example.es' } },
    });
  }, 20_000);

  it('over 400 € the billing form is required, and the server field errors land on it', async () => {
    const big = makeCart([
      makeCartItem({ id: 31, product_id: 18458, product_name: 'Copia de escritura', current_price: 45_000 }),
    ]);
    api.answer('client', pageAnswer({ cart: big }, { client: clientRecord('paypal') }));
    selected('paypal');
    api.answer(
      'checkoutAuthenticated/',
      errorAnswer(400, 'Revisa los datos marcados.', [
        { path: 'form.billing.tax_id', message: 'El número de identificación fiscal no es válido' },
      ]),
    );
    await openCheckout({ cart: big });
    await screen.findByText(/Tu pedido supera los 400 € \(IVA incluido\)/);
    expect(screen.queryByRole('checkbox', { name: /^¿Necesitas factura/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await screen.findByText('Introduzca el Nombre / Empresa');
    expect(api.paths().some((p) => p.includes('checkoutAuthenticated'))).toBe(false);

    await fillBilling();
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await screen.findByText('El número de identificación fiscal no es válido');
  }, 20_000);

  it('a new customer paying by card is offered it on payment/cc and the data go with checkoutRegister', async () => {
    sessionStorage.setItem(
      'temporal_validated_email',
      JSON.stringify({ email: 'nuevo@example.es', acceptedAt: Date.now() }),
    );
    selected('cc');
    api.answer(
      'checkoutRegister/',
      okAnswer(
        api.baseUrl,
        { loggedIn: true },
        {
          order_id: ORDER,
          store_id: 14,
          next: { type: 'redirect', url: `${api.baseUrl}x` },
        },
      ),
    );
    await api.open('/app/payment/cc', { cart: cartWithNs });
    await screen.findByRole('heading', { level: 1, name: 'Pago con tarjeta' });
    await userEvent.click(screen.getByRole('checkbox', { name: /^¿Necesitas factura/ }));
    expect((box('E-mail de facturación') as HTMLInputElement).value).toBe('nuevo@example.es');
    await fillBilling();
    await userEvent.type(box('Número de tarjeta'), '4242 4242 4242 4242');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), '3');
    await userEvent.type(box('Año'), String(new Date().getFullYear() + 2));
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await waitFor(() => expect(api.paths().some((p) => p.includes('checkoutRegister'))).toBe(true));
    const post = api.received.find((r) => r.url === '/desktopapp/rest/checkoutRegister/');
    expect(post?.body).toMatchObject({
      form: { type: 'cc', email: 'nuevo@example.es', billing: { ...company, email: 'nuevo@example.es' } },
    });
  }, 20_000);

  it('a Portuguese store asks in Portuguese for a Portuguese NIF', async () => {
    api.answer('client', pageAnswer({ store_id: 16, cart: cartWithNs }, { client: clientRecord('cc') }));
    await openCheckout({ store_id: 16 });
    await userEvent.click(
      await screen.findByRole('checkbox', {
        name: 'Precisa de fatura em nome de uma empresa ou com os seus dados fiscais?',
      }),
    );
    await userEvent.type(box('NIF'), 'B12345674');
    await userEvent.type(box('Código postal'), '28013');
    await userEvent.click(screen.getByRole('button', { name: 'Introduzir os dados do cartão' }));
    await screen.findByText('Introduza o Nome / Empresa');
    expect(screen.getByText('O número de identificação fiscal não é válido')).toBeTruthy();
    expect(screen.getByText('Introduza um código postal válido')).toBeTruthy();
  });
});

describe('customer/details (GET client, POST clientupdate)', () => {
  it('shows the client billing data and preferred payment, and saves changes', async () => {
    api.answer(
      'client',
      okAnswer(api.baseUrl, { loggedIn: true }, { client: { ...clientRecord('paypal'), billing: company } }),
    );
    api.answer(
      'clientupdate',
      okAnswer(
        api.baseUrl,
        { loggedIn: true },
        { client: { ...clientRecord('cc'), billing: { ...company, city: 'Toledo' } } },
      ),
    );
    await api.open('/app/customer/details', { loggedIn: true, customerEmail: 'ana@example.es' });
    await screen.findByRole('heading', { level: 1, name: 'Mis datos' });
    await waitFor(() => expect(document.title).toBe('Mis datos | Portal 14'));
    expect(
      ((await screen.findByRole('textbox', { name: 'Nombre / Empresa' })) as HTMLInputElement).value,
    ).toBe(company.name);
    const payment = screen.getByRole('combobox', { name: 'Forma de pago preferida' }) as HTMLSelectElement;
    expect(payment.value).toBe('paypal');
    await userEvent.selectOptions(payment, 'cc');
    await userEvent.clear(box('Población'));
    await userEvent.type(box('Población'), 'Toledo');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Datos guardados.');
    const post = api.received.find((r) => r.url === '/desktopapp/rest/clientupdate');
    expect(post?.body).toMatchObject({
      data: { billing: { ...company, city: 'Toledo' }, payment: { preferred_payment: 'cc' } },
    });
    expect(screen.getByRole('link', { name: 'Mis pedidos' }).getAttribute('href')).toBe(
      '/app/customer/orders',
    );
  }, 20_000);

  it('puts the server field errors on the fields and checks the form before sending', async () => {
    api.answer('client', okAnswer(api.baseUrl, { loggedIn: true }, { client: clientRecord('cc') }));
    api.answer(
      'clientupdate',
      errorAnswer(400, 'Revisa los datos marcados.', [
        { path: 'data.billing.postcode', message: 'Introduce un código postal válido' },
      ]),
    );
    await api.open('/app/customer/details', { loggedIn: true });
    await userEvent.click(
      await screen.findByRole('checkbox', {
        name: 'Quiero las facturas a nombre de una empresa o con mis datos fiscales',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Introduzca el Nombre / Empresa');
    expect(api.paths().some((p) => p.includes('clientupdate'))).toBe(false);
    await fillBilling();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Introduce un código postal válido');
    expect(box('Código postal').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Revisa los datos marcados.')).toBeNull();
    // A refusal that is not about a field is shown as it comes.
    api.answer('clientupdate', errorAnswer(401, 'Identifícate para continuar.'));
    await userEvent.clear(box('Código postal'));
    await userEvent.type(box('Código postal'), '28013');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Identifícate para continuar.');
  }, 20_000);

  it('the orders page links to the details page', async () => {
    api.answer('pedidos', okAnswer(api.baseUrl, { loggedIn: true }, { pedidos: [] }));
    await api.open('/app/customer/orders', { loggedIn: true });
    const link = await screen.findByRole('link', { name: 'Mis datos de facturación y pago' });
    expect(link.getAttribute('href')).toBe('/app/customer/details');
  });
});
