import { ApiAnswerSchema, CartItemAnswerSchema } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import * as z from 'zod/mini';
import { Header } from '../../app/layout/header.tsx';
import { makeCartItem } from '../../testing/cart-fixture.ts';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import { setupFakeApi } from '../../testing/fake-api.ts';
import { getConfig, setConfig } from '../config/config-store.ts';
import { setT } from '../i18n/use-t.ts';
import { Snackbar } from '../ui/snackbar.tsx';
import { ApiError } from './api-error.ts';
import { createStorefrontClient as createApiClient } from './client.ts';

// The fake API (a real HTTP server) plays the server: each path answers from a
// script of responses (the last one repeats) and records what it received.
const api = setupFakeApi();

beforeEach(async () => {
  setConfig(makeRuntimeConfig({ base_url: api.baseUrl }));
  setT(await loadT('es'));
});

const fast = createApiClient({ retryDelaysMs: [5, 5, 5] });
const ok = (extra: object = {}) => ({ status: 200, body: { ok: true, config: getConfig(), ...extra } });
const fail = (status: number, body: unknown = { ok: false, message: `error ${status}` }) => ({
  status,
  body,
});
/** An answer with a list of items (the retries below). */
const ItemsAnswerSchema = z.extend(ApiAnswerSchema, { items: z.array(z.unknown()) });
const attempts = () => api.received.length;

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client cancelling', () => {
  it('a cancelled call rejects without sending or retrying', async () => {
    api.answer('cart', ok({ items: [] }));
    const controller = new AbortController();
    controller.abort();
    await expect(fast.call(ApiAnswerSchema, { path: 'cart', signal: controller.signal })).rejects.toThrow();
    expect(attempts()).toBe(0);
  });
});

