import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eurosText, PRODUCT_IDS, parseEuros } from '@shop/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { mailMessages } from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { insertOperator, TEST_OPERATOR_PASSWORD } from '../apps/server/src/testing/admin.ts';
import { axeViolations } from './support/axe.ts';
import { recoveryCodesOf, SLOW, signInToBackOffice } from './support/back-office-sign-in.ts';
import { useShopPage } from './support/shop-page.ts';

// The back office's tools in Chromium against the real server: an admin's
// first log in asks for TOTP enrolment before anything else, then a code and
// a recovery code sign in.

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-bo-tools-'));
let adminEmail = '';

beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database);
    await seed(database.db);
    adminEmail = await insertOperator(database.db, 'admin', 'admin@bo-tools.test');
    await database.db.insert(mailMessages).values({
      storeId: 14,
      to: 'cliente@example.com',
      subject: 'Tu documento del pedido 123456789 está listo',
      text: 'Hola, adjuntamos tu documento.',
      status: 'failed',
      attempts: 6,
      lastError: '550 mailbox unavailable',
    });
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const shop = useShopPage({ env: () => ({ DATA_DIR: dataDir }) });
const h1 = () => shop.page.getByRole('heading', { level: 1 });

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect.poll(() => h1().textContent(), SLOW).toBe('Back office');
}

