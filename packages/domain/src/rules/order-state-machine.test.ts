import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  checkTransition,
  completeStatusForPanel,
  isFinalStatus,
  isOrderStatus,
  type TransitionContext,
} from './order-state-machine.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';

// The lifecycle of DECISIONS.md, written out pair by pair.
// A confirmed payment goes straight to complete_pending; processing is a payment started, not confirmed.
const ALLOWED = new Set([
  'pending_payment>processing',
  'pending_payment>complete_pending',
  'pending_payment>payment_review',
  'pending_payment>canceled',
  'pending_payment>holded',
  'pending_payment>fraud',
  'processing>complete_pending',
  'processing>pending_payment',
  'processing>payment_review',
  'processing>canceled',
  'processing>holded',
  'processing>fraud',
  'payment_review>complete_pending',
  'payment_review>pending_payment',
  'payment_review>canceled',
  'payment_review>holded',
  'payment_review>fraud',
  'complete_pending>complete_in_progress',
  'complete_pending>complete_incident',
  'complete_pending>complete_ready',
  'complete_pending>holded',
  'complete_pending>closed',
  'complete_in_progress>complete_pending',
  'complete_in_progress>complete_incident',
  'complete_in_progress>complete_ready',
  'complete_in_progress>holded',
  'complete_in_progress>closed',
  'complete_incident>complete_pending',
  'complete_incident>complete_in_progress',
  'complete_incident>complete_ready',
  'complete_incident>holded',
  'complete_incident>closed',
  'complete_ready>complete_in_progress',
  'complete_ready>complete_incident',
  'complete_ready>closed',
  'holded>pending_payment',
  'holded>payment_review',
  'holded>processing',
  'holded>complete_pending',
  'holded>complete_in_progress',
  'holded>complete_incident',
  'holded>complete_ready',
  'holded>canceled',
  'holded>closed',
  'fraud>pending_payment',
  'fraud>complete_pending',
  'fraud>canceled',
  'fraud>closed',
]);

const PAID_ONLY = new Set([
  'complete_pending',
  'complete_in_progress',
  'complete_incident',
  'complete_ready',
  'closed',
]);
const UNPAID_ONLY = new Set(['pending_payment', 'processing', 'payment_review', 'canceled']);

function expected(from: OrderStatus, to: OrderStatus, ctx: TransitionContext): string {
  if (from === to) return 'same_status';
  if (from === 'canceled' || from === 'closed') return 'final_status';
  if (!ALLOWED.has(`${from}>${to}`)) return 'not_allowed';
  if (PAID_ONLY.has(to) && !ctx.paid) return 'not_paid';
  if (UNPAID_ONLY.has(to) && ctx.paid) return 'already_paid';
  if (to === 'processing' && !ctx.paymentPending) return 'no_payment_started';
  if (to === 'closed' && !ctx.creditNoteIssued) return 'no_credit_note';
  if (to === 'complete_ready' && !ctx.documentAttached) return 'no_document';
  return 'ok';
}

const contexts: TransitionContext[] = [];
for (const paid of [false, true])
  for (const paymentPending of [false, true])
    for (const creditNoteIssued of [false, true])
      for (const documentAttached of [false, true])
        contexts.push({ paid, paymentPending, creditNoteIssued, documentAttached });

describe('order state machine: every pair under every combination of facts', () => {
  for (const from of ORDER_STATUSES) {
    it(`from ${from}`, () => {
      for (const to of ORDER_STATUSES) {
        for (const ctx of contexts) {
          const check = checkTransition(from, to, ctx);
          const got = check.ok ? 'ok' : check.reason;
          expect(got, `${from} -> ${to} ${JSON.stringify(ctx)}`).toBe(expected(from, to, ctx));
        }
      }
    });
  }
});

