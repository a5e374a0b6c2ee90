import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { insertOperator, TEST_OPERATOR_PASSWORD } from '../apps/server/src/testing/admin.ts';
import { minimalPdf } from '../apps/server/src/testing/files.ts';
import { insertOrder } from '../apps/server/src/testing/orders.ts';
import { axeViolations } from './support/axe.ts';
import { signInToBackOffice } from './support/back-office-sign-in.ts';
import { useShopPage } from './support/shop-page.ts';

// The back office in Chromium against the real server: an agent logs in at
// /admin, finds a paid order in the queue by its holder, opens it, moves it to
// 'En tramitación', raises an incident, attaches the result PDF (mailed to the
// customer, seen in the mail viewer) and marks it ready; the storefront's first
// screen loads none of the back office's scripts.

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-admin-'));
let agentEmail = '';
let adminEmail = '';
let orderId = '';
let productId = 0;

// Before the server starts (hooks run in order): a database with an agent and a paid order.
beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database);
    await seed(database.db);
    agentEmail = await insertOperator(database.db, 'agent', 'agent@backoffice.test');
    adminEmail = await insertOperator(database.db, 'admin', 'admin@backoffice.test');
    const order = await insertOrder(database.db, {
      createdAt: new Date(Date.now() - 3 * 3600_000),
      form: { nombre: 'Lucía Fernández Ruiz', dni: '12345678Z', direccion: 'Calle Sol 3' },
    });
    orderId = order.id;
    productId = order.productId;
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const shop = useShopPage({ env: () => ({ DATA_DIR: dataDir }) });

const h1 = () => shop.page.getByRole('heading', { level: 1 });

/** expect.poll with room for a loaded machine (its default is one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Every back-office screen passes axe (issue 21 acceptance). */
async function expectAxeClean(label: string) {
  expect({ screen: label, violations: await axeViolations(shop.page) }).toEqual({
    screen: label,
    violations: [],
  });
}