describe('back-office tools (Chromium, real server)', () => {
  it('an admin without TOTP is asked to enrol before anything else; then a code and a recovery code sign in', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/admin/catalog`);
    await page.getByLabel('Correo electrónico').fill(adminEmail);
    await page.getByLabel('Contraseña').fill(TEST_OPERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => h1().textContent(), SLOW).toBe('Verificación en dos pasos');
    // Nothing of the back office yet: no navigation, and its API refuses.
    expect(await page.getByRole('navigation', { name: 'Back office' }).count()).toBe(0);
    const refused = await page.evaluate(async () => (await fetch('/admin/api/orders')).status);
    expect(refused).toBe(403);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
    await expect
      .poll(
        () => page.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' }).count(),
        SLOW,
      )
      .toBe(1);
    await expectNoAxeViolations(page);
    await logOut(page);

    // The helper enrols as an operator would (a code computed with otpauth from the key shown).
    await signInToBackOffice(page, adminEmail, TEST_OPERATOR_PASSWORD);
    await expect.poll(() => h1().textContent(), SLOW).toBe('Catálogo');
    expect(recoveryCodesOf(adminEmail)).toHaveLength(10);
    await logOut(page);

    // Next log in: a code.
    await signInToBackOffice(page, adminEmail, TEST_OPERATOR_PASSWORD);
    await expect.poll(() => h1().textContent(), SLOW).toBe('Catálogo');
    await logOut(page);

    // A recovery code, once.
    const [recovery] = recoveryCodesOf(adminEmail);
    for (const attempt of ['first', 'second'] as const) {
      await page.getByLabel('Correo electrónico').fill(adminEmail);
      await page.getByLabel('Contraseña').fill(TEST_OPERATOR_PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect.poll(() => h1().textContent(), SLOW).toBe('Verificación en dos pasos');
      await expectNoAxeViolations(page);
      await page.getByLabel('Código de verificación').fill(recovery as string);
      await page.getByRole('button', { name: 'Verificar' }).click();
      if (attempt === 'first') {
        await expect.poll(() => h1().textContent(), SLOW).toBe('Catálogo');
        await logOut(page);
      } else {
        await expect.poll(() => page.getByRole('alert').textContent(), SLOW).toContain('ya se ha usado');
      }
    }
  });
});

describe('catalogue editor (Chromium, real server)', () => {
  it('a price edited in euros in the catalogue form shows on the storefront; no change, no publish', async () => {
    const { page, origin } = shop;
    // The Nota Simple's price on the services screen comes from its definition (loaded after hydration).
    const nsPrice = async () => {
      const text = (await page.locator(`[data-product-id="${PRODUCT_IDS.notaSimple}"]`).textContent()) ?? '';
      const match = /(\d+(?:,\d{2})?)\u00a0€/.exec(text);
      return match ? parseEuros(match[1] as string) : null;
    };
    await page.goto(`${origin}/app/servicios`);
    await expect.poll(nsPrice, SLOW).not.toBeNull();
    const before = (await nsPrice()) as number;

    await page.goto(`${origin}/admin/catalog`);
    await signInToBackOffice(page, adminEmail, TEST_OPERATOR_PASSWORD);
    await expect.poll(() => h1().textContent(), SLOW).toBe('Catálogo');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: String(PRODUCT_IDS.notaSimple), exact: true }).click();
    await expect
      .poll(() => h1().textContent(), SLOW)
      .toContain(`producto ${PRODUCT_IDS.notaSimple}, versión 1`);
    const preview = page.getByRole('region', { name: 'Vista previa del asistente' });
    await expect.poll(() => preview.textContent(), SLOW).toContain('Paso 1');
    const publish = page.getByRole('button', { name: 'Publicar nueva versión' });
    // Unchanged: nothing to publish.
    expect(await publish.isDisabled()).toBe(true);
    expect(await page.getByText('Sin cambios respecto a la versión publicada.').count()).toBe(1);
    await expectNoAxeViolations(page);

    const price = page.getByLabel('Precio base (€)');
    const oldBase = parseEuros(await price.inputValue()) as number;
    await price.fill('doce');
    await expect
      .poll(() => page.getByText('Escribe un importe en euros, p. ej. 12,50.').count(), SLOW)
      .toBeGreaterThan(0);
    expect(await publish.isDisabled()).toBe(true);
    const newBase = oldBase + 1111;
    await price.fill(eurosText(newBase));
    await expect.poll(() => publish.isDisabled(), SLOW).toBe(false);
    await page
      .getByRole('group', { name: 'Producto' })
      .getByLabel('Nombre', { exact: true })
      .fill('Nota simple (editada)');
    await expect.poll(() => preview.textContent(), SLOW).toContain('Nota simple (editada)');
    await expectNoAxeViolations(page);
    await publish.click();
    await expect.poll(() => h1().textContent(), SLOW).toContain('versión 2');
    await expect.poll(() => publish.isDisabled(), SLOW).toBe(true);

    // The audit log in words, the change as a diff.
    await page.getByRole('link', { name: 'Auditoría' }).click();
    await expect.poll(() => h1().textContent(), SLOW).toBe('Auditoría');
    const row = page.locator('tbody tr').filter({ hasText: 'Publicó una nueva versión del producto' });
    await expect.poll(() => row.count(), SLOW).toBe(1);
    expect(await row.textContent()).toContain(adminEmail);
    await row.getByText(/cambios$/).click();
    const priceRow = row.locator('tr').filter({ hasText: /^priceCents/ });
    await expect.poll(() => priceRow.textContent(), SLOW).toBe(`priceCentscambiado${oldBase}${newBase}`);
    await expectNoAxeViolations(page);

    await page.goto(`${origin}/app/servicios`);
    await expect.poll(nsPrice, SLOW).toBe(before + 1111);
  });
});

describe('mail resend (Chromium, real server)', () => {
  it('shows a failed mail with its error and sends it again, the copy with its own state', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/admin/mail?status=failed`);
    await signInToBackOffice(page, adminEmail, TEST_OPERATOR_PASSWORD);
    await expect.poll(() => h1().textContent(), SLOW).toBe('Correo');
    const subject = 'Tu documento del pedido 123456789 está listo';
    const failedRow = page.locator('tbody tr').filter({ hasText: subject });
    await expect
      .poll(() => failedRow.textContent(), SLOW)
      .toContain('Fallido (6 intentos: 550 mailbox unavailable)');
    await failedRow.getByRole('link', { name: subject }).click();
    await page.getByRole('button', { name: `Reenviar: ${subject}` }).click();
    await expect.poll(() => page.getByText('Reenviado: queda en cola para su envío.').count(), SLOW).toBe(1);
    await expectNoAxeViolations(page);
    await page.getByLabel('Estado').selectOption('');
    const rows = page.locator('tbody tr').filter({ hasText: subject });
    await expect.poll(() => rows.count(), SLOW).toBe(2);
    // The copy is delivered (stored, without SMTP) or still queued: not the original's failure.
    expect(await rows.first().textContent()).toMatch(/En cola|Guardado \(sin SMTP\)|Enviado/);
    expect(await rows.nth(1).textContent()).toContain('Fallido');
  });
});
