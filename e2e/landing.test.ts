import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { useShopPage } from './support/shop-page.ts';

// Spec 2 municipality landing pages: rendered on the server, readable without
// JavaScript, hydrated; the call to action opens the Nota Simple wizard with
// the municipality filled in.

const shop = useShopPage();
const h1 = (name: string | RegExp) => shop.page.getByRole('heading', { level: 1, name });
const next = () => shop.page.getByRole('button', { name: 'Siguiente' }).click();
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

describe('municipality landing pages (Chromium, real server)', () => {
  it('hydrates without errors and its call to action fills the municipality into the wizard', async () => {
    const { page, origin } = shop;
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${origin}/app/NotaSimpleRegistroPropiedad/alcala-de-henares?store_id=14`);
    await h1('Nota Simple del Registro de la Propiedad de Alcalá de Henares').waitFor();
    expect(await page.title()).toMatch(/^Nota Simple del Registro de la Propiedad de Alcalá de Henares \| /);
    // Hydrated: the breadcrumb's link navigates inside the app (no page load).
    await hydrated(page);
    expect(errors).toEqual([]);

    await page.getByRole('link', { name: 'Solicitar Nota Simple en Alcalá de Henares' }).first().click();
    await h1('Titular del inmueble').waitFor();
    // The call to action is a plain link: step 1 is a new, server-rendered page; its form works once hydrated.
    await page.waitForURL(/\/nota-simple\/step1/);
    await hydrated(page);
    await page.getByRole('radio', { name: 'No, no lo conozco' }).check();
    await next();
    await page.getByRole('textbox', { name: 'Dirección del inmueble' }).fill('Calle Mayor 1');
    await next();
    expect(await page.getByRole('combobox', { name: 'Municipio' }).inputValue()).toBe('Alcalá de Henares');
    expect(await page.getByRole('textbox', { name: 'Provincia' }).inputValue()).toBe('Madrid');
  });

  it('an unknown municipality answers 404 with the search, which finds the page', async () => {
    const { page, origin } = shop;
    const response = await page.goto(`${origin}/app/RegistroPropiedad/villa-que-no-existe?store_id=14`);
    expect(response?.status()).toBe(404);
    await h1('No encontramos ese municipio').waitFor();
    await page.getByRole('searchbox', { name: 'Municipio' }).fill('Getafe');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await h1('Registro de la Propiedad de Getafe').waitFor();
    expect(page.url()).toBe(`${origin}/app/RegistroPropiedad/getafe`);
  });

  it('a visit inside the app (back from the services screen) asks POST municipio/ and renders the page', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/RegistroPropiedad/getafe?store_id=14`);
    await hydrated(page);
    // The breadcrumb's link: a navigation inside the app.
    await page.locator('main').getByRole('link', { name: 'Servicios', exact: true }).click();
    await h1('¿Qué servicio deseas?').waitFor();
    const asked = page.waitForRequest((request) => request.url().includes('municipio'));
    await page.goBack();
    await asked;
    await h1('Registro de la Propiedad de Getafe').waitFor();
  });

  it('reads without JavaScript', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await browser.context.route('**/*.js', (route) => route.abort());
      await page.goto(`${shop.origin}/app/RegistroPropiedad/getafe?store_id=14`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Registro de la Propiedad de Getafe',
      );
      const body = (await page.textContent('main')) ?? '';
      expect(body).toContain('Getafe (Madrid)');
      expect(body).toContain('Precio');
      const cta = page.getByRole('link', { name: 'Solicitar Nota Simple en Getafe' }).first();
      expect(await cta.getAttribute('href')).toBe('/app/nota-simple/step1?municipio=getafe');
    } finally {
      await browser.close();
    }
  });
});
