import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';

describe('services screen', () => {
  it.each([
    [14, '¿Qué servicio deseas?', 'Servicios', ['Certificado energético']],
    [1, '¿Qué servicio deseas?', 'Servicios', ['Certificado energético', 'Copia de escritura notarial']],
    [16, 'Que serviço deseja?', 'Serviços', ['Registo de marca em Portugal']],
    [26, 'Que serviço deseja?', 'Serviços', ['Registo de marca em Portugal']],
    [18, 'Which service do you need?', 'Services', ['Birth certificate']],
  ])('store %i asks %s and lists its products', async (storeId, question, title, names) => {
    await renderApp(`/app/servicios?store_id=${storeId}`, { store_id: storeId });
    const heading = screen.getByRole('heading', { level: 1, name: question });
    const list = within(heading.closest('section') as HTMLElement).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(names);
    await waitFor(() => expect(document.title).toBe(`${title} | Portal ${storeId}`));
  });

  it('says so when the store offers nothing', async () => {
    await renderApp('/app/servicios', { store_id: 21 });
    expect(screen.getByText('Ahora mismo no hay servicios disponibles en esta tienda.')).toBeTruthy();
  });

  it('the logo links to the portal homepage', async () => {
    await renderApp('/app/servicios', { homepage: 'https://www.registro.example/' });
    expect(screen.getByRole('link', { name: 'Portal 14: página principal' }).getAttribute('href')).toBe(
      'https://www.registro.example/',
    );
  });
});
