import type { OrderQueueRow } from '@shop/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dueRowClass, PromiseCell } from './promise-cell.tsx';

const row = (over: Partial<OrderQueueRow>): OrderQueueRow => ({
  id: '1400000001',
  store_id: 14,
  status: 'complete_pending',
  panel_status_id: 10,
  email: 'ana@example.es',
  holder: 'Ana',
  products: ['Nota Simple'],
  total_cents: 2076,
  paid: true,
  created_at: '2026-11-27T08:00:00.000Z',
  waiting_seconds: 60,
  ...over,
});

describe('the queue’s promise column (ADR 034)', () => {
  it('says overdue, due within the hour and urgent in words, with the row marked', () => {
    const overdue = row({
      promised_at: new Date(Date.now() - 20 * 60_000).toISOString(),
      promise_due: 'overdue',
      urgent: false,
    });
    const { unmount } = render(<PromiseCell row={overdue} />);
    expect(screen.getByText('Vencido')).toBeTruthy();
    expect(screen.getByText(/^\(hace 2\d min\)$/)).toBeTruthy();
    expect(screen.queryByText('Urgente')).toBeNull();
    expect(dueRowClass(overdue)).toBeTruthy();
    unmount();

    const soon = row({
      promised_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      promise_due: 'within_hour',
      urgent: true,
    });
    render(<PromiseCell row={soon} />);
    expect(screen.getByText('Urgente')).toBeTruthy();
    expect(screen.getByText('Vence en < 1 h')).toBeTruthy();
    expect(screen.getByText(/^\(quedan (29|30) min\)$/)).toBeTruthy();
    expect(dueRowClass(soon)).not.toBe(dueRowClass(overdue));
  });

  it('shows an order without a promise as such, unmarked', () => {
    render(<PromiseCell row={row({ promised_at: null, promise_due: null, urgent: false })} />);
    expect(screen.getByText('Sin promesa')).toBeTruthy();
    expect(dueRowClass(row({ promise_due: null }))).toBeUndefined();
  });
});
