import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { insertOperator, TEST_OPERATOR_PASSWORD } from '../apps/server/src/testing/admin.ts';
import { minimalPdf } from '../apps/server/src/testing/files.ts';
import { pdfText } from '../apps/server/src/testing/pdf-text.ts';
import { signInToBackOffice } from './support/back-office-sign-in.ts';
import { useShopPage } from './support/shop-page.ts';
import { NS_FORM, saveWizardForm } from './support/wizard-storage.ts';

// Issue 10's first acceptance in Chromium against the real server: a customer
// orders and pays (sandbox card); an agent logs in to /admin, finds the order,
// moves it to 'En tramitación', raises an incident; the customer sees
// 'Incidencia' and fills the incident form with a file; the agent sees the
// answer, attaches the result PDF and marks it ready; the customer receives the
// e-mail, sees 'Listo' and downloads the document; an admin issues a credit
// note (refunded through the sandbox) and the customer sees 'Abonado' and
// downloads it.

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-after-'));
let agentEmail = '';
let adminEmail = '';

// Before the server starts (hooks run in order): a database with an agent and an admin.
beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database);
    await seed(database.db);
    agentEmail = await insertOperator(database.db, 'agent', 'agent@after-purchase.test');
    adminEmail = await insertOperator(database.db, 'admin', 'admin@after-purchase.test');
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const shop = useShopPage({ env: () => ({ DATA_DIR: dataDir }) });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The mail viewer's subjects of the mails to `to`. */
async function subjectsTo(to: string): Promise<string[]> {
  const html = await (await fetch(shop.mailViewer)).text();
  return [...html.matchAll(/<tr><td><a href="\/dev\/mail\/[\w-]+\/\d+">\d+<\/a><\/td>(.*?)<\/tr>/g)]
    .map(([, cells]) => [...(cells ?? '').matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1] ?? ''))
    .filter((td) => td[2] === to)
    .map((td) => (td[3] ?? '').replace(/<[^>]+>/g, ''));
}

/** The text of the PDF attached to the mail with this subject (the local mail viewer). */
async function mailedPdfText(subject: string): Promise<string> {
  const html = await (await fetch(shop.mailViewer)).text();
  const id = [
    ...html.matchAll(/<tr><td><a href="\/dev\/mail\/[\w-]+\/(\d+)">\d+<\/a><\/td>(.*?)<\/tr>/g),
  ].find(([, , cells]) => (cells ?? '').includes(`>${subject}</a>`))?.[1];
  expect(id).toBeDefined();
  const pdf = await fetch(`${shop.mailViewer}/${id}/attachments/0`);
  expect(pdf.status).toBe(200);
  return pdfText(Buffer.from(await pdf.arrayBuffer()));
}

/** The status label of the order's first row on the customer's orders page, after a reload. */
async function customerStatus(page: Page): Promise<string> {
  await page.goto(`${shop.origin}/app/customer/orders`);
  await h1(page).filter({ hasText: 'Mis pedidos' }).waitFor();
  const status = page.locator('[data-status]').first();
  await status.waitFor();
  return (await status.textContent()) ?? '';
}

async function adminLogin(page: Page, email: string) {
  await signInToBackOffice(page, email, TEST_OPERATOR_PASSWORD);
}

