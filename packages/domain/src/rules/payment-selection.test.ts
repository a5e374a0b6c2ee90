import { describe, expect, it } from 'vitest';
import {
  isPaymentSelectionFresh,
  needsPaymentSelection,
  PAYMENT_SELECTION_TTL_MS,
} from './payment-selection.ts';

const now = Date.parse('2025-03-01T12:00:00Z');

describe('payment selection freshness (5 minutes)', () => {
  it('lasts 300000 ms', () => {
    expect(PAYMENT_SELECTION_TTL_MS).toBe(300_000);
  });
  it.each([
    [now, true],
    [now - 1, true],
    [now - 299_999, true],
    [now - 300_000, false],
    [now - 600_000, false],
    [now + 1_000, false], // a selection from the future is not trusted
    [null, false],
  ])('chosen at %s -> fresh %s', (selectedAt, fresh) => {
    expect(isPaymentSelectionFresh(selectedAt, now)).toBe(fresh);
  });
  it.each([
    ['cc', now - 60_000, false],
    ['bizum', now - 60_000, false],
    ['cc', now - 300_000, true],
    ['paypal', now - 400_000, true],
    ['cc', null, false],
    [null, null, false], // preferred payment defaults to cc
    ['paypal', null, true],
    ['bank', null, true],
  ] as const)('preferred %s chosen at %s -> needs selection %s', (preferredPayment, selectedAt, needs) => {
    expect(needsPaymentSelection({ preferredPayment, selectedAt, now })).toBe(needs);
  });
});
