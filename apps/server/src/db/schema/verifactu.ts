import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { creditNotes, invoices } from './invoices.ts';

/**
 * One row per issuer (NIF) holding the end of its VERI*FACTU chain: the last
 * record's identity and huella. A new record takes this row `FOR UPDATE`
 * (modules/verifactu/records.service.ts), so records of one issuer are chained
 * one after another and the chain never forks. The sender's lease and the
 * AEAT's flow control (the earliest next send) live here too.
 */
export const verifactuChains = pgTable('verifactu_chains', {
  issuerNif: text('issuer_nif').primaryKey(),
  /** Records in the chain so far (the last record's `seq`). */
  length: integer('length').notNull().default(0),
  lastNumSerie: text('last_num_serie'),
  lastFecha: text('last_fecha'),
  lastHuella: text('last_huella'),
  /** The last FechaHoraHusoGenRegistro, so a later record never carries an earlier time. */
  lastGeneratedAt: timestamp('last_generated_at', { withTimezone: true }),
  /** A sender is at work until then (a lease, not a lock: no transaction stays open during the call). */
  sendingUntil: timestamp('sending_until', { withTimezone: true }),
  /** The AEAT's TiempoEsperaEnvio: no send before this unless 1,000 records wait. */
  nextSendAt: timestamp('next_send_at', { withTimezone: true }),
  /** A delayed send job exists for this time (one per wait, not one per invoice). */
  wakeAt: timestamp('wake_at', { withTimezone: true }),
  /** The last send's failure, the AEAT's CSV of the last accepted submission. */
  lastError: text('last_error'),
  lastCsv: text('last_csv'),
});

/**
 * Registros de facturación (RD 1007/2023 art. 9-10): an alta for every invoice
 * and credit note, an anulación when an invoice is voided. Written once, in the
 * invoice's transaction; only the sending columns change afterwards.
 */
export const verifactuRecords = pgTable(
  'verifactu_records',
  {
    id: serial('id').primaryKey(),
    issuerNif: text('issuer_nif').notNull(),
    issuerName: text('issuer_name').notNull(),
    /** Position in the issuer's chain, from 1. */
    seq: integer('seq').notNull(),
    kind: text('kind').$type<'alta' | 'anulacion'>().notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id),
    /** F1, F2, R1, R5 (altas). */
    tipoFactura: text('tipo_factura'),
    numSerie: text('num_serie').notNull(),
    /** dd-mm-yyyy */
    fechaExpedicion: text('fecha_expedicion').notNull(),
    /** CuotaTotal and ImporteTotal in cents (altas). */
    cuotaCents: integer('cuota_cents'),
    importeCents: integer('importe_cents'),
    /** FechaHoraHusoGenRegistro as written in the record and hashed (ISO 8601 with offset). */
    generatedAt: text('generated_at').notNull(),
    previousHuella: text('previous_huella'),
    huella: text('huella').notNull(),
    /** The record itself (<sum1:RegistroAlta> or <sum1:RegistroAnulacion>), as sent. */
    xml: text('xml').notNull(),
    /** A subsanación re-sends the data of this (rejected) record. */
    correctsRecordId: integer('corrects_record_id'),
    /** queued | not_configured | retrying | sent */
    status: text('status').notNull().default('queued'),
    /** The AEAT's EstadoRegistro: Correcto | AceptadoConErrores | Incorrecto. */
    aeatState: text('aeat_state'),
    aeatErrorCode: text('aeat_error_code'),
    aeatErrorText: text('aeat_error_text'),
    /** The CSV of the submission that carried it (none when the whole submission was refused). */
    csv: text('csv'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The record was superseded by a subsanación (set on the rejected record). */
    corrected: boolean('corrected').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('verifactu_records_chain_uq').on(t.issuerNif, t.seq),
    index('verifactu_records_invoice_idx').on(t.invoiceId),
    index('verifactu_records_credit_note_idx').on(t.creditNoteId),
    index('verifactu_records_status_idx').on(t.status),
  ],
);