/** A PDF the page's session downloads from a link's address. */
async function downloadPdf(page: Page, href: string | null) {
  const response = await page.request.get(new URL(href ?? '', shop.origin).href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

describe('after the purchase (Chromium, real server, sandbox gateway)', () => {
  it('pay, incident answered with a file, result document, ready, credit note: the customer sees each step', async () => {
    const { page: customer, origin, context } = shop;
    const email = `rosa${Date.now()}@example.es`;

    // The customer orders a Nota Simple and pays by card.
    await customer.goto(`${origin}/app/servicios?store_id=14`);
    await h1(customer).waitFor();
    await saveWizardForm(customer, 'last_ns_form', { ...NS_FORM, nombre: 'Rosa Martín Vidal' });
    await customer.goto(`${origin}/app/cart/add/ns`);
    await customer.getByTestId('cart-total').waitFor();
    await customer.getByRole('button', { name: /artículos? en tu pedido/ }).click();
    await customer.getByRole('link', { name: 'Tramitar pedido' }).click();
    await h1(customer).filter({ hasText: '¿A qué e-mail te enviamos el pedido?' }).waitFor();
    await customer.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await customer.getByRole('button', { name: 'Siguiente' }).click();
    await h1(customer).filter({ hasText: '¿Cómo quieres pagar?' }).waitFor();
    await customer.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
    await customer.getByRole('button', { name: 'Siguiente' }).click();
    await h1(customer).filter({ hasText: 'Pago con tarjeta' }).waitFor();
    await customer.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
    await customer.getByRole('combobox', { name: 'Mes' }).selectOption('3');
    await customer.getByRole('textbox', { name: 'Año' }).fill(String(new Date().getFullYear() + 3));
    await customer.getByRole('textbox', { name: 'Código de seguridad (CVC)' }).fill('123');
    await customer.getByRole('button', { name: /^Pagar/ }).click();
    await h1(customer).filter({ hasText: '¡Gracias! Hemos recibido tu pedido' }).waitFor();
    const orderId = /\/checkout\/success\/(\d+)/.exec(customer.url())?.[1] ?? '';
    expect(orderId).toMatch(/^14\d{8}$/);
    expect(await customerStatus(customer)).toBe('Pendiente de tramitar');

    // The agent, in another tab: logs in, finds the order by the customer's e-mail, works it.
    const office = await context.newPage();
    await office.goto(`${origin}/admin`);
    await adminLogin(office, agentEmail);
    await expect.poll(() => h1(office).textContent()).toBe('Pedidos');
    await office.getByLabel('Buscar (pedido, correo, titular, DNI)').fill(email);
    await office.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => office.locator('tbody tr').count()).toBe(1);
    await office.getByRole('link', { name: orderId }).click();
    await expect.poll(() => h1(office).textContent()).toContain(`Pedido ${orderId}`);
    // An agent issues no credit note: the form is an admin's.
    expect(await office.getByRole('heading', { name: 'Abono y reembolso' }).count()).toBe(0);
    await office.getByRole('button', { name: 'En tramitación (30)' }).click();
    await expect.poll(() => h1(office).textContent()).toContain('En tramitación');
    expect(await customerStatus(customer)).toBe('En tramitación');

    await office.getByRole('button', { name: 'Incidencia (60)…' }).click();
    await office.getByLabel(/Mensaje para el cliente/).fill('Envíenos la escritura de la finca, por favor.');
    await office.getByRole('button', { name: 'Abrir incidencia' }).click();
    await expect.poll(() => h1(office).textContent()).toContain('Incidencia');
    await expect.poll(() => office.getByText('Esperando el formulario del cliente.').count()).toBe(1);

    // The customer sees 'Incidencia' and the message, and answers the incident form with a file.
    await expect
      .poll(() => subjectsTo(email))
      .toContain(`Necesitamos más información sobre tu pedido ${orderId}`);
    expect(await customerStatus(customer)).toBe('Incidencia');
    expect(await customer.getByText('Envíenos la escritura de la finca, por favor.').count()).toBe(1);
    await customer.getByRole('link', { name: 'Completar el formulario de incidencia' }).first().click();
    await expect
      .poll(() => h1(customer).textContent())
      .toBe(`Formulario de incidencia del pedido ${orderId}`);
    await expect
      .poll(() => customer.getByText('Envíenos la escritura de la finca, por favor.').count())
      .toBe(1);
    await customer
      .getByLabel('Tu respuesta')
      .fill('Adjunto la escritura; la referencia catastral es 9872023VH5797S.');
    await customer
      .getByLabel(/^Documentos/)
      .setInputFiles({ name: 'escritura.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await expect
      .poll(() => customer.getByRole('list', { name: 'Archivos subidos' }).textContent())
      .toContain('escritura.pdf');
    await customer.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expect
      .poll(() => customer.getByRole('status').filter({ hasText: 'Hemos recibido tu respuesta' }).count())
      .toBe(1);
    expect(await customerStatus(customer)).toBe('En tramitación');

    // The agent sees the answer and the file, attaches the result PDF and marks the order ready.
    await office.reload();
    await expect.poll(() => h1(office).textContent()).toContain('En tramitación');
    await expect
      .poll(() =>
        office.getByText('Adjunto la escritura; la referencia catastral es 9872023VH5797S.').count(),
      )
      .toBe(1);
    const evidence = office.getByRole('list', { name: 'Documentos del cliente' }).getByRole('link', {
      name: 'escritura.pdf',
    });
    expect(await evidence.count()).toBe(1);
    await office
      .getByLabel('Documento resultado (PDF)')
      .setInputFiles({ name: 'nota-simple.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await office.getByRole('button', { name: 'Adjuntar y enviar al cliente' }).click();
    await expect
      .poll(() =>
        office.getByText('Documento «nota-simple.pdf» adjuntado y enviado al cliente por correo.').count(),
      )
      .toBe(1);
    await expect.poll(() => office.getByRole('button', { name: 'Listo (110)' }).isDisabled()).toBe(false);
    await office.getByRole('button', { name: 'Listo (110)' }).click();
    await expect.poll(() => h1(office).textContent()).toContain('Listo');

    // The customer receives the e-mail, sees 'Listo' and downloads the document.
    await expect.poll(() => subjectsTo(email)).toContain(`Tu documento del pedido ${orderId} está listo`);
    expect(await customerStatus(customer)).toBe('Listo');
    const documentLink = customer.getByRole('link', { name: 'Descargar documento nota-simple.pdf' });
    await downloadPdf(customer, await documentLink.getAttribute('href'));

    // An admin issues the credit note: refunded through the sandbox, the order closed.
    await office.getByRole('button', { name: 'Salir' }).click();
    await office.goto(`${origin}/admin/orders/${orderId}`);
    await adminLogin(office, adminEmail);
    await expect.poll(() => h1(office).textContent()).toContain(`Pedido ${orderId}`);
    await office
      .getByLabel('Motivo de la rectificación')
      .fill('Cortesía: el registro tardó más de lo prometido.');
    await office.getByRole('button', { name: 'Abonar y reembolsar…' }).click();
    // Nothing happens before the confirmation, which states the amount and the outcome.
    const confirm = office.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain('el pedido quedará abonado y cerrado');
    await confirm.getByRole('button', { name: /^Sí, reembolsar / }).click();
    // The refund goes through the gateway and renders the note's PDF before the order reads 'Abonado'.
    await expect.poll(() => h1(office).textContent(), { timeout: 15_000 }).toContain('Abonado');
    // The confirmation and the history line come with the reloaded order, maybe a moment after the status.
    await expect
      .poll(() =>
        office.getByText(/^Factura rectificativa R-ES-\d{4}-\d{6} \(R[15]\) emitida y reembolsado/).count(),
      )
      .toBe(1);
    await expect
      .poll(() =>
        office
          .getByRole('region', { name: 'Historial' })
          .getByText(/Factura rectificativa emitida y reembolso/)
          .count(),
      )
      .toBe(1);

    // The customer sees 'Abonado' and downloads the credit note.
    expect(await customerStatus(customer)).toBe('Abonado');
    const creditLink = customer.getByRole('link', { name: /^Descargar factura rectificativa R-ES-/ });
    await downloadPdf(customer, await creditLink.getAttribute('href'));
    await expect.poll(() => subjectsTo(email)).toContain(`Factura rectificativa de tu pedido ${orderId}`);
    // The mailed PDF is a "Factura rectificativa" citing the invoice it corrects and the reason (issue 18 item 4).
    const invoiceLine = (await office.getByText(/^Factura ES-\d{4}-\d{6}:/).textContent()) ?? '';
    const invoiceNumber = /ES-\d{4}-\d{6}/.exec(invoiceLine)?.[0] ?? 'none';
    const text = await mailedPdfText(`Factura rectificativa de tu pedido ${orderId}`);
    expect(text).toContain('Factura rectificativa');
    expect(text).toContain(`Rectifica la factura ${invoiceNumber}`);
    expect(text).toContain('Cortesía: el registro tardó más de lo prometido.');
    await office.close();
  });
});
