import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { insertOperator, TEST_OPERATOR_PASSWORD } from '../apps/server/src/testing/admin.ts';
import { axeViolations } from './support/axe.ts';
import { useShopPage } from './support/shop-page.ts';
import { saveWizardForm } from './support/wizard-storage.ts';

// Issue 10's located-properties acceptance in Chromium against the real server
// and its sandbox gateway: a properties search is paid (12 €); the agent records
// two located properties in the order's page; the customer gets the e-mail,
// follows its link, sees two child items at 20,76 each and pays 41,52; a second
// search with one found property is cancelled with 'Cancelar pedido'.

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-located-'));
let agentEmail = '';

beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database);
    await seed(database.db);
    agentEmail = await insertOperator(database.db, 'agent', 'agent@located.test');
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const shop = useShopPage({ env: () => ({ DATA_DIR: dataDir }) });

const steps = Object.fromEntries(
  ['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7'].map((s) => [s, true]),
);
const QP_FORM = {
  nombre_persona: 'Lucía Fernández Ruiz',
  dni: '12345678Z',
  nombre_empresa: '',
  num_propiedades: '10',
  opcion_persona: true,
  opcion_empresa: false,
  ...steps,
};

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Adds a properties search to the cart as its wizard leaves it (cart/add/qpropiedades). */
async function addSearch(page: Page, origin: string) {
  await page.goto(`${origin}/app/servicios?store_id=14`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await saveWizardForm(page, 'last_qp_form', QP_FORM);
  await page.goto(`${origin}/app/cart/add/qpropiedades`);
  await page.getByTestId('cart-total').waitFor();
}

async function payByCard(page: Page) {
  await heading(page, 'Pago con tarjeta').waitFor();
  await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
  await page.getByRole('combobox', { name: 'Mes' }).selectOption('3');
  await page.getByRole('textbox', { name: 'Año' }).fill(String(new Date().getFullYear() + 3));
  await page.getByRole('textbox', { name: 'Código de seguridad (CVC)' }).fill('123');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor();
  return /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
}

/** A logged-in customer pays the cart: checkout, card. */
async function checkoutByCard(page: Page) {
  await page.getByRole('link', { name: 'Tramitar pedido' }).first().click();
  await heading(page, 'Revisa y paga tu pedido').waitFor();
  await page.getByRole('button', { name: 'Introducir los datos de la tarjeta' }).click();
  return payByCard(page);
}

/** The agent (in a page of their own) records the properties found for the order's search. */
async function recordProperties(orderId: string, properties: { registro: string; finca: string }[]) {
  const { context, origin } = shop;
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/admin/orders/${orderId}`);
    const login = page.getByLabel('Correo electrónico');
    await Promise.race([login.waitFor(), heading(page, new RegExp(`Pedido ${orderId}`)).waitFor()]);
    if (await login.count()) {
      await login.fill(agentEmail);
      await page.getByLabel('Contraseña').fill(TEST_OPERATOR_PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
    }
    await heading(page, new RegExp(`Pedido ${orderId}`)).waitFor();
    const panel = page.getByRole('region', { name: /Propiedades localizadas/ });
    for (const [index, property] of properties.entries()) {
      if (index > 0) await panel.getByRole('button', { name: 'Añadir otra propiedad' }).click();
      const row = panel.getByRole('group', { name: `Propiedad ${index + 1}` });
      // 'Titular' comes filled in with the holder searched.
      expect(await row.getByLabel('Titular').inputValue()).toBe('Lucía Fernández Ruiz');
      await row.getByLabel('Municipio').fill('Madrid');
      await row.getByLabel('Registro de la Propiedad').fill(property.registro);
      await row.getByLabel('Número de finca registral').fill(property.finca);
      await row.getByLabel(/Dirección del inmueble/).fill(`Calle Mayor ${index + 1}`);
    }
    await panel.getByRole('button', { name: /^Registrar y enviar al cliente/ }).click();
    await expect.poll(() => panel.textContent()).toContain('esperando el pago del cliente');
    // Recorded once: the form is gone, the history has the audit row.
    expect(await panel.getByRole('button', { name: /^Registrar/ }).count()).toBe(0);
    // The history reads in words (the action's code stays on the entry as data-action).
    const recorded = page
      .getByRole('region', { name: 'Historial' })
      .locator('li[data-action="order.located_recorded"]');
    await expect.poll(() => recorded.count()).toBe(1);
    expect(await recorded.textContent()).toContain(
      'Propiedades localizadas registradas y ofrecidas al cliente',
    );
  } finally {
    await page.close();
  }
}

/** The link of the located-properties mail of an order, read in the local mail viewer. */
async function mailedLink(orderId: string): Promise<string> {
  const subject = `Propiedades localizadas en tu búsqueda del pedido ${orderId}`;
  let id = '';
  await expect
    .poll(async () => {
      const html = await (await fetch(shop.mailViewer)).text();
      const row = [
        ...html.matchAll(/<tr><td><a href="\/dev\/mail\/[\w-]+\/(\d+)">\d+<\/a><\/td>(.*?)<\/tr>/g),
      ].find(([, , cells]) => cells?.includes(subject));
      id = row?.[1] ?? '';
      return id;
    })
    .not.toBe('');
  const text = await (await fetch(`${shop.mailViewer}/${id}/text`)).text();
  const link = /https?:\/\/\S+\/app\/payment\/quote\/\d+\?store_id=14/.exec(text)?.[0] ?? '';
  expect(link).not.toBe('');
  return link;
}

describe('located properties (Chromium, real server, sandbox gateway)', () => {
  it('a paid search, two located properties recorded, mailed, paid (41,52); a second search cancelled', async () => {
    const { page, origin } = shop;
    await page.setViewportSize({ width: 360, height: 780 });

    // A properties search for 12 €, paid by a new customer.
    await addSearch(page, origin);
    expect(await page.getByTestId('cart-total').textContent()).toBe('12\u00a0€');
    await page.getByRole('link', { name: 'Tramitar pedido' }).first().click();
    await heading(page, '¿A qué e-mail te enviamos el pedido?').waitFor();
    const email = `localizadas${Date.now()}@example.es`;
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await heading(page, '¿Cómo quieres pagar?').waitFor();
    await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    const searchOrder = await payByCard(page);
    expect(searchOrder).toMatch(/^14\d{8}$/);

    // The agent finds two properties.
    await recordProperties(searchOrder, [
      { registro: 'Registro de la Propiedad de Madrid nº 2', finca: '4521' },
      { registro: 'Registro de la Propiedad de Madrid nº 28', finca: '17833' },
    ]);

    // The customer follows the mail's link: the 18324 request with two children at 20,76.
    await page.goto(await mailedLink(searchOrder));
    await heading(page, 'Este es tu pedido:').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/cart');
    const request = page.locator('ol > li[data-item-id]').first();
    const children = request.locator(':scope > ol > li[data-item-id]');
    await expect.poll(() => children.count()).toBe(2);
    for (const child of await children.all()) {
      expect(await child.locator(':scope > div').textContent()).toContain('20,76\u00a0€');
    }
    expect(await children.first().textContent()).toContain('Número de finca registral: 4521');
    expect(await page.getByTestId('cart-total').textContent()).toBe('41,52\u00a0€');
    expect(await page.getByRole('button', { name: 'Cancelar pedido' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Paid through the normal checkout: 41,52.
    const locatedOrder = await checkoutByCard(page);
    expect(locatedOrder).not.toBe(searchOrder);
    expect(await page.getByRole('main').textContent()).toContain('41,52');

    // A second search, one property found; the customer cancels it.
    await addSearch(page, origin);
    const secondOrder = await checkoutByCard(page);
    await recordProperties(secondOrder, [
      { registro: 'Registro de la Propiedad de Getafe nº 1', finca: '901' },
    ]);
    await page.goto(await mailedLink(secondOrder));
    await heading(page, 'Este es tu pedido:').waitFor();
    expect(await page.getByTestId('cart-total').textContent()).toBe('20,76\u00a0€');
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    await heading(page, '¿Qué servicio deseas?').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/servicios');
    // Nothing left to pay.
    await page.goto(`${origin}/app/cart`);
    await heading(page, 'Este es tu pedido:').waitFor();
    expect(await page.getByText('Tu pedido está vacío.').count()).toBe(1);
  });
});
