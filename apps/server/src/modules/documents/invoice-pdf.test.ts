import { formatEuros } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { translate } from '../../http/translate.ts';
import { sampleInvoiceDocument } from '../../testing/invoice-document.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import {
  formatInvoiceNumber,
  type InvoiceDocument,
  invoiceFileName,
  renderInvoicePdf,
} from './invoice-pdf.ts';

/** Two lines, one of them large: thousands separators and the VAT split over several lines. */
function document(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return sampleInvoiceDocument({
    number: 1234,
    lines: [
      { description: 'Nota Simple', totalCents: 1990, officialFeeCents: 902, baseCents: 899, vatCents: 189 },
      {
        description: 'Certificación',
        totalCents: 1234567,
        officialFeeCents: 3000,
        baseCents: 1017824,
        vatCents: 213743,
      },
    ],
    baseCents: 1018723,
    vatCents: 213932,
    totalCents: 1236557,
    ...overrides,
  });
}

describe('renderInvoicePdf', () => {
  it('renders a Spanish invoice: labels from the catalogue, numbers and amounts as the store writes them', async () => {
    const data = document();
    const pdf = await renderInvoicePdf(data);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdfText(pdf);
    expect(text).toContain('Factura');
    expect(text).toContain(`${translate('es', 'invoiceDocument.number')}: A-2026-001234`);
    expect(text).toContain('02/03/2026');
    expect(text).toContain('ES14-000001');
    expect(text).toContain('NIF: B12345678');
    expect(text).toContain('NIF: 12345678Z');
    expect(text).toContain('Ana Pérez');
    expect(text).toContain(translate('es', 'feeSplit.service'));
    expect(text).toContain(translate('es', 'feeSplit.vat', { rate: '21' }));
    expect(text).toContain(translate('es', 'feeSplit.officialFee'));
    // es: '12.365,57 €' (thousands with a dot from 5 digits, comma decimals, no-break space before €).
    expect(formatEuros(data.totalCents, 'es')).toBe('12.365,57\u00a0€');
    expect(text).toContain(formatEuros(data.totalCents, 'es'));
    expect(text).toContain(formatEuros(1990, 'es'));
    expect(text).toContain(formatEuros(3902, 'es')); // the official fees of both lines
    expect(text).not.toContain('invoiceDocument.');
  });

  it('renders a Portuguese credit note with its own title, labels and amount format', async () => {
    const data = document({ kind: 'credit_note', language: 'pt', series: 'R', number: 7, vatRateBp: 2300 });
    const text = pdfText(await renderInvoicePdf(data));
    expect(text).toContain('Nota de crédito');
    expect(text).toContain(`${translate('pt', 'invoiceDocument.creditNoteNumber')}: R-2026-000007`);
    expect(text).toContain(translate('pt', 'feeSplit.service'));
    expect(text).toContain(translate('pt', 'feeSplit.vat', { rate: '23' }));
    expect(text).toContain('Cliente');
    expect(text).not.toContain('Factura');
    // pt: '12 365,57 €' (no-break space groups thousands).
    expect(formatEuros(data.totalCents, 'pt')).toBe('12\u00a0365,57\u00a0€');
    expect(text).toContain(formatEuros(data.totalCents, 'pt'));
    expect(text).toContain(
      translate('pt', 'invoiceDocument.creditNoteNote', { orderId: 'ES14-000001' }).slice(0, 30),
    );
  });

  it('names the file in the document language', () => {
    expect(invoiceFileName(document())).toBe('factura-A-2026-001234.pdf');
    expect(invoiceFileName(document({ kind: 'credit_note', language: 'pt' }))).toBe(
      'nota-de-credito-A-2026-001234.pdf',
    );
    expect(formatInvoiceNumber({ series: 'B', year: 2027, number: 1 })).toBe('B-2027-000001');
  });

  it('continues on a second page when the lines do not fit, numbering the pages', async () => {
    const line = {
      description: 'Nota Simple',
      totalCents: 1990,
      officialFeeCents: 902,
      baseCents: 899,
      vatCents: 189,
    };
    const text = pdfText(await renderInvoicePdf(document({ lines: Array.from({ length: 60 }, () => line) })));
    expect(text).toContain(translate('es', 'invoiceDocument.page', { page: 2, pages: 2 }));
  });
});
