import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { asPrinted, pdfText } from '../apps/server/src/testing/pdf-text.ts';
import { useShopPage } from './support/shop-page.ts';

// Issue 18, item 5 in Chromium at 360px against the real server and its sandbox
// gateway: the notarial deed copy (18458) with the "Nota Simple actualizada"
// add-on. The price shown at every step, going back and forth with the same
// answers, is the confirmation's total, the cart's and the order's; the add-on
// is its own line in the cart, the order and the invoice (ADR 027).

const shop = useShopPage({
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 780 });
  },
});

const TOTAL = '139,76\u00a0€'; // 59 + 20 authorised + 15 wider search + 25 archive + 20,76 Nota Simple
const main = () => shop.page.getByRole('main');
const heading = (name: string | RegExp) => shop.page.getByRole('heading', { level: 1, name });
const next = () => main().getByRole('button', { name: 'Siguiente', exact: true }).click();
const stepPrice = async () =>
  (await main()
    .getByText(/^Precio: /)
    .textContent()) ?? '';

async function answerText(title: string | RegExp, text?: string) {
  await heading(title).waitFor();
  if (text !== undefined) await main().getByRole('textbox', { name: title }).fill(text);
  await next();
}

async function answerRadio(title: string, choice: RegExp) {
  await heading(title).waitFor();
  await main().getByRole('radio', { name: choice }).check();
  await next();
}

async function pay(page: Page) {
  await page.getByRole('button', { name: /artículos en tu pedido/ }).click();
  await page.getByRole('link', { name: 'Tramitar pedido' }).click();
  await heading('¿A qué e-mail te enviamos el pedido?').waitFor();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`escritura${Date.now()}@example.es`);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await heading('¿Cómo quieres pagar?').waitFor();
  await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await heading('Pago con tarjeta').waitFor();
  // The payment summary lists both lines and the same total.
  const summary = (await main().textContent()) ?? '';
  expect(summary).toContain('Nota Simple');
  expect(summary).toContain(TOTAL);
  await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
  await page.getByRole('combobox', { name: 'Mes' }).selectOption('3');
  await page.getByRole('textbox', { name: 'Año' }).fill(String(new Date().getFullYear() + 3));
  await page.getByRole('textbox', { name: 'Código de seguridad (CVC)' }).fill('123');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await heading('¡Gracias! Hemos recibido tu pedido').waitFor();
}

describe('honest prices (Chromium, 360px, real server)', () => {
  it('the deed copy with the Nota Simple add-on: one price at every step, two lines in the cart, the order and the invoice', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await heading('¿Qué servicio deseas?').waitFor();
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${origin}/app/product/step1/18458`);
    await heading('Tipo de escritura').waitFor();
    await main().getByRole('combobox', { name: 'Tipo de escritura' }).selectOption({ label: 'Compraventa' });
    await next();
    await answerRadio('Tipo de copia', /Copia autorizada/);
    await heading('Municipio donde se firmó la escritura').waitFor();
    await main()
      .getByRole('combobox', { name: 'Municipio donde se firmó la escritura' })
      .pressSequentially('Sevil', { delay: 20 });
    await page.getByRole('option', { name: 'Sevilla (Sevilla)', exact: true }).click();
    await next();
    await answerRadio('¿Conoces el notario y el número de protocolo?', /^No, necesito/);
    await answerText('Nombre y apellidos de los firmantes', 'Luis Gómez Ruiz');
    await answerText(/Dirección del inmueble/);
    await answerText(/Fecha aproximada de la firma/, '01/01/1920');
    await answerRadio('Alcance de la búsqueda', /Ampliada al Archivo de Protocolos/);
    await heading(/Archivo Histórico Provincial/).waitFor();
    await main()
      .getByRole('radio', { name: /Sí, buscar en el Archivo Histórico/ })
      .check();
    // The step 10: 119 €.
    expect(await stepPrice()).toBe('Precio: 119\u00a0€');
    await next();
    await answerText('Observaciones');

    await heading('Revisa tu pedido').waitFor();
    await main()
      .getByRole('combobox', { name: '¿Cuál es tu relación con la escritura?' })
      .selectOption({ label: 'Soy uno de los firmantes' });
    await main()
      .getByRole('checkbox', { name: /Nota Simple actualizada del inmueble/ })
      .check();
    await main().getByText(`Total: ${TOTAL}`).waitFor();

    // Back to step 4 with the same answers: the same price, there and at every step forward.
    await main()
      .getByRole('link', { name: 'Cambiar: ¿Conoces el notario y el número de protocolo?' })
      .click();
    const seen: string[] = [];
    for (let step = 4; step <= 10; step++) {
      await main().getByText(`Copia de escritura · Paso ${step}`).waitFor();
      seen.push(await stepPrice());
      await next();
    }
    expect(seen).toEqual(Array.from({ length: 7 }, () => `Precio: ${TOTAL}`));
    await heading('Revisa tu pedido').waitFor();
    await main().getByText(`Total: ${TOTAL}`).waitFor();

    // The cart: two lines, counted as two, adding up to the price shown.
    await main().getByRole('button', { name: 'Añadir al pedido' }).click();
    await main().getByText('Se ha añadido Copia de escritura a tu pedido.').waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('2 artículos en tu pedido');
    const lines = main().locator('[data-item-id]');
    expect(await lines.count()).toBe(2);
    const deed = lines.filter({
      has: page.getByRole('heading', { name: 'Copia de escritura', exact: true }),
    });
    expect(await deed.getByRole('heading', { name: 'Nota Simple', exact: true }).count()).toBe(1);
    expect(await page.getByTestId('cart-total').textContent()).toBe(TOTAL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await pay(page);
    expect(await main().textContent()).toContain(TOTAL);
    const invoiceHref = await page
      .getByRole('link', { name: 'Descargar la factura (PDF)' })
      .getAttribute('href');

    // The order: two items, the Nota Simple under the deed.
    await page.goto(`${origin}/app/customer/orders`);
    await heading('Mis pedidos').waitFor();
    const deedItem = main()
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /^Copia de escritura/ }) });
    await deedItem.first().waitFor();
    expect(
      await deedItem
        .first()
        .getByRole('heading', { name: /^Nota Simple/ })
        .count(),
    ).toBe(1);

    // The invoice: both lines, the Nota Simple's registry fee (10,91 €) outside the VAT base.
    const invoice = await page.request.get(new URL(invoiceHref ?? '', origin).href);
    expect(invoice.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(await invoice.body());
    expect(text).toContain('Copia de escritura');
    expect(text).toContain('Nota Simple');
    expect(text).toContain(asPrinted('10,91\u00a0€'));
    expect(text).toContain(asPrinted(TOTAL));
  });
});
