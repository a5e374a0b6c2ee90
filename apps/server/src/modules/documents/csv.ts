/**
 * CSV for spreadsheet programs in Spain, the one way the server writes it (the
 * invoice register, the order queue's export): UTF-8 with a byte-order mark
 * (so accents open right), ';' between cells and a decimal comma (the Spanish
 * locale's list and decimal separators), CRLF line ends.
 */
export const CSV_BOM = '\uFEFF';

/** Cents as a spreadsheet in Spain reads them: decimal comma, no thousands separator ('-1234,50'). */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text cell: a leading = + - @, tab or carriage return neutralised with an
 * apostrophe so a spreadsheet never runs a customer's text as a formula (OWASP
 * "CSV injection"), then quoted when it holds the separator, a quote or a line
 * break (RFC 4180, quotes doubled).
 */
export function csvText(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells already written with csvText / csvAmount. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(';')}\r\n`;
}
