import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlowForm } from '../../../shared/wizard/flow-store.ts';
import { filled, setupNotaSimple } from '../testing/nota-simple.ts';

const server = setupNotaSimple();
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('Nota Simple routes', () => {
  it('step4 opened directly lands on step1 with the query kept', async () => {
    await server.open('/app/nota-simple/step4?store_id=14&utm_source=mail%26news');
    await heading('Titular del inmueble');
    expect(window.location.pathname + window.location.search).toBe(
      '/app/nota-simple/step1?store_id=14&utm_source=mail%26news',
    );
  });

  it.each([16, 26, 28])('store %i refuses the flow: services, query kept', async (storeId) => {
    await server.open(`/app/nota-simple/step1?store_id=${storeId}`, storeId);
    await heading('Que serviço deseja?');
    expect(window.location.pathname + window.location.search).toBe(`/app/servicios?store_id=${storeId}`);
  });

  it('an unknown step goes to services; the bare path to the intro', async () => {
    await server.open('/app/nota-simple/step9?store_id=14');
    await heading('¿Qué servicio deseas?');
    expect(window.location.pathname).toBe('/app/servicios');
  });
});

describe('Nota Simple step6: summary and add to cart', () => {
  it('lists the answers with edit links, shows the all-in price and saves the form for cart/add/ns', async () => {
    filled(['step0', 'step1', 'step2', 'step3', 'step4', 'step42', 'step5'], {
      solicitante_nombre: 'Pedro Ruiz',
      solicitante_documento: '12345678Z',
      interes_legitimo: 'Herencia',
    });
    await server.open('/app/nota-simple/step6?store_id=14');
    await heading('Revisa tu Nota Simple');
    expect(screen.getByText('Paso 7 de 7')).toBeTruthy();
    expect(screen.getByText('Desconocido')).toBeTruthy();
    expect(screen.getByText('Las Rozas de Madrid (Madrid)')).toBeTruthy();
    expect(screen.getByText(/Servicio urgente: Recibir hoy antes de 4 horas laborables/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Modificar Dirección del inmueble' }).getAttribute('href')).toBe(
      '/app/nota-simple/step2?store_id=14',
    );
    await screen.findByText('Tasa oficial (suplido, sin IVA)');
    expect(screen.getByText(/Precio total: 20,76/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al pedido' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/cart/add/ns'));
    expect(window.location.search).toBe('?store_id=14');
    const saved = JSON.parse(localStorage.getItem('last_ns_form') ?? '{}');
    expect(saved.form).toMatchObject({
      quiere_una_ns: true,
      step7: true,
      direccion: 'Calle Mayor 1',
      nombre: '',
    });
    expect(getFlowForm('nota-simple').step7).toBe(true);
  });
});
