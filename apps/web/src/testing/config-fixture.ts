import type { AutoProduct, Language, RuntimeConfig } from '@shop/domain';

const STORE_LANGUAGE: Record<number, Language> = {
  16: 'pt',
  26: 'pt',
  28: 'pt',
  17: 'en',
  18: 'en',
  19: 'en',
};

/** A few of the spec's auto products (ids from spec point 3). */
export const AUTO_PRODUCTS: AutoProduct[] = [
  {
    product_id: 18464,
    name: 'Certificado energético',
    stores: [1, 14],
    visible: true,
    visible_on_services: [1, 14],
    price: 9900,
  },
  {
    product_id: 18458,
    name: 'Copia de escritura notarial',
    stores: [1, 14],
    visible: true,
    visible_on_services: [1],
    price: 4900,
  },
  {
    product_id: 18486,
    name: 'Registo de marca em Portugal',
    stores: [16, 26, 28],
    visible: true,
    visible_on_services: [16, 26, 28],
    price: 19900,
  },
  {
    product_id: 18346,
    name: 'Cancelación de hipoteca',
    stores: [14],
    visible: false,
    visible_on_services: [14],
    price: 29900,
  },
  {
    product_id: 18444,
    name: 'Birth certificate',
    stores: [18],
    visible: true,
    visible_on_services: [18],
    price: 2900,
  },
];

/** A valid runtime configuration for `store_id`, as the server would embed it. */
export function makeRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const store_id = overrides.store_id ?? 14;
  return {
    store_id,
    language: STORE_LANGUAGE[store_id] ?? 'es',
    form_key: 'test-form-key',
    base_url: '/',
    app_prefix: '/app',
    embedded: false,
    loggedIn: false,
    portal_name: `Portal ${store_id}`,
    homepage: 'https://example.org/',
    navbar_image: '',
    phone: '910 000 000',
    analytics_account: null,
    tag_ids: [],
    optimize_id: null,
    lastOrderId: null,
    lastItemIds: [],
    customerEmail: null,
    card_public_key: null,
    nsCopy: 'Recibir hoy antes de 4 horas laborables',
    municipio: null,
    lastOrderProducts: [],
    lastOrderPrice: null,
    lastOrderSuccess: null,
    show_carrito: true,
    payment_methods: ['cc', 'paypal'],
    auto_products: AUTO_PRODUCTS,
    cart: { quote_id: null, items: [], total: 0 },
    version: '5.48.11',
    ...overrides,
  };
}
