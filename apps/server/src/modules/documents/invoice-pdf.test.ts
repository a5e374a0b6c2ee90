import { formatEuros, formatInvoiceNumber } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { translate } from '../../http/translate.ts';
import { sampleInvoiceDocument } from '../../testing/invoice-document.ts';
import { asPrinted, pdfText } from '../../testing/pdf-text.ts';
import { type InvoiceDocument, invoiceFileName, renderInvoicePdf } from './invoice-pdf.ts';

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
    const text = await pdfText(pdf);
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
    expect(text).toContain(asPrinted(formatEuros(data.totalCents, 'es')));
    expect(text).toContain(asPrinted(formatEuros(1990, 'es')));
    expect(text).toContain(asPrinted(formatEuros(3902, 'es'))); // the official fees of both lines
    expect(text).not.toContain('invoiceDocument.');
  });

  it('renders a Portuguese credit note with its own title, labels and amount format', async () => {
    const data = document({ kind: 'credit_note', language: 'pt', series: 'R', number: 7, vatRateBp: 2300 });
    const text = await pdfText(await renderInvoicePdf(data));
    expect(text).toContain('Fatura retificativa');
    expect(text).toContain(`${translate('pt', 'invoiceDocument.creditNoteNumber')}: R-2026-000007`);
    expect(text).toContain(translate('pt', 'feeSplit.service'));
    expect(text).toContain(translate('pt', 'feeSplit.vat', { rate: '23' }));
    expect(text).toContain('Cliente');
    expect(text).not.toContain('Factura');
    // pt: '12 365,57 €' (no-break space groups thousands).
    expect(formatEuros(data.totalCents, 'pt')).toBe('12\u00a0365,57\u00a0€');
    expect(text).toContain(asPrinted(formatEuros(data.totalCents, 'pt')));
    expect(text).toContain(translate('pt', 'rectifying.legal').slice(0, 30));
  });

  it('a complete invoice (F1) has the content of RD 1619/2012 art. 6', async () => {
    const text = await pdfText(await renderInvoicePdf(document()));
    // a) number and series; b) date of issue; c) d) e) both parties' name, NIF and address.
    expect(text).toContain('N.º de factura: A-2026-001234');
    expect(text).toContain('Serie: A');
    expect(text).toContain('Fecha: 02/03/2026');
    for (const part of ['Registro Online S.L.', 'NIF: B12345678', 'Calle Mayor 1, 28001 Madrid'])
      expect(text).toContain(part);
    for (const part of ['Ana Pérez', 'NIF: 12345678Z', 'Calle Sol 3, 41001 Sevilla'])
      expect(text).toContain(part);
    // f) the operations; g) base, rate, VAT; the official fee (suplido) outside the base; the total.
    expect(text).toContain('Nota Simple');
    // The fee split in the words the product pages use (feeSplit, issue 18 item 5).
    expect(text).toContain(translate('es', 'feeSplit.service'));
    expect(text).toContain('IVA (21 %)');
    expect(text).toContain('Tasa oficial (suplido, sin IVA)');
    expect(text).toContain(asPrinted(formatEuros(1_236_557, 'es')));
    expect(text).not.toContain('Factura simplificada');
    // The e-mail is not a customer datum of the invoice (it printed twice before).
    expect(text).not.toContain('ana@example.com');
  });

  it('a simplified invoice (F2) is titled so, names no customer and gives the rate with "IVA incluido" (art. 7)', async () => {
    const data = document({ type: 'F2', customer: { name: '', email: 'ana@example.com' } });
    const text = await pdfText(await renderInvoicePdf(data));
    expect(text).toContain('Factura simplificada');
    expect(text).toContain('N.º de factura: A-2026-001234');
    expect(text).toContain('Fecha: 02/03/2026');
    expect(text).toContain('Registro Online S.L.');
    expect(text).toContain('NIF: B12345678');
    expect(text).toContain('Tipo impositivo: IVA 21 % (IVA incluido)');
    expect(text).toContain(asPrinted(formatEuros(1_236_557, 'es')));
    expect(text).not.toContain(translate('es', 'invoiceDocument.customer'));
    expect(text).not.toContain('ana@example.com');
    expect(invoiceFileName(data)).toBe('factura-simplificada-A-2026-001234.pdf');
    const pt = await pdfText(await renderInvoicePdf({ ...data, language: 'pt', vatRateBp: 2300 }));
    expect(pt).toContain('Fatura simplificada');
    expect(pt).toContain('Taxa de IVA: 23 % (IVA incluído)');
  });

  it('names the file in the document language', () => {
    expect(invoiceFileName(document())).toBe('factura-A-2026-001234.pdf');
    expect(invoiceFileName(document({ kind: 'credit_note', language: 'pt' }))).toBe(
      'fatura-retificativa-A-2026-001234.pdf',
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
    const text = await pdfText(
      await renderInvoicePdf(document({ lines: Array.from({ length: 40 }, () => line) })),
    );
    expect(text).toContain(translate('es', 'invoiceDocument.page', { page: 2, pages: 2 }));
  });

  it('prints words an earlier document laid out with its own subset of the font (shared layout cache)', async () => {
    const customer = { name: 'Łukasz Dvořák', email: 'l@example.com', taxId: null, address: 'Žižkov 3' };
    // The first document lays the words out; the second reaches them after other glyphs, so its
    // subset numbers them differently: the cached words must still print as themselves.
    await renderInvoicePdf(document({ customer }));
    const later = document({ customer, orderId: 'ÅÆØ-qwxyz', language: 'pt' });
    const text = await pdfText(await renderInvoicePdf(later));
    expect(text).toContain('Łukasz Dvořák');
    expect(text).toContain('Žižkov 3');
    expect(text).toContain('ÅÆØ-qwxyz');
  });
});
