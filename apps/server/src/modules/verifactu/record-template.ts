import { randomBytes } from 'node:crypto';
import { invoiceNumberPrefix } from '@shop/domain';
import type { invoices } from '../../db/schema/index.ts';
import { invoiceAlta } from './alta-data.ts';
import { fechaHoraHuso, importe } from './formats.ts';
import { altaHashInput } from './huella.ts';
import { encadenamientoXml, type PreviousRecord, registroAltaXml } from './record-xml.ts';

type InvoiceRow = typeof invoices.$inferSelect;

/** The parts of an invoice's record only the issuing statement knows, each standing as a mark in the template. */
export interface RecordMarks {
  /** The correlative's digits in NumSerieFactura. */
  number: string;
  previousNumSerie: string;
  previousFecha: string;
  previousHuella: string;
  generatedAt: string;
  huella: string;
}

/**
 * The alta of an invoice being issued, complete but for what its issuing
 * statement takes under the locks (invoices.sql.ts `issueInvoiceSql`): the
 * invoice's number, the chain's end it links to, its time when the chain's
 * last record is later, and so its huella. The string to hash and the XML are
 * the ones `huellaAlta` and `registroAltaXml` build, with a mark (a random
 * word, new for each invoice, that no data can contain) where each of those
 * values goes; the statement writes the values in and hashes (SHA-256, upper-
 * case hex, as huella.ts), so a notice takes the number, chains the record and
 * commits in one round trip (issue 22, ADR 040). The result is the
 * record those builders give for the same number, chain end and time, byte
 * for byte (record-template.test.ts); credit notes and anulaciones are still
 * built whole in memory (records.service.ts appendRecord).
 */
export interface RecordTemplate {
  issuerNif: string;
  issuerName: string;
  tipoFactura: string;
  fechaExpedicion: string;
  cuotaCents: number;
  importeCents: number;
  /** NumSerieFactura before its correlative (the invoice's series and year). */
  numberPrefix: string;
  /** The record's time unless the chain's last record is later (a record never goes back in time). */
  now: Date;
  /** `now` as FechaHoraHusoGenRegistro. */
  nowText: string;
  hashInput: string;
  xml: string;
  /** The Encadenamiento written in `xml` (linking to the marks), and the one of the chain's first record. */
  chainedLink: string;
  firstLink: string;
  marks: RecordMarks;
}

export function invoiceRecordTemplate(
  invoice: InvoiceRow,
  issuer: { nif: string; name: string },
  now: Date,
): RecordTemplate {
  const word = `vf${randomBytes(12).toString('hex')}`;
  const marks: RecordMarks = {
    number: `${word}n`,
    previousNumSerie: `${word}s`,
    previousFecha: `${word}f`,
    previousHuella: `${word}p`,
    generatedAt: `${word}g`,
    huella: `${word}h`,
  };
  const data = invoiceAlta(invoice, issuer);
  const numberPrefix = invoiceNumberPrefix(invoice);
  data.invoice = { ...data.invoice, numSerie: `${numberPrefix}${marks.number}` };
  const previous: PreviousRecord = {
    issuerNif: issuer.nif,
    numSerie: marks.previousNumSerie,
    fecha: marks.previousFecha,
    huella: marks.previousHuella,
  };
  return {
    issuerNif: issuer.nif,
    issuerName: issuer.name,
    tipoFactura: data.tipoFactura,
    fechaExpedicion: data.invoice.fecha,
    cuotaCents: data.cuotaCents,
    importeCents: data.importeCents,
    numberPrefix,
    now,
    nowText: fechaHoraHuso(now),
    hashInput: altaHashInput({
      idEmisorFactura: issuer.nif,
      numSerieFactura: data.invoice.numSerie,
      fechaExpedicionFactura: data.invoice.fecha,
      tipoFactura: data.tipoFactura,
      cuotaTotal: importe(data.cuotaCents),
      importeTotal: importe(data.importeCents),
      huellaAnterior: marks.previousHuella,
      fechaHoraHusoGenRegistro: marks.generatedAt,
    }),
    xml: registroAltaXml(data, { previous, generatedAt: marks.generatedAt, huella: marks.huella }),
    chainedLink: encadenamientoXml(previous),
    firstLink: encadenamientoXml(null),
    marks,
  };
}
