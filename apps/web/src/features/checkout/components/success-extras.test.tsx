import type { RuntimeConfig } from '@shop/domain';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { REJECT_ALL, setConsent } from '../../../shared/consent/consent-store.ts';
import { setupFakeApi } from '../../../testing/fake-api.ts';
import { resetCheckoutQueries } from '../checkout-routes.tsx';
import { okAnswer, orderSuccess } from '../testing/checkout-fixtures.ts';

// Issue 20 items 2 and 10 on the success page: the offer to choose a password,
// and the store's conversion snippet (lastOrderSuccess) once per paid order
// after the visitor's consent, as a script file of the shop.

const api = setupFakeApi();
const ORDER = '1400000042';
const SCRIPT = '/conversion/14.js?v=0123456789ab';
const conversionScripts = () => [...document.head.querySelectorAll('script[data-conversion]')];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCheckoutQueries();
  for (const s of conversionScripts()) s.remove();
});

async function openSuccess(overrides: Partial<RuntimeConfig> = {}, state: 'paid' | 'pending' = 'paid') {
  api.answer(
    'orderSummary/',
    okAnswer(api.baseUrl, overrides, { order: orderSuccess(ORDER, 'complete_pending', state, 'Pendiente') }),
  );
  await api.open(`/app/checkout/success/${ORDER}`, {
    cart: { quote_id: null, items: [], total: 0 },
    ...overrides,
  });
  await screen.findByRole('heading', { level: 1, name: '¡Gracias! Hemos recibido tu pedido' });
}

describe('success page: the conversion snippet (lastOrderSuccess)', { timeout: 30_000 }, () => {
  const withScript = { lastOrderId: ORDER, lastOrderSuccess: { data: { script_url: SCRIPT } } };

  it('waits for the advertising consent, then adds the shop’s script once per order with the order’s data', async () => {
    act(() => setConsent(REJECT_ALL));
    await openSuccess(withScript);
    expect(conversionScripts()).toHaveLength(0);
    act(() => setConsent({ functionality: false, tracking: false, targeting: true }));
    await waitFor(() => expect(conversionScripts()).toHaveLength(1));
    const script = conversionScripts()[0] as HTMLScriptElement;
    expect(script.src).toBe(new URL(SCRIPT, api.baseUrl).href);
    expect(script.dataset).toMatchObject({ orderId: ORDER, currency: 'EUR' });
    expect(script.dataset.value).toMatch(/^\d+\.\d{2}$/);
    expect(document.body.innerHTML).not.toContain('<script>');

    // A reload of the success page runs it no more.
    script.remove();
    cleanup();
    resetCheckoutQueries();
    await openSuccess(withScript);
    await screen.findByText('Número de pedido: 1400000042');
    expect(conversionScripts()).toHaveLength(0);
  });

  it('nothing for an unpaid order or a store without a snippet', async () => {
    act(() => setConsent({ functionality: true, tracking: true, targeting: true }));
    await openSuccess(withScript, 'pending');
    expect(conversionScripts()).toHaveLength(0);
    cleanup();
    resetCheckoutQueries();
    await openSuccess({ lastOrderId: ORDER, lastOrderSuccess: null });
    expect(conversionScripts()).toHaveLength(0);
  });
});

describe('success page: the offer to choose a password', { timeout: 30_000 }, () => {
  it('mails the reset link to the logged-in customer, back to the orders', async () => {
    api.answer(
      'rememberPassword/email/ana%40example.es',
      okAnswer(api.baseUrl, { loggedIn: true, customerEmail: 'ana@example.es' }),
    );
    await openSuccess({ loggedIn: true, customerEmail: 'ana@example.es' });
    expect(screen.getByText(/¿Quieres entrar la próxima vez con una contraseña\?/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Elegir una contraseña' }));
    expect(
      await screen.findByText(/te hemos enviado un enlace para elegir una contraseña nueva/),
    ).toBeTruthy();
    expect(api.paths()).toContain(
      '/desktopapp/rest/rememberPassword/email/ana%40example.es?path=%2Fcustomer%2Forders',
    );
  });

  it('is not offered to a visitor who is not logged in', async () => {
    await openSuccess();
    expect(screen.queryByRole('button', { name: 'Elegir una contraseña' })).toBeNull();
  });
});
