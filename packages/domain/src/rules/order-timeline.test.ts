import { describe, expect, it } from 'vitest';
import { orderTimeline } from './order-timeline.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString();

describe('orderTimeline', () => {
  it('a new unpaid order has only been received', () => {
    expect(orderTimeline({ createdAt: at(0), statusChanges: [], incidents: [], results: [] })).toEqual([
      { kind: 'received', at: at(0) },
    ]);
  });

  it('reads the whole life of an order in time order, once per kind', () => {
    const events = orderTimeline({
      createdAt: at(0),
      statusChanges: [
        { at: at(1), from: 'pending_payment', to: 'complete_pending' },
        { at: at(2), from: 'complete_pending', to: 'complete_in_progress' },
        { at: at(3), from: 'complete_in_progress', to: 'complete_incident' },
        { at: at(5), from: 'complete_incident', to: 'complete_in_progress' },
        { at: at(7), from: 'complete_in_progress', to: 'complete_ready' },
      ],
      incidents: [{ id: 4, createdAt: at(3), answeredAt: at(4) }],
      results: [{ at: at(6) }],
    });
    expect(events.map((e) => [e.kind, e.at])).toEqual([
      ['received', at(0)],
      ['paid', at(1)],
      ['sent_to_registry', at(2)],
      ['incident', at(3)],
      ['incident_answered', at(4)],
      ['issued', at(6)],
      ['delivered', at(7)],
    ]);
    expect(events.find((e) => e.kind === 'incident')?.incident_id).toBe(4);
  });

  it('an unanswered incident has no answer event; a voucher paid later is paid when confirmed', () => {
    const events = orderTimeline({
      createdAt: at(0),
      statusChanges: [
        { at: at(1), from: 'pending_payment', to: 'processing' },
        { at: at(9), from: 'processing', to: 'complete_pending' },
      ],
      incidents: [{ id: 1, createdAt: at(10), answeredAt: null }],
      results: [],
    });
    expect(events.map((e) => e.kind)).toEqual(['received', 'paid', 'incident']);
    expect(events[1]?.at).toBe(at(9));
  });

  it('moves between complete statuses are not payments; a refund and a cancellation are told', () => {
    const events = orderTimeline({
      createdAt: at(0),
      statusChanges: [
        { at: at(2), from: 'complete_in_progress', to: 'complete_pending' },
        { at: at(3), from: 'complete_pending', to: 'closed' },
      ],
      incidents: [],
      results: [],
    });
    expect(events.map((e) => e.kind)).toEqual(['received', 'refunded']);
    const canceled = orderTimeline({
      createdAt: at(0),
      statusChanges: [{ at: at(1), from: 'pending_payment', to: 'canceled' }],
      incidents: [],
      results: [],
    });
    expect(canceled.map((e) => e.kind)).toEqual(['received', 'canceled']);
  });

  it('without an audited payment, the captured payment tells when it was paid', () => {
    const events = orderTimeline({
      createdAt: at(0),
      statusChanges: [],
      incidents: [],
      results: [],
      capturedPayments: [{ at: at(3) }, { at: at(2) }],
    });
    expect(events).toEqual([
      { kind: 'received', at: at(0) },
      { kind: 'paid', at: at(2) },
    ]);
  });
});
