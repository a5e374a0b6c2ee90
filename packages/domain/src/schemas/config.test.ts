import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { APP_VERSION } from '../rules/version.ts';
import { RuntimeConfigSchema, vatRateOf } from './config.ts';

/** A configuration as a server before vat_rate_bp sent it. */
const olderConfig = {
  store_id: 16,
  language: 'pt',
  form_key: 'k',
  base_url: 'https://shop.example',
  app_prefix: '/app',
  embedded: false,
  loggedIn: false,
  portal_name: 'Portal',
  homepage: 'https://shop.example',
  navbar_image: '',
  phone: '',
  analytics_account: null,
  tag_ids: [],
  optimize_id: null,
  lastOrderId: null,
  lastItemIds: [],
  customerEmail: null,
  card_public_key: null,
  nsCopy: 'Receber hoje',
  municipio: null,
  lastOrderProducts: [],
  lastOrderPrice: null,
  lastOrderSuccess: null,
  show_carrito: true,
  payment_methods: ['cc'],
  auto_products: [],
  cart: { quote_id: null, items: [], total: 0 },
  version: APP_VERSION,
};

describe('RuntimeConfigSchema vat_rate_bp', () => {
  it.each([
    ['absent (an older server): the store default', olderConfig, 2300],
    ['given', { ...olderConfig, vat_rate_bp: 600 }, 600],
    ['given for a Spanish store', { ...olderConfig, store_id: 14, vat_rate_bp: 2100 }, 2100],
    ['absent for a Spanish store', { ...olderConfig, store_id: 14 }, 2100],
  ])('%s', (_name, config, rate) => {
    const parsed = z.parse(RuntimeConfigSchema, config);
    expect(vatRateOf(parsed)).toBe(rate);
  });

  it.each([-1, 10_001, 21.5, '2100'])('refuses %j', (value) => {
    expect(z.safeParse(RuntimeConfigSchema, { ...olderConfig, vat_rate_bp: value }).success).toBe(false);
  });

  it('carries the spec 9 app version', () => expect(APP_VERSION).toBe('5.48.11'));
});
