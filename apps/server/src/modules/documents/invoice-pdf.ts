import { formatEuros, type Language } from '@shop/domain';
import { LOCALES, type TranslationKey, type TranslationVars } from '@shop/domain/i18n';
import PDFDocument from 'pdfkit';
import { translate } from '../../http/translate.ts';

/** What an invoice or credit note says; amounts in cents, VAT-inclusive totals (DECISIONS.md "Money"). */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  series: string;
  number: number;
  year: number;
  issuedAt: Date;
  language: Language;
  issuer: { name: string; taxId: string; address: string };
  customer: { name: string; taxId?: string | null; address?: string | null; email: string };
  /** One line per order item: its all-in total, the official fee in it (no VAT), the service base and VAT. */
  lines: {
    description: string;
    totalCents: number;
    officialFeeCents: number;
    baseCents: number;
    vatCents: number;
  }[];
  vatRateBp: number;
  baseCents: number;
  vatCents: number;
  totalCents: number;
  orderId: string;
}

/** The number as printed: series, year and a 6-digit correlative ('A-2026-000042'). */
export function formatInvoiceNumber(doc: Pick<InvoiceDocument, 'series' | 'year' | 'number'>): string {
  return `${doc.series}-${doc.year}-${String(doc.number).padStart(6, '0')}`;
}

/** The PDF's file name ('factura-A-2026-000042.pdf'), in the document's language. */
export function invoiceFileName(
  doc: Pick<InvoiceDocument, 'kind' | 'series' | 'year' | 'number' | 'language'>,
): string {
  const key = doc.kind === 'invoice' ? 'invoiceDocument.title' : 'invoiceDocument.creditNoteTitle';
  const word = translate(doc.language, key)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return `${word}-${formatInvoiceNumber(doc)}.pdf`;
}

const TIME_ZONE: Record<Language, string> = { es: 'Europe/Madrid', pt: 'Europe/Lisbon', en: 'Europe/Madrid' };

/** Intl formatters are costly to build: one per language, made on first use. */
const rateFormats = new Map<Language, Intl.NumberFormat>();
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

function formatRate(rateBp: number, language: Language): string {
  let format = rateFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 });
    rateFormats.set(language, format);
  }
  return format.format(rateBp / 100);
}

function formatDate(date: Date, language: Language): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: TIME_ZONE[language],
    });
    dateFormats.set(language, format);
  }
  return format.format(date);
}

const MARGIN = 50;
const GREY = '#555555';

/**
 * Renders an invoice or credit note as a PDF (pdfkit, ADR 010): issuer and
 * customer tax data, one line per item with the official fee shown apart
 * (it carries no VAT), the taxable base, VAT and total, labels from the i18n
 * catalogues and amounts formatted as the store's language does.
 */
export function renderInvoicePdf(data: InvoiceDocument): Promise<Buffer> {
  const t = (key: TranslationKey, vars?: TranslationVars) => translate(data.language, key, vars);
  const money = (cents: number) => formatEuros(cents, data.language);
  const number = formatInvoiceNumber(data);
  const title = t(data.kind === 'invoice' ? 'invoiceDocument.title' : 'invoiceDocument.creditNoteTitle');

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${title} ${number}`, Author: data.issuer.name, Subject: data.orderId },
    lang: data.language,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;

  // Heading: title, number, date, order.
  doc.font('Helvetica-Bold').fontSize(20).text(title, MARGIN, MARGIN);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const numberLabel = t(
    data.kind === 'invoice' ? 'invoiceDocument.number' : 'invoiceDocument.creditNoteNumber',
  );
  doc.text(`${numberLabel}: ${number}`);
  doc.text(`${t('invoiceDocument.date')}: ${formatDate(data.issuedAt, data.language)}`);
  doc.text(`${t('invoiceDocument.order')}: ${data.orderId}`);

  // Parties side by side.
  const partiesTop = doc.y + 20;
  const half = width / 2 - 10;
  const party = (label: string, lines: (string | null | undefined)[], x: number) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(label, x, partiesTop, { width: half });
    doc.font('Helvetica').fillColor(GREY);
    for (const line of lines) if (line) doc.text(line, x, doc.y, { width: half });
    return doc.y;
  };
  const taxId = t('invoiceDocument.taxId');
  const issuerBottom = party(
    t('invoiceDocument.issuer'),
    [data.issuer.name, `${taxId}: ${data.issuer.taxId}`, data.issuer.address],
    MARGIN,
  );
  const customerBottom = party(
    t('invoiceDocument.customer'),
    [
      data.customer.name,
      data.customer.taxId ? `${taxId}: ${data.customer.taxId}` : null,
      data.customer.address,
      data.customer.email,
    ],
    MARGIN + width / 2 + 10,
  );
  doc.fillColor('black');

  // Lines: description, official fee, base, VAT, total.
  const cols = [
    { key: 'invoiceDocument.description' as const, x: MARGIN, w: width - 4 * 85 },
    { key: 'feeSplit.officialFee' as const, x: right - 4 * 85, w: 85 },
    { key: 'feeSplit.service' as const, x: right - 3 * 85, w: 85 },
    { key: 'feeSplit.vat' as const, x: right - 2 * 85, w: 85 },
    { key: 'feeSplit.total' as const, x: right - 85, w: 85 },
  ];
  const rate = formatRate(data.vatRateBp, data.language);
  let y = Math.max(issuerBottom, customerBottom) + 30;
  doc.font('Helvetica-Bold').fontSize(9);
  let headerBottom = y;
  for (const [i, col] of cols.entries()) {
    doc.text(t(col.key, { rate }), col.x, y, { width: col.w - 6, align: i === 0 ? 'left' : 'right' });
    headerBottom = Math.max(headerBottom, doc.y);
  }
  y = headerBottom + 4;
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor('#999999').stroke();
  y += 6;
  doc.font('Helvetica').fontSize(9);
  for (const line of data.lines) {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = MARGIN;
    }
    const cells = [
      line.description,
      money(line.officialFeeCents),
      money(line.baseCents),
      money(line.vatCents),
      money(line.totalCents),
    ];
    let rowBottom = y;
    for (const [i, col] of cols.entries()) {
      doc.text(cells[i] ?? '', col.x, y, { width: col.w - 6, align: i === 0 ? 'left' : 'right' });
      rowBottom = Math.max(rowBottom, doc.y);
    }
    y = rowBottom + 6;
  }
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor('#999999').stroke();
  y += 10;

  // Totals: official fee (no VAT), base, VAT, total.
  const officialFeeCents = data.lines.reduce((sum, line) => sum + line.officialFeeCents, 0);
  const totals: [string, string, boolean][] = [
    [t('feeSplit.officialFee'), money(officialFeeCents), false],
    [t('feeSplit.service'), money(data.baseCents), false],
    [t('feeSplit.vat', { rate }), money(data.vatCents), false],
    [t('feeSplit.total'), money(data.totalCents), true],
  ];
  for (const [label, amount, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
    doc.text(label, right - 300, y, { width: 200, align: 'right' });
    doc.text(amount, right - 95, y, { width: 95, align: 'right' });
    y = doc.y + 4;
  }

  if (data.kind === 'credit_note') {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(t('invoiceDocument.creditNoteNote', { orderId: data.orderId }), MARGIN, y + 20, { width });
  }

  // Page numbers once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(
        t('invoiceDocument.page', { page: i + 1, pages: range.count }),
        MARGIN,
        doc.page.height - MARGIN - 10,
        {
          width,
          align: 'center',
          lineBreak: false,
        },
      );
  }
  doc.end();
  return done;
}
