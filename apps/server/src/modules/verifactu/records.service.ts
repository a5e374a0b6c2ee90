import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { creditNotes, invoices, verifactuChains, verifactuRecords } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { creditNoteAlta, invoiceAlta, verifactuIssuer } from './alta-data.ts';
import { fechaHoraHuso, importe } from './formats.ts';
import { huellaAlta, huellaAnulacion } from './huella.ts';
import {
  type AltaData,
  type InvoiceId,
  type PreviousRecord,
  registroAltaXml,
  registroAnulacionXml,
} from './record-xml.ts';
import { queueSend } from './send-job.ts';

export type RecordRow = typeof verifactuRecords.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type CreditNoteRow = typeof creditNotes.$inferSelect;

export { VERIFACTU_SEND_JOB } from './send-job.ts';

type Issuer = { nif: string; name: string };

/**
 * Appends one record to the issuer's chain in the caller's transaction. The
 * upsert locks the issuer's chain row until the transaction ends (the same
 * pattern as invoice numbers), so concurrent invoices queue on it and each
 * record is chained to the one committed before it: one chain, no fork. The
 * send job is queued in the same transaction: it exists iff the record does.
 */
async function appendRecord(
  tx: AppDb,
  issuer: Issuer,
  build: (
    previous: PreviousRecord | null,
    generatedAt: string,
  ) => {
    values: Omit<
      typeof verifactuRecords.$inferInsert,
      'issuerNif' | 'issuerName' | 'seq' | 'generatedAt' | 'previousHuella'
    >;
    invoiceId: InvoiceId;
  },
  now: Date,
): Promise<RecordRow> {
  const [chain] = await tx
    .insert(verifactuChains)
    .values({ issuerNif: issuer.nif })
    .onConflictDoUpdate({ target: verifactuChains.issuerNif, set: { issuerNif: sql`excluded.issuer_nif` } })
    .returning();
  if (!chain) throw new Error('verifactu chain row missing');
  const previous: PreviousRecord | null =
    chain.lastHuella && chain.lastNumSerie && chain.lastFecha
      ? {
          issuerNif: issuer.nif,
          numSerie: chain.lastNumSerie,
          fecha: chain.lastFecha,
          huella: chain.lastHuella,
        }
      : null;
  // A record never carries an earlier time than the one before it.
  const at = chain.lastGeneratedAt && chain.lastGeneratedAt > now ? chain.lastGeneratedAt : now;
  const generatedAt = fechaHoraHuso(at);
  const built = build(previous, generatedAt);
  const seq = chain.length + 1;
  const [row] = await tx
    .insert(verifactuRecords)
    .values({
      ...built.values,
      issuerNif: issuer.nif,
      issuerName: issuer.name,
      seq,
      generatedAt,
      previousHuella: previous?.huella ?? null,
    })
    .returning();
  if (!row) throw new Error('verifactu record not inserted');
  await tx
    .update(verifactuChains)
    .set({
      length: seq,
      lastNumSerie: built.invoiceId.numSerie,
      lastFecha: built.invoiceId.fecha,
      lastHuella: row.huella,
      lastGeneratedAt: at,
    })
    .where(eq(verifactuChains.issuerNif, issuer.nif));
  await queueSend(tx, issuer.nif);
  return row;
}

function altaBuilder(
  data: AltaData,
  links: { invoiceId?: number; creditNoteId?: number; correctsRecordId?: number },
) {
  return (previous: PreviousRecord | null, generatedAt: string) => {
    const huella = huellaAlta({
      idEmisorFactura: data.issuer.nif,
      numSerieFactura: data.invoice.numSerie,
      fechaExpedicionFactura: data.invoice.fecha,
      tipoFactura: data.tipoFactura,
      cuotaTotal: importe(data.cuotaCents),
      importeTotal: importe(data.importeCents),
      huellaAnterior: previous?.huella ?? null,
      fechaHoraHusoGenRegistro: generatedAt,
    });
    return {
      invoiceId: data.invoice,
      values: {
        kind: 'alta' as const,
        invoiceId: links.invoiceId ?? null,
        creditNoteId: links.creditNoteId ?? null,
        correctsRecordId: links.correctsRecordId ?? null,
        tipoFactura: data.tipoFactura,
        numSerie: data.invoice.numSerie,
        fechaExpedicion: data.invoice.fecha,
        cuotaCents: data.cuotaCents,
        importeCents: data.importeCents,
        huella,
        xml: registroAltaXml(data, { previous, generatedAt, huella }),
      },
    };
  };
}

