import { formatEuros, formatInvoiceNumber, type Language } from '@shop/domain';

import type { TranslationKey, TranslationVars } from '@shop/domain/i18n';
import PDFDocument from 'pdfkit';
import { translate } from '../../http/translate.ts';
import { drawQr, invoiceQrUrl, QR_QUIET, QR_SIDE } from '../verifactu/qr-pdf.ts';
import { formatDate, formatRate } from './document-format.ts';
import { fonts, shareLayoutCaches } from './pdf-fonts.ts';

/** What an invoice or credit note says; amounts in cents, VAT-inclusive totals (DECISIONS.md "Money"). */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  /**
   * F1 complete invoice (RD 1619/2012 art. 6: the customer's name, NIF and address)
   * or F2 simplified invoice (art. 7: no customer, the rate with "IVA incluido").
   */
  type: 'F1' | 'F2';
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
  /** A rectifying invoice's citation of the invoice it corrects (RD 1619/2012 art. 15; ADR 029). */
  rectifies?: { number: string; issuedAt: Date; reason: string; type: 'R1' | 'R5' };
}

/** The PDF's file name ('factura-A-2026-000042.pdf'), in the document's language. */
export function invoiceFileName(
  doc: Pick<InvoiceDocument, 'kind' | 'type' | 'series' | 'year' | 'number' | 'language'>,
): string {
  const word = translate(doc.language, titleKey(doc))
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return `${word}-${formatInvoiceNumber(doc)}.pdf`;
}

/** The document's title: "Factura", "Factura simplificada" (RD 1619/2012 art. 7) or "Factura rectificativa". */
function titleKey(doc: Pick<InvoiceDocument, 'kind' | 'type'>): TranslationKey {
  if (doc.kind === 'credit_note') return 'invoiceDocument.creditNoteTitle';
  return doc.type === 'F2' ? 'invoiceDocument.simplifiedTitle' : 'invoiceDocument.title';
}

/**
 * The customer block's lines, or null when there is none: a complete invoice
 * names the customer with full name, NIF and address (RD 1619/2012 art.
 * 6.1.c, d, e); a simplified one needs none (art. 7), so it prints none.
 */
function customerLines(doc: InvoiceDocument, taxIdLabel: string): string[] | null {
  if (doc.type === 'F2') return null;
  const { name, taxId, address } = doc.customer;
  return [name, taxId ? `${taxIdLabel}: ${taxId}` : null, address].filter((line): line is string =>
    Boolean(line),
  );
}

/**
 * The heading lines under the title: number and series (art. 6.1.a / 7.1.a),
 * date of issue (art. 6.1.b / 7.1.b), the order. The operation's date is the
 * issue date (the invoice is issued when the order is paid, which is when VAT
 * falls due for a service paid in advance: Ley 37/1992 art. 75.2), so art.
 * 6.1.f's separate date is never needed.
 */
function headingLines(
  doc: InvoiceDocument,
  t: (key: TranslationKey, vars?: TranslationVars) => string,
  date: (d: Date) => string,
): string[] {
  const numberLabel = t(
    doc.kind === 'invoice' ? 'invoiceDocument.number' : 'invoiceDocument.creditNoteNumber',
  );
  return [
    `${numberLabel}: ${formatInvoiceNumber(doc)}`,
    `${t('invoiceDocument.series')}: ${doc.series}`,
    `${t('invoiceDocument.date')}: ${date(doc.issuedAt)}`,
    `${t('invoiceDocument.order')}: ${doc.orderId}`,
    // A rectifying invoice: its type, the corrected invoice's number and date, the reason.
    ...(doc.rectifies
      ? [
          t('rectifying.type', { type: doc.rectifies.type }),
          t('rectifying.rectifies', { number: doc.rectifies.number, date: date(doc.rectifies.issuedAt) }),
          t('rectifying.reason', { reason: doc.rectifies.reason }),
        ]
      : []),
  ];
}

const MARGIN = 50;
const GREY = '#555555';

/**
 * DejaVu Sans (regular and bold), embedded so any name prints (the standard
 * Helvetica has no 'ł' or 'ř'): read once per process, subset by pdfkit into
 * each document with its ToUnicode map, so the text layer keeps every letter.
 * Registered under their PostScript names, the names pdfkit files the
 * document's first font under: `doc.font(SANS)` then finds that font, where
 * another name would open a new one and compare it with the first at every call.
 */
