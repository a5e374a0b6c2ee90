import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { orders } from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { issueInvoice } from '../apps/server/src/modules/invoices/invoices.service.ts';
import { insertOperator, TEST_OPERATOR_PASSWORD } from '../apps/server/src/testing/admin.ts';
import { minimalPdf } from '../apps/server/src/testing/files.ts';
import { insertOrder } from '../apps/server/src/testing/orders.ts';
import { axeViolations } from './support/axe.ts';
import { useShopPage } from './support/shop-page.ts';
import { NS_FORM, saveWizardForm } from './support/wizard-storage.ts';

// Issue 21's promise in Chromium against the real server (ADR 034): the
// promise a Nota Simple's step shows for Madrid is the cart's, the success
// page's, the orders page's and the confirmation mail's; an agent sees the
// queue ordered by time left with the urgent order flagged; delivering an
// order after its promise refunds its service fee with a credit note and the
// delivery mail says so.

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-promise-'));
let agentEmail = '';
let lateOrderId = '';

beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database);
    await seed(database.db);
    agentEmail = await insertOperator(database.db, 'agent', 'agent@promise.test');
    // A paid, invoiced Nota Simple whose promise passed two hours ago.
    const late = await insertOrder(database.db, {
      productId: 15867,
      createdAt: new Date(Date.now() - 6 * 3600_000),
      form: { ...NS_FORM, nombre: 'Tomás Late Ruiz' },
    });
    lateOrderId = late.id;
    const [row] = await database.db
      .update(orders)
      .set({
        promisedAt: new Date(Date.now() - 2 * 3600_000),
        promiseBasis: { registry_id: 1, hours: 3, urgent: false },
      })
      .where(eq(orders.id, late.id))
      .returning();
    if (!row) throw new Error('late order missing');
    await database.db.transaction((tx) => issueInvoice(tx, row));
  } finally {
    await database.close();
  }
}, 180_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const shop = useShopPage({ env: () => ({ DATA_DIR: dataDir }) });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The mail viewer's id of the mail whose subject starts with `subject`. */
async function mailId(subject: string): Promise<string | undefined> {
  const html = await (await fetch(shop.mailViewer)).text();
  return [...html.matchAll(/<tr><td><a href="\/dev\/mail\/[\w-]+\/(\d+)">\d+<\/a><\/td>(.*?)<\/tr>/g)].find(
    ([, , cells]) => (cells ?? '').includes(`>${subject}`),
  )?.[1];
}

