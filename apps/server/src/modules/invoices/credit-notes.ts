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

/**
 * What a credit note prints: the refunded invoice's parties and lines (the
 * snapshots taken when it was issued), every amount negative, under the credit
 * note's own number and date.
 */
export function creditNoteDocument(
  invoice: InvoiceRow,
  note: { series: string; year: number; number: number; issuedAt: Date },
): InvoiceDocument {
  const base = invoiceDocumentOf(invoice);
  const minus = (cents: number) => -Math.abs(cents);
  return {
    ...base,
    kind: 'credit_note',
    series: note.series,
    year: note.year,
    number: note.number,
    issuedAt: note.issuedAt,
    lines: base.lines.map((line) => ({
      description: line.description,
      totalCents: minus(line.totalCents),
      officialFeeCents: minus(line.officialFeeCents),
      baseCents: minus(line.baseCents),
      vatCents: minus(line.vatCents),
    })),
    baseCents: minus(base.baseCents),
    vatCents: minus(base.vatCents),
    totalCents: minus(base.totalCents),
  };
}
