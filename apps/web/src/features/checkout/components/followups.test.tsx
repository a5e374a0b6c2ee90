import type { Pedido, PedidoItem } from '@shop/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCartItem, option } from '../../../testing/cart-fixture.ts';
import { municipalityHit, setupFakeApi } from '../../../testing/fake-api.ts';
import { resetCheckoutQueries } from '../checkout-routes.tsx';
import { okAnswer } from '../testing/checkout-fixtures.ts';

const api = setupFakeApi({
  municipalities: [municipalityHit({ name: 'Toledo', province: 'Toledo', ine: '45168' })],
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCheckoutQueries();
});

const DAY_MS = 86_400_000;
const nsData = {
  nombre: 'María López',
  direccion: 'Calle Mayor 1',
  municipio: 'Toledo',
  provincia: 'Toledo',
  otros_datos: '',
};

function item(overrides: Partial<PedidoItem> = {}): PedidoItem {
  return {
    id: 7,
    order_id: '1400000123',
    product_id: 15867,
    product_name: 'Nota Simple',
    short_name: 'NS',
    header: 'María López',
    details: 'Calle Mayor 1, Toledo',
    qty: 1,
    price: 2076,
    created_at: '2026-01-15T09:05:00.000Z',
    lines: [],
    status: 'complete_ready',
    status_key: 'ready',
    status_label: 'Listo',
    status_class: 'status-ready',
    panel_status_id: 110,
    pendingTramitation: false,
    parent_id: null,
    referencia: null,
    childs: [],
    options: [],
    form: { ...nsData, conoce_nombre_propietario: true },
    ...overrides,
  };
}

function order(overrides: Partial<Pedido> = {}, items: PedidoItem[] = [item()]): Pedido {
  return {
    order_id: '1400000123',
    store_id: 14,
    created_at: new Date(Date.now() - 61 * DAY_MS).toISOString(),
    total: 2076,
    status: 'complete_ready',
    status_label: 'Listo',
    status_class: 'status-ready',
    paid: true,
    items,
    facturas: [],
    abonos: [],
    documents: [],
    ...overrides,
  };
}

const pedidosAnswer = (list: Pedido[], toFinalize = false) =>
  okAnswer(api.baseUrl, { loggedIn: true }, { pedidos: list, toFinalize });
const bodyOf = (path: string) => api.received.find((request) => request.url.startsWith(path))?.body;

