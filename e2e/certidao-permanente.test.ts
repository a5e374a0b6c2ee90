import { describe, expect, it } from 'vitest';
import { expectPortugueseStep, spanishOnlyTexts } from './support/portuguese.ts';
import { useShopPage } from './support/shop-page.ts';

const shop = useShopPage({
  // A new visitor: no session cookie, no saved wizard form.
  prepare: async (page, origin) => {
    await page.goto(`${origin}/app/servicios?store_id=16`);
    await page.evaluate(() => localStorage.clear());
  },
});

const heading = () => shop.page.getByRole('heading', { level: 1 });
const path = () => {
  const url = new URL(shop.page.url());
  return url.pathname + url.search;
};
const next = (name = 'Seguinte') => shop.page.getByRole('button', { name, exact: true }).click();

describe('Certidão Permanente on store 16 (360px, real server, Chromium)', () => {
  it('identifies a property by its matricial article and adds the certificate to the cart (24,70 €)', async () => {
    expect(await spanishOnlyTexts()).toContain('Siguiente');
    await shop.page.goto(`${shop.origin}/app/certidao-permanente/step1?store_id=16`);
    await expectPortugueseStep(shop.page, 'Certidão Permanente do registo predial');
    expect(await shop.page.getByText('Total, tudo incluído').locator('..').innerText()).toContain(
      '24,70\u00a0€',
    );
    expect(await shop.page.getByText('Taxa oficial (despesa, sem IVA)').locator('..').innerText()).toContain(
      '15\u00a0€',
    );
    await next('Pedir a certidão');

    await expectPortugueseStep(shop.page, 'Onde se situa o prédio?');
    await shop.page.getByRole('combobox', { name: /Freguesia/ }).fill('Benfica');
    await shop.page.getByRole('option', { name: 'Lisboa / Lisboa / Benfica', exact: true }).click();
    expect(await shop.page.getByRole('combobox', { name: /Freguesia/ }).inputValue()).toBe(
      'Lisboa / Lisboa / Benfica',
    );
    await next();

    await expectPortugueseStep(shop.page, 'Como deseja identificar o prédio?');
    await shop.page.getByRole('radio', { name: /Informação matricial/ }).check();
    await next();

    await expectPortugueseStep(shop.page, 'O prédio é rústico ou urbano?');
    await shop.page.getByRole('radio', { name: 'Urbano' }).check();
    await next();

    await expectPortugueseStep(shop.page, 'Qual é o artigo matricial?');
    await shop.page.getByRole('textbox', { name: /^Número do artigo matricial/ }).fill('12A');
    await next();
    await expect
      .poll(() => shop.page.getByRole('alert').first().textContent())
      .toBe('O artigo matricial só pode ter algarismos, por exemplo 1234.');
    await shop.page.getByRole('textbox', { name: /^Número do artigo matricial/ }).fill('1234');
    await shop.page.getByRole('textbox', { name: /^Secção/ }).fill('B');
    // A reload keeps what was typed.
    await shop.page.reload();
    await expectPortugueseStep(shop.page, 'Qual é o artigo matricial?');
    expect(await shop.page.getByRole('textbox', { name: /^Número do artigo matricial/ }).inputValue()).toBe(
      '1234',
    );
    await next();

    await expectPortugueseStep(shop.page, 'O prédio está em propriedade horizontal?');
    await shop.page.getByRole('radio', { name: 'Não' }).check();
    await next();

    await expectPortugueseStep(shop.page, 'Confira os dados do prédio');
    const summary = await shop.page.locator('dl').innerText();
    expect(summary).toContain('Lisboa / Lisboa / Benfica');
    expect(summary).toContain('Artigo matricial urbano n.º 1234, secção B');
    await next();

    await expectPortugueseStep(shop.page, 'Confirmar o pedido');
    expect(path()).toBe('/app/certidao-permanente/confirmation?store_id=16');
    await next('Adicionar à encomenda');

    await expect.poll(() => new URL(shop.page.url()).pathname).toBe('/app/cart/add/certidao');
    await expect
      .poll(() => shop.page.getByRole('heading', { name: 'Esta é a sua encomenda:' }).count())
      .toBe(1);
    const cart = await shop.page.locator('main').innerText();
    expect(cart).toContain('Certidão Permanente');
    expect(cart).toContain('24,70');
    expect(await shop.page.evaluate(() => document.documentElement.lang)).toBe('pt');
    const text = await shop.page.locator('body').innerText();
    const spanishOnly = await spanishOnlyTexts();
    expect(spanishOnly.filter((spanish) => text.includes(spanish))).toEqual([]);
  });

  it('is refused on store 14: services, query kept', async () => {
    await shop.page.goto(`${shop.origin}/app/certidao-permanente/step1?store_id=14`);
    await expect.poll(() => heading().textContent()).toBe('¿Qué servicio deseas?');
    expect(path()).toBe('/app/servicios?store_id=14');
  });

  it('step5 directly goes to step1, query kept', async () => {
    await shop.page.goto(`${shop.origin}/app/certidao-permanente/step5?store_id=16&utm_source=x`);
    await expectPortugueseStep(shop.page, 'Certidão Permanente do registo predial');
    expect(path()).toBe('/app/certidao-permanente/step1?store_id=16&utm_source=x');
  });
});
