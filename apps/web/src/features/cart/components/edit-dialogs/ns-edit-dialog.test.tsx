import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getConfig, setConfig } from '../../../../shared/config/config-store.ts';
import { setT } from '../../../../shared/i18n/use-t.ts';
import { Snackbar } from '../../../../shared/ui/snackbar.tsx';
import { makeCart, makeCartItem, option } from '../../../../testing/cart-fixture.ts';
import { makeRuntimeConfig } from '../../../../testing/config-fixture.ts';
import { municipalityHit, setupFakeApi } from '../../../../testing/fake-api.ts';
import { notaSimpleForm } from '../../../../testing/form-fixtures.ts';
import NsEditDialog from './ns-edit-dialog.tsx';

const api = setupFakeApi({
  municipalities: [municipalityHit({ name: 'Segovia', province: 'Segovia', ine: '40194' })],
});

/** The form the wizard sent and the server stored (GET cart gives it back as `form`). */
const STORED_FORM = notaSimpleForm();

const item = makeCartItem({
  id: 41,
  product_id: 15867,
  product_name: 'Nota Simple',
  options: [
    option(77, 'Ana García', 'Titular del inmueble'),
    option(78, 'Madrid', 'Provincia'),
    option(79, 'Madrid', 'Municipio'),
    option(80, 'Calle Mayor 1', 'Dirección del inmueble'),
    option(74, 'Finca 99', 'Datos registrales (opcional)'),
    option(411, '5901', 'Plazo de entrega', 'Estándar'),
  ],
  form: STORED_FORM,
});

