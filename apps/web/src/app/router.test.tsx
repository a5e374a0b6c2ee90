import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app.tsx';

describe('routes under the /app prefix', () => {
  it.each([
    ['/app', '/app/servicios', ''],
    ['/app/', '/app/servicios', ''],
    ['/app/does-not-exist?store_id=16', '/app/servicios', '?store_id=16'],
    [
      '/app/nota-simple/step9/deep?store_id=14&utm_source=a%26b',
      '/app/servicios',
      '?store_id=14&utm_source=a%26b',
    ],
    ['/elsewhere?x=1', '/app/servicios', '?x=1'],
  ])('%s lands on the services screen keeping the query', async (url, pathname, search) => {
    await renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: '¿Qué servicio deseas?' })).toBeTruthy();
    expect(window.location.pathname).toBe(pathname);
    expect(window.location.search).toBe(search);
  });

  it('keeps the services reset route', async () => {
    await renderApp('/app/servicios/reset');
    expect(await screen.findByRole('heading', { level: 1, name: '¿Qué servicio deseas?' })).toBeTruthy();
    expect(window.location.pathname).toBe('/app/servicios/reset');
  });

  it.each([
    [14, 'Acerca de este servicio', /Fuente: INE/],
    [16, 'Sobre este serviço', /Fonte: INE/],
    [18, 'About this service', /Source: INE/],
  ])('store %i: the lazy about page shows the data attribution', async (storeId, heading, attribution) => {
    await renderApp('/app/about', { store_id: storeId });
    const title = await screen.findByRole('heading', { level: 1, name: heading });
    expect(title.closest('article')?.textContent).toMatch(attribution);
    expect(title.closest('article')?.textContent).toMatch(/CC BY 4\.0/);
    await waitFor(() => expect(document.title).toBe(`${heading} | Portal ${storeId}`));
  });

  it.each([
    [14, 'Fuente: INE', null],
    [16, 'Fonte: INE', /Fuente/],
    [18, 'Source: INE', /Fuente/],
  ])("store %i: the footer cites INE in the store's language", async (storeId, cite, foreign) => {
    await renderApp('/app/servicios', { store_id: storeId });
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain(cite);
    if (foreign) expect(footer.textContent).not.toMatch(foreign);
  });

  it('the footer links to the about page', async () => {
    await renderApp('/app/servicios');
    const link = screen.getByRole('link', { name: 'Acerca de este servicio y fuentes de datos' });
    expect(link.getAttribute('href')).toBe('/app/about');
  });

  it('embedded: routes live in the hash and the logo goes to services', async () => {
    await renderApp('/host-page.html?x=1#/nowhere', { embedded: true });
    expect(await screen.findByRole('heading', { level: 1, name: '¿Qué servicio deseas?' })).toBeTruthy();
    expect(window.location.pathname).toBe('/host-page.html');
    expect(window.location.hash).toBe('#/servicios');
    expect(screen.getByRole('link', { name: 'Portal 14: página principal' }).getAttribute('href')).toBe(
      '#/servicios',
    );
  });
});
