import type { OrderQueueRow } from '@shop/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, stubAdminApi } from '../../testing/admin-api.tsx';
import QueueScreen from './queue-screen.tsx';

const row = (id: string, over: Partial<OrderQueueRow> = {}): OrderQueueRow => ({
  id,
  store_id: 14,
  status: 'complete_pending',
  panel_status_id: 10,
  email: `${id}@example.com`,
  holder: 'Lucía Ferrer',
  products: ['Nota Simple'],
  total_cents: 2076,
  paid: true,
  created_at: '2026-11-27T09:00:00.000Z',
  waiting_seconds: 3 * 3600 + 5 * 60,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the back-office queue (issue 21 items 3 and 8)', { timeout: 20_000 }, () => {
  it('loads with the URL filters, exports the same filters as CSV, formats with the domain', async () => {
    const api = stubAdminApi({
      'GET /orders': { body: { ok: true, rows: [row('1400000001')], more: false, page: 1 } },
    });
    renderAdmin(<QueueScreen />, { path: '/?store=14&status=all&page=2' });
    const table = await screen.findByRole('table');
    await within(table).findByText('1400000001');
    expect(api.received[0]?.search).toBe('?page=2&status=all&store=14');
    expect(within(table).getByText('20,76 €')).toBeTruthy();
    expect(within(table).getByText('27/11/26 10:00')).toBeTruthy();
    expect(within(table).getByText('3 h 5 min')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Exportar CSV/ });
    expect(link.getAttribute('href')).toBe('/admin/api/orders.csv?status=all&store=14');
    expect((screen.getByLabelText('Tienda') as HTMLInputElement).value).toBe('14');
  });

  it('applies the filter form to the URL', async () => {
    const user = userEvent.setup();
    stubAdminApi({ 'GET /orders': { body: { ok: true, rows: [], more: false, page: 1 } } });
    const { location } = renderAdmin(<QueueScreen />, { path: '/' });
    await screen.findByText('No hay pedidos con estos filtros.');
    await user.type(screen.getByLabelText('Buscar (pedido, correo, titular, DNI)'), 'ferrer');
    await user.selectOptions(screen.getByLabelText('Pago'), 'paid');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(location.history.at(-1)).toBe('/?paid=paid&q=ferrer');
  });

  it('changes the status of a selection and shows the result per order', async () => {
    const user = userEvent.setup();
    const api = stubAdminApi({
      'GET /orders': {
        body: {
          ok: true,
          rows: [row('1400000001'), row('1400000002'), row('1400000003')],
          more: false,
          page: 1,
        },
      },
      'POST /orders/bulk-transition': (request) => ({
        body: {
          ok: true,
          results: (request.body as { ids: string[] }).ids.map((id) =>
            id === '1400000003'
              ? { id, ok: false, status: 'pending_payment', reason: 'refused' }
              : { id, ok: true, status: 'complete_in_progress' },
          ),
        },
      }),
    });
    renderAdmin(<QueueScreen />);
    await screen.findByText('1400000002');
    const apply = screen.getByRole('button', { name: /Aplicar a 0 pedidos/ });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('Seleccionar el pedido 1400000001'));
    await user.click(screen.getByLabelText('Seleccionar el pedido 1400000003'));
    await user.selectOptions(
      screen.getByLabelText(/Cambiar el estado de los seleccionados \(2\)/),
      'in_progress',
    );
    await user.click(screen.getByRole('button', { name: 'Aplicar a 2 pedidos' }));

    const results = await screen.findByRole('list', { name: 'Resultado por pedido' });
    expect(api.received.find((r) => r.method === 'POST')?.body).toEqual({
      ids: ['1400000001', '1400000003'],
      to: 'in_progress',
    });
    expect(results.textContent).toContain('1400000001: cambiado a En tramitación (30)');
    expect(results.textContent).toContain(
      '1400000003: sin cambios (su estado actual no lo permite; sigue en Pendiente de Pago)',
    );
    expect(screen.getByRole('status').textContent).toContain('1 de 2 cambiados.');
    // The selection is cleared and the queue read again.
    await waitFor(() => expect(api.received.filter((r) => r.path === '/orders').length).toBeGreaterThan(1));
    expect((screen.getByLabelText('Seleccionar el pedido 1400000001') as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('selects the whole page at once', async () => {
    const user = userEvent.setup();
    stubAdminApi({
      'GET /orders': {
        body: { ok: true, rows: [row('1400000001'), row('1400000002')], more: false, page: 1 },
      },
    });
    renderAdmin(<QueueScreen />);
    await screen.findByText('1400000002');
    await user.click(screen.getByLabelText('Seleccionar todos los pedidos de la página'));
    expect(screen.getByRole('button', { name: 'Aplicar a 2 pedidos' })).toBeTruthy();
  });
});
