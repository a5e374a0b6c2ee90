import { describe, expect, it } from 'vitest';
import { defaultVatRateBp, feeBreakdown, splitVat } from './fee-breakdown.ts';

describe('VAT split', () => {
  it.each([
    [1230, 2300, 1000, 230],
    [970, 2300, 789, 181],
    [1000, 2300, 813, 187],
    [1210, 2100, 1000, 210],
    [0, 2300, 0, 0],
  ])('%i cents at %i bp -> base %i + VAT %i', (gross, rate, base, vat) => {
    expect(splitVat(gross, rate)).toEqual({ base, vat });
  });

  it.each([
    [16, 2300],
    [26, 2300],
    [28, 2300],
    [14, 2100],
    [18, 2100],
  ])('store %i starts at %i bp', (store, rate) => expect(defaultVatRateBp(store)).toBe(rate));
});

// The seed's prices and official fees (DECISIONS.md "Money").
describe('fee breakdown of the Portuguese products', () => {
  it.each([
    ['Certidão Permanente 24,70', 2470, 1500, 1500, 789, 181],
    ['Informação Predial 11', 1100, 100, 100, 813, 187],
    ['Informação Predial urgent 16', 1600, 100, 100, 1220, 280],
    ['a fee above the total is capped', 500, 900, 500, 0, 0],
  ])('%s', (_name, total, fee, officialFee, service, vat) => {
    const lines = feeBreakdown(total, fee, 2300);
    expect(lines).toEqual({ officialFee, service, vat, total });
    expect(lines.officialFee + lines.service + lines.vat).toBe(total);
  });
});