describe('api client retries', () => {
  it.each([
    ['three 500s then success', [fail(500), fail(503), fail(502)], 4],
    ['a 429 then success', [fail(429)], 2],
    ['a 408 then success', [fail(408)], 2],
    ['a dropped connection then success', ['hang-up' as const], 2],
    ['a 200 that is not JSON then success', [{ status: 200 }], 2],
  ])('%s: %i attempts', async (_, failures, expected) => {
    api.answer('cart', ...failures, ok({ items: [] }));
    const answer = await fast.get(ItemsAnswerSchema, 'cart');
    expect(answer).toMatchObject({ ok: true, items: [] });
    expect(attempts()).toBe(expected);
  });

  it.each([400, 401, 403, 404, 409])('does not retry a %i', async (status) => {
    api.answer(
      'addns',
      fail(status, {
        ok: false,
        message: 'Revisa los datos',
        errors: [{ path: 'form.nombre', message: 'Obligatorio' }],
      }),
    );
    const error = await rejection(fast.post(ApiAnswerSchema, 'addns', { form: {} }));
    expect(attempts()).toBe(1);
    expect(error).toMatchObject({ status, gaveUp: false, message: 'Revisa los datos' });
    expect(error.fieldErrors).toEqual({ 'form.nombre': 'Obligatorio' });
    expect(screen.queryByRole('button', { name: 'Ok' })).toBeNull();
  });

  it('waits about 200, 400 and 800 ms between attempts by default', async () => {
    api.answer('config', fail(500));
    render(<Snackbar />);
    const started = performance.now();
    await rejection(createApiClient().get(ApiAnswerSchema, 'config'));
    const elapsed = performance.now() - started;
    expect(attempts()).toBe(4);
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('after the last retry', () => {
  it.each([
    ['es', 'Algo ha ido mal; por favor, inténtalo de nuevo más tarde.'],
    ['pt', 'Algo correu mal; por favor, tente novamente mais tarde.'],
    ['en', 'Something bad happened; please try again later.'],
  ] as const)('shows the generic message in %s with an Ok action', async (language, message) => {
    setT(await loadT(language));
    api.answer('cart', fail(500));
    render(<Snackbar />);
    const error = await rejection(fast.get(ApiAnswerSchema, 'cart'));
    expect(error).toMatchObject({ status: 500, gaveUp: true });
    expect(attempts()).toBe(4);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain(message);
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows one message for several failed calls', async () => {
    api.answer('cart', fail(500));
    render(<Snackbar />);
    await Promise.all([
      rejection(fast.get(ApiAnswerSchema, 'cart')),
      rejection(fast.get(ApiAnswerSchema, 'cart')),
    ]);
    expect(screen.getAllByRole('button', { name: 'Ok' })).toHaveLength(1);
  });

  it('stays quiet for a silent call (spec 8: pedidos, product)', async () => {
    api.answer('pedidos', fail(500));
    render(<Snackbar />);
    await rejection(fast.get(ApiAnswerSchema, 'pedidos', undefined, { silent: true }));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('requests and answers', () => {
  it('sends JSON, the form key and the query, to {base}/desktopapp/rest/', async () => {
    api.answer('updatequoteitem', ok());
    await fast.post(
      ApiAnswerSchema,
      'updatequoteitem',
      { form: { nombre: 'Ana' } },
      { id: 7, skip: undefined },
    );
    const [request] = api.received;
    expect(request).toMatchObject({ method: 'POST', url: '/desktopapp/rest/updatequoteitem?id=7' });
    expect(request?.headers['x-form-key']).toBe('test-form-key');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ form: { nombre: 'Ana' } });
  });

  it('a successful answer replaces the configuration and the header re-renders', async () => {
    render(
      <Router base="/app">
        <Header />
      </Router>,
    );
    expect(screen.queryByTestId('cart-count')).toBeNull();
    const item = makeCartItem({
      id: 1,
      quote_id: 3,
      product_id: 18464,
      product_name: 'Certificado energético',
      created_at: '2025-01-01T10:00:00Z',
      current_price: 9900,
    });
    const next = makeRuntimeConfig({
      base_url: api.baseUrl,
      form_key: 'rotated',
      cart: { quote_id: 3, items: [item, { ...item, id: 2 }], total: 19800 },
    });
    api.answer('addgeneric', { status: 200, body: { ok: true, config: next } });
    await act(() => fast.post(ApiAnswerSchema, 'addgeneric', { form: {} }));
    expect(getConfig().form_key).toBe('rotated');
    expect(screen.getByTestId('cart-count').textContent).toBe('2 artículos en tu pedido');
  });

  it('keeps the configuration on ok false', async () => {
    api.answer('pedidos', {
      status: 200,
      body: { ok: false, config: makeRuntimeConfig({ form_key: 'other' }) },
    });
    const before = getConfig();
    await fast.get(ApiAnswerSchema, 'pedidos');
    expect(getConfig()).toBe(before);
  });
});

describe('answers checked against their domain schema', () => {
  it.each([
    ['an invalid config', { ok: true, config: { store_id: 'x' } }],
    ['no item', { ok: true, config: makeRuntimeConfig({ form_key: 'other' }) }],
    [
      'an item of the wrong shape',
      { ok: true, config: makeRuntimeConfig({ form_key: 'other' }), item: { id: 'x' } },
    ],
  ])('%s is one ApiError, not retried, and its configuration is not taken', async (_, body) => {
    api.answer('updatequoteitem', { status: 200, body });
    const before = getConfig();
    render(<Snackbar />);
    const error = await rejection(
      fast.post(CartItemAnswerSchema, 'updatequoteitem', { form: {} }, { id: 1 }),
    );
    expect(error).toMatchObject({ status: 500, gaveUp: false });
    expect(attempts()).toBe(1);
    expect(getConfig()).toBe(before);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('gives the parsed answer, typed by its schema', async () => {
    const item = makeCartItem({ id: 9, quote_id: 3, product_id: 18464, created_at: '2025-01-01T10:00:00Z' });
    api.answer('updatequoteitem', ok({ item }));
    const answer = await fast.post(CartItemAnswerSchema, 'updatequoteitem', { form: {} }, { id: 9 });
    expect(answer.item.id).toBe(9);
  });
});
