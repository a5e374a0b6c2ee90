import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlowForm } from '../../../shared/wizard/flow-store.ts';
import { dropWizardCaches } from '../../../shared/wizard/wizard-store.ts';
import { filled, setupNotaSimple } from '../testing/nota-simple.ts';

const server = setupNotaSimple();
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

describe('Nota Simple step0: the all-in price before any question', () => {
  it('shows 20,76 € with the official fee, our fee and VAT, and starts at step1', async () => {
    await server.open('/app/nota-simple/step0?store_id=14');
    expect(await heading('Nota Simple del Registro de la Propiedad')).toBeTruthy();
    await screen.findByText('Tasa oficial (suplido, sin IVA)');
    const split = screen.getByText('Total, todo incluido').closest('dl') as HTMLElement;
    expect(split.textContent).toContain('10,91\u00a0€');
    expect(split.textContent).toContain('8,14\u00a0€');
    expect(split.textContent).toContain('1,71\u00a0€');
    expect(split.textContent).toContain('20,76\u00a0€');
    expect(screen.getByText(/Precio total: 20,76/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar' }));
    expect(await heading('Titular del inmueble')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/app/nota-simple/step1?store_id=14');
    expect(getFlowForm('nota-simple').quiere_una_ns).toBe(true);
    await waitFor(() => expect(document.title).toBe('Solicitar Nota Simple | Portal 14'));
  });
});

describe("Nota Simple prices: the server's definition (GET product?id=15867)", () => {
  it('follows a change an operator makes in the catalogue, urgent delivery included', async () => {
    server.changeProduct(15867, {
      price: 2500,
      options: [
        {
          option_id: 411,
          title: 'Plazo de entrega',
          type: 'radio',
          default: '5901',
          opt_values: [
            { id: 5901, name: 'Estándar', price: 0 },
            { id: 3782, name: 'Urgente', price: 1200 },
          ],
        },
      ],
    });
    filled(['step0', 'step1', 'step2', 'step3', 'step4']);
    await server.open('/app/nota-simple/step42?store_id=14');
    await heading('Plazo de entrega');
    expect(await screen.findByText(/Precio total: 25 €/)).toBeTruthy();
    await userEvent.click(
      await screen.findByRole('radio', {
        name: 'Urgente: Recibir hoy antes de 4 horas laborables (+12\u00a0€)',
      }),
    );
    expect(screen.getByText(/Precio total: 37 €/)).toBeTruthy();
  });
});

describe('Nota Simple step1: owner known?', () => {
  it('asks to choose, then requires the name when known', async () => {
    await server.open('/app/nota-simple/step1');
    await heading('Titular del inmueble');
    expect(screen.getByText('Paso 1 de 7')).toBeTruthy();
    await next();
    const group = screen.getByRole('group', { name: '¿Conoces el nombre del titular del inmueble?' });
    expect(within(group).getByRole('alert').textContent).toBe('Elige una opción');
    await userEvent.click(screen.getByRole('radio', { name: 'Sí, lo conozco' }));
    await next();
    const name = screen.getByRole('textbox', { name: 'Nombre y apellidos o razón social del titular' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio');
    await userEvent.type(name, 'Ana García López');
    await next();
    await heading('Dirección del inmueble');
    expect(getFlowForm('nota-simple')).toMatchObject({
      conoce_nombre_propietario: true,
      nombre: 'Ana García López',
      step2: true,
    });
  });

  it('an unknown owner is allowed: the name is cleared', async () => {
    filled([], { conoce_nombre_propietario: true, nombre: 'Luis' });
    await server.open('/app/nota-simple/step1');
    await heading('Titular del inmueble');
    await userEvent.click(screen.getByRole('radio', { name: 'No, no lo conozco' }));
    await next();
    await heading('Dirección del inmueble');
    expect(getFlowForm('nota-simple')).toMatchObject({ conoce_nombre_propietario: false, nombre: '' });
  });
});

describe('Nota Simple step2 and step3', () => {
  it('step2 requires the address', async () => {
    filled(['step1'], { direccion: '' });
    await server.open('/app/nota-simple/step2');
    await heading('Dirección del inmueble');
    await next();
    expect(screen.getByRole('textbox', { name: 'Dirección del inmueble' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Dirección del inmueble' }),
      'Calle Real 5, 2º B',
    );
    await next();
    await heading('Municipio del inmueble');
  });

  it('step3: picking a municipality fills the province (editable); a reload keeps what was typed', async () => {
    filled(['step1', 'step2'], { municipio: '', provincia: '' });
    await server.open('/app/nota-simple/step3?store_id=14');
    await heading('Municipio del inmueble');
    await next();
    expect(screen.getByRole('combobox', { name: 'Municipio' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Provincia' }).getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByRole('combobox', { name: 'Municipio' }), 'Rozas');
    await userEvent.click(await screen.findByRole('option', { name: 'Las Rozas de Madrid (Madrid)' }));
    expect((screen.getByRole('textbox', { name: 'Provincia' }) as HTMLInputElement).value).toBe('Madrid');
    expect(server.requests()).toContain('/registros.php?app=1&term=Rozas');
    // A reload: the page starts again from storage.
    cleanup();
    dropWizardCaches();
    await server.open('/app/nota-simple/step3?store_id=14');
    await heading('Municipio del inmueble');
    expect((screen.getByRole('combobox', { name: 'Municipio' }) as HTMLInputElement).value).toBe(
      'Las Rozas de Madrid',
    );
    expect((screen.getByRole('textbox', { name: 'Provincia' }) as HTMLInputElement).value).toBe('Madrid');
  });

  it('step3 help opens a 500px dialog and closes with Escape', async () => {
    filled(['step1', 'step2']);
    await server.open('/app/nota-simple/step3');
    await heading('Municipio del inmueble');
    await userEvent.click(screen.getByRole('button', { name: '¿No encuentras el municipio?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cómo encontrar el municipio' });
    expect(dialog.getAttribute('style')).toContain('500px');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Nota Simple step4 and its branches', () => {
  it.each([
    ['Las Rozas de Madrid', 'Madrid', 'Plazo de entrega', '/app/nota-simple/step42'],
    ['Madrid', 'Madrid', 'Plazo de entrega', '/app/nota-simple/step42'],
    ['Barcelona', 'Barcelona', '¿Quién solicita la nota simple?', '/app/nota-simple/step5'],
    ['Puebla de Sanabria', 'Zamora', 'Este Registro suele tardar más', '/app/nota-simple/step41'],
  ])('%s (%s) goes on to %s', async (municipio, provincia, title, path) => {
    filled(['step1', 'step2', 'step3'], { municipio, provincia, servicio_urgente: true });
    await server.open('/app/nota-simple/step4');
    await heading('Otros datos del Registro');
    expect(screen.getByRole('textbox', { name: 'Datos registrales (opcional)' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Siguiente' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await next();
    await heading(title);
    expect(window.location.pathname).toBe(path);
    // A branch that does not apply drops a stale urgent choice.
    expect(getFlowForm('nota-simple').servicio_urgente).toBe(path.endsWith('step42'));
  });

  it('step42: the urgent service with the store copy adds 9,90', async () => {
    filled(['step1', 'step2', 'step3', 'step4']);
    await server.open('/app/nota-simple/step42');
    await heading('Plazo de entrega');
    await screen.findByText(/Precio total: 20,76/);
    await userEvent.click(
      await screen.findByRole('radio', {
        name: 'Urgente: Recibir hoy antes de 4 horas laborables (+9,90\u00a0€)',
      }),
    );
    expect(screen.getByText(/Precio total: 30,66/)).toBeTruthy();
    await next();
    await heading('¿Quién solicita la nota simple?');
    expect(getFlowForm('nota-simple')).toMatchObject({ servicio_urgente: true, step52: true });
  });

  it('step41: the slow registry warns with its hours and offers the custom urgent handling', async () => {
    filled(['step1', 'step2', 'step3', 'step4'], { municipio: 'Puebla de Sanabria', provincia: 'Zamora' });
    await server.open('/app/nota-simple/step41');
    await heading('Este Registro suele tardar más');
    expect((await screen.findByRole('note')).textContent).toContain('Plazo habitual: 48 horas laborables.');
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Gestión urgente con el Registro (+9,90\u00a0€)' }),
    );
    await next();
    await heading('¿Quién solicita la nota simple?');
    expect(getFlowForm('nota-simple')).toMatchObject({
      servicio_urgente_custom: true,
      servicio_urgente_custom_hours: 48,
      step51: true,
    });
  });
});

describe('Nota Simple step5: requester identity and legitimate interest', () => {
  it('requires a valid NIF / NIE / CIF and an interest', async () => {
    filled(['step1', 'step2', 'step3', 'step4']);
    await server.open('/app/nota-simple/step5');
    await heading('¿Quién solicita la nota simple?');
    await next();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Este campo es obligatorio',
      'Este campo es obligatorio',
      'Este campo es obligatorio',
    ]);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Tu nombre y apellidos o razón social' }),
      'Pedro Ruiz',
    );
    const id = screen.getByRole('textbox', { name: 'Tu DNI, NIE o CIF' });
    await userEvent.type(id, '12345678a');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Interés legítimo' }), 'Herencia');
    await next();
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('El número de identificación fiscal no es válido');
    await userEvent.clear(id);
    await userEvent.type(id, '12345678z');
    await next();
    await heading('Revisa tu Nota Simple');
    expect(getFlowForm('nota-simple')).toMatchObject({
      solicitante_documento: '12345678Z',
      interes_legitimo: 'Herencia',
    });
  });
});
