import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  blankFlowForm,
  type PropertiesSearchDraft,
  withStepFlag,
} from '../../../shared/wizard/flow-forms.ts';
import { getFlowForm, setFlowForm } from '../../../shared/wizard/flow-store.ts';
import { dropWizardCaches } from '../../../shared/wizard/wizard-store.ts';
import { companyHit, setupFakeApi } from '../../../testing/fake-api.ts';

const api = setupFakeApi({
  companies: [
    companyHit('Construcciones Norte SL', 'B12345674'),
    companyHit('Norte Inversiones SA', 'A58818501'),
  ],
});
beforeEach(() => {
  localStorage.clear();
  dropWizardCaches();
});

const open = (url: string, storeId = 14) => api.open(url, { store_id: storeId });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

function filled(steps: string[], patch: Partial<PropertiesSearchDraft> = {}) {
  let form: PropertiesSearchDraft = { ...blankFlowForm('q-propiedades'), opcion_persona: true, ...patch };
  for (const step of steps) form = withStepFlag('q-propiedades', form, step, true);
  setFlowForm('q-propiedades', form);
}

describe("Conocer propiedades prices: the server's definitions", () => {
  it('the search and the located-property product of the subject (18324 a person, 18347 a company)', async () => {
    api.changeProduct(18357, { price: 1500 });
    api.changeProduct(18324, { price: 2200 });
    api.changeProduct(18347, { price: 3000 });
    filled(['step1', 'step2', 'step3'], {
      nombre_persona: 'Ana García',
      dni: '12345678Z',
      num_propiedades: '10',
    });
    await open('/app/q-propiedades/step4');
    await heading('¿Cuántas propiedades quieres localizar?');
    expect(await screen.findByText('15 € + 22 € por propiedad localizada')).toBeTruthy();
    expect(
      screen.getByRole('radio', { name: /Hasta 10 propiedades/ }).closest('label')?.textContent,
    ).toContain('235\u00a0€');
    cleanup();
    filled(['step1', 'step2', 'step3'], {
      opcion_persona: false,
      opcion_empresa: true,
      nombre_empresa: 'Norte SA',
      num_propiedades: '1',
    });
    await open('/app/q-propiedades/step4');
    expect(await screen.findByText('15 € + 30 € por propiedad localizada')).toBeTruthy();
  });
});

