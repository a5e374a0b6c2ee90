import { formatInvoiceNumber, refundedShare } from '@shop/domain';
import type { InvoiceDocument } from '../documents/invoice-pdf.ts';
import type { InvoiceRow } from './invoices.service.ts';
import { invoiceSeriesOf } from './invoices.service.ts';
import { invoiceDocumentOf } from './order-confirmation.ts';

type StoreSettings = { id: number; settings: Record<string, unknown> };

/**
 * The credit-note series of a store: `settings.credit_note_series`, else 'R-'
 * and the invoice series ('R-ES', 'R-PT'). Its own correlative numbers per
 * year (invoice_sequences), as Spanish and Portuguese law ask of corrective invoices.
 */
export function creditNoteSeriesOf(store: StoreSettings): string {
  const own = store.settings.credit_note_series;
  if (typeof own === 'string' && /^[A-Z0-9-]{1,12}$/.test(own)) return own;
  return `R-${invoiceSeriesOf(store)}`;
}

/** The rectifying invoice's type (VERI*FACTU L2 list): R1 for a complete invoice (F1), R5 for a simplified one (F2). */
export function rectifyingTypeOf(invoice: Pick<InvoiceRow, 'type'>): 'R1' | 'R5' {
  return invoice.type === 'F2' ? 'R5' : 'R1';
}

/**
 * What a rectifying invoice prints (RD 1619/2012 art. 15: issued when a
 * refund reduces the taxable amount, art. 15.2 and LIVA art. 80, in its own
 * series, art. 6.1.a, citing the invoice it corrects, art. 15.4, saying that it
 * is rectifying and why, art. 15.5). It rectifies by differences (art. 15.5):
 * the refunded share of the invoice's base, VAT and official fees, every amount
 * negative, split line by line in proportion (the
 * last line takes the rounding so the lines add up to the totals), under the
 * note's own number and date, with the invoice's number and date, the reason
 * and the type R1 / R5.
 */
export function creditNoteDocument(
  invoice: InvoiceRow,
  note: { series: string; year: number; number: number; issuedAt: Date; amountCents: number; reason: string },
): InvoiceDocument {
  const base = invoiceDocumentOf(invoice);
  const share = refundedShare(invoice, note.amountCents);
  const baseCents = share(invoice.baseCents);
  const vatCents = share(invoice.vatCents);
  const totalCents = note.amountCents;
  const feeCents = totalCents - baseCents - vatCents;
  let left = { base: baseCents, vat: vatCents, fee: feeCents };
  const lines = base.lines.map((line, i) => {
    const last = i === base.lines.length - 1;
    const lineBase = last ? left.base : share(line.baseCents);
    const lineVat = last ? left.vat : share(line.vatCents);
    const lineFee = last ? left.fee : share(line.officialFeeCents);
    left = { base: left.base - lineBase, vat: left.vat - lineVat, fee: left.fee - lineFee };
    return {
      description: line.description,
      totalCents: -(lineBase + lineVat + lineFee),
      officialFeeCents: -lineFee,
      baseCents: -lineBase,
      vatCents: -lineVat,
    };
  });
  return {
    ...base,
    kind: 'credit_note',
    series: note.series,
    year: note.year,
    number: note.number,
    issuedAt: note.issuedAt,
    lines,
    baseCents: -baseCents,
    vatCents: -vatCents,
    totalCents: -totalCents,
    rectifies: {
      number: formatInvoiceNumber(invoice),
      issuedAt: invoice.issuedAt,
      reason: note.reason,
      type: rectifyingTypeOf(invoice),
    },
  };
}
