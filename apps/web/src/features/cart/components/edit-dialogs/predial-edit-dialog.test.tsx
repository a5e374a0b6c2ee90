import { blankForm, SimplifiedReportFormSchema } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getConfig, setConfig } from '../../../../shared/config/config-store.ts';
import { setT } from '../../../../shared/i18n/use-t.ts';
import { makeCart, makeCartItem, option } from '../../../../testing/cart-fixture.ts';
import { makeRuntimeConfig } from '../../../../testing/config-fixture.ts';
import { setupFakeApi } from '../../../../testing/fake-api.ts';
import PredialEditDialog from './predial-edit-dialog.tsx';

const api = setupFakeApi();

const item = makeCartItem({
  id: 61,
  product_id: 18421,
  product_name: 'Informação Predial Simplificada',
  current_price: 1100,
  options: [option(1431, 'Porto / Porto / Bonfim'), option(1430, '88'), option(1427, '5920')],
  // What the wizard sent and the server stored.
  form: {
    ...blankForm(SimplifiedReportFormSchema),
    distrito_concelho_freguesia: 'Porto / Porto / Bonfim',
    tiene_numero: true,
    num_ficha: '88',
    quiere_un_predial: true,
    step1: true,
    step5: true,
  },
});
const posts = () => api.received.filter((request) => request.method === 'POST');

async function openDialog() {
  setConfig(makeRuntimeConfig({ store_id: 26, base_url: api.baseUrl, cart: makeCart([item]) }));
  setT(await loadT('pt'));
  const onClose = vi.fn();
  render(<PredialEditDialog item={item} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Modificar ordem' });
  const q = within(dialog);
  return {
    onClose,
    ficha: () => q.getByRole('textbox', { name: /^Número de descrição \(ficha\)/ }) as HTMLInputElement,
    check: (name: RegExp) => q.getByRole('checkbox', { name }) as HTMLInputElement,
    location: () => q.getByRole('combobox', { name: /^Localização do prédio/ }) as HTMLInputElement,
    update: () => userEvent.click(q.getByRole('button', { name: 'Atualizar' })),
  };
}
const posted = () =>
  (api.received.find((r) => r.url.includes('updatequoteitem'))?.body as { form: Record<string, unknown> })
    ?.form;

describe('simplified report edit dialog', () => {
  it('starts from the item: location, ficha, not urgent', async () => {
    const { ficha, check, location } = await openDialog();
    expect(location().value).toBe('Porto / Porto / Bonfim');
    expect(ficha().value).toBe('88');
    // The urgent price is the server's definition's (GET product?id=18421).
    await waitFor(() => expect(check(/^Urgente \(\+5\u00a0€\)$/).checked).toBe(false));
  });

  it('a ficha that is not a description number is refused', async () => {
    const { ficha, update } = await openDialog();
    await userEvent.clear(ficha());
    await userEvent.type(ficha(), 'abc');
    await update();
    expect(ficha().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${ficha().id}-error`)?.textContent).toBe('O valor não é válido');
    expect(posts()).toEqual([]);
  });

  it('a blank ficha means the customer has none; urgent and the unit are posted', async () => {
    const { ficha, check, update, onClose } = await openDialog();
    api.answer('updatequoteitem', { status: 200, body: { ok: true, config: getConfig(), item } });
    await userEvent.clear(ficha());
    await userEvent.click(check(/^Urgente/));
    await userEvent.click(check(/propriedade horizontal/));
    await userEvent.type(screen.getByRole('textbox', { name: /^Fração autónoma/ }), 'C');
    await update();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()[0]?.url).toBe('/desktopapp/rest/updatequoteitem?id=61');
    expect(posted()).toEqual({
      ...item.form,
      distrito_concelho_freguesia: 'Porto / Porto / Bonfim',
      tiene_numero: false,
      num_ficha: '',
      prop_horizontal: true,
      prop_horizontal_fracao: 'C',
      urgente: true,
    });
  });
});
