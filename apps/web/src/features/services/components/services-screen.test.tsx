import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCart, makeCartItem } from '../../../testing/cart-fixture.ts';
import { setupFakeApi } from '../../../testing/fake-api.ts';

// The fixed wizards' prices come from the server's definitions (the fake API
// serves the seed catalogue); the auto products' from the configuration.
const api = setupFakeApi();
const renderApp = api.open;

const EUR = '\u00a0€';

/** [label, price, href] of every service button, in screen order. */
function serviceButtons() {
  const heading = screen.getByRole('heading', { level: 1 });
  const list = within(heading.closest('section') as HTMLElement).getByRole('list');
  return within(list)
    .getAllByRole('link')
    .map((link) => {
      const [name, price] = Array.from(link.querySelectorAll('span')).map((s) => s.textContent);
      return [name, price, link.getAttribute('href')];
    });
}

describe('services screen: the store decides the list (spec 2)', () => {
  it.each([
    [
      'registry portal 14',
      14,
      false,
      [
        ['Nota Simple', `20,76${EUR}`, '/app/nota-simple/step0'],
        [
          'Conocer Propiedades de alguien',
          `12${EUR} + 20,76${EUR} por propiedad localizada`,
          '/app/q-propiedades/step1',
        ],
        // visible_on_services [1, 14]; the energy certificate reads 'Solicitar {name}'.
        ['Solicitar Certificado energético', `99${EUR}`, '/app/product/step1/18464'],
      ],
    ],
    [
      'registry site 9 (no auto product is sold there)',
      9,
      false,
      [
        ['Nota Simple', `20,76${EUR}`, '/app/nota-simple/step0'],
        [
          'Conocer Propiedades de alguien',
          `12${EUR} + 20,76${EUR} por propiedad localizada`,
          '/app/q-propiedades/step1',
        ],
      ],
    ],
    [
      'Portuguese store 16',
      16,
      false,
      [
        ['Certidão Permanente', `24,70${EUR}`, '/app/certidao-permanente/step1'],
        ['Informação Predial Simplificada', `11${EUR}`, '/app/i-predial-simplificada/step1'],
        ['Registo de marca em Portugal', `199${EUR}`, '/app/product/step1/18486'],
      ],
    ],
    [
      'main shop 1: auto products only',
      1,
      false,
      [
        ['Solicitar Certificado energético', `99${EUR}`, '/app/product/step1/18464'],
        ['Copia de escritura notarial', `49${EUR}`, '/app/product/step1/18458'],
      ],
    ],
    ['UK store 18', 18, false, [['Birth certificate', `29${EUR}`, '/app/product/step1/18444']]],
    [
      // Embedded: visible_on_services is ignored (18458 is not on 14's list), invisible 18346 stays out.
      'store 14 embedded',
      14,
      true,
      [
        ['Nota Simple', `20,76${EUR}`, '#/nota-simple/step0'],
        [
          'Conocer Propiedades de alguien',
          `12${EUR} + 20,76${EUR} por propiedad localizada`,
          '#/q-propiedades/step1',
        ],
        ['Solicitar Certificado energético', `99${EUR}`, '#/product/step1/18464'],
        ['Copia de escritura notarial', `49${EUR}`, '#/product/step1/18458'],
      ],
    ],
  ])('%s', async (_, storeId, embedded, expected) => {
    await renderApp(embedded ? '/host.html#/servicios' : '/app/servicios', { store_id: storeId, embedded });
    await waitFor(() => expect(serviceButtons()).toEqual(expected));
  });

  it('shows the prices the server charges: an operator changes them in the catalogue, the screen follows', async () => {
    api.changeProduct(15867, { price: 2500 });
    api.changeProduct(18357, { price: 1500 });
    api.changeProduct(18324, { price: 2200 });
    await renderApp('/app/servicios', { store_id: 9 });
    await waitFor(() =>
      expect(serviceButtons()).toEqual([
        ['Nota Simple', `25${EUR}`, '/app/nota-simple/step0'],
        [
          'Conocer Propiedades de alguien',
          `15${EUR} + 22${EUR} por propiedad localizada`,
          '/app/q-propiedades/step1',
        ],
      ]),
    );
  });

  it.each([
    [14, '¿Qué servicio deseas?', 'Nota Simple del Registro de la Propiedad online', 'Pide online'],
    [16, 'Que serviço deseja?', 'Serviços', 'Peça online a Certidão'],
    [18, 'Which service do you need?', 'Services', 'Order official documents'],
  ])(
    'store %i asks %s, title %s (per store, with its meta description)',
    async (storeId, question, title, description) => {
      await renderApp('/app/servicios', { store_id: storeId });
      expect(screen.getByRole('heading', { level: 1, name: question })).toBeTruthy();
      await waitFor(() => expect(document.title).toBe(`${title} | Portal ${storeId}`));
      const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      expect(meta?.content.startsWith(description)).toBe(true);
    },
  );

  it('says so when the store offers nothing', async () => {
    await renderApp('/app/servicios', { store_id: 21 });
    expect(screen.getByText('Ahora mismo no hay servicios disponibles en esta tienda.')).toBeTruthy();
  });

  it('the logo links to the portal homepage', async () => {
    await renderApp('/app/servicios', { homepage: 'https://www.registro.example/' });
    expect(screen.getByRole('link', { name: 'Portal 14: página principal' }).getAttribute('href')).toBe(
      'https://www.registro.example/',
    );
  });
});

