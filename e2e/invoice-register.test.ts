import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { orders, verifactuRecords } from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { issueInvoice, setDefaultIssuer } from '../apps/server/src/modules/invoices/invoices.service.ts';
import { createJobQueue } from '../apps/server/src/modules/jobs/queue.ts';
import { VERIFACTU_SEND_JOB } from '../apps/server/src/modules/verifactu/records.service.ts';
import { insertOperator, TEST_OPERATOR_PASSWORD } from '../apps/server/src/testing/admin.ts';
import { insertOrder } from '../apps/server/src/testing/orders.ts';
import { axeViolations } from './support/axe.ts';
import { signInToBackOffice } from './support/back-office-sign-in.ts';
import { useShopPage } from './support/shop-page.ts';

// The back office's invoice register in Chromium against the real server
// (issue 18 items 4 and 8): an admin refunds 10 € of a paid order (a partial
// rectifying invoice), opens "Facturas", sees the invoice and its rectifying
// invoice with the totals, filters by series through the URL, finds the CSV
// link, and re-sends the record the AEAT rejected; axe finds nothing.

const ISSUER = { name: 'Registro Online Pruebas S.L.', taxId: 'B12345674' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-register-'));
let adminEmail = '';
let orderId = '';
let invoiceNumber = '';

beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database);
    await seed(database.db);
    adminEmail = await insertOperator(database.db, 'admin', 'admin@register.test');
    // The queue the invoice's VERI*FACTU record is sent through (the server registers its worker at start).
    const queue = createJobQueue(database);
    await queue.work(VERIFACTU_SEND_JOB, async () => {});
    await queue.start();
    await queue.stop();
    setDefaultIssuer(ISSUER);
    const order = await insertOrder(database.db, { storeId: 14 });
    orderId = order.id;
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    if (!row) throw new Error('no order');
    const invoice = await database.db.transaction((tx) => issueInvoice(tx, row));
    invoiceNumber = `${invoice.series}-${invoice.year}-${String(invoice.number).padStart(6, '0')}`;
    // The AEAT rejected the invoice's record (as the fake AEAT answers in verifactu.test.ts).
    await database.db
      .update(verifactuRecords)
      .set({
        status: 'sent',
        aeatState: 'Incorrecto',
        aeatErrorCode: '1100',
        aeatErrorText: 'Valor incorrecto',
      })
      .where(eq(verifactuRecords.invoiceId, invoice.id));
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const shop = useShopPage({
  env: () => ({
    DATA_DIR: dataDir,
    INVOICE_ISSUER_NAME: ISSUER.name,
    INVOICE_ISSUER_TAX_ID: ISSUER.taxId,
  }),
});

describe('the invoice register (Chromium, real server)', () => {
  it('a partial refund, then the register with its totals, the series filter, the CSV and a re-send', async () => {
    const { page, origin } = shop;
    const h1 = () => page.getByRole('heading', { level: 1 });
    await page.goto(`${origin}/admin/orders/${orderId}`);
    await signInToBackOffice(page, adminEmail, TEST_OPERATOR_PASSWORD);
    await expect.poll(() => h1().textContent()).toContain(`Pedido ${orderId}`);

    // 10 € of it back: a rectifying invoice by differences, the order keeps its status.
    await page.getByLabel('Motivo de la rectificación').fill('Descuento por retraso');
    await page.getByLabel(/^Importe a reembolsar en euros/).fill('10');
    await page.getByRole('button', { name: 'Abonar y reembolsar…' }).click();
    // Nothing happens until a confirmation states the amount and what becomes of the order.
    const confirm = page.getByRole('dialog', { name: /^¿Reembolsar 10\s€\?$/ });
    expect(await confirm.textContent()).toContain('el pedido sigue abierto');
    await confirm.getByRole('button', { name: /^Sí, reembolsar 10\s€$/ }).click();
    await expect
      .poll(() =>
        page.getByText(/^Factura rectificativa R-ES-\d{4}-\d{6} \(R1\) emitida y reembolsados 10\s€/).count(),
      )
      .toBe(1);
    expect(await h1().textContent()).toContain('Pendiente de tramitar');

    await page.getByRole('link', { name: 'Facturas' }).click();
    await expect.poll(() => h1().textContent()).toBe('Facturas');
    const table = page.getByRole('table', { name: 'Libro registro de facturas expedidas' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    const invoiceRow = table.locator(`tbody tr[data-number="${invoiceNumber}"]`);
    expect(await invoiceRow.textContent()).toContain('Rechazado');
    expect(await invoiceRow.textContent()).toContain('1100: Valor incorrecto');
    const noteRow = table.locator('tbody tr[data-number^="R-ES-"]');
    expect(await noteRow.textContent()).toContain(`${invoiceNumber} (Descuento por retraso)`);
    expect(await noteRow.textContent()).toMatch(/-10\s€/);
    expect(await table.getByRole('rowheader', { name: /^Total del periodo \(2 documentos\)/ }).count()).toBe(
      1,
    );
    expect(await axeViolations(page)).toEqual([]);

    // Filters live in the URL; the CSV link carries them.
    await page.getByLabel('Serie').fill('R-ES');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => page.url()).toContain('/admin/invoices?series=R-ES');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href')).toBe(
      '/admin/api/invoices.csv?series=R-ES',
    );
    const csv = await page.evaluate(async () => {
      const res = await fetch('/admin/api/invoices.csv?series=R-ES');
      return { type: res.headers.get('content-type'), text: await res.text() };
    });
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n')[0]).toContain('Número;Fecha;Tipo;Factura rectificada');

    // The rejected record, re-sent corrected after a confirmation.
    await page.goto(`${origin}/admin/invoices`);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Reenviar corregido ${invoiceNumber}` }).click();
    await expect
      .poll(() => page.getByText(`Registro de ${invoiceNumber} corregido y en cola de envío.`).count())
      .toBe(1);
    await expect.poll(() => page.getByRole('button', { name: /^Reenviar corregido/ }).count()).toBe(0);
  });
});
