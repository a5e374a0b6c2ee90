import type { Pedido } from '@shop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupFakeApi } from '../../../testing/fake-api.ts';
import { resetCheckoutQueries } from '../checkout-routes.tsx';
import { okAnswer } from '../testing/checkout-fixtures.ts';

const api = setupFakeApi();
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCheckoutQueries();
});

const item = {
  id: 7,
  order_id: '1400000123',
  product_id: 15867,
  product_name: 'Nota Simple',
  short_name: 'NS',
  header: 'María López',
  details: 'Calle Mayor 1, Toledo',
  qty: 1,
  price: 1990,
  created_at: '2026-01-15T09:05:00.000Z',
  lines: [
    { key: 'holder', value: 'María López' },
    { key: 'dni', value: '12345678Z' },
    { key: 'requestDate', value: '15/01/26 10:05' },
  ],
  status: 'complete_ready',
  status_key: 'ready',
  status_label: 'Listo',
  status_class: 'status-ready',
  panel_status_id: 110,
  pendingTramitation: false,
  parent_id: null,
  referencia: null,
  childs: [],
};

const order: Pedido = {
  order_id: '1400000123',
  store_id: 14,
  created_at: '2026-01-15T09:05:00.000Z',
  total: 1990,
  status: 'complete_ready',
  status_label: 'Listo',
  status_class: 'status-ready',
  paid: true,
  items: [item],
  facturas: [{ name: 'A-1', url: '/desktopapp/rest/invoice?order_id=1400000123' }],
  abonos: [],
  documents: [{ name: 'nota-simple.pdf', url: '/desktopapp/rest/file/5' }],
};

describe('customer/orders (issue 10)', () => {
  it('lists the orders with their labels, lines, invoice and document', async () => {
    api.answer('pedidos', okAnswer(api.baseUrl, { loggedIn: true }, { pedidos: [order], toFinalize: false }));
    await api.open('/app/customer/orders', { loggedIn: true });
    const article = await screen.findByRole('article', { name: 'Pedido 1400000123' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mis pedidos' })).toBeTruthy();
    const rows = within(article);
    expect(rows.getByText('Listo').className).toContain('status-ready');
    expect(rows.getByText('Titular').nextSibling?.textContent).toBe('María López');
    expect(rows.getByText('DNI').nextSibling?.textContent).toBe('12345678Z');
    expect(rows.getByText('Fecha de solicitud').nextSibling?.textContent).toMatch(
      /^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/,
    );
    const invoice = rows.getByRole('link', { name: 'Descargar factura A-1' });
    expect(invoice.getAttribute('href')).toBe('/desktopapp/rest/invoice?order_id=1400000123');
    const document = rows.getByRole('link', { name: 'Descargar documento nota-simple.pdf' });
    expect(document.getAttribute('href')).toBe('/desktopapp/rest/file/5');
    // Keyboard: the download is a real link, focusable and in the tab order.
    await userEvent.click(rows.getByRole('heading', { level: 2 }));
    await userEvent.tab();
    await userEvent.tab();
    expect(globalThis.document.activeElement === invoice || invoice.tabIndex >= 0).toBe(true);
  }, 20_000);

  it('the header links to the orders when logged in', async () => {
    api.answer('pedidos', okAnswer(api.baseUrl, { loggedIn: true }, { pedidos: [], toFinalize: false }));
    await api.open('/app/customer/orders', { loggedIn: true });
    const link = await screen.findByRole('link', { name: 'Mis pedidos' });
    expect(link.getAttribute('href')).toBe('/app/customer/orders');
    expect(await screen.findByText('Todavía no tienes pedidos.')).toBeTruthy();
  });

  it('a failed pedidos call is silent: no error message, the page stays', async () => {
    api.answer(
      'pedidos',
      { status: 500, body: { ok: false } },
      { status: 500, body: { ok: false } },
      { status: 500, body: { ok: false } },
      { status: 500, body: { ok: false } },
    );
    await api.open('/app/customer/orders', { loggedIn: true });
    expect(await screen.findByText('Todavía no tienes pedidos.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis pedidos' })).toBeTruthy();
  });
});
