import type { CartItem } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '../../../../shared/config/config-store.ts';
import { setT } from '../../../../shared/i18n/use-t.ts';
import { clearProductDefinitions } from '../../../../shared/product-options/get-product-definition.ts';
import { type LiveServer, startLiveServer } from '../../../../testing/live-server.ts';
import { GenericEditDialog } from './generic-edit-dialog.tsx';

// The generic edit dialog on cart items the live server created from the seed
// catalogue: visibility (previous_steps and the 18458 rule), dependent clearing,
// defaults, required choices, the store's language and the update with its price.

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
}, 120_000);
afterAll(() => server?.stop());

type Answer = [optionId: number, type: string, value: string];
type CartAnswer = { config: Parameters<typeof setConfig>[0]; cart: { items: CartItem[]; total: number } };

/** A new visitor of `storeId` with one item of `productId` in the cart, added through addgeneric. */
async function cartItem(
  storeId: number,
  productId: number,
  answers: Answer[],
  confirm: [number, string][] = [],
  related: number[] = [],
) {
  const config = await server.startSession(storeId);
  const added = await server.call<{ ok: boolean }>('POST', 'addgeneric', {
    config: { form_key: config.form_key },
    form: {
      product_id: productId,
      values: answers.map(([option_id, type, value]) => ({ option_id, product_id: productId, type, value })),
      confirm_values: confirm.map(([option_id, value]) => ({ option_id, value })),
      related_product_ids: related,
    },
  });
  expect(added.status).toBe(200);
  const { body } = await server.call<CartAnswer>('GET', 'cart');
  setConfig(body.config);
  setT(await loadT(body.config.language));
  clearProductDefinitions();
  const item = body.cart.items[0];
  if (!item) throw new Error('no item in the cart');
  return item;
}

const deedKnown: Answer[] = [
  [2301, 'drop_down', '6301'],
  [2302, 'radio', '6308'],
  [2303, 'municipio', 'Sevilla (Sevilla)'],
  [1655, 'radio', '4324'],
  [2304, 'field', 'Ana Pérez'],
  [2305, 'field', '1234'],
  [2306, 'date', '12/03/2015'],
  [2308, 'area', ''],
];

const field = (name: string | RegExp) => screen.queryByRole('textbox', { name });
const group = (name: string | RegExp) => screen.queryByRole('group', { name });

function renderDialog(item: CartItem) {
  let closed = 0;
  render(<GenericEditDialog item={item} onClose={() => closed++} />);
  return { closed: () => closed };
}

