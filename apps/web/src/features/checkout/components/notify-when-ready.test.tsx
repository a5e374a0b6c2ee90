import type { Pedido } from '@shop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { vapidKeyBytes } from '../../../shared/push/web-push.ts';
import { setupFakeApi } from '../../../testing/fake-api.ts';
import { FAKE_SUBSCRIPTION, installPushBrowser } from '../../../testing/push-browser.ts';
import { resetCheckoutQueries } from '../checkout-routes.tsx';
import { okAnswer } from '../testing/checkout-fixtures.ts';

const api = setupFakeApi();
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCheckoutQueries();
});

// A P-256 public key, base64url (65 bytes), as VAPID_PUBLIC_KEY holds it.
const VAPID_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const on = { loggedIn: true, vapid_public_key: VAPID_KEY };

const paidOrder: Pedido = {
  order_id: '1400000123',
  store_id: 14,
  created_at: '2026-01-15T09:05:00.000Z',
  total: 1990,
  status: 'processing',
  status_label: 'En trámite',
  status_class: 'status-processing',
  paid: true,
  items: [],
  facturas: [],
  abonos: [],
  documents: [],
  timeline: [
    { kind: 'received', at: '2026-01-15T09:05:00.000Z' },
    { kind: 'paid', at: '2026-01-15T09:06:00.000Z' },
  ],
};

async function openOrders(orders: Pedido[], config: Record<string, unknown> = on) {
  api.answer('pedidos', okAnswer(api.baseUrl, config, { pedidos: orders, toFinalize: false }));
  await api.open('/app/customer/orders', config);
  return within(await screen.findByRole('article', { name: 'Pedido 1400000123' }));
}

const BUTTON = { name: 'Avísame cuando esté listo' };