/** The alta of a credit note (a rectificativa by differences), in the credit note's transaction. */
export async function recordCreditNote(
  tx: AppDb,
  note: CreditNoteRow,
  invoice: InvoiceRow,
  now = new Date(),
): Promise<RecordRow | null> {
  const issuer = verifactuIssuer(invoice.issuer);
  if (!issuer) return null;
  const data = creditNoteAlta(note, invoice, issuer);
  return appendRecord(tx, issuer, altaBuilder(data, { creditNoteId: note.id }), now);
}

/**
 * The anulación of an invoice that is voided (RD 1007/2023 art. 11), chained
 * like any record. No screen voids invoices yet; the function is ready for it.
 */
export async function recordAnulacion(
  tx: AppDb,
  invoice: InvoiceRow,
  now = new Date(),
): Promise<RecordRow | null> {
  const issuer = verifactuIssuer(invoice.issuer);
  if (!issuer) return null;
  const { invoice: id } = invoiceAlta(invoice, issuer);
  return appendRecord(
    tx,
    issuer,
    (previous, generatedAt) => {
      const huella = huellaAnulacion({
        idEmisorFacturaAnulada: issuer.nif,
        numSerieFacturaAnulada: id.numSerie,
        fechaExpedicionFacturaAnulada: id.fecha,
        huellaAnterior: previous?.huella ?? null,
        fechaHoraHusoGenRegistro: generatedAt,
      });
      return {
        invoiceId: id,
        values: {
          kind: 'anulacion' as const,
          invoiceId: invoice.id,
          numSerie: id.numSerie,
          fechaExpedicion: id.fecha,
          huella,
          xml: registroAnulacionXml({ issuer, invoice: id }, { previous, generatedAt, huella }),
        },
      };
    },
    now,
  );
}

/**
 * Corrects a record the AEAT rejected (EstadoRegistro Incorrecto): a new alta
 * of the same invoice, Subsanacion S and RechazoPrevio X (AEAT "Descripción
 * de los servicios web" 9.1.3), built again from the invoice or credit note as
 * they are, appended to the chain and queued. The rejected record stays as it
 * was (records are never changed), marked as corrected.
 */
export async function resendRejectedRecord(
  db: AppDb,
  recordId: number,
  now = new Date(),
): Promise<RecordRow> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.id, recordId))
      .for('update');
    if (!record) throw notFound();
    if (record.kind !== 'alta' || record.aeatState !== 'Incorrecto' || record.corrected) {
      throw new AppError('conflict', 'conflict');
    }
    let data: AltaData;
    const issuer = { nif: record.issuerNif, name: record.issuerName };
    if (record.creditNoteId) {
      const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.id, record.creditNoteId));
      const [invoice] = note ? await tx.select().from(invoices).where(eq(invoices.id, note.invoiceId)) : [];
      if (!note || !invoice) throw notFound();
      data = creditNoteAlta(note, invoice, issuer);
    } else {
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.id, record.invoiceId ?? 0));
      if (!invoice) throw notFound();
      data = invoiceAlta(invoice, issuer);
    }
    const links = {
      correctsRecordId: record.id,
      ...(record.invoiceId ? { invoiceId: record.invoiceId } : {}),
      ...(record.creditNoteId ? { creditNoteId: record.creditNoteId } : {}),
    };
    const fresh = await appendRecord(
      tx,
      issuer,
      altaBuilder({ ...data, correctsRejected: true }, links),
      now,
    );
    await tx.update(verifactuRecords).set({ corrected: true }).where(eq(verifactuRecords.id, record.id));
    return fresh;
  });
}
