import { flattenCatalogue, loadCatalogue } from '@shop/domain/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
/** Spanish storefront texts that Portuguese pages must never show. */
let spanishOnly: string[];

beforeAll(async () => {
  const [es, pt] = await Promise.all([loadCatalogue('es'), loadCatalogue('pt')]);
  const portuguese = new Set(flattenCatalogue(pt).values());
  spanishOnly = [...flattenCatalogue(es).values()].filter(
    (text) => !portuguese.has(text) && !text.includes('{{') && text.length >= 6,
  );
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
});

beforeEach(async () => {
  await browser.context.clearCookies();
  page = await browser.context.newPage();
  await page.goto(`${server.origin}/app/servicios?store_id=16`);
  await page.evaluate(() => localStorage.clear());
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return async () => {
    await page.close();
    expect(pageErrors).toEqual([]);
  };
});

const heading = () => page.getByRole('heading', { level: 1 });
const path = () => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const next = (name = 'Seguinte') => page.getByRole('button', { name, exact: true }).click();

async function expectPortugueseStep(title: string) {
  await expect.poll(() => heading().textContent()).toBe(title);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
  const text = await page.locator('body').innerText();
  expect(spanishOnly.filter((spanish) => text.includes(spanish))).toEqual([]);
  // Usable at 360px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe('Informação Predial Simplificada on store 16 (360px, real server, Chromium)', () => {
  it('a unit in horizontal property, with its ficha number, urgent: 16 € in the cart', async () => {
    await page.goto(`${server.origin}/app/i-predial-simplificada/step1?store_id=16`);
    await expectPortugueseStep('Informação Predial Simplificada');
    expect(await page.getByText('Total, tudo incluído').locator('..').innerText()).toContain('11\u00a0€');
    await page.getByRole('combobox', { name: /Onde se situa o prédio/ }).fill('Bonfim');
    await page.getByRole('option', { name: 'Porto / Porto / Bonfim', exact: true }).click();
    await next();

    await expectPortugueseStep('O prédio está em propriedade horizontal?');
    await page.getByRole('radio', { name: 'Sim' }).check();
    await next();

    await expectPortugueseStep('Qual é a fração autónoma?');
    expect(path()).toBe('/app/i-predial-simplificada/step21?store_id=16');
    await page.getByRole('textbox', { name: /^Fração autónoma/ }).fill('AB');
    await next();

    await expectPortugueseStep('Sabe o número de descrição do prédio?');
    await page.getByRole('radio', { name: 'Sim' }).check();
    await page.getByRole('textbox', { name: /^Número de descrição/ }).fill('1234');
    await next();

    await expectPortugueseStep('Quando precisa da informação?');
    await page.getByRole('radio', { name: /Urgente/ }).check();
    await next();

    await expectPortugueseStep('Confirmar o pedido');
    expect(await page.getByText('Total, tudo incluído').locator('..').innerText()).toContain('16\u00a0€');
    await next('Adicionar à encomenda');

    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/cart/add/ipredial');
    await expect.poll(() => page.getByRole('heading', { name: 'Esta é a sua encomenda:' }).count()).toBe(1);
    const cart = await page.locator('main').innerText();
    expect(cart).toContain('Informação Predial');
    expect(cart).toContain('16\u00a0€');
  });

  it('is refused on store 1, and step3 directly goes to step1, query kept', async () => {
    await page.goto(`${server.origin}/app/i-predial-simplificada/step1?store_id=1`);
    await expect.poll(() => path()).toBe('/app/servicios?store_id=1');
    await browser.context.clearCookies();
    await page.goto(`${server.origin}/app/i-predial-simplificada/step3?store_id=16&utm_source=x`);
    await expectPortugueseStep('Informação Predial Simplificada');
    expect(path()).toBe('/app/i-predial-simplificada/step1?store_id=16&utm_source=x');
  });
});
