import { performance } from 'node:perf_hooks';
import type { Language } from '@shop/domain';
import { type InvoiceDocument, renderInvoicePdf } from '../apps/server/src/modules/documents/invoice-pdf.ts';

/** Issue 10: the server's invoice PDF generation (pdfkit, ADR 010), p95 over INVOICES invoices. */
export interface InvoicePdfFigures {
  invoices: number;
  p50: number;
  p95: number;
  max: number;
  /** The mean size of a PDF, in KB. */
  meanKb: number;
}

export const INVOICES = 200;
const WARM_UP = 10;

const LANGUAGES: readonly Language[] = ['es', 'pt', 'en'];
const PRODUCTS = ['Nota Simple', 'Conocer propiedades', 'Certidão Permanente', 'Cancelación de hipoteca'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The n-th invoice of the run: 1 to 6 lines, the three languages, invoices and credit notes. */
export function benchInvoice(n: number): InvoiceDocument {
  const language = LANGUAGES[n % LANGUAGES.length] ?? 'es';
  const vatRateBp = language === 'pt' ? 2300 : 2100;
  const lines = Array.from({ length: 1 + (n % 6) }, (_, i) => {
    const totalCents = 2076 + 990 * i;
    const officialFeeCents = i % 2 === 0 ? 1091 : 0;
    const baseCents = Math.round((totalCents - officialFeeCents) / (1 + vatRateBp / 10_000));
    return {
      description: `${PRODUCTS[(n + i) % PRODUCTS.length]} · Calle Mayor ${n}, ${i + 1}º (Toledo)`,
      totalCents,
      officialFeeCents,
      baseCents,
      vatCents: totalCents - officialFeeCents - baseCents,
    };
  });
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    kind: n % 10 === 9 ? 'credit_note' : 'invoice',
    type: n % 3 === 0 ? 'F2' : 'F1',
    series: language === 'pt' ? 'PT' : 'ES',
    number: n + 1,
    year: 2026,
    issuedAt: new Date(Date.UTC(2026, 10, 24, 10, n % 60)),
    language,
    issuer: { name: 'Registro Online S.L.', taxId: 'B12345674', address: 'Calle de Alcalá 1, 28014 Madrid' },
    customer: {
      name: `Cliente ${n} Pérez García`,
      taxId: n % 3 === 0 ? '12345678Z' : null,
      address: n % 2 === 0 ? `Avenida de la Constitución ${n}, 45001 Toledo` : null,
      email: `bench-${n}@example.com`,
    },
    lines,
    vatRateBp,
    baseCents: sum((l) => l.baseCents),
    vatCents: sum((l) => l.vatCents),
    totalCents: sum((l) => l.totalCents),
    orderId: `14${String(n).padStart(8, '0')}`,
  };
}

/**
 * Renders INVOICES different invoices one after the other, as the
 * order.confirmation job does (a PDF per paid order), after a short warm-up;
 * the time of each render to the finished Buffer.
 */
export async function measureInvoicePdf(invoices = INVOICES): Promise<InvoicePdfFigures> {
  for (let n = 0; n < WARM_UP; n++) await renderInvoicePdf(benchInvoice(n));
  const times: number[] = [];
  let bytes = 0;
  for (let n = 0; n < invoices; n++) {
    const document = benchInvoice(n);
    const start = performance.now();
    const pdf = await renderInvoicePdf(document);
    times.push(performance.now() - start);
    bytes += pdf.length;
  }
  times.sort((a, b) => a - b);
  return {
    invoices,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1] ?? 0,
    meanKb: bytes / invoices / 1024,
  };
}