async function openDialog() {
  setConfig(makeRuntimeConfig({ base_url: api.baseUrl, cart: makeCart([item]) }));
  setT(await loadT('es'));
  const onClose = vi.fn();
  render(
    <>
      <NsEditDialog item={item} onClose={onClose} />
      <Snackbar />
    </>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Modificar pedido' });
  // By role and the start of the accessible name ('Titular del inmueble (opcional)').
  const field = (label: string) => {
    const name = new RegExp(`^${label.replace(/[()]/g, '\\$&')}`);
    return within(dialog).queryByRole('textbox', { name }) ?? within(dialog).getByRole('combobox', { name });
  };
  return { dialog, onClose, field };
}

const updatedConfig = (address: string) => ({
  ...getConfig(),
  cart: makeCart([
    { ...item, options: item.options.map((o) => (o.option_id === 80 ? option(80, address) : o)) },
  ]),
});

describe("Nota Simple edit dialog ('Modificar pedido')", () => {
  it('opens with the stored form, not with what the options say', async () => {
    // An item whose options were rewritten since (an operator's correction): the form is what was sent.
    const stored = { ...item, options: [option(80, 'Otra dirección')] };
    setConfig(makeRuntimeConfig({ base_url: api.baseUrl, cart: makeCart([stored]) }));
    setT(await loadT('es'));
    render(<NsEditDialog item={stored} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modificar pedido' });
    expect(
      (within(dialog).getByRole('textbox', { name: /^Dirección del inmueble/ }) as HTMLInputElement).value,
    ).toBe('Calle Mayor 1');
  });

  it('an older stored form that no longer reads keeps what still does', async () => {
    const old = { ...item, form: { direccion: 'Calle Vieja 3', municipio: 28079, nombre: 'Luis' } };
    setConfig(makeRuntimeConfig({ base_url: api.baseUrl, cart: makeCart([old]) }));
    setT(await loadT('es'));
    render(<NsEditDialog item={old} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modificar pedido' });
    expect(
      (within(dialog).getByRole('textbox', { name: /^Dirección del inmueble/ }) as HTMLInputElement).value,
    ).toBe('Calle Vieja 3');
    expect(
      (within(dialog).getByRole('textbox', { name: /^Titular del inmueble/ }) as HTMLInputElement).value,
    ).toBe('Luis');
    expect((within(dialog).getByRole('combobox', { name: /^Municipio/ }) as HTMLInputElement).value).toBe('');
  });

  it('starts from the item, focuses its first field and says what may be left blank', async () => {
    const { dialog, field } = await openDialog();
    expect((field('Titular del inmueble') as HTMLInputElement).value).toBe('Ana García');
    expect(document.activeElement).toBe(field('Titular del inmueble'));
    expect((field('Dirección del inmueble') as HTMLInputElement).value).toBe('Calle Mayor 1');
    expect((field('Municipio') as HTMLInputElement).value).toBe('Madrid');
    expect((field('Datos registrales (opcional)') as HTMLTextAreaElement).value).toBe('Finca 99');
    expect(dialog.textContent).toContain('Provincia: Madrid');
    expect(dialog.textContent).toContain('Si no conoces al titular, puedes dejarlo en blanco.');
    expect(dialog.textContent).toContain(
      'Si no tienes los datos registrales o el DNI, puedes dejarlo en blanco.',
    );
  });

  it('a blank address is refused on its field, focus goes there and nothing is sent', async () => {
    const { dialog, field } = await openDialog();
    await userEvent.clear(field('Dirección del inmueble'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    const address = field('Dirección del inmueble');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    const errorId = address
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    expect(document.getElementById(errorId ?? '')?.textContent).toBe('Este campo es obligatorio');
    expect(document.activeElement).toBe(address);
    expect(api.received).toEqual([]);
  });

  it('posts updatequoteitem?id= with the edited form (blank owner allowed) and closes', async () => {
    const { dialog, field, onClose } = await openDialog();
    api.answer('updatequoteitem', {
      status: 200,
      body: { ok: true, config: updatedConfig('Calle Nueva 7'), item },
    });
    await userEvent.clear(field('Titular del inmueble'));
    await userEvent.clear(field('Dirección del inmueble'));
    await userEvent.type(field('Dirección del inmueble'), 'Calle Nueva 7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [request] = api.received;
    expect(request?.url).toBe('/desktopapp/rest/updatequoteitem?id=41');
    // Exactly the stored form with the edits: what the dialog does not show (the requester, the steps) is kept.
    expect((request?.body as { form?: object } | undefined)?.form).toEqual({
      ...STORED_FORM,
      nombre: '',
      conoce_nombre_propietario: false,
      direccion: 'Calle Nueva 7',
    });
    expect(getConfig().cart.items[0]?.options.find((o) => o.option_id === 80)?.value).toBe('Calle Nueva 7');
    expect(await screen.findByText('Se ha actualizado Nota Simple.')).toBeTruthy();
  });

  it("a 400's field errors are shown on the fields", async () => {
    const { dialog, field, onClose } = await openDialog();
    api.answer('updatequoteitem', {
      status: 400,
      body: {
        ok: false,
        message: 'Revisa los datos',
        errors: [{ path: 'form.direccion', message: 'El texto es demasiado largo' }],
      },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(field('Dirección del inmueble').getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain('El texto es demasiado largo');
    expect(document.activeElement).toBe(field('Dirección del inmueble'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('picking a municipality sets the municipality and its province', async () => {
    const { dialog, field } = await openDialog();
    api.answer('updatequoteitem', { status: 200, body: { ok: true, config: getConfig(), item } });
    await userEvent.clear(field('Municipio'));
    await userEvent.type(field('Municipio'), 'Sego');
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Segovia (Segovia)' }));
    expect(dialog.textContent).toContain('Provincia: Segovia');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(api.received.some((r) => r.url.includes('updatequoteitem'))).toBe(true));
    const post = api.received.find((r) => r.url.includes('updatequoteitem'));
    expect((post?.body as { form?: object } | undefined)?.form).toMatchObject({
      municipio: 'Segovia',
      provincia: 'Segovia',
    });
  });

  it.each([
    [
      'Cancelar',
      async (dialog: HTMLElement) =>
        userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' })),
    ],
    ['Escape', async () => userEvent.keyboard('{Escape}')],
    [
      'the close button',
      async (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' })),
    ],
  ])('%s closes without a call', async (_, close) => {
    const { dialog, onClose } = await openDialog();
    await close(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.received).toEqual([]);
  });
});