const SANS = 'DejaVuSans';
const SANS_BOLD = 'DejaVuSans-Bold';
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
  const title = t(titleKey(data));

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${title} ${number}`, Author: data.issuer.name, Subject: data.orderId },
    lang: data.language,
    // The document's first font is DejaVu itself, already parsed: pdfkit's default would parse
    // Helvetica's AFM metrics for every document, never to print a letter in it.
    font: fonts().regular as never,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont(SANS, fonts().regular as never);
  doc.registerFont(SANS_BOLD, fonts().bold as never);
  shareLayoutCaches(doc, [SANS, SANS_BOLD]);
  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;

  // VERI*FACTU (Spanish issuers): the QR code first, at the top, centred, "QR tributario:" above it
  // and the legend below (Orden HAC/1177/2024 art. 20-21; AEAT QR specification, section 3).
  let top = MARGIN;
  const qrUrl = invoiceQrUrl({ ...data, code: number });
  if (qrUrl) {
    const qrX = MARGIN + (width - QR_SIDE) / 2;
    doc.font(SANS).fontSize(10).fillColor('black');
    doc.text(t('verifactu.qrTitle'), MARGIN, top, { width, align: 'center' });
    const qrY = doc.y + QR_QUIET / 2;
    drawQr(doc, qrUrl, qrX, qrY);
    doc.font(SANS).fontSize(10).fillColor('black');
    doc.text(t('verifactu.legend'), MARGIN, qrY + QR_SIDE + QR_QUIET / 2, { width, align: 'center' });
    top = doc.y + 16;
  }

  // Heading: title, number, date, order.
  doc.font(SANS_BOLD).fontSize(20).text(title, MARGIN, top);
  doc.moveDown(0.5).font(SANS).fontSize(10);
  for (const line of headingLines(data, t, (d) => formatDate(d, data.language))) doc.text(line);

  // Parties side by side.
  const partiesTop = doc.y + 20;
  const half = width / 2 - 10;
  const party = (label: string, lines: (string | null | undefined)[], x: number) => {
    doc.font(SANS_BOLD).fontSize(10).fillColor('black').text(label, x, partiesTop, { width: half });
    doc.font(SANS).fillColor(GREY);
    for (const line of lines) if (line) doc.text(line, x, doc.y, { width: half });
    return doc.y;
  };
  const taxId = t('invoiceDocument.taxId');
  const issuerBottom = party(
    t('invoiceDocument.issuer'),
    [data.issuer.name, `${taxId}: ${data.issuer.taxId}`, data.issuer.address],
    MARGIN,
  );
  const customer = customerLines(data, taxId);
  const customerBottom = customer
    ? party(t('invoiceDocument.customer'), customer, MARGIN + width / 2 + 10)
    : issuerBottom;
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
  doc.font(SANS_BOLD).fontSize(9);
  let headerBottom = y;
  for (const [i, col] of cols.entries()) {
    doc.text(t(col.key, { rate }), col.x, y, { width: col.w - 6, align: i === 0 ? 'left' : 'right' });
    headerBottom = Math.max(headerBottom, doc.y);
  }
  y = headerBottom + 4;
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor('#999999').stroke();
  y += 6;
  doc.font(SANS).fontSize(9);
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
    doc.font(bold ? SANS_BOLD : SANS).fontSize(bold ? 11 : 10);
    doc.text(label, right - 300, y, { width: 200, align: 'right' });
    doc.text(amount, right - 95, y, { width: 95, align: 'right' });
    y = doc.y + 4;
  }

  // A simplified invoice states the rate with "IVA incluido" (RD 1619/2012 art. 7.1.e).
  if (data.type === 'F2') {
    doc
      .font(SANS)
      .fontSize(9)
      .fillColor(GREY)
      .text(t('invoiceDocument.rateIncluded', { rate }), MARGIN, y + 10, {
        width,
      });
    y = doc.y;
    doc.fillColor('black');
  }

  if (data.kind === 'credit_note') {
    doc
      .font(SANS)
      .fontSize(9)
      .fillColor(GREY)
      .text(t('rectifying.legal'), MARGIN, y + 20, { width });
  }

  // Page numbers once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font(SANS)
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
