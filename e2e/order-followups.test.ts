import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { customers } from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { hashPassword } from '../apps/server/src/modules/customers/password.ts';
import { insertEarlyCheckoutOrder } from '../apps/server/src/testing/early-checkout.ts';
import { insertOrder } from '../apps/server/src/testing/orders.ts';
import { axeViolations } from './support/axe.ts';
import { useShopPage } from './support/shop-page.ts';
import { NS_FORM } from './support/wizard-storage.ts';

// Issue 10 item 2 in Chromium at 360px against the real server: a customer
// with a Nota Simple ordered 61 days ago (aged in the database before the
// server starts) orders it again from customer/orders (loadorder) and pays
// with the sandbox's card; then updates the old Nota Simple with a corrected
// address (updatepedidoNS), which the new order of the same day does not offer;
// and completes an item paid with early checkout (checkout/finalize, updatepedido).

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-followups-'));
const EMAIL = 'followups@example.es';
const PASSWORD = 'correct horse battery';
let oldOrderId = '';
let earlyOrderId = '';

// Before the server starts (hooks run in order): a customer with a password and a paid Nota Simple 61 days old.
beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database);
    await seed(database.db);
    await database.db
      .insert(customers)
      .values({ storeId: 14, email: EMAIL, passwordHash: await hashPassword(PASSWORD) });
    const order = await insertOrder(database.db, {
      email: EMAIL,
      productId: 15867,
      form: NS_FORM,
      createdAt: new Date(Date.now() - 61 * 86_400_000),
    });
    oldOrderId = order.id;
    // An item paid with early checkout (spec 4): the bank, address and date steps still to answer.
    const early = await insertEarlyCheckoutOrder(database.db, { email: EMAIL });
    earlyOrderId = early.id;
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const shop = useShopPage({
  env: () => ({ DATA_DIR: dataDir }),
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 780 });
  },
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function logIn() {
  const { page, origin } = shop;
  await page.goto(`${origin}/app/customer/authenticate?store_id=14`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(EMAIL);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
}

async function openOrders() {
  const { page, origin } = shop;
  await page.goto(`${origin}/app/customer/orders`);
  await heading(page, 'Mis pedidos').waitFor();
  await page.getByRole('article', { name: `Pedido ${oldOrderId}` }).waitFor();
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** The session's cart as GET cart answers it. */
async function cartItems(page: Page) {
  return page.evaluate(async () => {
    const answer = await (await fetch('/desktopapp/rest/cart', { credentials: 'same-origin' })).json();
    return (
      answer.cart.items as { product_id: number; options: { option_id: number; value: string }[] }[]
    ).map((item) => ({
      product_id: item.product_id,
      address: item.options.find((option) => option.option_id === 80)?.value,
    }));
  });
}

describe('order follow-ups (Chromium, 360px, real server)', () => {
  it('orders a past order again (loadorder) and pays it with the sandbox card', async () => {
    const { page } = shop;
    await logIn();
    await openOrders();
    await expectNoAxeViolations(page);
    const old = page.getByRole('article', { name: `Pedido ${oldOrderId}` });
    await old.getByRole('button', { name: 'Volver a pedir' }).click();
    await page.waitForURL(/\/app\/customer\/checkout/);
    await page.getByText('Hemos añadido 1 producto a tu carrito.').waitFor();
    expect(await cartItems(page)).toEqual([{ product_id: 15867, address: 'Calle Mayor 1, 2º B' }]);

    // The checkout: the customer's method (card by default), then the card page.
    await heading(page, 'Revisa y paga tu pedido').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Introducir los datos de la tarjeta' }).click();
    await heading(page, 'Pago con tarjeta').waitFor();
    await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
    await page.getByRole('combobox', { name: 'Mes' }).selectOption('3');
    await page.getByRole('textbox', { name: 'Año' }).fill(String(new Date().getFullYear() + 3));
    await page.getByRole('textbox', { name: 'Código de seguridad (CVC)' }).fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor();
    const newOrderId = /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
    expect(newOrderId).toMatch(/^14\d{8}$/);
    expect(newOrderId).not.toBe(oldOrderId);

    await openOrders();
    const fresh = page.getByRole('article', { name: `Pedido ${newOrderId}` });
    await fresh.waitFor();
    expect(await fresh.textContent()).toContain('Pendiente de tramitar');
    // The Nota Simple update is for orders over 60 days old only.
    expect(await fresh.getByRole('button', { name: 'Actualizar Nota Simple' }).count()).toBe(0);
  });

  it('updates a Nota Simple ordered over 60 days ago with a corrected address (updatepedidoNS)', async () => {
    const { page } = shop;
    await logIn();
    await openOrders();
    const old = page.getByRole('article', { name: `Pedido ${oldOrderId}` });
    expect(await old.textContent()).toContain('Han pasado más de 60 días');
    await old.getByRole('button', { name: 'Actualizar Nota Simple' }).click();
    const dialog = page.getByRole('dialog', { name: 'Actualizar Nota Simple' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    const address = dialog.getByRole('textbox', { name: /Dirección del inmueble/ });
    expect(await address.inputValue()).toBe('Calle Mayor 1, 2º B');
    // Keyboard only: the field, then submit with Enter.
    await address.fill('Calle Mayor 3, 1º A');
    await address.press('Enter');
    await page.waitForURL(/\/app\/customer\/checkout/);
    await page.getByText('Hemos añadido 1 producto a tu carrito.').waitFor();
    expect(await cartItems(page)).toEqual([{ product_id: 15867, address: 'Calle Mayor 3, 1º A' }]);

    // The old order keeps its data.
    await openOrders();
    expect(await page.getByRole('article', { name: `Pedido ${oldOrderId}` }).textContent()).toContain(
      'Calle Mayor 1, 2º B',
    );
  });

  it('completes an item paid with early checkout at checkout/finalize/{item_id} (updatepedido)', async () => {
    const { page } = shop;
    await logIn();
    await openOrders();
    const early = page.getByRole('article', { name: `Pedido ${earlyOrderId}` });
    expect(await early.textContent()).toContain('Pendiente de tramitar');
    await early.getByRole('link', { name: 'Completar datos' }).click();
    await heading(page, 'Completa tu pedido').waitFor();
    await page.getByRole('textbox', { name: /Entidad bancaria/ }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: /Entidad bancaria/ }).fill('Banco Uno');
    await page.getByRole('combobox', { name: /Municipio del inmueble/ }).fill('Tole');
    await page
      .getByRole('option', { name: /^Toledo/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: /Dirección del inmueble/ }).fill('Calle Mayor 1');
    await page.getByRole('textbox', { name: /Fecha de la escritura/ }).fill('12/03/2021');
    await page.getByRole('button', { name: 'Enviar datos' }).click();
    await page.waitForURL(/\/app\/customer\/orders/);
    await page.getByText('Gracias: ya tenemos todo lo necesario para tramitar tu pedido.').waitFor();
    const done = page.getByRole('article', { name: `Pedido ${earlyOrderId}` });
    await expect.poll(() => done.getByRole('link', { name: 'Completar datos' }).count()).toBe(0);
  });
});
