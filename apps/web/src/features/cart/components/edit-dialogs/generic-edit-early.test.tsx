import type { CartItem } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '../../../../shared/config/config-store.ts';
import { setT } from '../../../../shared/i18n/use-t.ts';
import { clearProductDefinitions } from '../../../../shared/product-options/get-product-definition.ts';
import { type LiveServer, startLiveServer } from '../../../../testing/live-server.ts';
import { GenericEditDialog } from './generic-edit-dialog.tsx';

// Issue 20 item 6: an early-checkout item (18346 mortgage cancellation) in the
// generic edit dialog, on the live server's seed catalogue.

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
}, 120_000);
afterAll(() => server?.stop());

type CartAnswer = { config: Parameters<typeof setConfig>[0]; cart: { items: CartItem[]; total: number } };

async function earlyCheckoutItem(storeId: number) {
  const config = await server.startSession(storeId);
  const added = await server.call<{ ok: boolean }>('POST', 'addgeneric', {
    config: { form_key: config.form_key },
    form: {
      product_id: 18346,
      values: [
        { option_id: 2481, product_id: 18346, type: 'radio', value: '6481' },
        { option_id: 2482, product_id: 18346, type: 'radio', value: '6484' },
      ],
      confirm_values: [
        { option_id: 2489, value: '612 345 678' },
        { option_id: 2490, value: '6488' },
      ],
      related_product_ids: [],
    },
  });
  expect(added.body.ok).toBe(true);
  return reloadCart();
}

async function reloadCart() {
  const { body } = await server.call<CartAnswer>('GET', 'cart');
  setConfig(body.config);
  setT(await loadT(body.config.language));
  clearProductDefinitions();
  const item = body.cart.items[0];
  if (!item) throw new Error('no item in the cart');
  return item;
}

describe('generic edit dialog on an early-checkout item (18346)', () => {
  it('asks only what early checkout asked, keeps every answer, checks the phone as a phone', async () => {
    const u = userEvent.setup();
    const item = await earlyCheckoutItem(14);
    render(<GenericEditDialog item={item} onClose={() => {}} />);
    const phone = (await screen.findByRole('textbox', { name: 'Teléfono de contacto' })) as HTMLInputElement;
    // The four fields early checkout skipped are not asked.
    for (const skipped of ['Entidad bancaria', 'Dirección del inmueble', 'Fecha de la escritura de hipoteca'])
      expect(screen.queryByRole('textbox', { name: new RegExp(skipped) })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Municipio del inmueble/ })).toBeNull();
    // Every answer is kept: the phone and '¿Cuándo prefieres que te llamemos?'.
    expect(phone.value).toBe('612 345 678');
    expect(phone.type).toBe('tel');
    const when = screen.getByRole('combobox', {
      name: '¿Cuándo prefieres que te llamemos?',
    }) as HTMLSelectElement;
    expect(when.value).toBe('6488');

    await u.clear(phone);
    await u.type(phone, 'abc');
    await u.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Introduce un teléfono válido')).toBeTruthy();

    await u.clear(phone);
    await u.type(phone, '+34 699 111 222');
    await u.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(async () => {
      const saved = await reloadCart();
      expect((saved.form as { confirm_values: unknown }).confirm_values).toEqual([
        { option_id: 2489, value: '+34 699 111 222' },
        { option_id: 2490, value: '6488' },
      ]);
    });
  }, 60_000);

  it('an answer that ends early checkout brings the skipped fields back, required', async () => {
    const u = userEvent.setup();
    const item = await earlyCheckoutItem(14);
    render(<GenericEditDialog item={item} onClose={() => {}} />);
    await screen.findByRole('textbox', { name: 'Teléfono de contacto' });
    await u.click(screen.getByRole('radio', { name: 'Sí, ya lo tengo' }));
    expect(await screen.findByRole('textbox', { name: 'Entidad bancaria' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Teléfono de contacto' })).toBeNull();
  }, 60_000);
});
