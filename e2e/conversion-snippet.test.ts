import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPgClient } from '../apps/server/src/testing/pg-client.ts';
import { axeViolations } from './support/axe.ts';
import { useShopPage } from './support/shop-page.ts';
import { NS_FORM, saveWizardForm } from './support/wizard-storage.ts';

// Issue 20 item 10 (spec 3 lastOrderSuccess, ADR 031) in Chromium at 360 px:
// store 14's conversion script (stores.settings.conversion_script, served at
// GET /conversion/14.js) runs on the success page of a paid order only after
// the visitor consents to advertising, once per order (not again on reload),
// gets the order from its data-* attributes, and breaks no CSP rule.
//
// The store's settings are written straight into the shop's database, as an
// operator's SQL would: the shop runs on a new PostgreSQL database
// (TEST_DATABASE_URL); without one the test is skipped.

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const DB_NAME = `e2e_conversion_${process.pid}_${Date.now()}`;
const databaseUrl = ADMIN_URL ? withDatabase(ADMIN_URL, DB_NAME) : undefined;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
}

/** The store's snippet: records each run with the order the shop handed it. */
const SNIPPET = `(function () {
  var d = document.currentScript.dataset;
  var runs = (window.__conversions = window.__conversions || []);
  runs.push({ orderId: d.orderId, value: d.value, currency: d.currency });
  document.documentElement.setAttribute('data-conversions', String(runs.length));
})();`;

// Registered before useShopPage's hooks: the database exists before the server starts,
// and is dropped after the server has stopped (after-hooks run in reverse order).
beforeAll(async () => {
  if (ADMIN_URL) await withPgClient(ADMIN_URL, (c) => c.query(`CREATE DATABASE "${DB_NAME}"`));
});
afterAll(async () => {
  if (ADMIN_URL)
    await withPgClient(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`));
});

const shop = useShopPage({
  env: (): Record<string, string> => (databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 780 });
  },
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The CSP violations the page reported (the listener is installed before any script). */
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
const conversions = (page: Page) =>
  page.evaluate(() => (window as unknown as { __conversions?: unknown[] }).__conversions ?? []);

describe.skipIf(!ADMIN_URL)(
  'store conversion snippet on the success page (Chromium, 360 px, PostgreSQL)',
  () => {
    it('runs once per paid order, only after advertising consent, under the strict CSP', async () => {
      const { page, origin, context } = shop;
      await withPgClient(databaseUrl, async (c) => {
        await c.query(
          `UPDATE stores SET settings = settings || jsonb_build_object('conversion_script', $1::text) WHERE id = 14`,
          [SNIPPET],
        );
        // Every instance forgets its catalogue snapshot (catalog-changes.ts).
        await c.query(`SELECT pg_notify('shop_catalog_changed', 'e2e')`);
      });
      await context.addInitScript(() => {
        const w = window as unknown as { __csp: string[] };
        w.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) => {
          w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      const consoleCsp: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) consoleCsp.push(message.text());
      });
      const snippetRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/conversion/14.js') snippetRequests.push(request.url());
      });

      // The script is served as a file of the shop (CSP 'self').
      await expect
        .poll(async () => (await page.request.get(`${origin}/conversion/14.js`)).status(), {
          timeout: 10_000,
        })
        .toBe(200);
      const served = await page.request.get(`${origin}/conversion/14.js`);
      expect(served.headers()['content-type']).toMatch(/^text\/javascript/);
      expect(await served.text()).toBe(SNIPPET);

      // A Nota Simple, paid by card through the sandbox's 3-D Secure (cookies rejected so far).
      await page.goto(`${origin}/app/servicios?store_id=14`);
      await heading(page, '¿Qué servicio deseas?').waitFor();
      await page.evaluate(() => localStorage.removeItem('last_ns_form'));
      await saveWizardForm(page, 'last_ns_form', NS_FORM);
      await page.goto(`${origin}/app/cart/add/ns`);
      await page.getByTestId('cart-total').waitFor();
      await page.goto(`${origin}/app/customer/register`);
      await heading(page, '¿A qué e-mail te enviamos el pedido?').waitFor();
      await page.getByRole('textbox', { name: 'E-mail' }).fill(`conversion${Date.now()}@example.es`);
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await heading(page, '¿Cómo quieres pagar?').waitFor();
      await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await heading(page, 'Pago con tarjeta').waitFor();
      await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4000 0027 6000 3184');
      await page.getByRole('combobox', { name: 'Mes' }).selectOption('3');
      await page.getByRole('textbox', { name: 'Año' }).fill(String(new Date().getFullYear() + 3));
      await page.getByRole('textbox', { name: 'Código de seguridad (CVC)' }).fill('123');
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await page.getByRole('button', { name: 'Autorizar' }).click();
      await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor();
      const orderId = /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
      expect(orderId).toMatch(/^14\d{8}$/);

      // Before consent: nothing.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      expect(await conversions(page)).toEqual([]);
      expect(snippetRequests).toEqual([]);
      expect(await page.locator('script[data-conversion]').count()).toBe(0);

      // Measurement only is not enough: the snippet is advertising.
      await page.getByRole('button', { name: 'Configuración de cookies' }).click();
      const dialog = page.getByRole('dialog', { name: 'Configuración de cookies' });
      await dialog.getByRole('checkbox', { name: 'Medición' }).check();
      await dialog.getByRole('button', { name: 'Guardar mi elección' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await page.waitForTimeout(500);
      expect(await conversions(page)).toEqual([]);
      expect(snippetRequests).toEqual([]);

      // Advertising consent: the snippet runs, once, with this order.
      await page.getByRole('button', { name: 'Configuración de cookies' }).click();
      await dialog.getByRole('checkbox', { name: 'Publicidad' }).check();
      await dialog.getByRole('button', { name: 'Guardar mi elección' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => conversions(page)).toHaveLength(1);
      const [run] = (await conversions(page)) as { orderId: string; value: string; currency: string }[];
      expect(run).toMatchObject({ orderId, currency: 'EUR' });
      expect(run?.value).toMatch(/^\d+\.\d{2}$/);
      expect(Number(run?.value)).toBeGreaterThan(0);
      expect(snippetRequests).toHaveLength(1);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // A reload of the success page (consent now stored): not again.
      await page.reload();
      await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      expect(await conversions(page)).toEqual([]);
      expect(await page.locator('script[data-conversion]').count()).toBe(0);
      expect(snippetRequests).toHaveLength(1);
      expect(await axeViolations(page)).toEqual([]);

      // No Content-Security-Policy violation at any point.
      expect(await cspViolations(page)).toEqual([]);
      expect(consoleCsp).toEqual([]);
    });
  },
);