describe('back office (Chromium, real server)', () => {
  it('an agent logs in, finds the order, works it through incident to ready with the result PDF', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/admin`);
    await page.getByLabel('Correo electrónico').waitFor();
    await expectAxeClean('log in');
    await page.getByLabel('Correo electrónico').fill(agentEmail);
    await page.getByLabel('Contraseña').fill('not the password');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await poll(() => page.getByRole('alert').textContent()).toContain('no son correctos');

    await page.getByLabel('Contraseña').fill(TEST_OPERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await poll(() => h1().textContent()).toBe('Pedidos');
    await poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectAxeClean('queue');

    const cookies = await shop.context.cookies(origin);
    expect(cookies.find((c) => c.name === 'admin')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    // Search by the holder, as an operator on the phone with the customer would.
    await page.getByLabel('Buscar (pedido, correo, titular, DNI)').fill('Fernández');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr').first().textContent()).toContain('Lucía Fernández Ruiz');
    await page.getByRole('link', { name: orderId }).click();
    await poll(() => h1().textContent()).toContain(`Pedido ${orderId}`);
    expect(await h1().textContent()).toContain('Pendiente de tramitar');
    expect(await page.getByText('Lucía Fernández Ruiz').count()).toBeGreaterThan(0);
    // The holder comes from the form, the history reads in words.
    const data = page.getByRole('region', { name: 'Pedido', exact: true });
    expect(await data.getByText('Lucía Fernández Ruiz').count()).toBe(1);
    await expectAxeClean('order');

    await page.getByRole('button', { name: 'En tramitación (30)' }).click();
    await poll(() => h1().textContent()).toContain('En tramitación');
    // Ready needs the result document: the state machine keeps the button disabled.
    expect(await page.getByRole('button', { name: 'Listo (110)' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Incidencia (60)…' }).click();
    await page.getByLabel(/Mensaje para el cliente/).fill('Indique la referencia catastral, por favor.');
    await page.getByRole('button', { name: 'Abrir incidencia' }).click();
    await poll(() => h1().textContent()).toContain('Incidencia');
    const history = page.getByRole('region', { name: 'Historial' });
    await poll(() =>
      history.getByText(/Incidencia abierta y enviada al cliente.*«Indique la referencia catastral/).count(),
    ).toBe(1);
    expect(await history.getByText(/Pasado a en tramitación/).count()).toBe(1);
    expect(await history.getByText(/order\./).count()).toBe(0);

    // The result document: attached, mailed to the customer, and then the order can be ready.
    await page
      .getByLabel('Documento resultado (PDF)')
      .setInputFiles({ name: 'nota-simple.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await page.getByRole('button', { name: 'Adjuntar y enviar al cliente' }).click();
    await poll(() =>
      page.getByText('Documento «nota-simple.pdf» adjuntado y enviado al cliente por correo.').count(),
    ).toBe(1);
    await poll(() => page.getByRole('link', { name: 'nota-simple.pdf' }).count()).toBe(1);
    // The form emptied, and says what was sent: no second send by mistake.
    expect(await page.getByLabel('Otro documento resultado (PDF)').inputValue()).toBe('');
    await expectAxeClean('order after the send');
    await poll(() => page.getByRole('button', { name: 'Listo (110)' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Listo (110)' }).click();
    await poll(() => h1().textContent()).toContain('Listo');

    // The mail viewer shows the mail with the document.
    await page.getByRole('link', { name: 'Correo' }).click();
    await poll(() => h1().textContent()).toBe('Correo');
    const subject = `Tu documento del pedido ${orderId} está listo`;
    await page.getByRole('link', { name: subject }).click();
    await poll(() => page.getByRole('heading', { name: subject }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'nota-simple.pdf' }).count()).toBe(1);
    await expectAxeClean('mail');

    await page.getByRole('link', { name: 'Facturas' }).click();
    await poll(() => h1().textContent()).toBe('Facturas');
    await expectAxeClean('invoices');

    // The queue: a bulk change on a selection, the result per order; the CSV of the same filters.
    await page.getByRole('link', { name: 'Pedidos', exact: true }).click();
    await page.locator('select[name="status"]').selectOption('all');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByLabel(`Seleccionar el pedido ${orderId}`).check();
    await page.getByLabel(/Cambiar el estado de los seleccionados/).selectOption('pending');
    await page.getByRole('button', { name: 'Aplicar a 1 pedido' }).click();
    const results = page.getByRole('list', { name: 'Resultado por pedido' });
    await poll(() => results.textContent()).toContain(`${orderId}: sin cambios`);
    await expectAxeClean('queue after a bulk change');
    const csvHref = await page.getByRole('link', { name: /Exportar CSV/ }).getAttribute('href');
    expect(csvHref).toBe('/admin/api/orders.csv?status=all');
    const csv = await page.request.get(`${origin}${csvHref}`);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(await csv.text()).toContain(`\r\n${orderId};`);
  });

  it('an admin edits a product definition with the live wizard preview and publishes a new version', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/admin/catalog/${productId}`);
    await signInToBackOffice(page, adminEmail, TEST_OPERATOR_PASSWORD);
    await poll(() => h1().textContent()).toContain(`producto ${productId}, versión 1`);

    // The preview asks the first step with the storefront's own field and shows the price.
    const preview = page.getByRole('region', { name: 'Vista previa del asistente' });
    await poll(() => preview.textContent()).toContain('Paso 1');
    expect(await preview.locator('input, select, textarea').count()).toBeGreaterThan(0);

    // The definition as form fields; the raw JSON is the advanced view.
    const publish = page.getByRole('button', { name: 'Publicar nueva versión' });
    expect(await publish.isDisabled()).toBe(true);
    const name = page.getByRole('group', { name: 'Producto' }).getByLabel('Nombre', { exact: true });
    await name.fill('');
    await poll(() => page.getByText('Producto › nombre: Este campo es obligatorio.').count()).toBe(1);
    expect(await publish.isDisabled()).toBe(true);

    await name.fill('Producto renombrado');
    await poll(() => preview.textContent()).toContain('Producto renombrado');
    await page.getByRole('button', { name: 'Publicar nueva versión' }).click();
    await poll(() => h1().textContent()).toContain('versión 2');
    expect(await page.getByText(/^v1 · /).count()).toBe(1);
    await expectAxeClean('product editor');

    await page.getByRole('link', { name: 'Catálogo' }).first().click();
    await poll(() => h1().textContent()).toBe('Catálogo');
    await poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectAxeClean('catalogue');

    await page.getByRole('link', { name: 'Operadores' }).click();
    await poll(() => h1().textContent()).toBe('Operadores');
    await poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectAxeClean('operators');
  });

  it("an admin changes a store's settings; what the environment decides is shown read-only", async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/admin/stores`);
    // The admin's session of the test above when it is still open; else the log in (and the TOTP code).
    const email = page.getByLabel('Correo electrónico');
    await poll(
      async () => (await email.count()) > 0 || (await h1().allTextContents()).includes('Tiendas'),
    ).toBe(true);
    if ((await email.count()) > 0) await signInToBackOffice(page, adminEmail, TEST_OPERATOR_PASSWORD);
    await poll(() => h1().textContent()).toBe('Tiendas');
    await poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectAxeClean('stores');
    await page.getByRole('link', { name: 'Tienda 14', exact: true }).click();
    await poll(() => h1().textContent()).toContain('Tienda 14');
    const phone = page.getByRole('textbox', { name: /Teléfono de atención/ });
    await phone.fill('+34 910 000 114');
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    await poll(() => page.getByRole('status').textContent()).toContain('Ajustes guardados');
    expect(await page.getByRole('region', { name: 'Configurado en el servidor' }).textContent()).toContain(
      'INVOICE_ISSUER_*',
    );
    await expectAxeClean('store settings');
  }, 120_000);

  it("the storefront's first screen loads no back-office script", async () => {
    const { page, origin } = shop;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${origin}/app/servicios`);
    await poll(() => h1().textContent()).toBe('¿Qué servicio deseas?');
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts.filter((url) => /\/assets\/(admin|queue-screen|order-screen|product-editor)-/.test(url)),
    ).toEqual([]);
  });
});
