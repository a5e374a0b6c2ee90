import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCart, makeCartItem } from '../../../../testing/cart-fixture.ts';
import { setupFakeApi } from '../../../../testing/fake-api.ts';
import { resetCheckoutQueries } from '../../checkout-routes.tsx';
import { okAnswer, orderSuccess } from '../../testing/checkout-fixtures.ts';

const api = setupFakeApi();
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCheckoutQueries();
});

/** A Nota Simple (9,02 € official fee) with an urgent add-on line of 5 € under it: 25,76 €. */
const cart = makeCart([
  makeCartItem({
    id: 41,
    product_name: 'Nota Simple',
    current_price: 2076,
    official_fee: 902,
    childs: [makeCartItem({ id: 42, parent_id: 41, product_name: 'Envío urgente', current_price: 500 })],
  }),
]);

const panel = () => screen.findByRole('region', { name: 'Resumen de tu pedido' });

describe('OrderPanel', () => {
  it('register shows the cart: each add-on its own line, the total and its split', async () => {
    await api.open('/app/customer/register', { cart });
    const region = await panel();
    const lines = within(region).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Nota Simple20,76\u00a0€',
      'Complemento: Envío urgente5\u00a0€',
    ]);
    const text = region.textContent ?? '';
    expect(text).toContain('Tasa oficial (suplido, sin IVA)9,02\u00a0€');
    // 25,76 - 9,02 = 16,74 € service with VAT: 13,83 € + 2,91 € VAT (21 %).
    expect(text).toContain('Servicio (base imponible)13,83\u00a0€');
    expect(text).toContain('IVA (21 %) del servicio2,91\u00a0€');
    expect(within(region).getByTestId('order-panel-total').textContent).toBe('25,76\u00a0€');
    // The first page of a file loads the checkout chunk: more time on a busy machine.
  }, 15_000);

  it('log in shows the cart too', async () => {
    await api.open('/app/customer/authenticate', { cart });
    expect((await panel()).textContent).toContain('25,76\u00a0€');
  });

  it('an empty cart shows no panel', async () => {
    await api.open('/app/customer/authenticate', { cart: makeCart([]) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('order-panel')).toBeNull();
  });

  it('collapses behind a real button that names the total and says whether it is open', async () => {
    await api.open('/app/customer/register', { cart });
    const region = await panel();
    const toggle = within(region).getByRole('button', { name: /Resumen de tu pedido\s*25,76/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(body?.className).toMatch(/collapsed/);
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body?.className).not.toMatch(/collapsed/);
    await userEvent.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    [18, 'Your order summary', 'Add-on: Envío urgente'],
    [16, 'Resumo da sua encomenda', 'Complemento: Envío urgente'],
  ])(
    'store %i speaks its language',
    async (store, name, addOn) => {
      await api.open('/app/customer/register', { cart, store_id: store });
      // The store's catalogue loads on demand: the first page in a language takes longer.
      const region = await screen.findByRole('region', { name }, { timeout: 8000 });
      expect(region.textContent).toContain(addOn);
    },
    12_000,
  );

  it('an order paid again shows that order (orderSummary/), its add-on under its line', async () => {
    const ORDER = '1400000042';
    api.answer(
      'orderSummary/',
      okAnswer(
        api.baseUrl,
        { loggedIn: true },
        {
          order: {
            order_id: ORDER,
            store_id: 14,
            created_at: '2026-11-24T10:00:00.000Z',
            status: 'pending_payment',
            status_label: 'Pendiente de Pago',
            total: 3500,
            email: 'ana@example.es',
            payment_method: 'cc',
            payment: { state: 'failed', attempt: 1, payable: true },
            items: [
              {
                id: 1,
                parent_id: null,
                product_id: 18458,
                name: 'Copia de escritura',
                qty: 1,
                price: 3000,
                official_fee: 386,
              },
              {
                id: 2,
                parent_id: 1,
                product_id: 18505,
                name: 'Traducción',
                qty: 1,
                price: 500,
                official_fee: 0,
              },
            ],
            invoice_available: false,
          },
        },
      ),
    );
    await api.open(`/app/payment/retry/${ORDER}`, { loggedIn: true, cart: makeCart([]) });
    const region = await panel();
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Copia de escritura30\u00a0€', 'Complemento: Traducción5\u00a0€']);
    expect(region.textContent).toContain('Tasa oficial (suplido, sin IVA)3,86\u00a0€');
    expect(within(region).getByTestId('order-panel-total').textContent).toBe('35\u00a0€');
  });

  it('the 3-D Secure return page shows the order while it waits for the payment', async () => {
    api.answer(
      'orderSummary/',
      okAnswer(
        api.baseUrl,
        {},
        {
          order: orderSuccess('1400000077', 'pending_payment', 'unpaid', 'Pendiente de Pago', [
            makeCartItem({ id: 77, product_name: 'Nota Simple', current_price: 2076 }),
          ]),
        },
      ),
    );
    await api.open('/app/payment/3ds/order/1400000077', { cart: makeCart([]) });
    await screen.findByRole('heading', { level: 1, name: 'Confirmando el pago con tu banco…' });
    const region = await panel();
    expect(within(region).getByTestId('order-panel-total').textContent).toBe('20,76\u00a0€');
  });
});
