import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestPki } from '../apps/server/src/modules/verifactu/testing/certs.ts';
import {
  FAKE_STRIPE_PUBLISHABLE,
  FAKE_STRIPE_SECRET,
  FAKE_STRIPE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from '../apps/server/src/testing/stripe-fake.ts';
import { SEPA_TEST_IBANS } from '../apps/server/src/testing/stripe-fake-methods.ts';
import { axeViolations } from './support/axe.ts';
import { useShopPage } from './support/shop-page.ts';
import { NS_FORM, saveWizardForm } from './support/wizard-storage.ts';

// Issue 17's production acceptance: NODE_ENV=production, the sandbox off and
// only Stripe configured (its API played by the local fake, reached by the
// built server at STRIPE_API_URL). Store 14 offers only what Stripe takes (card
// and SEPA Direct Debit: no Bizum, no PayPal) and no form of the storefront
// posts a card number or an IBAN to our origin: every request the page makes
// is watched while the card is typed into Stripe's element. Stripe.js cannot
// load here (no internet): the browser is given the fake's stand-in for it
// (apps/server/src/testing/stripe-js-stand-in.ts) at js.stripe.com, and its
// calls to api.stripe.com are answered by the fake; the product is unchanged.

const CARD = '4242424242424242';
const CARD_TYPED = '4242 4242 4242 4242';

// Registered before useShopPage's hooks: the fake runs before the server starts and stops after it.
let fake: FakeStripe | undefined;
// A client certificate the server reads at start (VERI*FACTU); nothing is sent to the AEAT here.
const pki = createTestPki();
const certDir = mkdtempSync(path.join(tmpdir(), 'e2e-verifactu-'));
const verifactuCert = () => path.join(certDir, 'client.p12');
beforeAll(async () => {
  writeFileSync(verifactuCert(), pki.clientP12);
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
  rmSync(certDir, { recursive: true, force: true });
});
const stripe = () => {
  if (!fake) throw new Error('the fake Stripe starts in beforeAll');
  return fake;
};

/** Every request the page sends to the shop's own origin, with its body. */
let ownRequests: { url: string; body: string }[] = [];

const shop = useShopPage({
  env: () => ({
    NODE_ENV: 'production',
    // A real issuer (production refuses the example one) and, store 14 invoicing from Spain,
    // the VERI*FACTU settings (modules/invoices/production-check.ts); nothing is sent in this test.
    INVOICE_ISSUER_NAME: 'Registro E2E S.L.',
    INVOICE_ISSUER_TAX_ID: 'B12345674',
    INVOICE_ISSUER_ADDRESS: 'Calle Mayor 1, 28013 Madrid, España',
    VERIFACTU_CERT: verifactuCert(),
    VERIFACTU_CERT_PASSWORD: pki.clientP12Password,
    PAYMENT_SANDBOX: 'false',
    SESSION_SECRET: 'e2e-stripe-production-session-secret-0123456789',
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET,
    STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe().url,
    PAYMENT_GATEWAYS: 'cc=stripe,bank=stripe,multibanco=stripe',
  }),
  prepare: async (page, origin) => {
    await page.setViewportSize({ width: 360, height: 780 });
    // Stripe.js: the fake's stand-in, served where the product loads Stripe.js from.
    await page.route('https://js.stripe.com/**', async (route) => {
      const script = await (await fetch(`${stripe().url}/stand-in/stripe.js`)).text();
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: script });
    });
    // Stripe's API as Stripe.js calls it from the browser: answered by the fake.
    await page.route('https://api.stripe.com/**', async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const answer = await fetch(`${stripe().url}${url.pathname}${url.search}`, {
        method: request.method(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: request.method() === 'GET' ? undefined : (request.postData() ?? ''),
      });
      await route.fulfill({
        status: answer.status,
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
        body: await answer.text(),
      });
    });
    page.on('request', (request: Request) => {
      if (request.url().startsWith(origin))
        ownRequests.push({ url: request.url(), body: request.postData() ?? '' });
    });
  },
});

beforeEach(() => {
  ownRequests = [];
});

