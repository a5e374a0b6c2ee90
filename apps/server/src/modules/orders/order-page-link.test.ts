import { describe, expect, it } from 'vitest';
import { confirmationMail } from '../invoices/order-confirmation.ts';
import { voucherMail } from '../payments/voucher-mail.ts';
import { orderPageUrl } from './order-page-link.ts';

const order = { id: '1400000042', storeId: 14 };

describe('orderPageUrl', () => {
  it('the storefront address and prefix when known, else the store homepage and the default prefix', () => {
    expect(orderPageUrl({ baseUrl: 'https://shop.example', appPrefix: '/tienda' }, undefined, order)).toBe(
      'https://shop.example/tienda/customer/orders/1400000042?store_id=14',
    );
    expect(orderPageUrl({}, { homepage: 'https://portal.example/' }, order)).toBe(
      'https://portal.example/app/customer/orders/1400000042?store_id=14',
    );
  });
});

describe('order mails link to the order page', () => {
  const page = 'https://shop.example/app/customer/orders/1400000042?store_id=14';

  it('the confirmation, in text and HTML, in the store language', () => {
    const mail = confirmationMail({
      language: 'en',
      portal: 'Portal',
      order: {
        id: order.id,
        totalCents: 2076,
        email: 'ana@example.com',
        status: 'paid',
        panelStatusId: null,
      },
      customerName: 'Ana',
      items: [{ name: 'Nota Simple', qty: 1, priceCents: 2076 }],
      invoiceNumber: 'A-2026-1',
      orderPage: page,
    });
    expect(mail.text).toContain(`Follow your order at any time: ${page}`);
    expect(mail.html).toContain(`<a href="${page.replace('&', '&amp;')}">`);
  });

  it('the Multibanco voucher and its reminder', () => {
    for (const reminder of [false, true]) {
      const mail = voucherMail({
        language: 'pt',
        portal: 'Portal',
        orderId: order.id,
        voucher: {
          entity: '21424',
          reference: '123456789',
          amount: '24.70',
          expires_at: '2026-12-01T10:00:00.000Z',
        },
        reminder,
        orderPage: page,
      });
      expect(mail.text).toContain(`Acompanhe a sua encomenda a qualquer momento: ${page}`);
      expect(mail.html).toContain(page);
    }
  });
});
