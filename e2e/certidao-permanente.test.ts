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
  // A new visitor: no session cookie, no saved wizard form.
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

/** Waits for the step heading, then checks the page is Portuguese through and through. */
async function expectPortugueseStep(title: string) {
  await expect.poll(() => heading().textContent()).toBe(title);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
  const text = await page.locator('body').innerText();
  expect(spanishOnly.filter((spanish) => text.includes(spanish))).toEqual([]);
  // Usable at 360px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The step heading has the focus, so a screen reader announces the new step.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
}

describe('Certidão Permanente on store 16 (360px, real server, Chromium)', () => {
  it('identifies a property by its matricial article and adds the certificate to the cart (24,70 €)', async () => {
    expect(spanishOnly).toContain('Siguiente');
    await page.goto(`${server.origin}/app/certidao-permanente/step1?store_id=16`);
    await expectPortugueseStep('Certidão Permanente do registo predial');
    expect(await page.getByText('Total, tudo incluído').locator('..').innerText()).toContain('24,70\u00a0€');
    expect(await page.getByText('Taxa oficial do registo predial').locator('..').innerText()).toContain(
      '15\u00a0€',
    );
    await next('Pedir a certidão');

    await expectPortugueseStep('Onde se situa o prédio?');
    await page.getByRole('combobox', { name: /Freguesia/ }).fill('Benfica');
    await page.getByRole('option', { name: 'Lisboa / Lisboa / Benfica', exact: true }).click();
    expect(await page.getByRole('combobox', { name: /Freguesia/ }).inputValue()).toBe(
      'Lisboa / Lisboa / Benfica',
    );
    await next();

    await expectPortugueseStep('Como deseja identificar o prédio?');
    await page.getByRole('radio', { name: /Informação matricial/ }).check();
    await next();

    await expectPortugueseStep('O prédio é rústico ou urbano?');
    await page.getByRole('radio', { name: 'Urbano' }).check();
    await next();

    await expectPortugueseStep('Qual é o artigo matricial?');
    await page.getByRole('textbox', { name: /^Número do artigo matricial/ }).fill('12A');
    await next();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('O artigo matricial só pode ter algarismos, por exemplo 1234.');
    await page.getByRole('textbox', { name: /^Número do artigo matricial/ }).fill('1234');
    await page.getByRole('textbox', { name: /^Secção/ }).fill('B');
    // A reload keeps what was typed.
    await page.reload();
    await expectPortugueseStep('Qual é o artigo matricial?');
    expect(await page.getByRole('textbox', { name: /^Número do artigo matricial/ }).inputValue()).toBe(
      '1234',
    );
    await next();

    await expectPortugueseStep('O prédio está em propriedade horizontal?');
    await page.getByRole('radio', { name: 'Não' }).check();
    await next();

    await expectPortugueseStep('Confira os dados do prédio');
    const summary = await page.locator('dl').innerText();
    expect(summary).toContain('Lisboa / Lisboa / Benfica');
    expect(summary).toContain('Artigo matricial urbano n.º 1234, secção B');
    await next();

    await expectPortugueseStep('Confirmar o pedido');
    expect(path()).toBe('/app/certidao-permanente/confirmation?store_id=16');
    await next('Adicionar à encomenda');

    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/cart/add/certidao');
    await expect.poll(() => page.getByRole('heading', { name: 'Esta é a sua encomenda:' }).count()).toBe(1);
    const cart = await page.locator('main').innerText();
    expect(cart).toContain('Certidão Permanente');
    expect(cart).toContain('24,70');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
    const text = await page.locator('body').innerText();
    expect(spanishOnly.filter((spanish) => text.includes(spanish))).toEqual([]);
  });

  it('is refused on store 14: services, query kept', async () => {
    await page.goto(`${server.origin}/app/certidao-permanente/step1?store_id=14`);
    await expect.poll(() => heading().textContent()).toBe('¿Qué servicio deseas?');
    expect(path()).toBe('/app/servicios?store_id=14');
  });

  it('step5 directly goes to step1, query kept', async () => {
    await page.goto(`${server.origin}/app/certidao-permanente/step5?store_id=16&utm_source=x`);
    await expectPortugueseStep('Certidão Permanente do registo predial');
    expect(path()).toBe('/app/certidao-permanente/step1?store_id=16&utm_source=x');
  });
});
