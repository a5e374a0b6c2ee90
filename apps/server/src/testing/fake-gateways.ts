import { setTimeout as sleep } from 'node:timers/promises';
import type { PaymentMethod } from '@shop/domain';
import type { PaymentGateway, PaymentLookupInput, PaymentNotice } from '../modules/payments/gateway.ts';

/** A test gateway that answers its start after `delayMs` (a slow provider), and tells when a start is running. */
export interface SlowGateway extends PaymentGateway {
  /** Starts entered so far. */
  readonly started: number;
  /** Starts still waiting for their answer. */
  readonly inFlight: number;
  /** Resolves when the next start is entered. */
  nextStart(): Promise<void>;
  /** Refunds it made (payment ids). */
  readonly refunds: number[];
}

/**
 * A fake provider for the payments' own tests (never the product): its start
 * pays at once after `delayMs`, or fails; `lookup` (when given) says what a
 * lost attempt became; refunds always succeed.
 */
export function slowGateway(options: {
  name: string;
  methods: PaymentMethod[];
  delayMs: number;
  outcome?: 'paid' | 'failed';
  lookup?: (input: PaymentLookupInput) => Promise<PaymentNotice | null>;
}): SlowGateway {
  let started = 0;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const refunds: number[] = [];
  return {
    name: options.name,
    methods: options.methods,
    get started() {
      return started;
    },
    get inFlight() {
      return inFlight;
    },
    refunds,
    nextStart: () => new Promise<void>((resolve) => waiters.push(resolve)),
    async start(input) {
      started += 1;
      inFlight += 1;
      for (const wake of waiters) wake();
      waiters = [];
      try {
        await sleep(options.delayMs);
      } finally {
        inFlight -= 1;
      }
      const providerRef = `${options.name}_${input.paymentId}`;
      return options.outcome === 'failed'
        ? { outcome: 'failed', providerRef, next: { type: 'failed', message: '' }, data: { decline: 'test' } }
        : { outcome: 'paid', providerRef, next: { type: 'success' } };
    },
    async verifyNotice() {
      throw new Error('the slow test gateway sends no notices');
    },
    async refund({ providerRef, paymentId }) {
      refunds.push(paymentId);
      return { providerRef: `${providerRef}_refund` };
    },
    ...(options.lookup ? { lookup: options.lookup } : {}),
  };
}
