import { describe, expect, it } from 'vitest';
import { invoiceYear } from './invoices.service.ts';

describe('invoiceYear', () => {
  it('counts the year where the store invoices, as the PDF dates it', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid (UTC+1), still 31 December in Lisbon.
    const at = new Date('2026-12-31T23:30:00Z');
    expect(invoiceYear(at, 'es')).toBe(2027);
    expect(invoiceYear(at, 'en')).toBe(2027);
    expect(invoiceYear(at, 'pt')).toBe(2026);
    expect(invoiceYear(new Date('2027-01-01T00:30:00Z'), 'pt')).toBe(2027);
    expect(invoiceYear(new Date('2026-06-15T12:00:00Z'), 'es')).toBe(2026);
  });
});
