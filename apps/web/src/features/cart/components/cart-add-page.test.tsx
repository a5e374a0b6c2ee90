import type { Cart } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../../app/app.tsx';
import { setConfig } from '../../../shared/config/config-store.ts';
import { setT } from '../../../shared/i18n/use-t.ts';
import { blankFlowForm } from '../../../shared/wizard/flow-forms.ts';
import { dropWizardCaches } from '../../../shared/wizard/wizard-store.ts';
import { type LiveServer, startLiveServer } from '../../../testing/live-server.ts';

// cart/add/* against the real server (seed catalogue, fresh PGlite): the saved
// wizard form is posted once, the cart list shows what the server priced, and
// the list's edit and remove links change the real cart.

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
}, 120_000);
afterAll(() => server?.stop());

const steps = (names: string[]) => Object.fromEntries(names.map((name) => [name, true]));
const NS_FORM = {
  ...blankFlowForm('nota-simple'),
  quiere_una_ns: true,
  conoce_nombre_propietario: true,
  nombre: 'Ana Pérez García',
  direccion: 'Calle Mayor 1, 2º B',
  municipio: 'Madrid',
  provincia: 'Madrid',
  ...steps(['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7']),
};

/** A new visitor of `storeId` with `saved` in the wizard's storage, opening `url` (StrictMode, as main.tsx). */
async function visit(url: string, storeId = 14, saved: Record<string, object> = {}) {
  // A new visitor: no session cookie, empty storage.
  (
    globalThis as { jsdom?: { cookieJar: { removeAllCookiesSync(): void } } }
  ).jsdom?.cookieJar.removeAllCookiesSync();
  localStorage.clear();
  sessionStorage.clear();
  dropWizardCaches();
  for (const [key, form] of Object.entries(saved))
    localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), form }));
  const config = await server.startSession(storeId);
  setConfig(config);
  setT(await loadT(config.language));
  return reopen(url);
}

/** The same visitor opening `url` again (a reload: storage and session kept). */
async function reopen(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const serverCart = async () => (await server.call<{ cart: Cart }>('GET', 'cart')).body.cart;
const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Este es tu pedido:' }, { timeout: 10_000 });

describe('cart/add/ns', () => {
  it('posts the saved Nota Simple once, lists it at 20,76 and does not post again on reload', async () => {
    const page = await visit('/app/cart/add/ns', 14, { last_ns_form: NS_FORM });
    await heading();
    expect(await screen.findByText('Se ha añadido Nota Simple a tu pedido.')).toBeTruthy();
    const row = screen.getByRole('heading', { level: 2, name: 'Nota Simple' }).closest('li') as HTMLElement;
    expect(row.textContent).toContain('20,76\u00a0€');
    expect(row.textContent).toContain('Dirección del inmueble: Calle Mayor 1, 2º B');
    expect(screen.getByTestId('cart-total').textContent).toBe('20,76\u00a0€');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect((await serverCart()).items.map((i) => i.product_id)).toEqual([15867]);

    page.unmount();
    await reopen('/app/cart/add/ns');
    await heading();
    expect(screen.queryByText('Se ha añadido Nota Simple a tu pedido.')).toBeNull();
    expect((await serverCart()).items).toHaveLength(1);
  }, 30_000);

  it('edits the item from the list (new address shown) and removes it', async () => {
    await visit('/app/cart/add/ns', 14, { last_ns_form: NS_FORM });
    await heading();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Editar Nota Simple' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificar pedido' });
    const address = within(dialog).getByRole('textbox', { name: 'Dirección del inmueble' });
    await u.clear(address);
    await u.type(address, 'Calle Alcalá 20');
    await u.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Dirección del inmueble: Calle Alcalá 20');
    expect((await serverCart()).items[0]?.options.find((o) => o.option_id === 80)?.value).toBe(
      'Calle Alcalá 20',
    );

    await u.click(within(main).getByRole('button', { name: 'Eliminar Nota Simple del pedido' }));
    expect(await screen.findByText('Tu pedido está vacío.', {}, { timeout: 10_000 })).toBeTruthy();
    expect((await serverCart()).items).toEqual([]);
  }, 30_000);
});

describe('the other add routes', () => {
  it('cart/add/certidao on store 16: Esta é a sua encomenda, 24,70', async () => {
    const form = {
      ...blankFlowForm('certidao-permanente'),
      distrito_concelho_freguesia: 'Lisboa / Lisboa / Alvalade',
      forma_identificar_ficha: true,
      num_ficha: '1234',
      quiere_un_certidao: true,
      ...steps(['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7', 'step8']),
    };
    await visit('/app/cart/add/certidao', 16, { last_certidao_form: form });
    await screen.findByRole('heading', { level: 1, name: 'Esta é a sua encomenda:' }, { timeout: 10_000 });
    expect(screen.getByTestId('cart-total').textContent).toBe('24,70\u00a0€');
    expect((await serverCart()).items.map((i) => i.product_id)).toEqual([18414]);
  }, 30_000);

  it('a form the server refuses: its messages and a way back to the wizard; nothing added', async () => {
    // The properties count was never chosen.
    const form = {
      ...blankFlowForm('q-propiedades'),
      opcion_persona: true,
      nombre_persona: 'Ana Pérez',
      dni: '12345678Z',
    };
    await visit('/app/cart/add/qpropiedades', 14, { last_qp_form: form });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(alert).getByRole('link', { name: 'Revisar los datos' }).getAttribute('href')).toBe(
      '/app/q-propiedades/step1',
    );
    expect(localStorage.getItem('last_qp_form')).not.toBeNull();
    expect((await serverCart()).items).toEqual([]);
  }, 30_000);

  it('without a saved form the page only shows the cart', async () => {
    await visit('/app/cart/add/ipredial', 26);
    await screen.findByRole('heading', { level: 1, name: 'Esta é a sua encomenda:' }, { timeout: 10_000 });
    expect(screen.getByText('A sua encomenda está vazia.')).toBeTruthy();
  }, 30_000);

  it('an unknown kind goes to services', async () => {
    await visit('/app/cart/add/other');
    await screen.findByRole('heading', { level: 1, name: '¿Qué servicio deseas?' });
    expect(window.location.pathname).toBe('/app/servicios');
  }, 30_000);
});
