import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentExtras } from './payment-extras.tsx';

const base = {
  id: 3,
  attempt: 2,
  method: 'multibanco',
  gateway: 'sandbox',
  status: 'pending',
  amount_cents: 2470,
  created_at: '2026-11-26T09:05:00.000Z',
};

describe('the back-office order: a payment’s voucher or mandate (issue 17 item 4)', () => {
  it('shows the voucher and, for an open sandbox payment, the test ATM', () => {
    render(
      <PaymentExtras
        payment={{
          ...base,
          voucher: {
            entity: '21312',
            reference: '123456789',
            amount: '24.70',
            expires_at: '2026-12-01T10:00:00Z',
          },
          sandbox_url: '/payments/sandbox/multibanco/sbx_3_abcdefghijkl',
        }}
      />,
    );
    expect(screen.getByText('21312')).toBeTruthy();
    expect(screen.getByText('123 456 789')).toBeTruthy();
    expect(screen.getByText('24.70 €')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cajero de pruebas' }).getAttribute('href')).toBe(
      '/payments/sandbox/multibanco/sbx_3_abcdefghijkl',
    );
  });

  it('shows the mandate with its masked account; nothing for a card payment', () => {
    const { container } = render(
      <PaymentExtras
        payment={{
          ...base,
          method: 'bank',
          gateway: 'stripe',
          mandate: { reference: 'MDT-1', signed_at: '2026-11-26T09:05:00Z', account: 'ES91…1332' },
        }}
      />,
    );
    expect(screen.getByText('MDT-1')).toBeTruthy();
    expect(screen.getByText('ES91…1332')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    container.remove();
    const card = render(<PaymentExtras payment={{ ...base, method: 'cc' }} />);
    expect(card.container.innerHTML).toBe('');
  });
});
