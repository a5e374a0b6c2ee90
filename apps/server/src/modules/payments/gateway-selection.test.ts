import { describe, expect, it } from 'vitest';
import { confirmationMail } from '../invoices/order-confirmation.ts';
import type { PaymentGateway } from './gateway.ts';
import {
  cardMethodOf,
  gatewayFor,
  parseGatewaySelection,
  registerGateway,
  setGatewaySelection,
  storeOffers,
} from './payments.service.ts';

const fake = (name: string): PaymentGateway => ({
  name,
  methods: ['cc'],
  start: async () => ({ outcome: 'failed', next: { type: 'failed', message: '' } }),
  verifyNotice: async () => {
    throw new Error('not used');
  },
  refund: async () => ({ providerRef: '' }),
});

describe('gateway selection (PAYMENT_GATEWAYS)', () => {
  it('parses [storeId:]method=gateway lists and refuses anything else', () => {
    expect([...parseGatewaySelection('cc=redsys, 16:cc=stripe,bizum=redsys')]).toEqual([
      ['cc', 'redsys'],
      ['16:cc', 'stripe'],
      ['bizum', 'redsys'],
    ]);
    expect(parseGatewaySelection(undefined).size).toBe(0);
    expect(() => parseGatewaySelection('cash=redsys')).toThrow(/PAYMENT_GATEWAYS/);
    expect(() => parseGatewaySelection('cc')).toThrow(/PAYMENT_GATEWAYS/);
  });

  it('picks the store entry, then the general one, else the sandbox; an unregistered name is an error', () => {
    registerGateway(fake('test-a'));
    registerGateway(fake('test-b'));
    try {
      setGatewaySelection('cc=test-a,16:cc=test-b,bizum=nobody');
      expect(gatewayFor(14, 'cc').name).toBe('test-a');
      expect(gatewayFor(16, 'cc').name).toBe('test-b');
      expect(gatewayFor(16, 'paypal').name).toBe('sandbox');
      expect(() => gatewayFor(14, 'bizum')).toThrow(/not registered/);
    } finally {
      setGatewaySelection(undefined);
    }
    expect(gatewayFor(14, 'cc').name).toBe('sandbox');
  });

  it('treats card and Multibanco methods as families of the store', () => {
    expect(storeOffers(['cc', 'multibanco', 'paypal'], 'monei')).toBe(true);
    expect(storeOffers(['cc', 'multibanco', 'paypal'], 'moneimultibanco')).toBe(true);
    expect(storeOffers(['cc', 'bizum', 'paypal', 'bank'], 'moneimultibanco')).toBe(false);
    expect(storeOffers(['cc', 'paypal'], 'bizum')).toBe(false);
    expect(cardMethodOf(['paypal', 'stripe'])).toBe('stripe');
    expect(cardMethodOf(['paypal'])).toBe('cc');
  });
});

describe('confirmation mail', () => {
  const input = {
    portal: 'Registro <Test>',
    order: { id: '1700000001', totalCents: 2076, email: 'a@example.com' },
    customerName: 'Ann <b>',
    items: [{ name: 'Nota Simple', qty: 1, priceCents: 2076 }],
    invoiceNumber: 'ES-2026-000001',
  };
  it.each([
    ['es', 'Confirmación de tu pedido 1700000001', 'Total pagado: 20,76'],
    ['pt', 'Confirmação da sua encomenda 1700000001', 'Total pago: 20,76'],
    ['en', 'Confirmation of your order 1700000001', 'Total paid: 20,76'],
  ] as const)('speaks the store language (%s), in text and escaped HTML', (language, subject, total) => {
    const mail = confirmationMail({ ...input, language });
    expect(mail.subject).toContain(subject);
    expect(mail.text).toContain(total);
    expect(mail.text).toContain('ES-2026-000001');
    expect(mail.html).toContain('Ann &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(`lang="${language}"`);
  });
});
