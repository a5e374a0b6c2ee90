import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { invoices, orders, verifactuRecords } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder } from '../../testing/orders.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import { invoiceAlta, verifactuIssuer } from './alta-data.ts';
import { fechaHoraHuso, importe } from './formats.ts';
import { huellaAlta } from './huella.ts';
import { type PreviousRecord, registroAltaXml } from './record-xml.ts';
import { VERIFACTU_SEND_JOB } from './records.service.ts';

/**
 * The issuing statement completes an invoice's record in SQL from a template
 * (record-template.ts, invoices.sql.ts): what it stores must be, byte for
 * byte, the record huella.ts and record-xml.ts build in memory from the same
 * invoice, chain end and time: the first of a chain, the ones chained to it,
 * one whose time is before the chain's last (it takes the last one's), and
 * names that XML escapes.
 */
describe.each(testDatabaseKinds())('a record completed by the issuing statement (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      INVOICE_ISSUER_NAME: 'Registros & Notas <Pruebas> "S.L."',
      INVOICE_ISSUER_TAX_ID: 'B12345674',
    });
  }, 180_000);
  afterAll(() => t?.close());
  const db = () => t.database.db;

  async function issueAt(now: Date, billing: Record<string, string> = {}) {
    const made = await createTestOrder(db(), { billing });
    return db().transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, made.orderId));
      if (!order) throw new Error('no order');
      return issueInvoice(tx, order, now);
    });
  }

  it('stores the huella and XML the in-memory builders give, chained, in order and in time', async () => {
    const base = Date.parse('2026-11-20T10:00:00Z');
    const times = [
      new Date(base),
      new Date(base + 61_000),
      // Before the one issued just before it: the record keeps that one's time.
      new Date(base + 30_000),
      new Date(base + 3_600_000),
    ];
    const issued = [];
    for (const [i, at] of times.entries()) {
      issued.push(
        await issueAt(
          at,
          i % 2 ? { name: "O'Brien & <Hijos> S.L.", tax_id: 'B12345674', address: 'Calle Mayor 1' } : {},
        ),
      );
    }
    const records = await db().select().from(verifactuRecords).orderBy(asc(verifactuRecords.seq));
    expect(records.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    let previous: PreviousRecord | null = null;
    let lastAt: Date | null = null;
    for (const [i, record] of records.entries()) {
      const [invoice] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.id, record.invoiceId ?? 0));
      if (!invoice) throw new Error('no invoice');
      expect(invoice.number).toBe(issued[i]?.number);
      const issuer = verifactuIssuer(invoice.issuer);
      if (!issuer) throw new Error('no Spanish issuer');
      const now = times[i] as Date;
      const at: Date = lastAt && lastAt > now ? lastAt : now;
      const generatedAt = fechaHoraHuso(at);
      const data = invoiceAlta(invoice, issuer);
      const huella = huellaAlta({
        idEmisorFactura: issuer.nif,
        numSerieFactura: data.invoice.numSerie,
        fechaExpedicionFactura: data.invoice.fecha,
        tipoFactura: data.tipoFactura,
        cuotaTotal: importe(data.cuotaCents),
        importeTotal: importe(data.importeCents),
        huellaAnterior: previous?.huella ?? null,
        fechaHoraHusoGenRegistro: generatedAt,
      });
      expect(record).toMatchObject({
        issuerNif: issuer.nif,
        issuerName: issuer.name,
        numSerie: data.invoice.numSerie,
        fechaExpedicion: data.invoice.fecha,
        tipoFactura: data.tipoFactura,
        cuotaCents: data.cuotaCents,
        importeCents: data.importeCents,
        generatedAt,
        previousHuella: previous?.huella ?? null,
        huella,
      });
      expect(record.xml).toBe(registroAltaXml(data, { previous, generatedAt, huella }));
      previous = { issuerNif: issuer.nif, numSerie: record.numSerie, fecha: record.fechaExpedicion, huella };
      lastAt = at;
    }
    // The third kept the second's time; the escapes are in the XML, the names as they are in the row.
    expect(records[2]?.generatedAt).toBe(records[1]?.generatedAt);
    expect(records[1]?.xml).toContain('O&apos;Brien &amp; &lt;Hijos&gt; S.L.');
    expect(records[0]?.xml).toContain('<sum1:PrimerRegistro>S</sum1:PrimerRegistro>');
    expect(records[0]?.issuerName).toBe('Registros & Notas <Pruebas> "S.L."');
  }, 60_000);

  it("queues the issuer's send for the chain's next submission time when the AEAT set one ahead", async () => {
    const send = () =>
      queryRows<{ start_after: string }>(
        db(),
        sql`SELECT start_after FROM pgboss.job WHERE name = ${VERIFACTU_SEND_JOB} AND state = 'created'`,
      );
    const nextSendAt = new Date(Date.now() + 3_600_000);
    await db().execute(sql`DELETE FROM pgboss.job WHERE name = ${VERIFACTU_SEND_JOB}`);
    await db().execute(
      sql`UPDATE verifactu_chains SET next_send_at = ${nextSendAt.toISOString()}::timestamptz`,
    );
    await issueAt(new Date());
    const [waiting] = await send();
    expect(new Date(waiting?.start_after ?? 0).getTime()).toBe(nextSendAt.getTime());
    // A time already past: the send may go at once.
    await db().execute(sql`DELETE FROM pgboss.job WHERE name = ${VERIFACTU_SEND_JOB}`);
    await db().execute(sql`UPDATE verifactu_chains SET next_send_at = now() - interval '1 minute'`);
    await issueAt(new Date());
    const [now] = await send();
    expect(new Date(now?.start_after ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
  }, 60_000);
});
