import type { Pedido, PedidoItem } from '@shop/domain';
import { screen, within } from '@testing-library/react';
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

const ORDER = '1400000123';

function item(overrides: Partial<PedidoItem> = {}): PedidoItem {
  return {
    id: 7,
    order_id: ORDER,
    product_id: 18346,
    product_name: 'Cancelación de hipoteca',
    short_name: 'Cancelación',
    header: 'María López',
    details: '',
    qty: 1,
    price: 9900,
    created_at: '2026-11-20T09:05:00.000Z',
    lines: [],
    status: 'complete_incident',
    status_key: 'incident',
    status_label: 'Incidencia',
    status_class: 'status-incident',
    panel_status_id: 60,
    pendingTramitation: false,
    parent_id: null,
    referencia: null,
    childs: [],
    options: [],
    form: {},
    ...overrides,
  };
}

function order(overrides: Partial<Pedido> = {}, items: PedidoItem[] = [item()]): Pedido {
  return {
    order_id: ORDER,
    store_id: 14,
    created_at: '2026-11-20T09:05:00.000Z',
    total: 9900,
    status: 'complete_incident',
    status_label: 'Incidencia',
    status_class: 'status-incident',
    paid: true,
    items,
    facturas: [],
    abonos: [],
    documents: [],
    ...overrides,
  };
}

const answer = (list: Pedido[]) =>
  okAnswer(api.baseUrl, { loggedIn: true }, { pedidos: list, toFinalize: false });

const timeline = [
  { kind: 'received', at: '2026-11-20T09:05:00.000Z' },
  { kind: 'paid', at: '2026-11-20T09:06:00.000Z' },
  { kind: 'sent_to_registry', at: '2026-11-20T11:00:00.000Z' },
  { kind: 'incident', at: '2026-11-21T08:00:00.000Z', incident_id: 5 },
] as const;

describe('customer/orders: the order as a timeline (issue 20 item 7)', () => {
  it('shows each event with its time, and the incident with what the customer has to do', async () => {
    api.answer(
      'pedidos',
      answer([
        order({
          timeline: [...timeline],
          incident: { form_id: 5, order_id: ORDER, message: 'Falta el DNI', created_at: timeline[3].at },
        }),
      ]),
    );
    await api.open('/app/customer/orders', { loggedIn: true });
    const article = await screen.findByRole('article', { name: `Pedido ${ORDER}` });
    const section = within(article).getByTestId('order-timeline');
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe('Seguimiento del pedido');
    const events = within(section).getAllByRole('listitem');
    expect(events.map((li) => li.getAttribute('data-event'))).toEqual([
      'received',
      'paid',
      'sent_to_registry',
      'incident',
    ]);
    expect(events[0]?.textContent).toMatch(/^Pedido recibido \d{2}\/\d{2}\/26 \d{2}:\d{2}$/);
    expect(events[2]?.textContent).toContain('Solicitado al Registro');
    expect(within(events[3] as HTMLElement).getByText(/Qué tienes que hacer/)).toBeTruthy();
    expect(
      within(events[3] as HTMLElement)
        .getByRole('link', { name: 'Completar el formulario de incidencia' })
        .getAttribute('href'),
    ).toBe(`/app/product/form/5/${ORDER}`);
    expect(section.querySelector('time')?.getAttribute('datetime')).toBe(timeline[0].at);
  });

  it('customer/orders/{id} shows that order alone, with a way to all orders', async () => {
    api.answer('pedidos', answer([order({ timeline: [...timeline] })]));
    await api.open(`/app/customer/orders/${ORDER}`, { loggedIn: true });
    await screen.findByRole('article', { name: `Pedido ${ORDER}` });
    expect(api.paths()).toContain(`/desktopapp/rest/pedidos?id=${ORDER}`);
    expect(screen.getByRole('link', { name: 'Ver todos mis pedidos' }).getAttribute('href')).toBe(
      '/app/customer/orders',
    );
  });

  it('one reorder per order: a single item is reviewed again, several items are loaded whole', async () => {
    const single = order({ order_id: '1400000124', status: 'complete_ready', timeline: [] }, [
      item({ order_id: '1400000124', id: 11 }),
    ]);
    const several = order({ order_id: '1400000125', status: 'complete_ready', timeline: [] }, [
      item({ order_id: '1400000125', id: 21 }),
      item({ order_id: '1400000125', id: 22, product_id: 18458, product_name: 'Copia de escritura' }),
    ]);
    api.answer('pedidos', answer([single, several]));
    await api.open('/app/customer/orders', { loggedIn: true });
    const one = await screen.findByRole('article', { name: 'Pedido 1400000124' });
    const two = screen.getByRole('article', { name: 'Pedido 1400000125' });
    const reorders = (article: HTMLElement) =>
      within(article).queryAllByText(/Volver a pedir|Solicitar de nuevo/);
    expect(reorders(one)).toHaveLength(1);
    expect(within(one).getByRole('link', { name: 'Volver a pedir' }).getAttribute('href')).toBe(
      '/app/product/actualizar/1400000124/11',
    );
    expect(reorders(two)).toHaveLength(1);
    expect(within(two).getByRole('button', { name: 'Volver a pedir' })).toBeTruthy();
  });

  it('a properties search row reads its number of properties; all of them in words', async () => {
    const search = (id: string, value: string) =>
      order({ order_id: id, status: 'complete_pending', timeline: [] }, [
        item({
          order_id: id,
          id: Number(id.slice(-2)),
          product_id: 18357,
          product_name: 'Conocer propiedades',
          lines: [{ key: 'properties', value }],
        }),
      ]);
    api.answer('pedidos', answer([search('1400000131', '25'), search('1400000132', 'all')]));
    await api.open('/app/customer/orders', { loggedIn: true });
    const first = await screen.findByRole('article', { name: 'Pedido 1400000131' });
    expect(first.textContent).toContain('Número de fincas25');
    const second = screen.getByRole('article', { name: 'Pedido 1400000132' });
    expect(second.textContent).toContain('Número de fincasTodas las que tenga');
  });
});
