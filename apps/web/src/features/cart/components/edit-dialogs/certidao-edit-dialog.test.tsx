import { blankForm, CertificateFormSchema } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getConfig, setConfig } from '../../../../shared/config/config-store.ts';
import { setT } from '../../../../shared/i18n/use-t.ts';
import { makeCart, makeCartItem, option } from '../../../../testing/cart-fixture.ts';
import { makeRuntimeConfig } from '../../../../testing/config-fixture.ts';
import { setupFakeApi } from '../../../../testing/fake-api.ts';
import CertidaoEditDialog from './certidao-edit-dialog.tsx';

const api = setupFakeApi();

const PLACE = 'Lisboa / Lisboa / Benfica';
const matricial = makeCartItem({
  id: 51,
  product_id: 18414,
  product_name: 'Certidão Permanente',
  current_price: 2470,
  options: [
    option(1369, PLACE),
    option(1366, '3871'),
    option(1353, '3865'),
    option(1352, '1234'),
    option(1459, 'B'),
  ],
  // What the wizard sent and the server stored.
  form: {
    ...blankForm(CertificateFormSchema),
    distrito_concelho_freguesia: PLACE,
    forma_identificar_matricial: true,
    tipo_rustica: true,
    numero_artigo: '1234',
    seccao: 'B',
    quiere_un_certidao: true,
    step1: true,
    step8: true,
  },
});

async function openDialog(item = matricial) {
  setConfig(makeRuntimeConfig({ store_id: 16, base_url: api.baseUrl, cart: makeCart([item]) }));
  setT(await loadT('pt'));
  const onClose = vi.fn();
  render(<CertidaoEditDialog item={item} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Modificar ordem' });
  const q = within(dialog);
  return {
    dialog,
    onClose,
    text: (name: string) => q.queryByRole('textbox', { name }) as HTMLInputElement | null,
    radio: (name: string) => q.getByRole('radio', { name }) as HTMLInputElement,
    update: () => userEvent.click(q.getByRole('button', { name: 'Atualizar' })),
  };
}

const MODE = {
  matricial: 'Informação matricial (artigo matricial)',
  ficha: 'Número de descrição em ficha',
  livro: 'Número de descrição em livro',
};
const posted = () =>
  (api.received.find((r) => r.url.includes('updatequoteitem'))?.body as { form: Record<string, unknown> })
    ?.form;

describe("Certidão Permanente edit dialog ('Modificar ordem')", () => {
  it('asks how to identify the property, starting from the item (matricial, rural)', async () => {
    const { dialog, radio, text } = await openDialog();
    expect(within(dialog).getByRole('group', { name: 'Como deseja identificar o prédio?' })).toBeTruthy();
    expect(radio(MODE.matricial).checked).toBe(true);
    expect(radio('Rústico').checked).toBe(true);
    expect(text('Número do artigo matricial')?.value).toBe('1234');
    expect(text('Secção')?.value).toBe('B');
    expect(text('Número de descrição (ficha)')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it.each([
    ['ficha', MODE.ficha, ['Número de descrição (ficha)'], ['Número do artigo matricial', 'Livro']],
    [
      'livro',
      MODE.livro,
      ['Número de descrição no livro', 'Livro', 'Folhas'],
      ['Número do artigo matricial', 'Número de descrição (ficha)'],
    ],
  ])('switching to %s shows its fields only', async (_, mode, shown, hidden) => {
    const { radio, text } = await openDialog();
    await userEvent.click(radio(mode));
    for (const name of shown) expect(text(name)?.value).toBe('');
    for (const name of hidden) expect(text(name)).toBeNull();
  });

  it('switching mode sets its flag and clears the other modes (what is posted)', async () => {
    const { radio, text, update, onClose } = await openDialog();
    api.answer('updatequoteitem', { status: 200, body: { ok: true, config: getConfig(), item: matricial } });
    await userEvent.click(radio(MODE.ficha));
    await userEvent.type(text('Número de descrição (ficha)') as HTMLElement, '4321');
    // Back to matricial: its old fields were cleared by the first switch.
    await userEvent.click(radio(MODE.matricial));
    expect(text('Número do artigo matricial')?.value).toBe('');
    await userEvent.click(radio(MODE.livro));
    await userEvent.type(text('Número de descrição no livro') as HTMLElement, '77');
    await userEvent.type(text('Livro') as HTMLElement, 'B-3');
    await userEvent.type(text('Folhas') as HTMLElement, '12v');
    await update();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.received[0]?.url).toBe('/desktopapp/rest/updatequoteitem?id=51');
    // The stored form with the edits: nothing it held is lost (quiere_un_certidao, the steps).
    expect(posted()).toEqual({
      ...matricial.form,
      distrito_concelho_freguesia: PLACE,
      forma_identificar_matricial: false,
      forma_identificar_ficha: false,
      forma_identificar_livro: true,
      tipo_rustica: false,
      tipo_urbana: false,
      numero_artigo: '',
      seccao: '',
      num_ficha: '',
      num_livro: '77',
      livro: 'B-3',
      folhas: '12v',
      prop_horizontal: false,
    });
  });

  it.each([
    ['ficha without its number', MODE.ficha, [], ['Número de descrição (ficha)', 'Este campo é obrigatório']],
    [
      'ficha with a bad number',
      MODE.ficha,
      [['Número de descrição (ficha)', '12a']],
      ['Número de descrição (ficha)', 'O valor não é válido'],
    ],
    [
      'livro without sheets',
      MODE.livro,
      [
        ['Número de descrição no livro', '5'],
        ['Livro', 'A'],
      ],
      ['Folhas', 'Este campo é obrigatório'],
    ],
  ] as const)('%s is refused on the field, nothing sent', async (_, mode, typed, [field, message]) => {
    const { radio, text, update } = await openDialog();
    await userEvent.click(radio(mode));
    for (const [name, value] of typed) await userEvent.type(text(name) as HTMLElement, value);
    await update();
    const input = text(field) as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${input.id}-error`)?.textContent).toBe(message);
    expect(document.activeElement).toBe(input);
    expect(api.received).toEqual([]);
  });

  it('a rural article needs its section; the horizontal property needs its unit', async () => {
    const { radio, text, update, dialog } = await openDialog();
    await userEvent.clear(text('Secção') as HTMLElement);
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'O prédio está em propriedade horizontal' }),
    );
    await update();
    expect(text('Secção')?.getAttribute('aria-invalid')).toBe('true');
    expect(text('Fração autónoma')?.getAttribute('aria-invalid')).toBe('true');
    // Urban: no section needed.
    await userEvent.click(radio('Urbano'));
    await userEvent.type(text('Fração autónoma') as HTMLElement, 'AB');
    api.answer('updatequoteitem', { status: 200, body: { ok: true, config: getConfig(), item: matricial } });
    await update();
    await waitFor(() =>
      expect(posted()).toMatchObject({
        tipo_urbana: true,
        prop_horizontal: true,
        prop_horizontal_fracao: 'AB',
      }),
    );
  });
});
