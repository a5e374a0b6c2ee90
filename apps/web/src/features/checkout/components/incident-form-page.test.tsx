import { INCIDENT_OPTION, type Pedido } from '@shop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupFakeApi } from '../../../testing/fake-api.ts';
import { resetCheckoutQueries } from '../checkout-routes.tsx';
import { errorAnswer, okAnswer } from '../testing/checkout-fixtures.ts';

const api = setupFakeApi();
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCheckoutQueries();
});

const MESSAGE = 'Indique la referencia catastral, por favor.';

const order: Pedido = {
  order_id: '1400000123',
  store_id: 14,
  created_at: '2026-01-15T09:05:00.000Z',
  total: 2076,
  status: 'complete_incident',
  status_label: 'Incidencia',
  status_class: 'status-incident',
  paid: true,
  items: [],
  facturas: [],
  abonos: [],
  documents: [],
  incident: { form_id: 5, order_id: '1400000123', message: MESSAGE, created_at: '2026-01-16T09:05:00.000Z' },
};

const pedidos = (list: Pedido[]) =>
  okAnswer(api.baseUrl, { loggedIn: true }, { pedidos: list, toFinalize: false });

describe('incident form (product/form/{form_id}/{order_id})', () => {
  it("the customer's orders show the incident's message and link to its form", async () => {
    api.answer('pedidos', pedidos([order]));
    await api.open('/app/customer/orders', { loggedIn: true });
    const article = await screen.findByRole('article', { name: 'Pedido 1400000123' });
    const incident = within(article).getByRole('region', { name: 'Necesitamos más información' });
    expect(within(incident).getByText(MESSAGE)).toBeTruthy();
    const link = within(incident).getByRole('link', { name: 'Completar el formulario de incidencia' });
    expect(link.getAttribute('href')).toBe('/app/product/form/5/1400000123');
  });

  it('asks for the answer, then sends it with uploadForm and thanks the customer', async () => {
    api.answer('pedidos', pedidos([order]));
    api.answer('uploadForm', okAnswer(api.baseUrl, { loggedIn: true }));
    await api.open('/app/product/form/5/1400000123', { loggedIn: true });
    expect(await screen.findByText(MESSAGE)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Formulario de incidencia del pedido 1400000123',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(api.paths().some((p) => p.includes('uploadForm'))).toBe(false);

    await userEvent.type(screen.getByLabelText('Tu respuesta'), 'Referencia 9872023VH5797S');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText(/Hemos recibido tu respuesta/)).toBeTruthy();
    const sent = api.received.find((r) => r.url.includes('uploadForm'));
    expect(sent?.url).toBe('/desktopapp/rest/uploadForm?form_id=5&order_id=1400000123');
    const body = sent?.body as { json_form: string; json_values: string; config: unknown };
    expect(body.config).toBeTruthy();
    expect(JSON.parse(body.json_form)).toMatchObject({ form_id: 5, order_id: '1400000123' });
    expect(JSON.parse(body.json_values)).toEqual([
      { option_id: INCIDENT_OPTION.answer, product_id: 0, type: 'area', value: 'Referencia 9872023VH5797S' },
      { option_id: INCIDENT_OPTION.files, product_id: 0, type: 'file', value: '' },
    ]);
    expect(screen.getByRole('link', { name: 'Volver a mis pedidos' }).getAttribute('href')).toBe(
      '/app/customer/orders',
    );
  }, 20_000);

  it("shows the server's refusal (an incident answered meanwhile)", async () => {
    api.answer('pedidos', pedidos([order]));
    api.answer('uploadForm', errorAnswer(409, 'El pedido ha cambiado.'));
    await api.open('/app/product/form/5/1400000123', { loggedIn: true });
    await userEvent.type(await screen.findByLabelText('Tu respuesta'), 'Hola');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El pedido ha cambiado.');
  });

  it('a form that is no longer open (or another id) says so', async () => {
    api.answer('pedidos', pedidos([{ ...order, incident: null }]));
    await api.open('/app/product/form/5/1400000123', { loggedIn: true });
    expect((await screen.findByRole('alert')).textContent).toContain('ya no está abierto');
    expect(screen.queryByLabelText('Tu respuesta')).toBeNull();
  });
  it('the mailed link asks a logged-out customer to log in and comes back to the form (back_login_page)', async () => {
    await api.open('/app/product/form/5/1400000123', { loggedIn: false });
    await userEvent.click(await screen.findByRole('link', { name: 'Identifícate para ver tus pedidos.' }));
    expect(sessionStorage.getItem('back_login_page')).toContain('/product/form/5/1400000123');
  });
});
