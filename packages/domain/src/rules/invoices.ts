/**
 * Invoice rules shared by the server (PDF, mails, back office, orders list)
 * and the storefront.
 */

/** The parts of an invoice or credit-note number: its series, the year and the correlative in both. */
export interface InvoiceNumberParts {
  series: string;
  year: number;
  number: number;
}

/**
 * The one printed form of an invoice or credit-note number: series, year and a
 * 6-digit correlative ('ES-2026-000042', 'R-ES-2026-000003'). RD 1619/2012
 * art. 6.1.a asks for a number within a series, correlative, with the series
 * distinguishable; the PDF, its file name, the orders page, the mails and the
 * back office all print it with this function.
 */
export function formatInvoiceNumber(parts: InvoiceNumberParts): string {
  return `${invoiceNumberPrefix(parts)}${String(parts.number).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

/** The correlative's digits at least (a longer number keeps all its digits). */
export const INVOICE_NUMBER_DIGITS = 6;

/** What precedes the correlative in formatInvoiceNumber ('ES-2026-'): the server's SQL completes a number from it. */
export function invoiceNumberPrefix(parts: Pick<InvoiceNumberParts, 'series' | 'year'>): string {
  return `${parts.series}-${parts.year}-`;
}

/** Complete invoice (F1, RD 1619/2012 art. 6) or simplified invoice (F2, art. 7). */
export type InvoiceType = 'F1' | 'F2';

/**
 * The largest total, VAT included, a simplified invoice may have: 400 € (RD
 * 1619/2012 art. 4.1: "cuando su importe no exceda de 400 euros, Impuesto
 * sobre el Valor Añadido incluido"). Above it the customer's billing data are
 * needed for a complete invoice.
 */
export const SIMPLIFIED_INVOICE_MAX_CENTS = 400_00;

/** Billing data complete enough for an F1 invoice: a name and a tax id (art. 6.1.c, d). */
export function hasInvoiceBilling(billing: Record<string, unknown> | null | undefined): boolean {
  if (!billing) return false;
  const filled = (key: string) => typeof billing[key] === 'string' && (billing[key] as string).trim() !== '';
  return filled('name') && filled('tax_id');
}

/** The invoice an order gets: F1 with the customer's billing data, F2 (simplified) without. */
export function invoiceTypeFor(billing: Record<string, unknown> | null | undefined): InvoiceType {
  return hasInvoiceBilling(billing) ? 'F1' : 'F2';
}

/** True when an order of this total needs billing data before payment (no simplified invoice above 400 €). */
export function needsBillingData(
  totalCents: number,
  billing: Record<string, unknown> | null | undefined,
): boolean {
  return totalCents > SIMPLIFIED_INVOICE_MAX_CENTS && !hasInvoiceBilling(billing);
}

/**
 * The refunded share of an invoice's amounts for a refund of `amountCents`
 * (VAT-inclusive), each rounded to the cent; the whole amounts when the refund
 * is the invoice's total. The one proportional split of a rectifying invoice by
 * differences (RD 1619/2012 art. 15): its PDF, the invoice register and its
 * VERI*FACTU record (ADR 029).
 */
export function refundedShare(
  invoice: { totalCents: number },
  amountCents: number,
): (cents: number) => number {
  const whole = amountCents === invoice.totalCents || invoice.totalCents === 0;
  return (cents) => (whole ? cents : Math.round((cents * amountCents) / invoice.totalCents));
}
