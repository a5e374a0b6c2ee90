import type { OrderDetail } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSession, renderAdmin, stubAdminApi } from '../../testing/admin-api.tsx';
import OrderScreen from './order-screen.tsx';

const order = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  id: '1400000123',
  store_id: 14,
  status: 'complete_in_progress',
  panel_status_id: 30,
  email: 'joao.walk@example.com',
  holder: 'Lucía Ferrer',
  total_cents: 2976,
  payment_method: 'cc',
  billing: { name: 'Lucía Ferrer', tax_id: '12345678Z' },
  created_at: '2026-11-27T09:00:00.000Z',
  paid: true,
  allowed: ['complete_pending', 'complete_incident', 'complete_ready'],
  items: [
    {
      id: 7,
      parent_id: null,
      product_id: 15867,
      product_name: 'Nota Simple',
      product_version: 3,
      panel_status_id: 30,
      price_cents: 2976,
      form: { nombre: 'Lucía Ferrer', servicio_urgente: true, step1: true },
      answers: [
        { option_id: 77, title: 'Titular del inmueble', value: 'Lucía Ferrer' },
        {
          option_id: 411,
          title: 'Plazo de entrega',
          value: 'Urgente: recibir hoy antes de 4 horas laborables',
        },
      ],
    },
  ],
  files: [],
  payments: [
    {
      id: 1,
      attempt: 1,
      method: 'cc',
      gateway: 'sandbox',
      status: 'paid',
      amount_cents: 2976,
      created_at: '2026-11-27T09:01:00.000Z',
    },
  ],
  invoices: [
    {
      id: 1,
      kind: 'invoice',
      number: 'ES-2026-000123',
      total_cents: 2976,
      file_id: 9,
      issued_at: '2026-11-27T09:02:00.000Z',
    },
  ],
  mails: [],
  history: [
    {
      id: 3,
      at: '2026-11-27T10:00:00.000Z',
      actor: 'ana@example.com',
      action: 'order.in_progress',
      data: { before: { status: 'complete_pending' }, after: { status: 'complete_in_progress' } },
    },
    { id: 2, at: '2026-11-27T09:30:00.000Z', actor: 'system', action: 'order.result_attached', data: {} },
  ],
  incidents: [],
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const detailRoute = (detail: OrderDetail) => ({ body: { ok: true, order: detail } });

