import type { PaymentMethod } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { confirmationMail } from '../invoices/order-confirmation.ts';
import type { PaymentGateway } from './gateway.ts';
import {
  cardMethodOf,
  createGatewayRegistry,
  PAYMENT_METHODS,
  parseGatewaySelection,
  storeOffers,
} from './gateway-registry.ts';
import { createSandboxGateway } from './sandbox.gateway.ts';

const fake = (name: string, methods: PaymentMethod[] = ['cc']): PaymentGateway => ({
  name,
  methods,
  start: async () => ({ outcome: 'failed', next: { type: 'failed', message: '' } }),
  verifyNotice: async () => {
    throw new Error('not used');
  },
  refund: async () => ({ providerRef: '' }),
});
const sandbox = createSandboxGateway(Buffer.alloc(32, 1));
const registry = (selection: string | undefined, adapters: PaymentGateway[] = [], sandboxEnabled = true) =>
  createGatewayRegistry({ sandbox, sandboxEnabled, adapters, selection });
const spanish = { id: 14, paymentMethods: ['cc', 'bizum', 'paypal', 'bank'] };
const portuguese = { id: 16, paymentMethods: ['cc', 'multibanco', 'paypal'] };
const offered = (r: ReturnType<typeof registry>, store: typeof spanish) =>
  r.offers(store).map((o) => `${o.method}=${o.gateway.name}`);

describe('gateway selection (PAYMENT_GATEWAYS)', () => {
  it('takes its method codes from the domain', () => {
    expect(PAYMENT_METHODS).toContain('mbway');
    expect(PAYMENT_METHODS).toHaveLength(9);
  });

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

  it('picks the store entry, then the general one, else the sandbox; a name not configured refuses to start', () => {
    const r = registry('cc=test-a,16:cc=test-b', [fake('test-a'), fake('test-b')]);
    expect(r.gatewayFor(14, 'cc')?.name).toBe('test-a');
    expect(r.gatewayFor(16, 'cc')?.name).toBe('test-b');
    expect(r.gatewayFor(16, 'paypal')?.name).toBe('sandbox');
    expect(() => registry('bizum=nobody')).toThrow(/not configured/);
    expect(registry(undefined).gatewayFor(14, 'cc')?.name).toBe('sandbox');
  });

  it('with the sandbox on, a store offers what it lists, each through the sandbox unless chosen', () => {
    expect(offered(registry(undefined), spanish)).toEqual([
      'cc=sandbox',
      'bizum=sandbox',
      'paypal=sandbox',
      'bank=sandbox',
    ]);
    expect(offered(registry('14:bizum=r', [fake('r', ['cc', 'bizum'])]), spanish)).toContain('bizum=r');
  });

  it('with the sandbox off, a store offers exactly what a configured gateway takes', () => {
    const stripe = fake('stripe', ['stripe', 'cc', 'bank', 'multibanco']);
    // Only Stripe: card through the Payment Element, direct debit through SEPA; no Bizum, no PayPal.
    expect(offered(registry(undefined, [stripe], false), spanish)).toEqual(['stripe=stripe', 'bank=stripe']);
    expect(offered(registry(undefined, [stripe], false), portuguese)).toEqual([
      'stripe=stripe',
      'multibanco=stripe',
    ]);
    // An explicit choice wins; nothing configured offers nothing.
    const redsys = fake('redsys', ['cc', 'bizum']);
    expect(offered(registry('cc=redsys', [stripe, redsys], false), spanish)).toEqual([
      'cc=redsys',
      'bizum=redsys',
      'bank=stripe',
    ]);
    expect(offered(registry(undefined, [], false), spanish)).toEqual([]);
    expect(registry(undefined, [], false).gatewayFor(14, 'cc')).toBeUndefined();
    // A customer's choice stands for its family's offered method.
    expect(registry(undefined, [stripe], false).offerFor(spanish, 'cc')?.method).toBe('stripe');
    expect(registry(undefined, [stripe], false).offerFor(spanish, 'bizum')).toBeUndefined();
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
    order: {
      id: '1700000001',
      totalCents: 2076,
      email: 'a@example.com',
      status: 'complete_pending' as const,
      panelStatusId: null,
    },
    customerName: 'Ann <b>',
    items: [{ name: 'Nota Simple', qty: 1, priceCents: 2076 }],
    invoiceNumber: 'ES-2026-000001',
  };
  it.each([
    ['es', 'Confirmación de tu pedido 1700000001', 'Total pagado: 20,76', 'Pendiente de tramitar'],
    ['pt', 'Confirmação da sua encomenda 1700000001', 'Total pago: 20,76', 'Pendente de tramitação'],
    ['en', 'Confirmation of your order 1700000001', 'Total paid: 20,76', 'Awaiting processing'],
  ] as const)(
    'speaks the store language (%s), in text and escaped HTML',
    (language, subject, total, status) => {
      const mail = confirmationMail({ ...input, language });
      expect(mail.subject).toContain(subject);
      expect(mail.text).toContain(total);
      expect(mail.text).toContain(status);
      expect(mail.html).toContain(status);
      expect(mail.text).toContain('ES-2026-000001');
      expect(mail.html).toContain('Ann &lt;b&gt;');
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain(`lang="${language}"`);
    },
  );
});

describe('start-up banner', () => {
  it('lists per store each method and its gateway, and warns about a store that offers none', async () => {
    const { paymentBanner } = await import('./payment-banner.ts');
    const stripe = fake('stripe', ['stripe', 'cc', 'bank']);
    const banner = paymentBanner(registry(undefined, [stripe], false), [
      { ...portuguese, portalName: 'Registo' },
      { id: 20, portalName: 'Foreign', paymentMethods: ['paypal'] },
      { ...spanish, portalName: 'Registro' },
    ]);
    expect(banner.lines).toEqual([
      'Store 14 (Registro) takes stripe by stripe, bank by stripe',
      'Store 16 (Registo) takes stripe by stripe',
    ]);
    expect(banner.warnings).toEqual([
      'Store 20 (Foreign) offers no payment method: no configured gateway takes paypal',
    ]);
    expect(paymentBanner(registry(undefined), [{ ...spanish, portalName: 'R' }]).lines[0]).toMatch(/sandbox/);
  });
});
