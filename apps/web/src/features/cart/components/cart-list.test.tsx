import type { RuntimeConfig } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../app/app.tsx';
import { getConfig, setConfig } from '../../../shared/config/config-store.ts';
import { setT } from '../../../shared/i18n/use-t.ts';
import { blankFlowForm } from '../../../shared/wizard/flow-forms.ts';
import { makeCart, makeCartItem } from '../../../testing/cart-fixture.ts';
import { makeRuntimeConfig } from '../../../testing/config-fixture.ts';
import { setupFakeApi } from '../../../testing/fake-api.ts';

// The cart page's answers that the real server does not give on demand: a
// located property in the cart (the operator adds it) and an API that fails.

const api = setupFakeApi();
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function open(url: string, overrides: Partial<RuntimeConfig> = {}) {
  const config = makeRuntimeConfig({ base_url: api.baseUrl, ...overrides });
  setConfig(config);
  setT(await loadT(config.language));
  window.history.replaceState(null, '', url);
  return render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const search = makeCartItem({
  id: 10,
  product_id: 18357,
  product_name: 'Conocer Propiedades de alguien',
  editable: false,
  current_price: 1200,
  childs: [
    makeCartItem({
      id: 11,
      product_id: 18324,
      parent_id: 10,
      product_name: 'Nota Simple de propiedad localizada',
      editable: false,
      current_price: 2076,
    }),
  ],
});
const ns = makeCartItem({ id: 12, product_id: 15867, product_name: 'Nota Simple', current_price: 2076 });

describe("cart list: 'Cancelar pedido'", () => {
  it('is offered with a located property; it removes the 18324 request and goes to services', async () => {
    await open('/app/cart/add/qpropiedades', { cart: makeCart([search, ns]) });
    await screen.findByRole('heading', { level: 1, name: 'Este es tu pedido:' });
    const main = screen.getByRole('main');
    // The located property is listed under its search, with its price; neither is editable.
    const child = within(main).getByRole('heading', {
      level: 3,
      name: 'Nota Simple de propiedad localizada',
    });
    expect(child.closest('li')?.textContent).toContain('20,76\u00a0€');
    expect(within(main).queryByRole('button', { name: /^Editar Conocer/ })).toBeNull();
    expect(within(main).getByRole('button', { name: 'Editar Nota Simple' })).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('53,52\u00a0€');

    api.answer('delquoteitem', {
      status: 200,
      body: { ok: true, config: { ...getConfig(), cart: makeCart([{ ...search, childs: [] }, ns]) } },
    });
    await userEvent.click(within(main).getByRole('button', { name: 'Cancelar pedido' }));
    await screen.findByRole('heading', { level: 1, name: '¿Qué servicio deseas?' });
    expect(window.location.pathname).toBe('/app/servicios');
    expect(api.received.map((r) => r.url)).toEqual(['/desktopapp/rest/delquoteitem?id=11']);
  });

  it('is not offered without a located property', async () => {
    await open('/app/cart/add/ns', { cart: makeCart([ns]) });
    await screen.findByRole('heading', { level: 1, name: 'Este es tu pedido:' });
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
  });

  it.each([
    [false, '/app/customer/register'],
    [true, '/app/customer/checkout'],
  ])('continues to checkout (loggedIn %s -> %s)', async (loggedIn, href) => {
    await open('/app/cart/add/ns', { loggedIn, cart: makeCart([ns]) });
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Este es tu pedido:' });
    expect(within(main).getByRole('link', { name: 'Tramitar pedido' }).getAttribute('href')).toBe(href);
  });
});

describe('cart/add when the API fails', () => {
  const form = {
    ...blankFlowForm('nota-simple'),
    conoce_nombre_propietario: true,
    nombre: 'Ana',
    direccion: 'Calle Mayor 1',
    municipio: 'Madrid',
    provincia: 'Madrid',
  };

  it('shows progress, then after 3 retries the generic message; the form stays; Reintentar reuses the request id', async () => {
    const saved = JSON.stringify({ savedAt: Date.now(), form });
    localStorage.setItem('last_ns_form', saved);
    api.answer('addns', { status: 500, body: { ok: false, message: 'boom', errors: [] } });
    await open('/app/cart/add/ns');
    expect(await screen.findByText('Añadiendo a tu pedido…')).toBeTruthy();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('No hemos podido añadir el servicio a tu pedido.');
    await waitFor(() =>
      expect(screen.getByText('Algo ha ido mal; por favor, inténtalo de nuevo más tarde.')).toBeTruthy(),
    );
    // One call and its 3 retries, however many times React ran the effect.
    expect(api.received).toHaveLength(4);
    const ids = new Set(api.received.map((r) => (r.body as { request_id: string }).request_id));
    expect(ids.size).toBe(1);
    expect((api.received[0]?.body as { form?: object } | undefined)?.form).toMatchObject({
      direccion: 'Calle Mayor 1',
    });
    expect(localStorage.getItem('last_ns_form')).toBe(saved);

    const added = makeCart([ns]);
    api.answer('addns', {
      status: 200,
      body: { ok: true, config: { ...getConfig(), cart: added }, item: ns },
    });
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByText('Se ha añadido Nota Simple a tu pedido.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(api.received).toHaveLength(5);
    expect((api.received[4]?.body as { request_id?: string } | undefined)?.request_id).toBe([...ids][0]);
  }, 15_000);

  it("a 200 with ok false shows the server's message in the polite modal with the support phone", async () => {
    localStorage.setItem('last_ns_form', JSON.stringify({ savedAt: Date.now() + 1, form }));
    // How the server refuses an add for a business reason: 200 { ok: false, message: '<html>', config }.
    api.answer('addns', {
      status: 200,
      body: {
        ok: false,
        message: '<p>Este registro <strong>no admite</strong> pedidos hoy.</p><script>x()</script>',
        config: makeRuntimeConfig({ base_url: api.baseUrl, phone: '910 000 000' }),
      },
    });
    await open('/app/cart/add/ns', { phone: '910 000 000' });
    const dialog = await screen.findByRole('dialog', { name: 'Portal 14' });
    expect(within(dialog).getByText('no admite').tagName).toBe('STRONG');
    expect(dialog.innerHTML).not.toContain('script');
    expect(dialog.textContent).toContain('¿Necesitas ayuda? Llama a Portal 14 al 910 000 000.');
    expect(within(dialog).getByRole('link', { name: '910 000 000' }).getAttribute('href')).toBe(
      'tel:910000000',
    );
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[1] as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
