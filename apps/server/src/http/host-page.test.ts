import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RuntimeConfig } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, type TestApp, testEnv } from '../testing/app.ts';
import { testDatabaseKinds } from '../testing/db.ts';
import { renderHostPage, scriptSafeJson } from './host-page.ts';

function embeddedConfig(html: string): RuntimeConfig {
  const match = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no app-config script in the page');
  return JSON.parse(match[1]) as RuntimeConfig;
}

const sidOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === 'sid')?.value;

describe('scriptSafeJson / renderHostPage', () => {
  it('escapes < so the data cannot close the script element', () => {
    const json = scriptSafeJson({ name: '</script><script>alert(1)</script><!--' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script><!--' });
  });

  it('fills the config, the language and the HTML-escaped title', () => {
    const config = { language: 'pt', portal_name: 'A & B <Portal>', store_id: 16 } as RuntimeConfig;
    const html = renderHostPage(
      '<html lang="__LANG__"><title>__TITLE__</title><!--app-config--></html>',
      config,
    );
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain('<title>A &amp; B &lt;Portal&gt;</title>');
    expect(embeddedConfig(html)).toEqual(config);
  });
});

describe.each(testDatabaseKinds())('host page (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  it('/app/servicios?store_id=16 embeds store 16 in Portuguese', async () => {
    const response = await t.app.inject({ url: '/app/servicios?store_id=16' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('<html lang="pt">');
    const config = embeddedConfig(response.body);
    expect(config).toMatchObject({ store_id: 16, language: 'pt', app_prefix: '/app', version: '5.48.11' });
    expect(response.body).toContain(`<title>Serviços | ${config.portal_name}</title>`);
    expect(response.body).toContain('<meta name="description" content="Peça online a Certidão Permanente');
    expect(config.form_key).toMatch(/^[\w-]{43}$/);
  });

  it.each([
    ['/app/customer/register?store_id=16', 'Identificação do cliente', 'Identifique-se'],
    ['/app/customer/authenticate/a@b.es?store_id=14', 'Identificación de cliente', 'Identifícate'],
    ['/app/payment/cc?store_id=17', 'Checkout', 'Choose the payment method'],
    ['/app/checkout/success/1400000001?store_id=14', 'Checkout', 'Elige el método de pago'],
    ['/app/nota-simple/step1?store_id=14', 'Solicitar Nota Simple', 'Solicita la Nota Simple'],
    ['/app/certidao-permanente/step1?store_id=26', 'Certidão Permanente', 'Peça a Certidão Permanente'],
    [
      '/app/servicios?store_id=9',
      'Nota Simple del Registro de la Propiedad online',
      'Pide online la Nota Simple',
    ],
  ])('%s: title "%s | portal" and its meta description (spec 2)', async (url, title, description) => {
    const response = await t.app.inject({ url });
    const config = embeddedConfig(response.body);
    expect(response.body).toContain(`<title>${title} | ${config.portal_name}</title>`);
    expect(response.body).toContain(`<meta name="description" content="${description}`);
  });

  it("a generic product's route is titled with the product's name", async () => {
    const catalog = await t.app.catalog.snapshot();
    const offered = [...catalog.products.values()].find(
      (p) => p.row.stores.includes(14) && p.definition !== null && p.row.id === 18464,
    );
    if (!offered) throw new Error('the seed has no energy certificate for store 14');
    const response = await t.app.inject({ url: '/app/product/step1/18464?store_id=14' });
    const config = embeddedConfig(response.body);
    const name = offered.row.name.replace(/&/g, '&amp;');
    expect(response.body).toContain(`<title>${name} | ${config.portal_name}</title>`);
    expect(response.body).toContain(`<meta name="description" content="${name}: solicítalo online`);
  });

  it('remembers the store in the session for later requests', async () => {
    const first = await t.app.inject({ url: '/app/servicios?store_id=16' });
    const cookie = `sid=${sidOf(first)}`;
    const later = await t.app.inject({ url: '/app/nota-simple/step1', headers: { cookie } });
    expect(embeddedConfig(later.body)).toMatchObject({ store_id: 16, language: 'pt' });
    expect(embeddedConfig(later.body).form_key).toBe(embeddedConfig(first.body).form_key);
    const api = await t.app.inject({ url: '/desktopapp/rest/config', headers: { cookie } });
    expect(api.json().config.store_id).toBe(16);
    const switched = await t.app.inject({ url: '/app/servicios?store_id=17', headers: { cookie } });
    expect(embeddedConfig(switched.body)).toMatchObject({ store_id: 17, language: 'en' });
    expect(switched.body).toContain('<html lang="en">');
  });

  it.each(['/app', '/app/servicios', '/app/unknown/deep/path', '/app/servicios?store_id=999'])(
    '%s without a store answers store 14 in Spanish',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<html lang="es">');
      expect(embeddedConfig(response.body)).toMatchObject({ store_id: 14, language: 'es' });
    },
  );

  it('creates the session lazily: one Set-Cookie on the first page, none on the next', async () => {
    const first = await t.app.inject({ url: '/app/servicios' });
    expect(sidOf(first)).toBeTruthy();
    const next = await t.app.inject({ url: '/app/servicios', headers: { cookie: `sid=${sidOf(first)}` } });
    expect(next.cookies).toHaveLength(0);
  });

  it.each([
    ['/', '/app/servicios'],
    ['/?store_id=16&utm_source=x', '/app/servicios?store_id=16&utm_source=x'],
  ])('%s redirects (302) to %s', async (url, location) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it('serves hashed assets with a year of cache, other files for an hour, never index.html raw', async () => {
    const asset = await t.app.inject({ url: '/assets/app-3f2a1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    const raw = await t.app.inject({ url: '/index.html' });
    expect(raw.statusCode).toBe(404);
    expect(raw.body).not.toContain('<!--app-config-->');
  });

  describe('with another environment on the same database', () => {
    let other: FastifyInstance;
    const emptyDist = mkdtempSync(path.join(tmpdir(), 'shop-no-web-'));
    beforeAll(async () => {
      other = await buildApp({
        database: t.database,
        env: testEnv({
          STORE_HOSTS: 'certidao.example=16,english.example:8080=18',
          WEB_DIST: emptyDist,
          APP_PREFIX: '/shop',
        }),
      });
    });
    afterAll(async () => {
      await other?.close();
      rmSync(emptyDist, { recursive: true, force: true });
    });

    it('maps host names to stores (STORE_HOSTS) before ?store_id', async () => {
      const mapped = await other.inject({
        url: '/desktopapp/rest/config?store_id=14',
        headers: { host: 'certidao.example' },
      });
      expect(mapped.json().config).toMatchObject({ store_id: 16, language: 'pt', app_prefix: '/shop' });
      const withPort = await other.inject({
        url: '/desktopapp/rest/config',
        headers: { host: 'english.example:8080' },
      });
      expect(withPort.json().config.store_id).toBe(18);
      const unmapped = await other.inject({
        url: '/desktopapp/rest/config',
        headers: { host: 'other.example' },
      });
      expect(unmapped.json().config.store_id).toBe(14);
    });

    it('answers 503 with a clear text while the web build is missing', async () => {
      const response = await other.inject({ url: '/shop/servicios' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe('web build missing: run npm run build');
    });

    it('redirects / to the configured prefix', async () => {
      const response = await other.inject({ url: '/' });
      expect(response.headers.location).toBe('/shop/servicios');
    });
  });
});
