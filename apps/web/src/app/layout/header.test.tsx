import type { RuntimeConfig } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { getConfig, setConfig } from '../../shared/config/config-store.ts';
import { setT } from '../../shared/i18n/use-t.ts';
import { Snackbar } from '../../shared/ui/snackbar.tsx';
import { makeCart, makeCartItem } from '../../testing/cart-fixture.ts';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import { setupFakeApi } from '../../testing/fake-api.ts';
import { Header } from './header.tsx';

const api = setupFakeApi();

const ns = makeCartItem({ id: 1, product_id: 15867, product_name: 'Nota Simple', current_price: 2076 });
const search = makeCartItem({
  id: 2,
  product_id: 18357,
  product_name: 'Conocer Propiedades de alguien',
  editable: false,
  current_price: 1200,
});

async function renderHeader(path: string, overrides: Partial<RuntimeConfig> = {}) {
  const config = makeRuntimeConfig({ base_url: api.baseUrl, ...overrides });
  setConfig(config);
  setT(await loadT(config.language));
  window.history.replaceState(null, '', `/app${path}`);
  return render(
    <Router base="/app">
      <Header />
      <main>
        <h1>Página</h1>
      </main>
      <Snackbar />
    </Router>,
  );
}

const cartButton = () => screen.queryByRole('button', { name: /en tu pedido/ });

describe('header: the cart menu is hidden below 1 item, below 2 on customer routes', () => {
  it.each([
    [0, '/servicios', false],
    [1, '/servicios', true],
    [2, '/servicios', true],
    [1, '/cart/add/ns', true],
    [1, '/customer/register', false],
    [1, '/customer/checkout', false],
    [2, '/customer/register', true],
    [2, '/customer/authenticate/ana@example.com', true],
    [1, '/customers-info', true],
  ])('%i item(s) on %s: shown %s', async (count, path, shown) => {
    await renderHeader(path, { cart: makeCart([ns, search].slice(0, count)) });
    expect(cartButton() !== null).toBe(shown);
    if (shown) expect(screen.getByTestId('cart-count').textContent).toMatch(new RegExp(`^${count} art`));
  });
});

describe('header: a deed with its Nota Simple add-on (ADR 027)', () => {
  const addOn = makeCartItem({ id: 4, parent_id: 3, editable: false, current_price: 2076 });
  const deed = makeCartItem({
    id: 3,
    product_id: 18458,
    product_name: 'Copia de escritura',
    current_price: 5900,
    childs: [addOn],
  });

  it('counts each line and lists both with prices that add up to the total', async () => {
    await renderHeader('/servicios', { cart: makeCart([deed]) });
    expect(screen.getByTestId('cart-count').textContent).toBe('2 artículos en tu pedido');
    await userEvent.click(cartButton() as HTMLElement);
    const menu = await screen.findByRole('region', { name: 'Tu pedido' });
    const rows = within(menu).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.replace(/Editar.*|Eliminar.*/, ''))).toEqual([
      'Copia de escritura59\u00a0€',
      'Nota Simple20,76\u00a0€',
    ]);
    // The add-on changes with the deed's answers: no 'Editar' of its own.
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /^Editar/ })).toBeNull();
    expect(menu.textContent).toContain('79,76\u00a0€');
  });
});