describe('"Avísame cuando esté listo" on the orders page (issue 20 item 10)', () => {
  it('subscribes: asks permission, registers the worker, subscribes with the VAPID key, POSTs pushSubscribe', async () => {
    const browser = installPushBrowser();
    api.answer('pushSubscribe', okAnswer(api.baseUrl, on));
    const card = await openOrders([paidOrder]);
    await userEvent.click(card.getByRole('button', BUTTON));

    expect(
      await card.findByText('Te avisaremos en este navegador cuando tu pedido esté listo.'),
    ).toBeTruthy();
    expect(card.getByRole('status').textContent).toBe(
      'Te avisaremos en este navegador cuando tu pedido esté listo.',
    );
    expect(card.queryByRole('button', BUTTON)).toBeNull();
    // Focus moves from the button that went away to the sentence that replaced it.
    expect(document.activeElement).toBe(card.getByRole('status'));
    expect(browser.permissionRequests).toBe(1);
    expect(browser.registrations).toEqual([{ url: '/app/push-worker.js', scope: '/app/' }]);
    expect(browser.subscribeOptions).toHaveLength(1);
    expect(browser.subscribeOptions[0]?.userVisibleOnly).toBe(true);
    expect(Array.from(browser.subscribeOptions[0]?.applicationServerKey as Uint8Array)).toEqual(
      Array.from(vapidKeyBytes(VAPID_KEY)),
    );
    const sent = api.received.filter((r) => r.url.startsWith('/desktopapp/rest/pushSubscribe'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).toEqual(FAKE_SUBSCRIPTION);
    expect(sent[0]?.headers['x-form-key']).toBeTruthy();
  }, 20_000);

  it('one subscription covers every waiting order: the other cards say so too', async () => {
    installPushBrowser();
    api.answer('pushSubscribe', okAnswer(api.baseUrl, on));
    const second = { ...paidOrder, order_id: '1400000124' };
    const card = await openOrders([paidOrder, second]);
    const other = within(screen.getByRole('article', { name: 'Pedido 1400000124' }));
    expect(other.getByRole('button', BUTTON)).toBeTruthy();
    await userEvent.click(card.getByRole('button', BUTTON));
    await card.findByText('Te avisaremos en este navegador cuando tu pedido esté listo.');
    expect(other.queryByRole('button', BUTTON)).toBeNull();
    expect(other.getByRole('status').textContent).toBe(
      'Te avisaremos en este navegador cuando tu pedido esté listo.',
    );
  }, 20_000);

  it.each([
    ['pt', 16, 'Avise-me quando estiver pronto'],
    ['en', 14, "Notify me when it's ready"],
  ] as const)(
    'in %s the button reads as the store speaks',
    async (language, storeId, name) => {
      installPushBrowser();
      const config = { ...on, language, store_id: storeId };
      api.answer(
        'pedidos',
        okAnswer(api.baseUrl, config, { pedidos: [{ ...paidOrder, store_id: storeId }], toFinalize: false }),
      );
      await api.open('/app/customer/orders', config);
      expect(await screen.findByRole('button', { name })).toBeTruthy();
    },
    20_000,
  );

  it('the VAPID key decodes to the 65-byte uncompressed point', () => {
    const bytes = vapidKeyBytes(VAPID_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('denied: explains how to allow notifications and sends nothing', async () => {
    const browser = installPushBrowser({ answer: 'denied' });
    const card = await openOrders([paidOrder]);
    await userEvent.click(card.getByRole('button', BUTTON));
    expect((await card.findByRole('status')).textContent).toMatch(/^Este navegador tiene bloqueadas/);
    await expect.poll(() => card.getByRole('status').textContent).toContain('ajustes del sitio');
    expect(browser.registrations).toEqual([]);
    expect(api.received.some((r) => r.url.includes('pushSubscribe'))).toBe(false);
  }, 20_000);

  it('already blocked: the explanation shows before any press', async () => {
    installPushBrowser({ permission: 'denied', answer: 'denied' });
    const card = await openOrders([paidOrder]);
    expect(card.getByRole('status').textContent).toMatch(/^Este navegador tiene bloqueadas/);
    expect(card.getByRole('button', BUTTON)).toBeTruthy();
  }, 20_000);

  it('error: a subscription that fails says so and the button stays to try again', async () => {
    installPushBrowser({ subscribeFails: true });
    const card = await openOrders([paidOrder]);
    await userEvent.click(card.getByRole('button', BUTTON));
    expect(
      await card.findByText('No hemos podido activar el aviso. Inténtalo de nuevo en unos minutos.'),
    ).toBeTruthy();
    expect(card.getByRole('button', BUTTON).getAttribute('aria-disabled')).toBe('false');
    expect(api.received.some((r) => r.url.includes('pushSubscribe'))).toBe(false);
  }, 20_000);

  it('error: a refused pushSubscribe says so too', async () => {
    installPushBrowser();
    api.answer('pushSubscribe', { status: 400, body: { ok: false, message: 'invalid', config: null } });
    const card = await openOrders([paidOrder]);
    await userEvent.click(card.getByRole('button', BUTTON));
    expect(
      await card.findByText('No hemos podido activar el aviso. Inténtalo de nuevo en unos minutos.'),
    ).toBeTruthy();
  }, 20_000);

  it.each([
    ['push is off (no VAPID key in the config)', paidOrder, { loggedIn: true }, true],
    ['the browser has no Push API', paidOrder, on, false],
    ['the order is not paid', { ...paidOrder, paid: false }, on, true],
    ['the document is ready', { ...paidOrder, documents: [{ name: 'ns.pdf', url: '/f/1' }] }, on, true],
    [
      'the order was delivered',
      {
        ...paidOrder,
        timeline: [
          ...(paidOrder.timeline ?? []),
          { kind: 'delivered' as const, at: '2026-01-16T09:00:00.000Z' },
        ],
      },
      on,
      true,
    ],
  ])(
    'no button when %s',
    async (_case, order, config, supported) => {
      if (supported) installPushBrowser();
      const card = await openOrders([order], config);
      expect(card.queryByRole('button', BUTTON)).toBeNull();
    },
    20_000,
  );
});
