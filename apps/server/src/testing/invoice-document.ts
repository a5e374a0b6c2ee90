import type { InvoiceDocument } from '../modules/documents/invoice-pdf.ts';

/** A Spanish invoice of one Nota Simple (19,90 €) as the invoice job renders it; `overrides` changes any field. */
export function sampleInvoiceDocument(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'invoice',
    type: 'F1',
    series: 'A',
    number: 17,
    year: 2026,
    issuedAt: new Date('2026-03-02T10:00:00Z'),
    language: 'es',
    issuer: { name: 'Registro Online S.L.', taxId: 'B12345678', address: 'Calle Mayor 1, 28001 Madrid' },
    customer: {
      name: 'Ana Pérez',
      taxId: '12345678Z',
      address: 'Calle Sol 3, 41001 Sevilla',
      email: 'ana@example.com',
    },
    lines: [
      { description: 'Nota Simple', totalCents: 1990, officialFeeCents: 902, baseCents: 899, vatCents: 189 },
    ],
    vatRateBp: 2100,
    baseCents: 899,
    vatCents: 189,
    totalCents: 1990,
    orderId: 'ES14-000001',
    ...overrides,
  };
}
