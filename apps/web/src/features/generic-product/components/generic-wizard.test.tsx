import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveServer, startLiveServer } from '../../../testing/live-server.ts';
import { renderLive, savedGenericForm } from '../../../testing/render-live.tsx';

// The generic wizard against the real server and the seed catalogue: 18458
// (notarial deed copy) through both branches of 1655, going back, the
// confirmation gate, confirm questions and related products.

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
}, 120_000);
afterAll(() => server?.stop());

const user = () => userEvent.setup();
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const next = (u: ReturnType<typeof user>) => u.click(screen.getByRole('button', { name: 'Siguiente' }));
const path = () => window.location.pathname;
const priceText = () => screen.getByText(/^Precio: /).textContent;
const stepLine = (step: number) => screen.getByText(`Copia de escritura · Paso ${step}`);

async function pickMunicipality(u: ReturnType<typeof user>, label: string, term: string, option: string) {
  await u.type(screen.getByRole('combobox', { name: label }), term);
  await u.click(await screen.findByRole('option', { name: option }, { timeout: 5000 }));
}

describe('generic wizard: notarial deed copy 18458', () => {
  it('asks one option per step, follows the 1655 branches, truncates on going back and gates the confirmation', async () => {
    const u = user();
    await renderLive(server, '/app/product/step4/18458');
    // A later step than the current one redirects to the current one.
    await heading('Tipo de escritura');
    expect(path()).toBe('/app/product/step1/18458');
    expect(stepLine(1)).toBeTruthy();
    expect(priceText()).toBe('Precio: 59\u00a0€');
    // The product's intro says what the shop is (issue 18 item 6): the first step's notice, besides the footer's.
    expect(screen.getAllByTestId('official-notice')[0]?.textContent).toMatch(/servicio privado/);

    // Required: Next without an answer says so, tied to the field.
    await next(u);
    const select = screen.getByRole('combobox', { name: 'Tipo de escritura' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio');
    await u.selectOptions(select, 'Compraventa');
    await next(u);

    // 2302 radio with its default; the price follows the choice live.
    await heading('Tipo de copia');
    expect(path()).toBe('/app/product/step2/18458');
    expect((screen.getByRole('radio', { name: /Copia simple/ }) as HTMLInputElement).checked).toBe(true);
    await u.click(screen.getByRole('radio', { name: /Copia autorizada/ }));
    expect(priceText()).toBe('Precio: 79\u00a0€');
    await next(u);

    await heading('Municipio donde se firmó la escritura');
    await pickMunicipality(u, 'Municipio donde se firmó la escritura', 'Sevil', 'Sevilla (Sevilla)');
    await next(u);

    await heading('¿Conoces el notario y el número de protocolo?');
    await u.click(screen.getByRole('radio', { name: /^Sí, conozco/ }));
    await next(u);

    // Branch 4324: notary, protocol, deed date.
    await heading('Nombre del notario');
    await u.type(screen.getByRole('textbox', { name: 'Nombre del notario' }), 'Ana Pérez');
    await next(u);
    await heading('Número de protocolo');
    await u.type(screen.getByRole('textbox', { name: 'Número de protocolo' }), '1234');
    await next(u);
    await heading('Fecha de la escritura');
    const date = screen.getByRole('textbox', { name: /Fecha de la escritura/ });
    await u.type(date, '31-feb-2015');
    await next(u);
    expect(screen.getByRole('alert').textContent).toBe('La fecha no es válida');
    await u.clear(date);
    await u.type(date, '12-mar-2015');
    await next(u);
    await heading('Observaciones');
    await next(u); // optional, left blank

    // Confirmation: summary, the confirm question (2302 = 6309), the related product (2301 in the list).
    await heading('Revisa tu pedido');
    expect(path()).toBe('/app/product/confirmation/18458');
    expect(savedGenericForm().values.map((v) => v.option_id)).toEqual([
      2301, 2302, 2303, 1655, 2304, 2305, 2306, 2308,
    ]);
    expect(savedGenericForm().values.find((v) => v.option_id === 2306)?.value).toBe('12/03/2015');
    expect(screen.getByText('Sevilla (Sevilla)')).toBeTruthy();
    expect(screen.getByText('Total: 79 €')).toBeTruthy();
    await u.click(
      screen.getByRole('checkbox', { name: 'Nota Simple actualizada del inmueble (+20,76\u00a0€)' }),
    );
    expect(screen.getByText('Total: 99,76 €')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Añadir al pedido' }));
    const relation = screen.getByRole('combobox', { name: '¿Cuál es tu relación con la escritura?' });
    expect(relation.getAttribute('aria-invalid')).toBe('true');
    expect(path()).toBe('/app/product/confirmation/18458');

    // Going back to step 4 truncates the answers to the first three.
    await u.click(
      screen.getByRole('link', { name: 'Cambiar: ¿Conoces el notario y el número de protocolo?' }),
    );
    await heading('¿Conoces el notario y el número de protocolo?');
    await waitFor(() =>
      expect(savedGenericForm().values.map((v) => v.option_id)).toEqual([2301, 2302, 2303]),
    );
    // The dropped answer stays in the field.
    expect((screen.getByRole('radio', { name: /^Sí, conozco/ }) as HTMLInputElement).checked).toBe(true);
    // The same answers (the dropped ones are still held) and the ticked add-on: the same price (issue 18).
    expect(priceText()).toBe('Precio: 99,76\u00a0€');
    // Confirmation cannot be entered any more: back to the current step.
    window.history.pushState(null, '', '/app/product/confirmation/18458');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(path()).toBe('/app/product/step4/18458'));

    // Branch 6310: the search data, 1660 preset by previous_steps_default, 2307 only before 1926 (ltdate).
    await u.click(screen.getByRole('radio', { name: /^No, necesito/ }));
    await next(u);
    await heading('Nombre y apellidos de los firmantes');
    expect(stepLine(5)).toBeTruthy();
    await u.type(screen.getByRole('textbox', { name: 'Nombre y apellidos de los firmantes' }), 'Luis Gómez');
    await next(u);
    await heading(/Dirección del inmueble/);
    await next(u);
    await heading('Fecha aproximada de la firma');
    await u.type(screen.getByRole('textbox', { name: /Fecha aproximada de la firma/ }), '01/01/1920');
    await next(u);
    await heading('Alcance de la búsqueda');
    expect(
      (screen.getByRole('radio', { name: /En las notarías del municipio/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await next(u);
    await heading(/Archivo Histórico Provincial/);
    expect(stepLine(9)).toBeTruthy();
    // Back to the date: a later date makes 2307 disappear.
    await u.click(screen.getByRole('button', { name: 'Atrás' }));
    await heading('Alcance de la búsqueda');
    await u.click(screen.getByRole('button', { name: 'Atrás' }));
    await heading('Fecha aproximada de la firma');
    const approx = screen.getByRole('textbox', { name: /Fecha aproximada de la firma/ });
    expect((approx as HTMLInputElement).value).toBe('01/01/1920');
    await u.clear(approx);
    await u.type(approx, '01/01/1990');
    await next(u);
    await heading('Alcance de la búsqueda');
    await next(u);
    await heading('Observaciones');
    expect(stepLine(9)).toBeTruthy();
    await next(u);

    await heading('Revisa tu pedido');
    expect(savedGenericForm().values.map((v) => v.option_id)).toEqual([
      2301, 2302, 2303, 1655, 1653, 1654, 1699, 1660, 2308,
    ]);
    // The related product ticked before is still offered (2301 = Compraventa) and still ticked.
    expect(screen.getByText('Total: 99,76 €')).toBeTruthy();
    await u.selectOptions(
      screen.getByRole('combobox', { name: '¿Cuál es tu relación con la escritura?' }),
      'Soy uno de los firmantes',
    );
    await u.click(screen.getByRole('button', { name: 'Añadir al pedido' }));
    await waitFor(() => expect(path()).toBe('/app/cart/add/product'));
    expect(savedGenericForm().confirm_values).toEqual([{ option_id: 2309, value: '6315' }]);
    // cart/add/product posts the saved form; the server prices it as the wizard showed.
    expect(
      await screen.findByText('Se ha añadido Copia de escritura a tu pedido.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    type Line = { product_id: number; current_price: number; childs: Line[] };
    const cart = await server.call<{ cart: { items: Line[]; total: number } }>('GET', 'cart');
    // The Nota Simple is its own line under the deed (ADR 027); together they are the price shown.
    expect(cart.body.cart.items).toMatchObject([
      { product_id: 18458, current_price: 7900, childs: [{ product_id: 15867, current_price: 2076 }] },
    ]);
    expect(cart.body.cart.total).toBe(9976);
  }, 60_000);

  it('sends the visitor to services, silently, when the product cannot be loaded', async () => {
    await renderLive(server, '/app/product/step1/99999');
    await heading('¿Qué servicio deseas?');
    expect(path()).toBe('/app/servicios');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
