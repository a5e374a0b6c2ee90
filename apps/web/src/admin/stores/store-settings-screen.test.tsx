import type { AdminStoreDetail } from '@shop/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, stubAdminApi } from '../../testing/admin-api.tsx';
import StoreSettingsScreen from './store-settings-screen.tsx';

const store = (over: Partial<AdminStoreDetail> = {}): AdminStoreDetail => ({
  id: 14,
  portal_name: 'Nota Simple Online',
  language: 'es',
  homepage: 'https://www.notasimple.example',
  phone: '+34 910 000 014',
  methods: [
    { method: 'cc', gateway: 'redsys', offered_as: 'cc', listed: true },
    { method: 'paypal', gateway: null, offered_as: null, listed: true },
    { method: 'bizum', gateway: 'redsys', offered_as: 'bizum', listed: false },
    { method: 'bank', gateway: null, offered_as: null, listed: false },
  ],
  offered: [{ method: 'cc', gateway: 'redsys' }],
  gateways: [{ name: 'redsys', methods: ['cc', 'bizum'] }],
  sandbox: false,
  wallets: false,
  ns_copy: null,
  ns_copy_default: 'Recibirás tu nota simple en 24 horas laborables.',
  official_channel: null,
  official_channel_default: {
    name: 'registradores.org',
    url: 'https://www.registradores.org/',
    fee_cents: 1091,
  },
  issuer: { name: 'Ejemplo SL', tax_id: 'B00000000', address: 'Madrid', source: 'environment' },
  conversion_script: true,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the store settings screen (issue 21 item 7)', { timeout: 20_000 }, () => {
  it('shows the environment read-only and sends the database part, refusals shown by method', async () => {
    const api = stubAdminApi({
      'GET /stores/14': { body: { ok: true, store: store() } },
      'PUT /stores/14/settings': {
        status: 400,
        body: {
          ok: false,
          message: 'Revisa los datos',
          errors: [
            {
              path: 'payment_methods.1',
              message: 'Ninguna pasarela configurada en el servidor acepta este método de pago',
            },
          ],
        },
      },
    });
    renderAdmin(<StoreSettingsScreen storeId={14} />, { path: '/stores/14' });
    await screen.findByRole('heading', { name: 'Tienda 14: Nota Simple Online' });

    const server = screen.getByRole('region', { name: 'Configurado en el servidor' });
    expect(server.textContent).toContain('Tarjeta → redsys');
    expect(server.textContent).toContain('Ejemplo SL, B00000000, Madrid (del entorno: INVOICE_ISSUER_*)');
    expect(server.textContent).toContain('Configurado');
    // A method nobody takes cannot be ticked; one listed without a gateway can still be unticked.
    expect(
      (screen.getByRole('checkbox', { name: /Transferencia bancaria/ }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('checkbox', { name: /PayPal/ }) as HTMLInputElement).disabled).toBe(false);

    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Bizum/ }));
    await user.click(screen.getByRole('checkbox', { name: /Apple Pay/ }));
    await user.clear(screen.getByRole('textbox', { name: /Teléfono/ }));
    await user.type(screen.getByRole('textbox', { name: /Teléfono/ }), '+34 911 222 333');
    await user.type(screen.getByRole('textbox', { name: /nsCopy/ }), 'En unas horas.');
    await user.click(screen.getByRole('checkbox', { name: /Canal oficial propio/ }));
    const fee = screen.getByRole('textbox', { name: /Tasa oficial/ });
    await user.clear(fee);
    await user.type(fee, '9,02');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));

    await waitFor(() => expect(api.received.some((r) => r.method === 'PUT')).toBe(true));
    const sent = api.received.find((r) => r.method === 'PUT');
    expect(sent?.headers['x-admin-csrf']).toBe('csrf-token');
    expect(sent?.body).toEqual({
      phone: '+34 911 222 333',
      payment_methods: ['cc', 'paypal', 'bizum'],
      wallets: true,
      ns_copy: 'En unas horas.',
      official_channel: { name: 'registradores.org', url: 'https://www.registradores.org/', fee_cents: 902 },
    });
    // payment_methods.1 is the second method sent: PayPal.
    const paypal = screen.getByRole('checkbox', { name: /PayPal/ });
    await waitFor(() => expect(paypal.getAttribute('aria-describedby')).toBe('error-method:paypal'));
    expect(
      within(paypal.closest('div') as HTMLElement).getByText(/Ninguna pasarela configurada/),
    ).toBeTruthy();
  });

  it('an empty nsCopy and no own channel send the defaults; the confirmation outlives the re-read', async () => {
    const own = store({
      ns_copy: 'Texto propio',
      official_channel: { name: 'Sede', url: 'https://sede.example.es/', fee_cents: 902 },
    });
    let current = own;
    const api = stubAdminApi({
      'GET /stores/14': () => ({ body: { ok: true, store: current } }),
      'PUT /stores/14/settings': () => {
        current = store();
        return { body: { ok: true, store: current } };
      },
    });
    renderAdmin(<StoreSettingsScreen storeId={14} />, { path: '/stores/14' });
    const user = userEvent.setup();
    await user.clear(await screen.findByRole('textbox', { name: /nsCopy/ }));
    await user.click(screen.getByRole('checkbox', { name: /Canal oficial propio/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    // The store is read again and the form remade from it: the confirmation stays.
    await waitFor(() => expect(api.received.filter((r) => r.method === 'GET')).toHaveLength(2));
    expect((await screen.findByRole('status')).textContent).toContain('Ajustes guardados');
    expect((screen.getByRole('textbox', { name: /nsCopy/ }) as HTMLTextAreaElement).value).toBe('');
    expect(api.received.find((r) => r.method === 'PUT')?.body).toMatchObject({
      ns_copy: null,
      official_channel: null,
      payment_methods: ['cc', 'paypal'],
    });
  });
});