async function mailText(subject: string): Promise<string> {
  let id: string | undefined;
  await expect.poll(async () => (id = await mailId(subject)), { timeout: 60_000 }).toBeDefined();
  const page = await (await fetch(`${shop.mailViewer}/${id}`)).text();
  return page
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

const PROMISE = /^Recíbela (hoy|mañana|el .+) antes de las \d\d:\d\d$/;

describe('the delivery promise (Chromium, real server, sandbox gateway)', () => {
  it('the step, the cart, the success page, the orders page and the mail say the same promise', async () => {
    const { page, origin } = shop;
    const email = `promesa${Date.now()}@example.es`;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await h1(page).waitFor();
    await saveWizardForm(page, 'last_ns_form', {
      ...NS_FORM,
      servicio_urgente: true,
      step52: true,
      solicitante_nombre: 'Ana Pérez García',
      solicitante_documento: '12345678Z',
      interes_legitimo: 'Compraventa de la vivienda',
    });

    // The product step: the urgent service reads the registry's promise, not the spec's default copy.
    await page.goto(`${origin}/app/nota-simple/step42?store_id=14`);
    await h1(page).filter({ hasText: 'Plazo de entrega' }).waitFor();
    const urgent = page.getByRole('radio', { name: /^Urgente: Recíbela/ });
    await urgent.waitFor();
    const label = (await page.locator('label', { has: urgent }).textContent()) ?? '';
    const promise = /Urgente: (.+?) \(\+/.exec(label)?.[1] ?? '';
    expect(promise).toMatch(PROMISE);
    expect(label).not.toContain('4 horas laborables');

    // The summary says the same, and adds it to the order.
    await page.goto(`${origin}/app/nota-simple/step6?store_id=14`);
    await h1(page).filter({ hasText: 'Revisa tu Nota Simple' }).waitFor();
    await page.getByText(`Entrega: ${promise}.`).waitFor();
    await page.getByRole('button', { name: 'Añadir al pedido' }).click();
    await page.getByTestId('cart-total').waitFor();
    expect(await page.getByTestId('delivery-promise').first().textContent()).toBe(promise);
    await expectNoAxeViolations(page);

    // Checkout with a card: the success page.
    await page.getByRole('button', { name: /artículos? en tu pedido/ }).click();
    await page.getByRole('link', { name: 'Tramitar pedido' }).click();
    await h1(page).filter({ hasText: '¿A qué e-mail te enviamos el pedido?' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await h1(page).filter({ hasText: '¿Cómo quieres pagar?' }).waitFor();
    await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await h1(page).filter({ hasText: 'Pago con tarjeta' }).waitFor();
    await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
    await page.getByRole('combobox', { name: 'Mes' }).selectOption('3');
    await page.getByRole('textbox', { name: 'Año' }).fill(String(new Date().getFullYear() + 3));
    await page.getByRole('textbox', { name: 'Código de seguridad (CVC)' }).fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await h1(page).filter({ hasText: '¡Gracias! Hemos recibido tu pedido' }).waitFor();
    const orderId = /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
    await expect.poll(() => page.getByTestId('delivery-promise').textContent()).toBe(promise);
    await expectNoAxeViolations(page);

    // The orders page.
    await page.goto(`${origin}/app/customer/orders`);
    await h1(page).filter({ hasText: 'Mis pedidos' }).waitFor();
    await expect.poll(() => page.getByTestId('delivery-promise').first().textContent()).toBe(promise);

    // The confirmation mail.
    const mail = await mailText(`Confirmación de tu pedido ${orderId}`);
    expect(mail).toContain(promise);

    // The agent's queue: the overdue order first, the customer's urgent order flagged.
    const office = await shop.context.newPage();
    await office.goto(`${origin}/admin`);
    await office.getByLabel('Correo electrónico').fill(agentEmail);
    await office.getByLabel('Contraseña').fill(TEST_OPERATOR_PASSWORD);
    await office.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => h1(office).textContent()).toBe('Pedidos');
    await expect.poll(() => office.locator('tbody tr').count()).toBeGreaterThan(1);
    const ids = await office
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')));
    expect(ids.indexOf(lateOrderId)).toBe(0);
    expect(ids).toContain(orderId);
    expect(await office.locator(`tbody tr[data-order-id="${lateOrderId}"]`).textContent()).toContain(
      'Vencido',
    );
    expect(await office.locator(`tbody tr[data-order-id="${orderId}"]`).textContent()).toContain('Urgente');
    await expectNoAxeViolations(office);

    // The calendars screen.
    await office.getByRole('link', { name: 'Calendarios' }).click();
    await expect.poll(() => h1(office).textContent()).toBe('Calendarios de los registros');
    await office.getByRole('heading', { name: 'Festivos' }).waitFor();
    await expectNoAxeViolations(office);
  });

  it('delivered after its promise: the delivery mail says the service fee is refunded, with a credit note', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/admin/orders/${lateOrderId}`);
    await page.getByLabel('Correo electrónico').fill(agentEmail);
    await page.getByLabel('Contraseña').fill(TEST_OPERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => h1(page).textContent()).toContain(`Pedido ${lateOrderId}`);
    await page
      .getByLabel('Documento resultado (PDF)')
      .setInputFiles({ name: 'nota-simple.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await page.getByRole('button', { name: 'Adjuntar y enviar al cliente' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'nota-simple.pdf' }).count()).toBe(1);

    const delivery = await mailText(`Tu documento del pedido ${lateOrderId} está listo`);
    expect(delivery).toContain('te hemos devuelto la tarifa del servicio');
    // The refund job: the credit note (a rectifying invoice) is mailed once the gateway refunded.
    const credit = await mailText(`Factura rectificativa de tu pedido ${lateOrderId}`);
    expect(credit).toContain('Hemos reembolsado');
    expect(credit).toContain('Entregado después de lo prometido');
    // The order screen says how the refund stands.
    await page.reload();
    await expect
      .poll(() => page.getByText('Tarifa del servicio reembolsada, con factura rectificativa').count())
      .toBe(1);
    await expectNoAxeViolations(page);
  });
});
