import { type InvoiceRegisterAnswer, VERIFACTU_STATE_LABELS } from '@shop/domain';
import { csvAmount, csvText } from '../documents/csv.ts';

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

const amount = csvAmount;
const textCell = csvText;

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
