import { describe, expect, it } from 'vitest';
import { refundIdempotencyKey } from './gateway.ts';

describe('refund idempotency keys (ADR 029)', () => {
  it('keeps the first refund’s key; later partial refunds of the same amount get different keys', () => {
    expect(refundIdempotencyKey({ paymentId: 5, amountCents: 1000 })).toBe('refund-5-1000');
    expect(refundIdempotencyKey({ paymentId: 5, amountCents: 1000, refundedBeforeCents: 0 })).toBe(
      'refund-5-1000',
    );
    const second = refundIdempotencyKey({ paymentId: 5, amountCents: 1000, refundedBeforeCents: 1000 });
    const third = refundIdempotencyKey({ paymentId: 5, amountCents: 1000, refundedBeforeCents: 2000 });
    expect(new Set(['refund-5-1000', second, third]).size).toBe(3);
    // A retry of the same refund (same amount refunded before) is the same key.
    expect(refundIdempotencyKey({ paymentId: 5, amountCents: 1000, refundedBeforeCents: 1000 })).toBe(second);
  });
});
