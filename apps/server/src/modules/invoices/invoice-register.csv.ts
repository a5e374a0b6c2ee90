import { type InvoiceRegisterAnswer, VERIFACTU_STATE_LABELS } from '@shop/domain';

/** The register's columns, in Spanish like the back office. */
const HEADER = [
  'Número',
  'Fecha',
  'Tipo',
  'Factura rectificada',
  'Motivo',
  'Pedido',
  'Cliente',
  'NIF',
  'Base imponible',
  'IVA',
  'Suplidos',
  'Total',
  'Estado VERI*FACTU',
  'Error AEAT',
  'CSV',
];

/** Cents as a spreadsheet in Spain reads them: decimal comma, no thousands separator ('-1234,50'). */
function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text cell: quoted when it holds the separator, a quote or a line break
 * (RFC 4180), and a leading = + - @ or tab neutralised with an apostrophe so a
 * spreadsheet never runs a customer's name as a formula (OWASP "CSV injection").
 */
function textCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The register as CSV for spreadsheet programs: UTF-8 with a byte-order mark
 * (so accents open right), ';' between cells and a decimal comma (the Spanish
 * locale's list and decimal separators), a header row, CRLF line ends, then
 * one row per series' totals and the period's.
 */
export function invoiceRegisterCsv(register: InvoiceRegisterAnswer): string {
  const lines = [HEADER.map(textCell).join(';')];
  for (const row of register.invoices) {
    lines.push(
      [
        textCell(row.number),
        row.date,
        row.type,
        textCell(row.rectifies),
        textCell(row.reason),
        row.order_id,
        textCell(row.customer_name),
        textCell(row.customer_tax_id),
        amount(row.base_cents),
        amount(row.vat_cents),
        amount(row.fees_cents),
        amount(row.total_cents),
        VERIFACTU_STATE_LABELS[row.verifactu.state],
        textCell([row.verifactu.error_code, row.verifactu.error_text].filter(Boolean).join(' ') || null),
        textCell(row.verifactu.csv),
      ].join(';'),
    );
  }
  for (const sum of [...register.totals, register.total]) {
    const label = sum.series ? `Total serie ${sum.series}` : 'Total del periodo';
    lines.push(
      [
        textCell(label),
        '',
        '',
        '',
        '',
        '',
        textCell(`${sum.count} documentos`),
        '',
        amount(sum.base_cents),
        amount(sum.vat_cents),
        amount(sum.fees_cents),
        amount(sum.total_cents),
        '',
        '',
        '',
      ].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
