import { describe, expect, it } from 'vitest';
import {
  formatInvoiceNumber,
  hasInvoiceBilling,
  invoiceTypeFor,
  needsBillingData,
  SIMPLIFIED_INVOICE_MAX_CENTS,
} from './invoices.ts';

describe('invoice numbers', () => {
  it('prints series, year and a 6-digit correlative', () => {
    expect(formatInvoiceNumber({ series: 'ES', year: 2026, number: 1 })).toBe('ES-2026-000001');
    expect(formatInvoiceNumber({ series: 'R-PT', year: 2027, number: 1234567 })).toBe('R-PT-2027-1234567');
  });
});

describe('invoice type', () => {
  const billing = { name: 'Acme S.L.', tax_id: 'B12345674' };
  it('is F1 with a name and tax id, F2 otherwise', () => {
    expect(invoiceTypeFor(billing)).toBe('F1');
    expect(invoiceTypeFor({})).toBe('F2');
    expect(invoiceTypeFor({ name: 'Acme', tax_id: ' ' })).toBe('F2');
    expect(invoiceTypeFor(null)).toBe('F2');
    expect(hasInvoiceBilling({ name: 'x', tax_id: 3 })).toBe(false);
  });
  it('asks for billing data above 400 € VAT included (RD 1619/2012 art. 4.1)', () => {
    expect(SIMPLIFIED_INVOICE_MAX_CENTS).toBe(40000);
    expect(needsBillingData(40000, {})).toBe(false);
    expect(needsBillingData(40001, {})).toBe(true);
    expect(needsBillingData(40001, billing)).toBe(false);
  });
});