describe('services screen: the current cart block', () => {
  const cart = makeCart([
    makeCartItem({ product_name: 'Nota Simple', current_price: 2076 }),
    makeCartItem({ product_id: 18464, product_name: 'Certificado energético', current_price: 9900 }),
  ]);

  it.each([
    [false, '/app/customer/register'],
    [true, '/app/customer/checkout'],
  ])('shows items, total and buy (loggedIn %s -> %s)', async (loggedIn, href) => {
    await renderApp('/app/servicios', { show_carrito: true, loggedIn, cart });
    const block = screen.getByRole('region', { name: 'Tu pedido actual' });
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`Nota Simple20,76${EUR}`, `Certificado energético99${EUR}`]);
    expect(block.textContent).toContain(`Total119,76${EUR}`);
    expect(within(block).getByRole('link', { name: 'Tramitar pedido' }).getAttribute('href')).toBe(href);
  });

  it.each([
    ['the cart display flag is off', { show_carrito: false, cart }],
    ['the cart is empty', { show_carrito: true, cart: makeCart([]) }],
  ])('is absent when %s', async (_, overrides) => {
    await renderApp('/app/servicios', overrides);
    expect(screen.queryByRole('region', { name: 'Tu pedido actual' })).toBeNull();
  });
});

describe('servicios/reset: the payment-failure message (spec 2, 4)', () => {
  const failed =
    'Ha fallado el intento de pago, te ofrecemos nuevos métodos de pago alternativos para que puedas finalizar tu pedido.';

  it.each([
    ['plain text', failed],
    ['a JSON string', JSON.stringify(failed)],
  ])('shows the stored message (%s) with Ok and clears the flag', async (_, stored) => {
    localStorage.setItem('payment_message', stored);
    localStorage.setItem('temporal_invalid_payment', '1');
    await renderApp('/app/servicios/reset');
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toContain(failed));
    expect(localStorage.getItem('temporal_invalid_payment')).toBeNull();
    expect(localStorage.getItem('payment_message')).toBeNull();
    await userEvent.click(within(status).getByRole('button', { name: 'Ok' }));
    expect(status.textContent).toBe('');
  });

  it('the plain services route leaves a stored failure alone', async () => {
    localStorage.setItem('payment_message', failed);
    localStorage.setItem('temporal_invalid_payment', '1');
    await renderApp('/app/servicios');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(localStorage.getItem('temporal_invalid_payment')).toBe('1');
    localStorage.clear();
  });

  it('the reset route without a stored message shows nothing but still clears the flag', async () => {
    localStorage.setItem('temporal_invalid_payment', '1');
    await renderApp('/app/servicios/reset');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(localStorage.getItem('temporal_invalid_payment')).toBeNull();
  });
});