describe('Conocer propiedades: person', () => {
  it('step1 asks person or company, with the live price line', async () => {
    await open('/app/q-propiedades/step1?store_id=9', 9);
    await heading('¿A quién quieres buscar?');
    expect(screen.getByText('Paso 1 de 7')).toBeTruthy();
    expect(await screen.findByText('12 € + 20,76 € por propiedad localizada')).toBeTruthy();
    await next();
    expect(screen.getByRole('alert').textContent).toBe('Elige una opción');
    await userEvent.click(screen.getByRole('radio', { name: 'Una persona' }));
    await next();
    await heading('Nombre de la persona');
    expect(window.location.search).toBe('?store_id=9');
    await waitFor(() => expect(document.title).toBe('Conocer propiedades de alguien | Portal 9'));
  });

  it('step2 requires the name', async () => {
    filled(['step1']);
    await open('/app/q-propiedades/step2');
    await heading('Nombre de la persona');
    await next();
    expect(screen.getByRole('textbox', { name: 'Nombre y apellidos' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre y apellidos' }), 'Ana García');
    await next();
    await heading('DNI o NIE de la persona');
  });

  it.each([
    ['', 'Este campo es obligatorio'],
    ['12345678A', 'El NIF no es válido'],
    ['X1234567A', 'El NIF no es válido'],
  ])('step3 refuses the DNI %j: %s', async (dni, message) => {
    filled(['step1', 'step2'], { nombre_persona: 'Ana García' });
    await open('/app/q-propiedades/step3');
    await heading('DNI o NIE de la persona');
    if (dni) await userEvent.type(screen.getByRole('textbox', { name: 'DNI o NIE' }), dni);
    await next();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(window.location.pathname).toBe('/app/q-propiedades/step3');
  });

  it.each(['12345678Z', 'x1234567l', 'Y0000000Z'])('step3 accepts the DNI / NIE %s', async (dni) => {
    filled(['step1', 'step2'], { nombre_persona: 'Ana García' });
    await open('/app/q-propiedades/step3');
    await heading('DNI o NIE de la persona');
    await userEvent.type(screen.getByRole('textbox', { name: 'DNI o NIE' }), dni);
    await next();
    await heading('¿Cuántas propiedades quieres localizar?');
    expect(getFlowForm('q-propiedades').dni).toBe(dni.toUpperCase());
  });

  it('step4: the count is required and the maximum price follows the choice', async () => {
    filled(['step1', 'step2', 'step3'], { nombre_persona: 'Ana García', dni: '12345678Z' });
    await open('/app/q-propiedades/step4');
    await heading('¿Cuántas propiedades quieres localizar?');
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'all',
      '50',
      '25',
      '10',
      '3',
      '1',
    ]);
    await next();
    expect(screen.getByRole('alert').textContent).toBe('Elige una de las opciones disponibles');
    await userEvent.click(screen.getByRole('radio', { name: 'Hasta 10 propiedades' }));
    expect(screen.getByText('Como máximo 219,60 € si localizamos 10 propiedades')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Hasta 1 propiedad' }));
    expect(screen.getByText('Como máximo 32,76 € si localizamos 1 propiedad')).toBeTruthy();
    await next();
    await heading('¿Quién solicita la búsqueda?');
    expect(getFlowForm('q-propiedades').num_propiedades).toBe('1');
  });
});

describe('Conocer propiedades: company', () => {
  it('step2 searches companies (sociedad.php) and keeps free text; step3 CIF is optional but checked', async () => {
    filled(['step1'], { opcion_persona: false, opcion_empresa: true });
    await open('/app/q-propiedades/step2');
    await heading('Nombre de la empresa');
    const input = screen.getByRole('combobox', { name: 'Razón social' });
    await userEvent.type(input, 'Norte');
    await userEvent.click(await screen.findByRole('option', { name: 'Norte Inversiones SA (A58818501)' }));
    expect(getFlowForm('q-propiedades').nombre_empresa).toBe('Norte Inversiones SA');
    expect(api.paths()).toContain('/sociedad.php?app=1&sociedad=Norte');
    await userEvent.clear(input);
    await userEvent.type(input, 'Mi Empresa Nueva SL');
    await next();
    await heading('CIF de la empresa');
    expect(getFlowForm('q-propiedades').nombre_empresa).toBe('Mi Empresa Nueva SL');
    const cif = screen.getByRole('textbox', { name: 'CIF (opcional)' });
    await userEvent.type(cif, 'B12345678');
    await next();
    expect(screen.getByRole('alert').textContent).toBe('El CIF no es válido');
    await userEvent.clear(cif);
    await next();
    await heading('¿Cuántas propiedades quieres localizar?');
  });
});

describe('Conocer propiedades: requester, summary and add', () => {
  it('steps 5 and 6 ask identity and interest; step7 sends the form to cart/add/qpropiedades', async () => {
    filled(['step1', 'step2', 'step3', 'step4'], {
      nombre_persona: 'Ana García',
      dni: '12345678Z',
      num_propiedades: '3',
    });
    await open('/app/q-propiedades/step5?store_id=14');
    await heading('¿Quién solicita la búsqueda?');
    await next();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Tu nombre y apellidos o razón social' }),
      'Pedro Ruiz',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Tu DNI, NIE o CIF' }), 'B12345674');
    await next();
    await heading('¿Para qué necesitas la información?');
    await next();
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Interés legítimo' }),
      'Procedimiento judicial o asesoramiento legal',
    );
    await next();
    await heading('Revisa tu búsqueda');
    expect(screen.getByText('Hasta 3 propiedades')).toBeTruthy();
    expect(screen.getByText('Como máximo 74,28 € si localizamos 3 propiedades')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al pedido' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/cart/add/qpropiedades'));
    expect(window.location.search).toBe('?store_id=14');
    expect(JSON.parse(localStorage.getItem('last_qp_form') ?? '{}').form).toMatchObject({
      opcion_persona: true,
      nombre_persona: 'Ana García',
      dni: '12345678Z',
      num_propiedades: '3',
      solicitante_documento: 'B12345674',
      step7: true,
    });
  });

  it('a search from a Nota Simple records its origin and starts from the known owner', async () => {
    setFlowForm('nota-simple', {
      ...blankFlowForm('nota-simple'),
      conoce_nombre_propietario: true,
      nombre: 'Luis Pérez',
    });
    await open('/app/q-propiedades/step1?origin=ns&origin_id=1400000042');
    await heading('¿A quién quieres buscar?');
    await waitFor(() =>
      expect(getFlowForm('q-propiedades')).toMatchObject({
        proviene_de_ns: true,
        origin: 'ns',
        origin_id: '1400000042',
        nombre_persona: 'Luis Pérez',
      }),
    );
  });

  it.each([
    [
      '/app/q-propiedades/step5?store_id=14',
      14,
      '/app/q-propiedades/step1?store_id=14',
      '¿A quién quieres buscar?',
    ],
    ['/app/q-propiedades/step2?store_id=28', 28, '/app/servicios?store_id=28', 'Que serviço deseja?'],
  ])('%s goes to %s', async (url, storeId, landing, title) => {
    await open(url, storeId);
    await heading(title);
    expect(window.location.pathname + window.location.search).toBe(landing);
  });
});
