import type { InvoiceRegisterAnswer, InvoiceRegisterRow } from '@shop/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InvoiceRegisterView } from './invoice-register-view.tsx';

const verifactu = {
  state: 'accepted',
  record_id: 7,
  error_code: null,
  error_text: null,
  csv: 'A-OK',
} as const;

const invoice: InvoiceRegisterRow = {
  kind: 'invoice',
  id: 1,
  number: 'ES-2026-000001',
  series: 'ES',
  date: '2026-11-27',
  type: 'F1',
  order_id: '1400000001',
  customer_name: 'Łukasz Dvořák S.L.',
  customer_tax_id: 'B12345674',
  rectifies: null,
  reason: null,
  base_cents: 1653,
  vat_cents: 347,
  fees_cents: 1900,
  total_cents: 3900,
  file_id: 11,
  verifactu,
};

const rejected: InvoiceRegisterRow = {
  ...invoice,
  id: 2,
  number: 'ES-2026-000002',
  type: 'F2',
  customer_name: null,
  customer_tax_id: null,
  file_id: null,
  verifactu: {
    state: 'rejected',
    record_id: 9,
    error_code: '1100',
    error_text: 'Valor o tipo incorrecto del campo: NIF',
    csv: null,
  },
};

const rectifying: InvoiceRegisterRow = {
  ...invoice,
  kind: 'rectifying',
  id: 1,
  number: 'R-ES-2026-000001',
  series: 'R-ES',
  type: 'R1',
  rectifies: 'ES-2026-000001',
  reason: 'Descuento por retraso',
  base_cents: -424,
  vat_cents: -89,
  fees_cents: -487,
  total_cents: -1000,
  file_id: 12,
  verifactu: { ...verifactu, state: 'pending', csv: null },
};

const answer: InvoiceRegisterAnswer = {
  ok: true,
  invoices: [invoice, rejected, rectifying],
  totals: [
    { series: 'ES', count: 2, base_cents: 3306, vat_cents: 694, fees_cents: 3800, total_cents: 7800 },
    { series: 'R-ES', count: 1, base_cents: -424, vat_cents: -89, fees_cents: -487, total_cents: -1000 },
  ],
  total: { series: '', count: 3, base_cents: 2882, vat_cents: 605, fees_cents: 3313, total_cents: 6800 },
};

describe('the back-office invoice register (issue 18 item 8)', () => {
  it('shows each document with its type, customer, amounts, VERI*FACTU state and the totals', () => {
    render(<InvoiceRegisterView answer={answer} onResend={null} />);
    const table = screen.getByRole('table', { name: 'Libro registro de facturas expedidas' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Número',
      'Fecha',
      'Tipo',
      'Rectifica',
      'Cliente',
      'Base imponible',
      'IVA',
      'Suplidos',
      'Total',
      'VERI*FACTU',
    ]);
    const first = screen.getByRole('row', { name: /ES-2026-000001 2026-11-27 F1/ });
    expect(within(first).getByRole('link', { name: 'ES-2026-000001' }).getAttribute('href')).toBe(
      '/admin/api/files/11',
    );
    expect(first.textContent).toContain('Łukasz Dvořák S.L., B12345674');
    expect(first.textContent).toContain('39\u00a0€');
    expect(first.textContent).toContain('AceptadoCSV A-OK');
    const second = screen.getByRole('row', { name: /ES-2026-000002/ });
    expect(second.textContent).toContain('Rechazado1100: Valor o tipo incorrecto del campo: NIF');
    const note = screen.getByRole('row', { name: /R-ES-2026-000001/ });
    expect(note.textContent).toContain('ES-2026-000001 (Descuento por retraso)');
    expect(note.textContent).toContain('-10\u00a0€');
    expect(screen.getByRole('rowheader', { name: 'Total serie ES (2 documentos)' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Total del periodo \(3 documentos\)/ }).textContent).toContain(
      '68\u00a0€',
    );
    // Without the admin's re-send (an agent), no button.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers "Reenviar corregido" only on a rejected record, with the row it belongs to', () => {
    const onResend = vi.fn();
    render(<InvoiceRegisterView answer={answer} onResend={onResend} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Reenviar corregido ES-2026-000002']);
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar corregido ES-2026-000002' }));
    expect(onResend).toHaveBeenCalledWith(rejected);
  });

  it('says so when no document matches the filters', () => {
    render(
      <InvoiceRegisterView
        answer={{ ...answer, invoices: [], totals: [], total: { ...answer.total, count: 0 } }}
        onResend={null}
      />,
    );
    expect(screen.getByText('No hay facturas con estos filtros.')).toBeTruthy();
  });
});