describe('guards', () => {
  const paid: TransitionContext = { paid: true, creditNoteIssued: false, documentAttached: false };
  const unpaid: TransitionContext = { paid: false, creditNoteIssued: false, documentAttached: false };
  it.each([
    // A card payment confirmed at once: straight to 'Pendiente de tramitar'.
    ['pending_payment', 'complete_pending', paid, 'ok'],
    ['pending_payment', 'complete_pending', unpaid, 'not_paid'],
    // A Multibanco voucher issued / a direct-debit mandate waiting: 'Pendiente de Pago' until the notice.
    ['pending_payment', 'processing', { ...unpaid, paymentPending: true }, 'ok'],
    ['pending_payment', 'processing', unpaid, 'no_payment_started'],
    ['pending_payment', 'processing', paid, 'already_paid'],
    ['processing', 'complete_pending', paid, 'ok'],
    ['processing', 'pending_payment', unpaid, 'ok'],
    ['processing', 'complete_in_progress', paid, 'not_allowed'],
    ['pending_payment', 'canceled', paid, 'already_paid'],
    ['complete_in_progress', 'complete_ready', paid, 'no_document'],
    ['complete_in_progress', 'complete_ready', { ...paid, documentAttached: true }, 'ok'],
    ['complete_ready', 'closed', paid, 'no_credit_note'],
    ['complete_ready', 'closed', { ...paid, creditNoteIssued: true }, 'ok'],
    ['holded', 'complete_pending', { ...paid, heldFrom: 'complete_incident' }, 'not_held_from'],
    ['holded', 'complete_incident', { ...paid, heldFrom: 'complete_incident' }, 'ok'],
    ['holded', 'closed', { ...paid, creditNoteIssued: true, heldFrom: 'complete_incident' }, 'ok'],
    [
      'holded',
      'canceled',
      { paid: false, creditNoteIssued: false, documentAttached: false, heldFrom: 'pending_payment' },
      'ok',
    ],
    ['holded', 'complete_pending', { ...paid, heldFrom: 'pending_payment' }, 'not_held_from'],
    [
      'canceled',
      'pending_payment',
      { paid: false, creditNoteIssued: false, documentAttached: false },
      'final_status',
    ],
    [
      'closed',
      'complete_ready',
      { paid: true, creditNoteIssued: true, documentAttached: true },
      'final_status',
    ],
    ['complete_ready', 'complete_pending', paid, 'not_allowed'],
    ['processing', 'processing', unpaid, 'same_status'],
  ] as const)('%s -> %s %j: %s', (from, to, ctx, result) => {
    const check = checkTransition(from, to, ctx);
    expect(check.ok ? 'ok' : check.reason).toBe(result);
  });

  it('lists reachable statuses', () => {
    expect(
      allowedTransitions('pending_payment', { paid: true, creditNoteIssued: false, documentAttached: false }),
    ).toEqual(['complete_pending', 'holded', 'fraud']);
    expect(
      allowedTransitions('pending_payment', {
        paid: false,
        creditNoteIssued: false,
        documentAttached: false,
      }),
    ).toEqual(['payment_review', 'canceled', 'holded', 'fraud']);
    expect(
      allowedTransitions('pending_payment', {
        paid: false,
        paymentPending: true,
        creditNoteIssued: false,
        documentAttached: false,
      }),
    ).toEqual(['processing', 'payment_review', 'canceled', 'holded', 'fraud']);
    expect(
      allowedTransitions('closed', { paid: true, creditNoteIssued: true, documentAttached: true }),
    ).toEqual([]);
  });

  it('knows final statuses and status names', () => {
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['canceled', 'closed']);
    expect(isOrderStatus('complete_ready')).toBe(true);
    expect(isOrderStatus('pending')).toBe(false);
  });

  it.each([
    [10, 'complete_pending'],
    [30, 'complete_in_progress'],
    [60, 'complete_incident'],
    [110, 'complete_ready'],
    [120, 'complete_ready'],
    [40, 'complete_in_progress'],
  ] as const)('panel status %i -> %s', (panel, status) => {
    expect(completeStatusForPanel(panel)).toBe(status);
  });
});

describe('isPaidOrderStatus: the one "is paid" rule', () => {
  it('is true exactly for the statuses only a captured payment leads to', async () => {
    const { isPaidOrderStatus, ORDER_STATUSES } = await import('../index.ts');
    const paid = ORDER_STATUSES.filter((s) => isPaidOrderStatus(s));
    expect(paid.sort()).toEqual(
      ['closed', 'complete_incident', 'complete_in_progress', 'complete_pending', 'complete_ready'].sort(),
    );
    expect(isPaidOrderStatus('completely_made_up')).toBe(false);
    expect(isPaidOrderStatus('')).toBe(false);
  });
});
