import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { creditNotes, invoices, orders, verifactuRecords } from '../../db/schema/index.ts';
import { adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestAppWithFiles, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { createTestOrder, insertOrder } from '../../testing/orders.ts';
import { waitFor } from '../../testing/wait.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import { altaHashInput, huellaAlta, huellaAnulacion, sha256Upper } from './huella.ts';
import { recordAnulacion, VERIFACTU_SEND_JOB } from './records.service.ts';
import { type AeatFake, startAeatFake } from './testing/aeat-fake.ts';
import { createTestPki } from './testing/certs.ts';

const ISSUER_NIF = 'B12345674';

describe.each(testDatabaseKinds())('VERI*FACTU against the local fake AEAT (%s)', (kind) => {
  let t: TestApp;
  let fake: AeatFake;
  let dir: string;
  beforeAll(async () => {
    const pki = createTestPki(ISSUER_NIF);
    fake = await startAeatFake(pki);
    dir = await mkdtemp(path.join(tmpdir(), 'verifactu-'));
    await writeFile(path.join(dir, 'client.p12'), pki.clientP12);
    await writeFile(path.join(dir, 'ca.pem'), pki.caPem);
    t = await buildTestAppWithFiles(kind, {
      INVOICE_ISSUER_NAME: 'Registro Online Pruebas S.L.',
      INVOICE_ISSUER_TAX_ID: ISSUER_NIF,
      VERIFACTU_ENDPOINT: fake.endpoint,
      VERIFACTU_CERT: path.join(dir, 'client.p12'),
      VERIFACTU_CERT_PASSWORD: pki.clientP12Password,
      // The fake's CA, trusted like any extra CA; the PKCS#12 holds the CA too (STACK.md 14).
      NODE_EXTRA_CA_CERTS: path.join(dir, 'ca.pem'),
      VERIFACTU_RETRY_SECONDS: '1',
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const db = () => t.database.db;

  async function issue(count: number) {
    const made = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        createTestOrder(db(), {
          billing: i % 2 ? { name: 'Łukasz Dvořák S.L.', tax_id: 'B12345674', address: 'Calle Mayor 1' } : {},
        }),
      ),
    );
    return Promise.all(
      made.map((o) =>
        db().transaction(async (tx) => {
          const [order] = await tx.select().from(orders).where(eq(orders.id, o.orderId));
          if (!order) throw new Error('no order');
          return issueInvoice(tx, order);
        }),
      ),
    );
  }
  const chain = () => db().select().from(verifactuRecords).orderBy(asc(verifactuRecords.seq));
  const allSent = async () => (await chain()).every((r) => r.status === 'sent');
  const sentNumSeries = () =>
    fake.submissions.flatMap((s) => s.records.map((r) => `${r.kind}:${r.numSerie}`));

  /** Every record links to the one before it, with the huella the specification computes. */
  function expectOneChain(records: (typeof verifactuRecords.$inferSelect)[]) {
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
    for (const [i, r] of records.entries()) {
      const previous = records[i - 1];
      expect(r.previousHuella).toBe(previous?.huella ?? null);
      if (r.kind === 'alta') {
        const cuota = r.xml.match(/<sum1:CuotaTotal>([^<]+)/)?.[1] ?? '';
        const total = r.xml.match(/<sum1:ImporteTotal>([^<]+)/)?.[1] ?? '';
        const fields = {
          idEmisorFactura: r.issuerNif,
          numSerieFactura: r.numSerie,
          fechaExpedicionFactura: r.fechaExpedicion,
          tipoFactura: r.tipoFactura ?? '',
          cuotaTotal: cuota,
          importeTotal: total,
          huellaAnterior: r.previousHuella,
          fechaHoraHusoGenRegistro: r.generatedAt,
        };
        expect(r.huella).toBe(huellaAlta(fields));
        expect(sha256Upper(altaHashInput(fields))).toBe(r.huella);
      } else {
        expect(r.huella).toBe(
          huellaAnulacion({
            idEmisorFacturaAnulada: r.issuerNif,
            numSerieFacturaAnulada: r.numSerie,
            fechaExpedicionFacturaAnulada: r.fechaExpedicion,
            huellaAnterior: r.previousHuella,
            fechaHoraHusoGenRegistro: r.generatedAt,
          }),
        );
      }
      expect(r.xml).toContain(`<sum1:Huella>${r.huella}</sum1:Huella>`);
    }
  }

  it('chains 50 invoices issued concurrently into one chain, sends them in order and records each answer', async () => {
    fake.waitSeconds = 2;
    const issued = await issue(50);
    expect(new Set(issued.map((i) => i.number)).size).toBe(50);
    await waitFor(allSent, 90_000);
    const records = await chain();
    expect(records).toHaveLength(50);
    expectOneChain(records);
    // Sent oldest first, each submission valid against the AEAT's schemas, with the client certificate.
    expect(sentNumSeries()).toEqual(records.map((r) => `alta:${r.numSerie}`));
    const received = fake.submissions.flatMap((s) => s.records);
    for (const [i, r] of received.entries()) expect(r.previousHuella).toBe(received[i - 1]?.huella ?? null);
    expect(
      fake.submissions.every((s) => s.schemaErrors.length === 0 && s.clientSerial === `VATES-${ISSUER_NIF}`),
    ).toBe(true);
    expect(fake.submissions.every((s) => s.nif === ISSUER_NIF && s.records.length <= 1000)).toBe(true);
    // The flow control: a submission waits the TiempoEsperaEnvio answered to the one before (1 s tolerance).
    for (let i = 1; i < fake.submissions.length; i++) {
      expect((fake.submissions[i]?.at ?? 0) - (fake.submissions[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(
        1000,
      );
    }
    expect(records.every((r) => r.aeatState === 'Correcto' && r.csv?.startsWith('A-FAKE') && r.sentAt)).toBe(
      true,
    );
    // F1 with billing data, F2 without.
    expect(new Set(records.map((r) => r.tipoFactura))).toEqual(new Set(['F1', 'F2']));
    fake.waitSeconds = 0;
  }, 120_000);

  it('waits the TiempoEsperaEnvio the AEAT answered before the next submission', async () => {
    fake.waitSeconds = 3;
    await issue(1);
    await waitFor(allSent);
    const first = fake.submissions.at(-1)?.at ?? 0;
    fake.waitSeconds = 0;
    await issue(1);
    await waitFor(async () => (await chain()).some((r) => r.status !== 'sent'));
    await waitFor(allSent, 30_000);
    expect((fake.submissions.at(-1)?.at ?? 0) - first).toBeGreaterThanOrEqual(2000);
  }, 60_000);

  it('keeps one waiting send per issuer: invoices issued during the TiempoEsperaEnvio go in its submission', async () => {
    fake.waitSeconds = 3;
    await issue(1);
    await waitFor(allSent);
    const before = fake.submissions.length;
    fake.waitSeconds = 0;
    await issue(3);
    await issue(2);
    const [waiting] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${VERIFACTU_SEND_JOB} AND state = 'created'`,
    );
    expect(waiting?.n).toBe(1);
    await waitFor(allSent, 30_000);
    expect(fake.submissions.length).toBe(before + 1);
    expectOneChain(await chain());
  }, 60_000);

  it('keeps records through an outage and sends them, in order, once the service is back', async () => {
    await waitFor(async () => {
      const [c] = await db().select().from(verifactuRecords).limit(1);
      return !!c;
    });
    const before = fake.submissions.length;
    await fake.down();
    const issued = await issue(3);
    await waitFor(
      async () => (await chain()).some((r) => r.status === 'retrying' && r.attempts >= 2),
      30_000,
    );
    expect(fake.submissions.length).toBe(before);
    const waiting = (await chain()).filter((r) => r.status !== 'sent');
    expect(waiting.map((r) => r.lastError).join()).toMatch(/ECONNREFUSED/);
    await fake.up();
    await waitFor(allSent, 30_000);
    const records = await chain();
    expectOneChain(records);
    expect(sentNumSeries()).toEqual(records.map((r) => `alta:${r.numSerie}`));
    const codes = records.slice(-3).map((r) => r.invoiceId);
    expect(codes.sort()).toEqual(issued.map((i) => i.id).sort());
  }, 60_000);

  it('records a rejection and corrects it with a subsanación re-sent from the back office', async () => {
    const [invoice] = await issue(1);
    const numSerie = `ES-${invoice?.year}-${String(invoice?.number).padStart(6, '0')}`;
    fake.rejectOnce.add(numSerie);
    await waitFor(allSent);
    const [rejected] = await db()
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.invoiceId, invoice?.id ?? 0));
    expect([rejected?.aeatState, rejected?.aeatErrorCode, rejected?.aeatErrorText]).toEqual([
      'Incorrecto',
      '1105',
      'Rechazo de prueba del servicio falso',
    ]);
    const admin = await signedInOperator(t.app, 'admin');
    const agent = await signedInOperator(t.app, 'agent');
    const url = `/admin/api/verifactu/records/${rejected?.id}/resend`;
    // Bad input and other people: 4xx, never 5xx.
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await adminSend(t.app, agent, { method: 'POST', url })).statusCode).toBe(403);
    for (const bad of ['abc', '0', '-1', '1.5', '9'.repeat(400)]) {
      const res = await adminSend(t.app, admin, {
        method: 'POST',
        url: `/admin/api/verifactu/records/${bad}/resend`,
      });
      expect(res.statusCode, bad).toBe(400);
    }
    expect(
      (await adminSend(t.app, admin, { method: 'POST', url: '/admin/api/verifactu/records/999999/resend' }))
        .statusCode,
    ).toBe(404);
    const [accepted] = await chain();
    expect(
      (
        await adminSend(t.app, admin, {
          method: 'POST',
          url: `/admin/api/verifactu/records/${accepted?.id}/resend`,
        })
      ).statusCode,
    ).toBe(409);

    const res = await adminSend(t.app, admin, { method: 'POST', url });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.record).toMatchObject({
      num_serie: numSerie,
      corrects_record_id: rejected?.id,
      status: 'queued',
    });
    await waitFor(allSent);
    const [fixed] = await db().select().from(verifactuRecords).where(eq(verifactuRecords.id, body.record.id));
    expect([fixed?.aeatState, fixed?.xml.includes('<sum1:Subsanacion>S</sum1:Subsanacion>')]).toEqual([
      'Correcto',
      true,
    ]);
    const last = fake.submissions.at(-1)?.records.at(-1);
    expect([last?.numSerie, last?.subsanacion, last?.rechazoPrevio]).toEqual([numSerie, true, 'X']);
    // Once corrected, it cannot be corrected twice.
    expect((await adminSend(t.app, admin, { method: 'POST', url })).statusCode).toBe(409);
    expectOneChain(await chain());
  }, 60_000);

  it("takes a duplicate of a record the AEAT already holds (an answer lost to a timeout) as that record's state", async () => {
    const [invoice] = await issue(1);
    fake.duplicateOnce.add(`ES-${invoice?.year}-${String(invoice?.number).padStart(6, '0')}`);
    await waitFor(allSent);
    const [record] = await db()
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.invoiceId, invoice?.id ?? 0));
    expect([record?.aeatState, record?.aeatErrorCode]).toEqual(['Correcto', '3000']);
  }, 60_000);

  it('chains an anulación of a voided invoice and sends it', async () => {
    const [invoice] = await db().select().from(invoices).limit(1);
    if (!invoice) throw new Error('no invoice');
    const record = await db().transaction((tx) => recordAnulacion(tx, invoice));
    expect(record?.kind).toBe('anulacion');
    t.app.jobs.nudge(VERIFACTU_SEND_JOB);
    await waitFor(allSent);
    const last = fake.submissions.at(-1)?.records.at(-1);
    expect([last?.kind, last?.huella]).toEqual(['anulacion', record?.huella]);
    expectOneChain(await chain());
  }, 60_000);

  it('records a credit note issued in the back office as a rectificativa by differences (R1 for an F1) citing its invoice', async () => {
    const order = await insertOrder(db(), { storeId: 14 });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    if (!row) throw new Error('no order');
    const invoice = await db().transaction((tx) => issueInvoice(tx, row));
    const admin = await signedInOperator(t.app, 'admin');
    const res = await adminSend(t.app, admin, {
      method: 'POST',
      url: `/admin/api/orders/${order.id}/credit-note`,
      payload: { reason: 'Pedido cancelado' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [note] = await db().select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    const [record] = await db()
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.creditNoteId, note?.id ?? 0));
    const [original] = await db()
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.invoiceId, invoice.id));
    expect(original?.tipoFactura).toBe('F1');
    expect([record?.tipoFactura, record?.numSerie, record?.cuotaCents, record?.importeCents]).toEqual([
      'R1',
      res.json().credit_note.number,
      -invoice.vatCents,
      -(invoice.baseCents + invoice.vatCents),
    ]);
    expect(record?.xml).toContain('<sum1:TipoRectificativa>I</sum1:TipoRectificativa>');
    expect(record?.xml).toContain(
      `<sum1:IDFacturaRectificada><sum1:IDEmisorFactura>${ISSUER_NIF}</sum1:IDEmisorFactura><sum1:NumSerieFactura>ES-${invoice.year}-${String(invoice.number).padStart(6, '0')}</sum1:NumSerieFactura>`,
    );
    await waitFor(allSent);
    const [sent] = await db()
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.id, record?.id ?? 0));
    expect(sent?.aeatState).toBe('Correcto');
    expect(fake.submissions.at(-1)?.records.at(-1)?.tipoFactura).toBe('R1');
    expectOneChain(await chain());
  }, 60_000);
});
