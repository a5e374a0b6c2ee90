import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  // SIGINT through the start script: the server must shut down cleanly.
  if (server) expect(await server.stop()).toBe(0);
});

beforeEach(async () => {
  // A new visitor each time: the session remembers the store of ?store_id=.
  await browser.context.clearCookies();
  page = await browser.context.newPage();
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return async () => {
    await page.close();
    expect(pageErrors).toEqual([]);
  };
});

const heading = () => page.getByRole('heading', { level: 1 });
const htmlLang = () => page.evaluate(() => document.documentElement.lang);

describe('storefront smoke test (360px wide, real server, Chromium)', () => {
  it.each([
    ['/app/servicios?store_id=16', 'Que serviço deseja?', 'pt'],
    ['/app/servicios', '¿Qué servicio deseas?', 'es'],
    ['/app/servicios?store_id=18', 'Which service do you need?', 'en'],
  ])('%s asks %s with <html lang="%s">', async (path, question, lang) => {
    await page.goto(server.origin + path);
    await expect.poll(() => heading().textContent()).toBe(question);
    expect(await htmlLang()).toBe(lang);
    const title = await page.title();
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
    await page.goto(server.origin + path);
    await expect.poll(() => heading().textContent()).toBe(question);
    expect(page.url()).toBe(server.origin + landing);
  });

  it('the footer opens the lazy about page with the data attribution', async () => {
    await page.goto(`${server.origin}/app/servicios?store_id=16`);
    await page.getByRole('link', { name: 'Sobre este serviço e fontes de dados' }).click();
    await expect.poll(() => heading().textContent()).toBe('Sobre este serviço');
    expect(new URL(page.url()).pathname).toBe('/app/about');
    const article = await page.locator('article').textContent();
    expect(article).toContain('CAOP 2025');
    expect(article).toContain('Fuente: INE');
  });
});
