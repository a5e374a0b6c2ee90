import { formatInvoiceNumber, isValidPortugueseNif, isValidSpanishTaxId, refundedShare } from '@shop/domain';
import type { creditNotes, InvoiceLine, InvoiceParty, invoices } from '../../db/schema/index.ts';
import { fechaAeat } from './formats.ts';
import type { AltaData, Recipient } from './record-xml.ts';

type InvoiceRow = typeof invoices.$inferSelect;
type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * What a registro de alta says of an invoice or a credit note, from their
 * rows (the snapshots taken when they were issued). Pure: no I/O.
 */

/** A Spanish tax id as the AEAT's NIF field wants it (upper case, no spaces, no 'ES' prefix); null otherwise. */
export function spanishNif(taxId: string | undefined | null): string | null {
  const clean = (taxId ?? '').toUpperCase().replace(/[\s.-]/g, '');
  if (isValidSpanishTaxId(clean)) return clean;
  if (clean.startsWith('ES') && isValidSpanishTaxId(clean.slice(2))) return clean.slice(2);
  return null;
}

/** VERI*FACTU applies to an issuer with a Spanish tax id (RD 1007/2023 art. 3). */
export function verifactuIssuer(issuer: InvoiceParty): { nif: string; name: string } | null {
  const nif = spanishNif(issuer.taxId);
  return nif ? { nif, name: issuer.name } : null;
}

/**
 * The invoice's identified recipient: a Spanish NIF, or a Portuguese NIF as an
 * IDOtro of type 02 (NIF-IVA, 'PT' and the digits). Anything else leaves the
 * customer unidentified, i.e. a simplified invoice (F2).
 */
export function recipientOf(customer: InvoiceParty): Recipient | null {
  const nif = spanishNif(customer.taxId);
  if (nif) return { name: customer.name, nif };
  const pt = (customer.taxId ?? '')
    .toUpperCase()
    .replace(/[\s.-]/g, '')
    .replace(/^PT/, '');
  if (isValidPortugueseNif(pt))
    return { name: customer.name, idOtro: { codigoPais: 'PT', idType: '02', id: `PT${pt}` } };
  return null;
}

function describe(lines: InvoiceLine[]): string {
  return lines.map((line) => line.description).join('; ');
}

/**
 * An invoice's alta: F1 with the customer identified, F2 (simplified) without.
 * The registry's official fee is a suplido paid in the customer's name: outside
 * the VAT base (LIVA art. 78.Tres.3.º) and, as the AEAT's FAQ for developers
 * says (FAQ for developers v1.1, questions 20-21), left out of the record: the Desglose carries the
 * service's base and VAT, and ImporteTotal is base + cuota.
 */
export function invoiceAlta(invoice: InvoiceRow, issuer: { nif: string; name: string }): AltaData {
  // The invoice's own type decides (issue 18 item 1): a simplified invoice names no recipient.
  const recipient = invoice.type === 'F2' ? null : recipientOf(invoice.customer);
  return {
    issuer,
    invoice: { numSerie: formatInvoiceNumber(invoice), fecha: fechaAeat(invoice.issuedAt) },
    tipoFactura: recipient ? 'F1' : 'F2',
    description: describe(invoice.lines),
    ...(recipient ? { recipient } : {}),
    breakdown: [{ rateBp: invoice.vatRateBp, baseCents: invoice.baseCents, cuotaCents: invoice.vatCents }],
    cuotaCents: invoice.vatCents,
    importeCents: invoice.baseCents + invoice.vatCents,
  };
}

/**
 * A credit note's alta: a rectificativa by differences (TipoRectificativa I),
 * R1 for a complete invoice, R5 for a simplified one, citing the invoice. The
 * amounts are negative: the whole invoice's base and VAT when the note refunds
 * its total, otherwise the refunded share of each (rounded to the cent).
 */
export function creditNoteAlta(
  note: CreditNoteRow,
  invoice: InvoiceRow,
  issuer: { nif: string; name: string },
): AltaData {
  const original = invoiceAlta(invoice, issuer);
  const share = refundedShare(invoice, note.totalCents);
  const base = -share(invoice.baseCents);
  const cuota = -share(invoice.vatCents);
  return {
    ...original,
    invoice: { numSerie: formatInvoiceNumber(note), fecha: fechaAeat(note.issuedAt) },
    tipoFactura: original.tipoFactura === 'F1' ? 'R1' : 'R5',
    rectified: [original.invoice],
    description: note.reason
      ? `${note.reason} (${original.invoice.numSerie})`
      : `Rectificación de ${original.invoice.numSerie}`,
    breakdown: [{ rateBp: invoice.vatRateBp, baseCents: base, cuotaCents: cuota }],
    cuotaCents: cuota,
    importeCents: base + cuota,
  };
}
