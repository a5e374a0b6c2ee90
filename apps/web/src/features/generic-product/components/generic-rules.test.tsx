import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveServer, startLiveServer } from '../../../testing/live-server.ts';
import { renderLive, savedGenericForm } from '../../../testing/render-live.tsx';

// Early checkout ('Finalizar ahora') on the seed catalogue's two products with
// conditions_to_earlycheckout: 18346 ('and') and 18511 ('or'); previous-step
// conditions eq with a list and gtdate/ltdate deciding the next step; the
// confirmation gate; a reload keeping the form; questions shown only when their
// conditions hold.

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
}, 120_000);
afterAll(() => server?.stop());

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const path = () => window.location.pathname;
const early = () => screen.queryByRole('button', { name: 'Finalizar ahora' });

/** A saved generic form as the wizards' store keeps it (`{ savedAt, form }`), as a reload finds it. */
function saveForm(form: object) {
  window.sessionStorage.setItem('last_generic_form', JSON.stringify({ savedAt: Date.now(), form }));
}

describe("early checkout, type 'and' (18346: 2481 = 6481 and 2482 = 6484)", () => {
  it('appears only when every condition holds and leads to the confirmation with its extra fields', async () => {
    const u = userEvent.setup();
    await renderLive(server, '/app/product/confirmation/18346');
    // Not ready: the confirmation sends the visitor to the current step.
    await heading('¿Has terminado de pagar la hipoteca?');
    expect(path()).toBe('/app/product/step1/18346');
    await u.click(screen.getByRole('radio', { name: 'Sí, está totalmente pagada' }));
    expect(early()).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Siguiente' }));

    await heading('¿Tienes el certificado de deuda cero del banco?');
    await u.click(screen.getByRole('radio', { name: 'Sí, ya lo tengo' }));
    expect(early()).toBeNull();
    await u.click(screen.getByRole('radio', { name: 'No, pedidlo vosotros' }));
    await u.click(await screen.findByRole('button', { name: 'Finalizar ahora' }));

    await heading('Revisa tu pedido');
    expect(path()).toBe('/app/product/confirmation/18346');
    expect(savedGenericForm().values.map((v) => [v.option_id, v.value])).toEqual([
      [2481, '6481'],
      [2482, '6484'],
    ]);
    // The early-checkout extra fields are required.
    await u.click(screen.getByRole('button', { name: 'Añadir al pedido' }));
    const phone = screen.getByRole('textbox', { name: 'Teléfono de contacto' });
    const when = screen.getByRole('combobox', { name: '¿Cuándo prefieres que te llamemos?' });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(when.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Responde a las preguntas marcadas para continuar.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(phone));
    await u.type(phone, '600123123');
    await u.selectOptions(when, 'Por la tarde (15-19 h)');
    expect(screen.getByText('Total: 249 €')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Añadir al pedido' }));
    expect(
      await screen.findByText('Se ha añadido Cancelación de hipoteca a tu pedido.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const cart = await server.call<{
      cart: { items: { product_id: number; options: { option_id: number }[] }[] };
    }>('GET', 'cart');
    expect(cart.body.cart.items[0]?.options.map((o) => o.option_id).sort()).toEqual([2481, 2482, 2489, 2490]);
  }, 60_000);
});

describe("early checkout, type 'or' (18511: 2721 = 6722 or 6723)", () => {
  it('is offered on the first step as soon as one listed value is chosen', async () => {
    const u = userEvent.setup();
    await renderLive(server, '/app/product/step1/18511', 1);
    await heading('¿En qué situación estás?');
    await u.click(screen.getByRole('radio', { name: 'Aún no la he solicitado' }));
    expect(early()).toBeNull();
    await u.click(
      screen.getByRole('radio', { name: 'Me han reconocido un grado inferior al que me corresponde' }),
    );
    await u.click(await screen.findByRole('button', { name: 'Finalizar ahora' }));
    await heading('Revisa tu pedido');
    expect(screen.getByRole('textbox', { name: 'Teléfono de contacto' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Cuéntanos brevemente tu caso/ })).toBeTruthy();
    // Going back to step 1 and choosing a value that is not listed closes the early exit.
    await u.click(screen.getByRole('button', { name: 'Atrás' }));
    await heading('¿En qué situación estás?');
    await u.click(screen.getByRole('radio', { name: 'Aún no la he solicitado' }));
    expect(early()).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Siguiente' }));
    await heading('Grado que solicitas');
    window.history.pushState(null, '', '/app/product/confirmation/18511');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await heading('Grado que solicitas');
    expect(path()).toBe('/app/product/step2/18511');
  }, 30_000);
});

describe('the saved form (sessionStorage last_generic_form)', () => {
  const value = (option_id: number, type: string, v: string) => ({
    option_id,
    product_id: 18458,
    type,
    value: v,
  });
  const answered = [
    value(2301, 'drop_down', '6305'),
    value(2302, 'radio', '6308'),
    value(2303, 'municipio', 'Sevilla (Sevilla)'),
    value(1655, 'radio', '4324'),
    value(2304, 'field', 'Ana Pérez'),
    value(2305, 'field', '77'),
    value(2306, 'date', ''),
    value(2308, 'area', ''),
  ];

  it('a reload keeps the answers: the wizard resumes at the current step, its draft in the field', async () => {
    saveForm({ product_id: 18458, values: answered.slice(0, 4), drafts: { 2304: 'Ana P' } });
    await renderLive(server, '/app/product/step5/18458', 14, { keepStorage: true });
    await heading('Nombre del notario');
    expect((screen.getByRole('textbox', { name: 'Nombre del notario' }) as HTMLInputElement).value).toBe(
      'Ana P',
    );
  });

  it('hides the confirm question whose condition fails and offers no related product outside its conditions', async () => {
    saveForm({ product_id: 18458, values: answered });
    await renderLive(server, '/app/product/confirmation/18458', 14, { keepStorage: true });
    await heading('Revisa tu pedido');
    expect(screen.queryByRole('combobox', { name: '¿Cuál es tu relación con la escritura?' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('Poder notarial')).toBeTruthy();
    expect(screen.getAllByText('Sin respuesta')).toHaveLength(2);
    expect(screen.getByText('Total: 59 €')).toBeTruthy();
  });

  it('keeps origin and origin_id from the query string for addgenericWithAssociation', async () => {
    const u = userEvent.setup();
    await renderLive(server, '/app/product/step1/18458?origin=ns&origin_id=42');
    await heading('Tipo de escritura');
    await waitFor(() =>
      expect(savedGenericForm()).toMatchObject({ product_id: 18458, origin: 'ns', origin_id: '42' }),
    );
    await u.selectOptions(screen.getByRole('combobox', { name: 'Tipo de escritura' }), '6301');
    await u.click(screen.getByRole('button', { name: 'Siguiente' }));
    await heading('Tipo de copia');
    expect(window.location.search).toBe('?origin=ns&origin_id=42');
    expect(savedGenericForm()).toMatchObject({
      origin: 'ns',
      origin_id: '42',
      values: [{ option_id: 2301 }],
    });
  });
});

describe('previous-step conditions decide the next step', () => {
  const next = (u: ReturnType<typeof userEvent.setup>) =>
    u.click(screen.getByRole('button', { name: 'Siguiente' }));

  it('gtdate and ltdate (18505: 2624 after 31/12/1949; 2628 before 01/01/1950 with 2625 = 6622)', async () => {
    const u = userEvent.setup();
    await renderLive(server, '/app/product/step1/18505', 1);
    await heading('Nombre y apellidos del inscrito');
    await u.type(screen.getByRole('textbox', { name: 'Nombre y apellidos del inscrito' }), 'Ana Pérez');
    await next(u);
    await heading('Fecha de nacimiento');
    await u.type(screen.getByRole('textbox', { name: 'Fecha de nacimiento' }), '01/01/1950');
    await next(u);
    await heading('Lugar de nacimiento');
    await u.type(screen.getByRole('combobox', { name: 'Lugar de nacimiento' }), 'Sevil');
    await u.click(await screen.findByRole('option', { name: 'Sevilla (Sevilla)' }, { timeout: 5000 }));
    await next(u);
    // Born after 31/12/1949: the DNI is asked.
    await heading(/DNI del inscrito/);
    await u.click(screen.getByRole('button', { name: 'Atrás' }));
    await heading('Lugar de nacimiento');
    await u.click(screen.getByRole('button', { name: 'Atrás' }));
    await heading('Fecha de nacimiento');
    const date = screen.getByRole('textbox', { name: 'Fecha de nacimiento' });
    await u.clear(date);
    // 31/12/1949 is not after itself: no DNI; it is before 1950: the book search comes.
    await u.type(date, '31/12/1949');
    await next(u);
    await heading('Lugar de nacimiento');
    await next(u);
    await heading('¿Conoces el tomo y la página de la inscripción?');
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    await next(u);
    await heading('Búsqueda en los libros del Registro Civil');
    expect(
      (screen.getByRole('radio', { name: /En el Registro Civil del lugar/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(savedGenericForm().values.map((v) => v.option_id)).toEqual([2621, 2622, 2623, 2625]);
  }, 30_000);

  it('eq with a list (18511: 2723 and 2724 when 2721 is 6722 or 6723)', async () => {
    const u = userEvent.setup();
    await renderLive(server, '/app/product/step1/18511', 1);
    await heading('¿En qué situación estás?');
    await u.click(screen.getByRole('radio', { name: 'El INSS me la ha denegado' }));
    await next(u);
    await heading('Grado que solicitas');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Grado que solicitas' }), '6725');
    await next(u);
    await heading('Fecha de la resolución del INSS');
    await u.click(screen.getByRole('button', { name: 'Atrás' }));
    await heading('Grado que solicitas');
    await u.click(screen.getByRole('button', { name: 'Atrás' }));
    await heading('¿En qué situación estás?');
    await u.click(screen.getByRole('radio', { name: 'Aún no la he solicitado' }));
    await next(u);
    await heading('Grado que solicitas');
    await next(u);
    await heading('Profesión habitual');
  }, 30_000);
});
