import { describe, expect, it } from 'vitest';
import { expectPortugueseStep } from './support/portuguese.ts';
import { useShopPage } from './support/shop-page.ts';

const shop = useShopPage({
  // A new visitor: no session cookie, no saved wizard form.
  prepare: async (page, origin) => {
    await page.goto(`${origin}/app/servicios?store_id=16`);
    await page.evaluate(() => localStorage.clear());
  },
});

const path = () => {
  const url = new URL(shop.page.url());
  return url.pathname + url.search;
};
const next = (name = 'Seguinte') => shop.page.getByRole('button', { name, exact: true }).click();

describe('Informação Predial Simplificada on store 16 (360px, real server, Chromium)', () => {
  it('a unit in horizontal property, with its ficha number, urgent: 16 € in the cart', async () => {
    await shop.page.goto(`${shop.origin}/app/i-predial-simplificada/step1?store_id=16`);
    await expectPortugueseStep(shop.page, 'Informação Predial Simplificada');
    expect(await shop.page.getByText('Total, tudo incluído').locator('..').innerText()).toContain(
      '11\u00a0€',
    );
    await shop.page.getByRole('combobox', { name: /Onde se situa o prédio/ }).fill('Bonfim');
    await shop.page.getByRole('option', { name: 'Porto / Porto / Bonfim', exact: true }).click();
    await next();

    await expectPortugueseStep(shop.page, 'O prédio está em propriedade horizontal?');
    await shop.page.getByRole('radio', { name: 'Sim' }).check();
    await next();

    await expectPortugueseStep(shop.page, 'Qual é a fração autónoma?');
    expect(path()).toBe('/app/i-predial-simplificada/step21?store_id=16');
    await shop.page.getByRole('textbox', { name: /^Fração autónoma/ }).fill('AB');
    await next();

    await expectPortugueseStep(shop.page, 'Sabe o número de descrição do prédio?');
    await shop.page.getByRole('radio', { name: 'Sim' }).check();
    await shop.page.getByRole('textbox', { name: /^Número de descrição/ }).fill('1234');
    await next();

    await expectPortugueseStep(shop.page, 'Quando precisa da informação?');
    await shop.page.getByRole('radio', { name: /Urgente/ }).check();
    await next();

    await expectPortugueseStep(shop.page, 'Confirmar o pedido');
    expect(await shop.page.getByText('Total, tudo incluído').locator('..').innerText()).toContain(
      '16\u00a0€',
    );
    await next('Adicionar à encomenda');

    await expect.poll(() => new URL(shop.page.url()).pathname).toBe('/app/cart/add/ipredial');
    await expect
      .poll(() => shop.page.getByRole('heading', { name: 'Esta é a sua encomenda:' }).count())
      .toBe(1);
    const cart = await shop.page.locator('main').innerText();
    expect(cart).toContain('Informação Predial');
    expect(cart).toContain('16\u00a0€');
  });

  it('is refused on store 1, and step3 directly goes to step1, query kept', async () => {
    await shop.page.goto(`${shop.origin}/app/i-predial-simplificada/step1?store_id=1`);
    await expect.poll(() => path()).toBe('/app/servicios?store_id=1');
    await shop.context.clearCookies();
    await shop.page.goto(`${shop.origin}/app/i-predial-simplificada/step3?store_id=16&utm_source=x`);
    await expectPortugueseStep(shop.page, 'Informação Predial Simplificada');
    expect(path()).toBe('/app/i-predial-simplificada/step1?store_id=16&utm_source=x');
  });
});