describe('generic edit dialog', () => {
  it('18458 with 1655 = 4324: hides 1653, 1654, 1699 and 1660; switching branch clears, defaults and shows the others', async () => {
    const u = userEvent.setup();
    const item = await cartItem(14, 18458, deedKnown);
    renderDialog(item);
    await screen.findByRole('combobox', { name: 'Tipo de escritura' });
    expect(screen.getByRole('heading', { name: 'Modificar pedido' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeTruthy();
    expect((field('Nombre del notario') as HTMLInputElement).value).toBe('Ana Pérez');
    expect(field('Nombre y apellidos de los firmantes')).toBeNull();
    expect(field(/Dirección del inmueble/)).toBeNull();
    expect(field(/Fecha aproximada de la firma/)).toBeNull();
    expect(group(/Alcance de la búsqueda/)).toBeNull();

    // The other branch: 4324's fields go (and lose their values), the search data appear; 1660 stays hidden.
    await u.click(screen.getByRole('radio', { name: /^No, necesito/ }));
    expect(field('Nombre del notario')).toBeNull();
    expect(field('Número de protocolo')).toBeNull();
    expect(field('Nombre y apellidos de los firmantes')).toBeTruthy();
    expect(field(/Dirección del inmueble/)).toBeTruthy();
    expect(field(/Fecha aproximada de la firma/)).toBeTruthy();
    expect(group(/Alcance de la búsqueda/)).toBeNull();
    // ltdate: the historical archive question shows for a deed before 1926, with its default.
    expect(group(/Archivo Histórico Provincial/)).toBeNull();
    await u.type(field(/Fecha aproximada de la firma/) as HTMLElement, '01/01/1920');
    const archive = group(/Archivo Histórico Provincial/) as HTMLElement;
    expect(archive).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    // Required fields of the new branch are asked for before updating.
    await u.click(screen.getByRole('button', { name: 'Actualizar' }));
    const signers = field('Nombre y apellidos de los firmantes') as HTMLElement;
    expect(signers.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(signers));

    // Back to 4324: the fields come back empty (their values were cleared).
    await u.click(screen.getByRole('radio', { name: /^Sí, conozco/ }));
    expect((field('Nombre del notario') as HTMLInputElement).value).toBe('');
    expect(group(/Archivo Histórico Provincial/)).toBeNull();
  }, 30_000);

  it('dropdowns and radios are required when is_require is 1; the new price shows and the update reaches the cart', async () => {
    const u = userEvent.setup();
    const item = await cartItem(14, 18458, deedKnown);
    expect(item.current_price).toBe(5900);
    const dialog = renderDialog(item);
    const kind = await screen.findByRole('combobox', { name: 'Tipo de escritura' });
    expect(screen.getByText('Precio: 59 €')).toBeTruthy();
    await u.selectOptions(kind, '');
    await u.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(kind.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Este campo es obligatorio')).toBeTruthy();
    await u.selectOptions(kind, '6302');
    await u.click(screen.getByRole('radio', { name: /Copia autorizada/ }));
    expect(screen.getByText('Nuevo precio: 79 €')).toBeTruthy();
    // A certified copy asks the confirmation question (its condition now holds): required too.
    await u.click(screen.getByRole('button', { name: 'Actualizar' }));
    const relation = screen.getByRole('combobox', { name: '¿Cuál es tu relación con la escritura?' });
    expect(relation.getAttribute('aria-invalid')).toBe('true');
    await u.selectOptions(relation, '6316');
    await u.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(dialog.closed()).toBe(1), { timeout: 10_000 }).catch((error) => {
      throw new Error(`${error}\n${document.body.textContent}`);
    });
    const { body } = await server.call<CartAnswer>('GET', 'cart');
    expect(body.cart.items[0]).toMatchObject({ id: item.id, current_price: 7900 });
    expect(body.cart.items[0]?.options.find((o) => o.option_id === 2302)?.value).toBe('6309');
    expect(body.cart.items[0]?.options.find((o) => o.option_id === 2309)?.value).toBe('6316');
  }, 30_000);

  it('opens with the related product the item was ordered with, and keeps it', async () => {
    const u = userEvent.setup();
    const item = await cartItem(14, 18458, deedKnown, [], [15867]);
    // The Nota Simple is its own line under the deed (ADR 027).
    expect(item.current_price).toBe(5900);
    expect(item.childs.map((child) => [child.product_id, child.current_price])).toEqual([[15867, 2076]]);
    const dialog = renderDialog(item);
    expect(await screen.findByText('Precio: 79,76 €')).toBeTruthy();
    const related = screen.getByRole('group', { name: 'También te puede interesar' });
    const nota = within(related).getByRole('checkbox', { name: /^Nota Simple.* \(\+20,76\u00a0€\)$/ });
    expect((nota as HTMLInputElement).checked).toBe(true);
    await u.type(screen.getByRole('textbox', { name: 'Número de protocolo' }), '5');
    await u.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(dialog.closed()).toBe(1), { timeout: 10_000 });
    const { body } = await server.call<CartAnswer>('GET', 'cart');
    expect(body.cart.items[0]).toMatchObject({ current_price: 5900 });
    expect(body.cart.items[0]?.childs.map((child) => child.current_price)).toEqual([2076]);
    expect(body.cart.total).toBe(7976);
    expect(body.cart.items[0]?.options.find((o) => o.option_id === 2305)?.value).toBe('12345');
    expect(body.cart.items[0]?.form).toMatchObject({ related_product_ids: [15867] });
  }, 30_000);

  it('unticking the related product takes it off the item and its price', async () => {
    const u = userEvent.setup();
    const item = await cartItem(14, 18458, deedKnown, [], [15867]);
    const dialog = renderDialog(item);
    const nota = await screen.findByRole('checkbox', { name: /^Nota Simple/ });
    await u.click(nota);
    expect(screen.getByText('Nuevo precio: 59 €')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(dialog.closed()).toBe(1), { timeout: 10_000 });
    const { body } = await server.call<CartAnswer>('GET', 'cart');
    expect(body.cart.items[0]).toMatchObject({ current_price: 5900, childs: [] });
    expect(body.cart.total).toBe(5900);
    expect(body.cart.items[0]?.form).toMatchObject({ related_product_ids: [] });
  }, 30_000);

  it('opens with the confirmation answers that were sent', async () => {
    const item = await cartItem(
      14,
      18458,
      deedKnown.map(([id, type, value]): Answer => (id === 2302 ? [id, type, '6309'] : [id, type, value])),
      [[2309, '6316']],
    );
    renderDialog(item);
    const relation = await screen.findByRole('combobox', { name: '¿Cuál es tu relación con la escritura?' });
    expect((relation as HTMLSelectElement).value).toBe('6316');
  }, 30_000);

  it('18464: its radio_button option is a radio here too (spec 5)', async () => {
    const item = await cartItem(14, 18464, [
      [2401, 'radio_button', '6402'],
      [2402, 'drop_down', '6405'],
      [2403, 'municipio', 'Sevilla (Sevilla)'],
      [2404, 'field', 'Calle Sierpes 1'],
      [2405, 'field', ''],
      [2406, 'radio', '6409'],
      [2407, 'date', ''],
      [2408, 'field', 'Ana'],
      [2409, 'field', '600000000'],
    ]);
    renderDialog(item);
    const house = await screen.findByRole('radio', { name: 'Casa o chalet' });
    expect((house as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: /Casa o chalet/ })).toBeNull();
  });

  it.each([
    [16, 'Modificar ordem', 'Atualizar'],
    [18, 'Edit order', 'Update'],
  ])('store %i: title %s and button %s', async (storeId, title, button) => {
    const { body } = await server.call<{ config: { auto_products: { product_id: number }[] } }>(
      'GET',
      `config?store_id=${storeId}`,
    );
    const productId = body.config.auto_products[0]?.product_id as number;
    const definition = await server.call<{
      product: { options: { option_id: number; type: string; opt_values: { id: number }[] }[] };
    }>('GET', `product?id=${productId}`);
    const answers: Answer[] = definition.body.product.options.map((o) => [
      o.option_id,
      o.type,
      o.opt_values[0]
        ? String(o.opt_values[0].id)
        : o.type === 'date'
          ? '01/01/2000'
          : o.type === 'file'
            ? ''
            : 'x',
    ]);
    const item = await cartItem(storeId, productId, answers);
    renderDialog(item);
    await screen.findByText(/^(Precio|Preço|Price): /, {}, { timeout: 5000 });
    // The dialog opens (showModal) after its first render: until then its roles are hidden.
    expect(await screen.findByRole('heading', { name: title }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: button })).toBeTruthy();
  });
});