describe('customer/orders follow-ups (issue 10 item 2)', () => {
  it('an unpaid order is paid later through payment/order/{order_id}', async () => {
    api.answer('pedidos', pedidosAnswer([order({ status: 'pending_payment', paid: false })]));
    await api.open('/app/customer/orders', { loggedIn: true });
    const article = await screen.findByRole('article', { name: 'Pedido 1400000123' });
    const pay = within(article).getByRole('link', { name: 'Pagar pedido' });
    expect(pay.getAttribute('href')).toBe('/app/payment/order/1400000123');
    expect(within(article).queryByRole('button', { name: 'Actualizar Nota Simple' })).toBeNull();
    expect(within(article).queryByRole('button', { name: 'Volver a pedir' })).toBeNull();
  });

  it('order again: loadorder fills the cart and goes on to the checkout, saying what was skipped', async () => {
    api.answer('pedidos', pedidosAnswer([order()]));
    api.answer(
      'loadorder',
      okAnswer(
        api.baseUrl,
        { loggedIn: true },
        { added: [301], skipped: [{ id: 8, product_name: 'Cancelación de hipoteca', reason: 'invalid' }] },
      ),
    );
    await api.open('/app/customer/orders', { loggedIn: true });
    const article = await screen.findByRole('article', { name: 'Pedido 1400000123' });
    within(article).getByRole('button', { name: 'Volver a pedir' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/app/customer/checkout'));
    expect(api.paths()).toContain('/desktopapp/rest/loadorder?id=1400000123');
    expect(await screen.findByText(/Hemos añadido 1 producto a tu carrito\./)).toBeTruthy();
    expect(screen.getByText(/Cancelación de hipoteca no se ha podido añadir/)).toBeTruthy();
  }, 20_000);

  it('offers the Nota Simple update only after 60 days; unchanged it calls addactualizarnsahora', async () => {
    const recent = order({ order_id: '1400000124', created_at: new Date().toISOString() }, [
      item({ id: 9, order_id: '1400000124' }),
    ]);
    api.answer('pedidos', pedidosAnswer([recent, order()]));
    api.answer('addactualizarnsahora', okAnswer(api.baseUrl, { loggedIn: true }, { item: makeCartItem() }));
    await api.open('/app/customer/orders', { loggedIn: true });
    const old = await screen.findByRole('article', { name: 'Pedido 1400000123' });
    const fresh = screen.getByRole('article', { name: 'Pedido 1400000124' });
    expect(within(fresh).queryByRole('button', { name: 'Actualizar Nota Simple' })).toBeNull();
    await userEvent.click(within(old).getByRole('button', { name: 'Actualizar Nota Simple' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar Nota Simple' });
    expect((within(dialog).getByLabelText(/Dirección del inmueble/) as HTMLInputElement).value).toBe(
      'Calle Mayor 1',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir al carrito' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/customer/checkout'));
    expect(bodyOf('/desktopapp/rest/addactualizarnsahora')).toMatchObject({
      form: { order_id: '1400000123', item_id: 7 },
    });
  }, 20_000);

  it('a corrected Nota Simple update goes through updatepedidoNS with the new data; blank fields are refused first', async () => {
    api.answer('pedidos', pedidosAnswer([order()]));
    api.answer('updatepedidoNS', okAnswer(api.baseUrl, { loggedIn: true }, { item: makeCartItem() }));
    await api.open('/app/customer/orders', { loggedIn: true });
    const article = await screen.findByRole('article', { name: 'Pedido 1400000123' });
    await userEvent.click(within(article).getByRole('button', { name: 'Actualizar Nota Simple' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar Nota Simple' });
    const address = within(dialog).getByLabelText(/Dirección del inmueble/);
    await userEvent.clear(address);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir al carrito' }));
    expect(await within(dialog).findByText('Este campo es obligatorio')).toBeTruthy();
    await userEvent.type(address, 'Calle Nueva 5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir al carrito' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/customer/checkout'));
    expect(api.paths()).toContain('/desktopapp/rest/updatepedidoNS?id=7');
    expect(bodyOf('/desktopapp/rest/updatepedidoNS')).toMatchObject({
      data: { ...nsData, direccion: 'Calle Nueva 5' },
    });
  }, 20_000);
});

const early = item({
  id: 21,
  product_id: 18346,
  product_name: 'Cancelación de hipoteca',
  status: 'complete_pending',
  status_key: 'pending_processing',
  status_label: 'Pendiente de tramitar',
  panel_status_id: 10,
  pendingTramitation: true,
  options: [option(2481, '6481'), option(2482, '6484'), option(2489, '600123123'), option(2490, '6487')],
  form: {},
});

describe('checkout/finalize/{item_id}', () => {
  it('asks for the answers an early checkout left and sends them with updatepedido', async () => {
    const paid = order({ status: 'complete_pending', created_at: new Date().toISOString() }, [early]);
    api.answer('pedidos', pedidosAnswer([paid]), pedidosAnswer([paid], true));
    api.answer(
      'updatepedido',
      okAnswer(
        api.baseUrl,
        { loggedIn: true },
        { pedido: { ...paid, items: [{ ...early, pendingTramitation: false }] } },
      ),
    );
    await api.open('/app/checkout/finalize/21', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Completa tu pedido' })).toBeTruthy();
    const bank = await screen.findByLabelText(/Entidad bancaria/);
    // What is asked after payment, and why (issue 20 item 6).
    expect(
      screen.getByText(
        'Pagaste con «Finalizar ahora», que deja estos datos para después del pago. Sin ellos no podemos preparar el trámite: en cuanto nos los envíes, nos ponemos con él.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar datos' }));
    expect((await screen.findAllByText('Este campo es obligatorio')).length).toBeGreaterThan(0);
    await userEvent.type(bank, 'Banco Uno');
    await userEvent.type(screen.getByLabelText(/Dirección del inmueble/), 'Calle Mayor 1');
    await userEvent.type(screen.getByRole('combobox', { name: /Municipio del inmueble/ }), 'Tole');
    await userEvent.click(await screen.findByRole('option', { name: /Toledo/ }, { timeout: 5000 }));
    await userEvent.type(screen.getByLabelText(/Fecha de la escritura/), '12/03/2021');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar datos' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/customer/orders'));
    expect(api.paths()).toContain('/desktopapp/rest/pedidos?id=1400000123&toFinalize=1');
    const sent = bodyOf('/desktopapp/rest/updatepedido?id=21') as {
      options: { option_id: number; value: string }[];
    };
    expect(sent.options).toContainEqual({ option_id: 2483, value: 'Banco Uno' });
    expect(sent.options).toContainEqual({ option_id: 2486, value: '12/03/2021' });
  }, 30_000);

  it('an item of nobody of the customer’s orders reads as not found', async () => {
    api.answer('pedidos', pedidosAnswer([order()]));
    await api.open('/app/checkout/finalize/999', { loggedIn: true });
    expect(await screen.findByText('No encontramos este pedido entre los tuyos.')).toBeTruthy();
  });
});

describe('product/actualizar/{order_id}/{item_id}', () => {
  it('shows the answers as bought and requests the item again with addactualizarpedidoahora', async () => {
    const paid = order({}, [early]);
    api.answer('pedidos', pedidosAnswer([paid], false));
    api.answer(
      'addactualizarpedidoahora',
      okAnswer(api.baseUrl, { loggedIn: true }, { item: makeCartItem() }),
    );
    await api.open('/app/product/actualizar/1400000123/21', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitar de nuevo' })).toBeTruthy();
    expect(await screen.findByText(/Pide de nuevo Cancelación de hipoteca/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al carrito' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/customer/checkout'));
    expect(bodyOf('/desktopapp/rest/addactualizarpedidoahora')).toMatchObject({
      form: { order_id: '1400000123', item_id: 21 },
    });
  }, 20_000);

  it('shows the server’s refusal', async () => {
    api.answer('pedidos', pedidosAnswer([order({}, [early])]));
    api.answer('addactualizarpedidoahora', {
      status: 409,
      body: { ok: false, message: 'No podemos volver a pedirlo con los mismos datos.', errors: [] },
    });
    await api.open('/app/product/actualizar/1400000123/21', { loggedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir al carrito' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No podemos volver a pedirlo con los mismos datos.',
    );
  }, 20_000);
});

describe('logged out', () => {
  it('a follow-up page asks to log in and remembers where to come back (back_login_page)', async () => {
    await api.open('/app/checkout/finalize/21', { loggedIn: false });
    await userEvent.click(await screen.findByRole('link', { name: 'Identifícate para continuar.' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/customer/authenticate'));
    expect(sessionStorage.getItem('back_login_page')).toContain('/checkout/finalize/21');
  });

  it('an e-mailed quote link (payment/quote/{id}) answered 401 asks to log in, then comes back', async () => {
    api.answer('loadquote', {
      status: 401,
      body: { ok: false, message: 'Identifícate para continuar.', errors: [] },
    });
    await api.open('/app/payment/quote/55', { loggedIn: false });
    await userEvent.click(await screen.findByRole('link', { name: 'Identifícate para continuar.' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/customer/authenticate'));
    expect(sessionStorage.getItem('back_login_page')).toContain('/payment/quote/55');
  });
});