describe('the back-office order screen (issue 21 item 5)', { timeout: 20_000 }, () => {
  it('shows the answers titled, the holder from the form and the history in words', async () => {
    stubAdminApi({ 'GET /orders/1400000123': detailRoute(order()) });
    renderAdmin(<OrderScreen orderId="1400000123" />);
    await screen.findByRole('heading', { name: /Pedido 1400000123/ });

    const item = screen.getByRole('region', { name: /Nota Simple/ });
    expect(within(item).getByText('Plazo de entrega')).toBeTruthy();
    expect(within(item).getByText('Urgente: recibir hoy antes de 4 horas laborables')).toBeTruthy();
    // The raw keys only in the folded form, never as the answers.
    expect(within(item).queryByText('servicio_urgente')?.closest('details')).toBeTruthy();

    const data = screen.getByRole('region', { name: 'Pedido' });
    expect(within(data).getByText('Titular').nextElementSibling?.textContent).toBe('Lucía Ferrer');
    expect(data.textContent).not.toContain('joao.walk (');

    const history = screen.getByRole('region', { name: 'Historial' });
    expect(history.textContent).toContain(
      'ana@example.com · Pasado a en tramitación (de Pendiente de tramitar (10) a En tramitación (30))',
    );
    expect(history.textContent).toContain('Sistema (pagos) · Documento adjuntado y enviado al cliente');
    expect(history.textContent).not.toContain('order.result_attached');
  });

  it('says so when the form names no holder, instead of using the e-mail', async () => {
    stubAdminApi({ 'GET /orders/1400000123': detailRoute(order({ holder: null })) });
    renderAdmin(<OrderScreen orderId="1400000123" />);
    const data = await screen.findByRole('region', { name: 'Pedido' });
    expect(within(data).getByText('Titular').nextElementSibling?.textContent).toBe(
      'No indicado en el formulario',
    );
  });

  it('shows an open Multibanco voucher near the top', async () => {
    const pending = order({
      paid: false,
      status: 'pending_payment',
      payments: [
        {
          id: 4,
          attempt: 1,
          method: 'multibanco',
          gateway: 'sandbox',
          status: 'pending',
          amount_cents: 2976,
          created_at: '2026-11-27T09:01:00.000Z',
          voucher: {
            entity: '21312',
            reference: '123456789',
            amount: '29.76',
            expires_at: '2026-11-30T12:22:00Z',
          },
        },
      ],
    });
    stubAdminApi({ 'GET /orders/1400000123': detailRoute(pending) });
    renderAdmin(<OrderScreen orderId="1400000123" />);
    const open = await screen.findByRole('region', { name: 'Pago pendiente del cliente' });
    expect(open.textContent).toContain(
      'Referencia Multibanco emitida, válida hasta el 30 de noviembre de 2026',
    );
    expect(open.textContent).toContain('123 456 789');
  });

  it('empties the result form after the send and confirms it, listing what was sent', async () => {
    const user = userEvent.setup();
    let sent = false;
    const api = stubAdminApi({
      'GET /orders/1400000123': () =>
        detailRoute(
          order(
            sent
              ? {
                  files: [
                    {
                      id: 5,
                      name: 'nota.pdf',
                      kind: 'result',
                      size: 2048,
                      item_id: 7,
                      created_at: '2026-11-27T11:00:00.000Z',
                    },
                  ],
                }
              : {},
          ),
        ),
      'POST /orders/1400000123/items/7/result': () => {
        sent = true;
        return { body: { ok: true, file_id: 5, mail_id: 8 } };
      },
    });
    renderAdmin(<OrderScreen orderId="1400000123" />);
    const form = await screen.findByRole('form', { name: 'Documento resultado del artículo 7' });
    const input = within(form).getByLabelText('Documento resultado (PDF)') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByRole('button', { name: 'Adjuntar y enviar al cliente' }));

    await waitFor(() =>
      expect(form.textContent).toContain('Documento «nota.pdf» adjuntado y enviado al cliente por correo.'),
    );
    const posts = api.received.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers['x-admin-csrf']).toBe('csrf-token');
    await waitFor(() => expect(within(form).getByText(/Ya enviado al cliente: nota\.pdf/)).toBeTruthy());
    const again = within(form).getByLabelText('Otro documento resultado (PDF)') as HTMLInputElement;
    expect(again.files?.length ?? 0).toBe(0);
    expect(within(form).getByRole('button', { name: 'Adjuntar otro y enviar al cliente' })).toBeTruthy();
  });

  it('refunds only after a confirmation that states the amount and the outcome; the section comes last', async () => {
    const user = userEvent.setup();
    const api = stubAdminApi({
      'GET /orders/1400000123': detailRoute(order()),
      'POST /orders/1400000123/credit-note': {
        body: {
          ok: true,
          credit_note: {
            id: 1,
            number: 'R-ES-2026-000001',
            total_cents: -1000,
            file_id: 3,
            refund_ref: 'r1',
            type: 'R1',
            left_cents: 1976,
          },
          status: 'complete_in_progress',
        },
      },
    });
    renderAdmin(<OrderScreen orderId="1400000123" />, { session: adminSession('admin') });
    const section = await screen.findByRole('region', { name: 'Abono y reembolso' });
    const regions = screen.getAllByRole('region');
    expect(regions.at(-1)).toBe(section);

    await user.type(within(section).getByLabelText('Motivo de la rectificación'), 'Registro cerrado');
    await user.type(within(section).getByLabelText(/Importe a reembolsar/), '10');
    await user.click(within(section).getByRole('button', { name: 'Abonar y reembolsar…' }));
    expect(api.received.some((r) => r.method === 'POST')).toBe(false);

    const dialog = await screen.findByRole('dialog', { name: '¿Reembolsar 10\u00a0€?' });
    expect(dialog.textContent).toContain('se devolverán 10\u00a0€ al cliente por cc');
    expect(dialog.textContent).toContain('Quedarán 19,76\u00a0€ sin reembolsar; el pedido sigue abierto.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, reembolsar 10\u00a0€' }));
    await waitFor(() => expect(api.received.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(api.received.find((r) => r.method === 'POST')?.body).toEqual({
      reason: 'Registro cerrado',
      amount_cents: 1000,
    });
  });

  it('moves the order and reads it again', async () => {
    const user = userEvent.setup();
    let status = 'complete_pending';
    const api = stubAdminApi({
      'GET /orders/1400000123': () => detailRoute(order({ status, allowed: ['complete_in_progress'] })),
      'POST /orders/1400000123/transition': () => {
        status = 'complete_in_progress';
        return { body: { ok: true, status, panel_status_id: 30 } };
      },
    });
    renderAdmin(<OrderScreen orderId="1400000123" />);
    await user.click(await screen.findByRole('button', { name: 'En tramitación (30)' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('En tramitación (30)'),
    );
    expect(api.received.find((r) => r.method === 'POST')).toMatchObject({
      body: { to: 'in_progress', message: '' },
      headers: { 'x-admin-csrf': 'csrf-token' },
    });
  });

  it('hides the refund from agents', async () => {
    stubAdminApi({ 'GET /orders/1400000123': detailRoute(order()) });
    renderAdmin(<OrderScreen orderId="1400000123" />, { session: adminSession('agent') });
    await screen.findByRole('heading', { name: /Pedido 1400000123/ });
    expect(screen.queryByRole('region', { name: 'Abono y reembolso' })).toBeNull();
  });
});