let emails = 0;
const newEmail = () => `stripe${Date.now()}${++emails}@example.es`;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** A Nota Simple in the cart of store 14, then a new customer's e-mail: the payment choice. */
async function toPaymentChoice(page: Page, origin: string) {
  await page.goto(`${origin}/app/servicios?store_id=14`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate(() => localStorage.clear());
  await saveWizardForm(page, 'last_ns_form', NS_FORM);
  await page.goto(`${origin}/app/cart/add/ns`);
  await page.getByTestId('cart-total').waitFor();
  await page.getByRole('button', { name: /artículos? en tu pedido/ }).click();
  await page.getByRole('link', { name: 'Tramitar pedido' }).click();
  await heading(page, '¿A qué e-mail te enviamos el pedido?').waitFor();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(newEmail());
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await heading(page, '¿Cómo quieres pagar?').waitFor();
}

/** Nothing the page sent to our origin carries `secret`, in any spacing. */
function expectNeverSentToUs(...secrets: string[]) {
  expect(ownRequests.length).toBeGreaterThan(0);
  for (const { body } of ownRequests) {
    const compact = decodeURIComponent(body.replace(/\+/g, ' ')).replace(/[\s-]/g, '');
    for (const secret of secrets) expect(compact).not.toContain(secret.replace(/\s/g, ''));
  }
}

describe('production with only Stripe (NODE_ENV=production, sandbox off, Stripe played by its fake)', () => {
  it('store 14 offers card and direct debit through Stripe only: no Bizum, no PayPal', async () => {
    const { page, origin } = shop;
    await toPaymentChoice(page, origin);
    const options = await page
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.textContent?.trim() ?? ''));
    expect(options).toEqual(['Tarjeta de crédito o débito', 'Domiciliación bancaria']);
    const config = await (await page.request.get(`${origin}/desktopapp/rest/cart/?store_id=14`)).json();
    expect([...config.config.payment_methods].sort()).toEqual(['bank', 'cc']);
    expect(config.config.payment_gateways).toEqual({ cc: 'stripe', bank: 'stripe' });
  });

  it('a card is typed into Stripe’s element only: our origin never receives it, and the order is paid', async () => {
    const { page, origin } = shop;
    await toPaymentChoice(page, origin);
    await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // payment/cc has no card fields of ours: the card goes to Stripe's element.
    await heading(page, 'Pago con tarjeta').waitFor();
    expect(await page.getByRole('textbox', { name: 'Número de tarjeta' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Introducir los datos de la tarjeta' }).click();

    await page.locator('[data-stripe-stand-in][data-ready]').waitFor();
    await page.getByRole('textbox', { name: 'Card number (Stripe)' }).fill(CARD_TYPED);
    await page.getByRole('textbox', { name: 'CVC (Stripe)' }).fill('123');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor({ timeout: 30_000 });
    const orderId = /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
    expect(orderId).toMatch(/^14\d{8}$/);
    // The card went to "Stripe" (the watch can see it), never to us.
    const confirm = stripe().requests.find(
      (r) => r.path.endsWith('/confirm') && JSON.stringify(r.body).replace(/\s/g, '').includes(CARD),
    );
    expect(confirm).toBeDefined();
    expectNeverSentToUs(CARD, CARD_TYPED);
    expect(ownRequests.some((r) => r.url.includes('/stripe/rest/process/'))).toBe(true);
  });

  it('direct debit: the IBAN in Stripe’s element under the SEPA mandate shown first; the order waits for the debit', async () => {
    const { page, origin } = shop;
    await toPaymentChoice(page, origin);
    await page.getByRole('radio', { name: 'Domiciliación bancaria' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await heading(page, 'Revisa y paga tu pedido').waitFor();
    expect(await page.getByRole('textbox', { name: 'IBAN' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Continuar con la domiciliación' }).click();

    await heading(page, 'Pago por domiciliación bancaria (SEPA)').waitFor();
    const mandate = page.getByRole('region', { name: 'Mandato de adeudo directo SEPA' });
    expect(await mandate.textContent()).toMatch(/autorizas a \(A\) .+ y a Stripe/);
    await page.locator('[data-stripe-stand-in][data-ready]').waitFor();
    await page.getByRole('textbox', { name: 'IBAN (Stripe)' }).fill(SEPA_TEST_IBANS.succeeds);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Aceptar el mandato y pagar' }).click();

    await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor({ timeout: 30_000 });
    expectNeverSentToUs(SEPA_TEST_IBANS.succeeds, CARD);
  });
});
