import type { RuntimeConfig } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../app/app.tsx';
import { getConfig, setConfig } from '../../../shared/config/config-store.ts';
import { setT } from '../../../shared/i18n/use-t.ts';
import { makeCart, makeCartItem, option } from '../../../testing/cart-fixture.ts';
import { makeRuntimeConfig } from '../../../testing/config-fixture.ts';
import { setupFakeApi } from '../../../testing/fake-api.ts';

// The link of the back office's located-properties mail: payment/quote/{quote_id}
// loads the quote (loadquote) and shows it on the cart page, 'Cancelar pedido' included.

const api = setupFakeApi();
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function open(url: string, overrides: Partial<RuntimeConfig> = {}) {
  const config = makeRuntimeConfig({ base_url: api.baseUrl, loggedIn: true, ...overrides });
  setConfig(config);
  setT(await loadT(config.language));
  window.history.replaceState(null, '', url);
  return render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** The configuration loadquote answers: the customer's, with the quote as the cart. */
const loaded = (items: ReturnType<typeof makeCartItem>[]) =>
  makeRuntimeConfig({ base_url: api.baseUrl, loggedIn: true, cart: makeCart(items) });

const property = (id: number, finca: string) =>
  makeCartItem({
    id,
    product_id: 18324,
    parent_id: 20,
    product_name: 'Nota Simple de propiedad localizada',
    editable: false,
    current_price: 2076,
    options: [option(2004, finca, 'Número de finca registral')],
  });
const request = makeCartItem({
  id: 20,
  product_id: 18324,
  product_name: 'Nota Simple de propiedad localizada',
  editable: false,
  current_price: 0,
  options: [option(0, '1400000042', 'Búsqueda del pedido')],
  childs: [property(21, '4521'), property(22, '17833')],
});

describe('payment/quote/{quote_id} with located properties', () => {
  it('shows the request with a child per property at 20,76 and the total 41,52; Cancelar pedido removes the request once', async () => {
    api.answer('loadquote', {
      status: 200,
      body: { ok: true, added: [20], skipped: [], config: loaded([request]) },
    });
    await open('/app/payment/quote/55?store_id=14');
    await screen.findByRole('heading', { level: 1, name: 'Este es tu pedido:' });
    expect(window.location.pathname + window.location.search).toBe('/app/cart?store_id=14');
    expect(api.paths()).toEqual(['/desktopapp/rest/loadquote?id=55']);

    const main = screen.getByRole('main');
    const children = within(main).getAllByRole('heading', {
      level: 3,
      name: 'Nota Simple de propiedad localizada',
    });
    expect(children).toHaveLength(2);
    for (const child of children) expect(child.closest('li')?.textContent).toContain('20,76\u00a0€');
    expect(children[0]?.closest('li')?.textContent).toContain('Número de finca registral: 4521');
    expect(screen.getByTestId('cart-total').textContent).toBe('41,52\u00a0€');
    expect(within(main).getByRole('link', { name: 'Tramitar pedido' }).getAttribute('href')).toBe(
      '/app/customer/checkout',
    );

    api.answer('delquoteitem', {
      status: 200,
      body: { ok: true, config: { ...getConfig(), cart: makeCart([]) } },
    });
    await userEvent.click(within(main).getByRole('button', { name: 'Cancelar pedido' }));
    await screen.findByRole('heading', { level: 1, name: '¿Qué servicio deseas?' });
    expect(window.location.pathname).toBe('/app/servicios');
    // The children go with their request: one call.
    expect(api.paths().filter((path) => path.includes('delquoteitem'))).toEqual([
      '/desktopapp/rest/delquoteitem?id=20',
    ]);
  });

  it('another quote goes on to the payment choice, as before', async () => {
    const ns = makeCartItem({ id: 30, product_id: 15867, product_name: 'Nota Simple', current_price: 2076 });
    api.answer('loadquote', {
      status: 200,
      body: { ok: true, added: [30], skipped: [], config: loaded([ns]) },
    });
    await open('/app/payment/quote/56');
    // customer/payment, whose guard sends a logged-in customer on to checkout.
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/app\/customer\/(payment|checkout)$/));
  });
});
