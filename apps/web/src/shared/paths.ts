import type { FixedFlow, PaymentMethod } from '@shop/domain';

const PAYMENT_METHOD_PATHS: Readonly<Record<PaymentMethod, string>> = {
  cc: '/payment/cc',
  stripe: '/payment/stripe',
  monei: '/payment/monei',
  moneimultibanco: '/payment/monei/multibanco',
  multibanco: '/payment/multibanco',
  bizum: '/payment/bizum',
  paypal: '/payment/paypal',
  bank: '/customer/checkout',
  mbway: '/payment/mbway',
};

// Every storefront route, relative to the application prefix (the router's
// base). Links and redirects build their targets here, never by hand.
export const paths = {
  services: () => '/servicios',
  servicesReset: () => '/servicios/reset',
  about: () => '/about',
  /** The privacy policy and the contracting conditions register accepts (their versions: LEGAL_TEXT_VERSIONS). */
  privacy: () => '/privacy',
  conditions: () => '/conditions',
  notaSimpleStep: (step: number) => `/nota-simple/step${step}`,
  /** A step of a fixed wizard: flowStep('q-propiedades', 'step3') -> '/q-propiedades/step3'. */
  flowStep: (flow: FixedFlow, step: string) => `/${flow}/${step}`,
  /** A generic product's wizard step: productStep(1, 18464) -> '/product/step1/18464'. */
  productStep: (step: number, productId: number) => `/product/step${step}/${productId}`,
  /** A generic product's confirmation: productConfirmation(18464) -> '/product/confirmation/18464'. */
  productConfirmation: (productId: number) => `/product/confirmation/${productId}`,
  /** The cart add routes (spec 2): 'ns', 'qpropiedades', 'certidao', 'ipredial', 'product'. */
  /** The cart list on its own page (payment/quote/{quote_id} shows a located-property quote there). */
  cart: () => '/cart',
  cartAdd: (kind: 'ns' | 'qpropiedades' | 'certidao' | 'ipredial' | 'product') => `/cart/add/${kind}`,
  customerRegister: () => '/customer/register',
  /** customer/authenticate, or customer/authenticate/{email} with the e-mail filled in. */
  customerAuthenticate: (email?: string) =>
    email ? `/customer/authenticate/${encodeURIComponent(email)}` : '/customer/authenticate',
  /**
   * customer/authenticate?back=: log in, then come back to `back` (the page that
   * asked); `link` opens the "log in with a link by e-mail" form at once.
   */
  customerLogin: (back?: string | null, options: { email?: string; link?: boolean } = {}) => {
    const query = new URLSearchParams();
    if (back) query.set('back', back);
    if (options.link) query.set('mode', 'link');
    const path = options.email
      ? `/customer/authenticate/${encodeURIComponent(options.email)}`
      : '/customer/authenticate';
    return query.size > 0 ? `${path}?${query}` : path;
  },
  /** customer/login/{token}[?path=]: the page a mailed log-in link opens (ADR 031). */
  customerLoginLink: (token: string) => `/customer/login/${token}`,
  customerPayment: () => '/customer/payment',
  /** The customer's orders (DECISIONS.md: /app/customer/orders). */
  customerOrders: () => '/customer/orders',
  /** One order's page (its timeline): where every mail about the order links. */
  customerOrder: (orderId: string) => `/customer/orders/${encodeURIComponent(orderId)}`,
  /** The customer's billing data and preferred payment (issue 18). */
  customerDetails: () => '/customer/details',
  customerCheckout: () => '/customer/checkout',
  /** The incident form of an order (spec 2): product/form/{form_id}/{order_id}. */
  incidentForm: (formId: number, orderId: string) => `/product/form/${formId}/${orderId}`,
  /** A payment method's page: payment/cc, payment/monei/multibanco... (bank pays from customer/checkout). */
  paymentMethod: (method: PaymentMethod) => PAYMENT_METHOD_PATHS[method],
  /** payment/stripe for direct debit: Stripe's element takes the IBAN under the SEPA mandate shown there. */
  stripeSepa: () => `${PAYMENT_METHOD_PATHS.stripe}?method=bank`,
  /** payment/retry[/{order_id}]: another method for an order whose payment failed. */
  paymentRetry: (orderId?: string) => (orderId ? `/payment/retry/${orderId}` : '/payment/retry'),
  paymentOrder: (orderId: string) => `/payment/order/${orderId}`,
  /** payment/quote/{quote_id}: a saved quote (e-mailed link) becomes the cart, then payment. */
  paymentQuote: (quoteId: number) => `/payment/quote/${quoteId}`,
  payment3ds: (orderId?: string) => (orderId ? `/payment/3ds/order/${orderId}` : '/payment/3ds'),
  /** checkout/finalize/{item_id}: the answers an early checkout left for after payment. */
  checkoutFinalize: (itemId: number) => `/checkout/finalize/${itemId}`,
  /** product/actualizar/{order_id}/{item_id}: an order item requested again. */
  productActualizar: (orderId: string, itemId: number) => `/product/actualizar/${orderId}/${itemId}`,
  checkoutSuccess: (orderId?: string) => (orderId ? `/checkout/success/${orderId}` : '/checkout/success'),
  /** The cart's buy button (spec 2 "Header"): checkout when logged in, else register. */
  buy: (loggedIn: boolean) => (loggedIn ? '/customer/checkout' : '/customer/register'),
} as const;

/** Appends the current query string (e.g. ?store_id=16), which redirects keep. */
export function withSearch(path: string, search: string): string {
  return search && search !== '?' ? `${path}${search.startsWith('?') ? '' : '?'}${search}` : path;
}

/**
 * A page to return to after logging in, when `value` is one: a storefront path
 * (not a URL, not protocol-relative, no spaces or backslashes); null otherwise.
 */
export function returnPathOf(value: string | null | undefined): string | null {
  return value && /^\/(?![/\\])[\w/.~%-]*$/.test(value) && value.length <= 300 ? value : null;
}
