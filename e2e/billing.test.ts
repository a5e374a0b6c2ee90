import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../apps/server/src/testing/pdf-text.ts';
import { axeViolations } from './support/axe.ts';
import { useShopPage } from './support/shop-page.ts';
import { NS_FORM, saveWizardForm } from './support/wizard-storage.ts';

// Issue 18's billing acceptance in Chromium at 360px against the real server and its
// sandbox gateway: a company buys with billing data and receives a complete invoice
// (F1) with its name and tax id; a person without billing data receives a
// "Factura simplificada". The invoice is read from the confirmation e-mail's PDF.

const shop = useShopPage({
  // A real-looking Spanish issuer: its invoices carry the VERI*FACTU QR code and legend (the
  // example issuer's tax id is not a valid CIF, so it prints none).
  env: () => ({
    INVOICE_ISSUER_NAME: 'Registros Ejemplo Online S.L.',
    INVOICE_ISSUER_TAX_ID: 'B87654323',
    INVOICE_ISSUER_ADDRESS: 'Calle Alcalá 1, 28014 Madrid',
  }),
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 780 });
  },
});

let emails = 0;
const newEmail = () => `factura${Date.now()}${++emails}@example.es`;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** A Nota Simple in the cart, a new customer registered, card chosen: the card page. */
async function toCardPage(email: string) {
  const { page, origin } = shop;
  await page.goto(`${origin}/app/servicios?store_id=14`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate(() => localStorage.clear());
  await saveWizardForm(page, 'last_ns_form', NS_FORM);
  await page.goto(`${origin}/app/cart/add/ns`);
  await page.getByTestId('cart-total').waitFor();
  await page.getByRole('button', { name: /artículos? en tu pedido/ }).click();
  await page.getByRole('link', { name: 'Tramitar pedido' }).click();
  await heading(page, '¿A qué e-mail te enviamos el pedido?').waitFor();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await heading(page, '¿Cómo quieres pagar?').waitFor();
  await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await heading(page, 'Pago con tarjeta').waitFor();
}

async function payByCard() {
  const { page } = shop;
  await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
  await page.getByRole('combobox', { name: 'Mes' }).selectOption('3');
  await page.getByRole('textbox', { name: 'Año' }).fill(String(new Date().getFullYear() + 3));
  await page.getByRole('textbox', { name: 'Código de seguridad (CVC)' }).fill('123');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor();
}

/** The text of the invoice PDF the confirmation e-mail to `to` carries (the local mail viewer). */
async function mailedInvoiceText(to: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const html = await (await fetch(shop.mailViewer)).text();
        for (const [, mailId, cells] of html.matchAll(
          /<tr><td><a href="\/dev\/mail\/[\w-]+\/(\d+)">\d+<\/a><\/td>(.*?)<\/tr>/g,
        )) {
          const td = [...(cells ?? '').matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1] ?? '');
          if (td[2] === to && Number(td[4] || 0) > 0) id = mailId ?? '';
        }
        return id;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const pdf = await fetch(`${shop.mailViewer}/${id}/attachments/0`);
  expect(pdf.status).toBe(200);
  return pdfText(Buffer.from(await pdf.arrayBuffer()));
}

describe('invoices from the billing data (issue 18, Chromium, 360px)', () => {
  it('a company buys with billing data and receives a complete invoice with its name and tax id', async () => {
    const { page } = shop;
    const email = newEmail();
    await toCardPage(email);
    const offer = page.getByRole('checkbox', {
      name: '¿Necesitas factura a nombre de una empresa o con tus datos fiscales?',
    });
    await offer.check();
    expect(await offer.getAttribute('aria-expanded')).toBe('true');
    // The domain schema's messages, in the store's language.
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.getByText('Introduzca el Nombre / Empresa').waitFor();
    await expectNoAxeViolations(page);
    const fill = (label: string, value: string) =>
      page.getByRole('textbox', { name: label, exact: true }).fill(value);
    await fill('Nombre / Empresa', 'Construcciones Ejemplo S.L.');
    await fill('NIF / NIE / CIF', 'B12345674');
    await fill('Dirección', 'Calle Mayor 1');
    await fill('Código postal', '28013');
    await fill('Población', 'Madrid');
    await fill('Provincia', 'Madrid');
    await fill('Teléfono', '600000000');
    expect(await page.getByRole('textbox', { name: 'E-mail de facturación' }).inputValue()).toBe(email);
    await payByCard();

    const text = await mailedInvoiceText(email);
    expect(text).not.toContain('Factura simplificada');
    expect(text).toContain('Factura');
    expect(text).toContain('Construcciones Ejemplo S.L.');
    expect(text).toContain('NIF: B12345674');
    expect(text).toContain('Calle Mayor 1, 28013 Madrid, Madrid');
    // The VERI*FACTU QR code's label and legend (Orden HAC/1177/2024 art. 20-21).
    expect(text).toContain('QR tributario:');
    expect(text).toContain('Factura verificable en la sede electrónica de la AEAT');
    const number = /N\.º de factura: (ES-\d{4}-\d{6})/.exec(text)?.[1] ?? '';
    expect(number).not.toBe('');

    // The orders page shows the same number and links to "my details", where the data were kept.
    await page.goto(`${shop.origin}/app/customer/orders`);
    await page.getByText(number).first().waitFor();
    await page.getByRole('link', { name: 'Mis datos de facturación y pago' }).click();
    await heading(page, 'Mis datos').waitFor();
    expect(await page.getByRole('textbox', { name: 'Nombre / Empresa' }).inputValue()).toBe(
      'Construcciones Ejemplo S.L.',
    );
    expect(await page.getByRole('combobox', { name: 'Forma de pago preferida' }).inputValue()).toBe('cc');
    await expectNoAxeViolations(page);
  });

  it('a person without billing data receives a "Factura simplificada"', async () => {
    const email = newEmail();
    await toCardPage(email);
    await payByCard();
    const text = await mailedInvoiceText(email);
    expect(text).toContain('Factura simplificada');
    expect(text).toContain('(IVA incluido)');
    expect(text).not.toContain(email);
  });
});
