import { describe, expect, it } from 'vitest';
import { useShopPage } from './support/shop-page.ts';

const shop = useShopPage();

const heading = () => shop.page.getByRole('heading', { level: 1 });
const htmlLang = () => shop.page.evaluate(() => document.documentElement.lang);

describe('storefront smoke test (360px wide, real server, Chromium)', () => {
  it.each([
    ['/app/servicios?store_id=16', 'Que serviço deseja?', 'pt'],
    ['/app/servicios', '¿Qué servicio deseas?', 'es'],
    ['/app/servicios?store_id=18', 'Which service do you need?', 'en'],
  ])('%s asks %s with <html lang="%s">', async (path, question, lang) => {
    await shop.page.goto(shop.origin + path);
    await expect.poll(() => heading().textContent()).toBe(question);
    expect(await htmlLang()).toBe(lang);
    const title = await shop.page.title();
    expect(title).not.toContain('__TITLE__');
    expect(title.length).toBeGreaterThan(0);
  });

  it.each([
    [
      '/app/no-such-page?store_id=16&utm_source=x',
      '/app/servicios?store_id=16&utm_source=x',
      'Que serviço deseja?',
    ],
    ['/app', '/app/servicios', '¿Qué servicio deseas?'],
  ])('%s lands on %s', async (path, landing, question) => {
    await shop.page.goto(shop.origin + path);
    await expect.poll(() => heading().textContent()).toBe(question);
    expect(shop.page.url()).toBe(shop.origin + landing);
  });

  it('the footer opens the lazy about page with the data attribution', async () => {
    await shop.page.goto(`${shop.origin}/app/servicios?store_id=16`);
    await shop.page.getByRole('link', { name: 'Sobre este serviço e fontes de dados' }).click();
    await expect.poll(() => heading().textContent()).toBe('Sobre este serviço');
    expect(new URL(shop.page.url()).pathname).toBe('/app/about');
    const article = await shop.page.locator('article').textContent();
    expect(article).toContain('CAOP 2025');
    expect(article).toContain('Fonte: INE');
  });
});