describe('header: the account links (issue 20 item 2)', () => {
  it.each([
    ['/servicios', '/app/customer/authenticate?back=%2Fservicios'],
    ['/product/form/3/NS-1', '/app/customer/authenticate?back=%2Fproduct%2Fform%2F3%2FNS-1'],
    ['/customer/payment', '/app/customer/authenticate?back=%2Fcustomer%2Fpayment'],
  ])("a visitor on %s gets 'Entrar', back to that page", async (path, href) => {
    await renderHeader(path);
    const link = await screen.findByRole('link', { name: 'Entrar en tu cuenta' });
    expect(link.textContent).toBe('Entrar');
    expect(link.getAttribute('href')).toBe(href);
    expect(screen.queryByRole('link', { name: 'Mis pedidos' })).toBeNull();
  });

  it.each(['/customer/authenticate', '/customer/login/abc'])(
    'no header log-in on the log-in page %s',
    async (path) => {
      await renderHeader(path);
      await screen.findByRole('heading', { name: 'Página' });
      expect(screen.queryByRole('link', { name: 'Entrar en tu cuenta' })).toBeNull();
    },
  );

  it("a customer gets 'Mis pedidos' and log out instead, in the store's language", async () => {
    await renderHeader('/servicios', { loggedIn: true, store_id: 18, language: 'en' });
    expect(await screen.findByRole('link', { name: 'My orders' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in to your account' })).toBeNull();
  });
});

describe("header: 'Solicitar Nota Simple'", () => {
  it.each([
    [14, '/servicios', true],
    [9, '/servicios', true],
    [12, '/cart/add/ns', true],
    [14, '/q-propiedades/step2', true],
    // Every store that may enter the wizard (the Portuguese ones may not: spec 4, issue 20 item 5).
    [1, '/servicios', true],
    [15, '/servicios', true],
    [16, '/servicios', false],
    [21, '/servicios', true],
    [26, '/servicios', false],
    [14, '/nota-simple/step3', false],
    [14, '/customer/register', false],
    [14, '/checkout/success', false],
    [14, '/payment/cc', false],
  ])('store %i on %s: shown %s', async (storeId, path, shown) => {
    await renderHeader(path, { store_id: storeId });
    const link = screen.queryByRole('link', { name: 'Solicitar Nota Simple' });
    expect(link !== null).toBe(shown);
    if (link) expect(link.getAttribute('href')).toBe('/app/nota-simple/step1');
  });
});

describe('header: the cart menu', () => {
  it.each([
    [false, '/app/customer/register'],
    [true, '/app/customer/checkout'],
  ])(
    'lists name, price, Editar where editable, remove; buy (loggedIn %s) goes to %s',
    async (loggedIn, href) => {
      await renderHeader('/servicios', { loggedIn, cart: makeCart([ns, search]) });
      const button = cartButton() as HTMLElement;
      expect(button.getAttribute('aria-expanded')).toBe('false');
      await userEvent.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      const menu = await screen.findByRole('region', { name: 'Tu pedido' });
      const rows = within(menu).getAllByRole('listitem');
      expect(
        rows.map((row) =>
          within(row)
            .getAllByRole('button')
            .map((b) => b.getAttribute('aria-label')),
        ),
      ).toEqual([
        ['Editar Nota Simple', 'Eliminar Nota Simple del pedido'],
        // 18357 is never editable (spec 2).
        ['Eliminar Conocer Propiedades de alguien del pedido'],
      ]);
      expect(rows[0]?.textContent).toContain('20,76\u00a0€');
      expect(menu.textContent).toContain('32,76\u00a0€');
      expect(within(menu).getByRole('link', { name: 'Tramitar pedido' }).getAttribute('href')).toBe(href);
    },
  );

  it('Escape closes the menu and gives focus back to its button', async () => {
    await renderHeader('/servicios', { cart: makeCart([ns]) });
    await userEvent.click(cartButton() as HTMLElement);
    const menu = await screen.findByRole('region', { name: 'Tu pedido' });
    within(menu).getByRole('button', { name: 'Eliminar Nota Simple del pedido' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Tu pedido' })).toBeNull();
    expect(document.activeElement).toBe(cartButton());
  });

  it('a click outside closes the menu', async () => {
    await renderHeader('/servicios', { cart: makeCart([ns]) });
    await userEvent.click(cartButton() as HTMLElement);
    await screen.findByRole('region', { name: 'Tu pedido' });
    await userEvent.click(screen.getByRole('heading', { name: 'Página' }));
    expect(screen.queryByRole('region', { name: 'Tu pedido' })).toBeNull();
  });

  it('removing the last item calls delquoteitem, the menu hides and focus goes to the page heading', async () => {
    await renderHeader('/servicios', { cart: makeCart([ns]) });
    api.answer('delquoteitem', {
      status: 200,
      body: { ok: true, config: { ...getConfig(), cart: makeCart([]) } },
    });
    await userEvent.click(cartButton() as HTMLElement);
    const menu = await screen.findByRole('region', { name: 'Tu pedido' });
    await userEvent.click(within(menu).getByRole('button', { name: 'Eliminar Nota Simple del pedido' }));
    await waitFor(() => expect(cartButton()).toBeNull());
    expect(api.received.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /desktopapp/rest/delquoteitem?id=1',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Página' }));
    expect(screen.getByRole('status').textContent).toContain('Se ha eliminado Nota Simple de tu pedido.');
  });

  it('the count follows a configuration replaced by any answer', async () => {
    await renderHeader('/servicios', { cart: makeCart([ns]) });
    act(() => setConfig({ ...getConfig(), cart: makeCart([ns, search]) }));
    expect(screen.getByTestId('cart-count').textContent).toBe('2 artículos en tu pedido');
  });
});
